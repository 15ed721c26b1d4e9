import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_SKILLS } from "../../server/test/fixtures/hostile-skills";
import type { Io } from "../src/io";
import { run } from "../src/program";

// CR-4: `skillgraph scan` runs the server's own scanner offline. The SARIF schema is OASIS's SARIF 2.1.0 JSON schema
// as the SARIF SDK keeps it (microsoft/sarif-sdk, src/Sarif/Schemata/sarif-2.1.0.json at a4dbd24).
const SARIF_SCHEMA = JSON.parse(
  fs.readFileSync(path.join(__dirname, "fixtures", "sarif-schema-2.1.0.json"), "utf8"),
) as object;
const EXAMPLES = path.resolve(__dirname, "..", "..", "examples", "skills");

async function cli(args: string[]) {
  let out = "";
  let err = "";
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env: {},
    colour: false,
    progressLine: false,
  };
  const code = await run(args, io);
  return { code, out, err };
}

describe("skillgraph scan (CR-4)", () => {
  let work: string;
  let hostile: string;

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "sg-scan-"));
    hostile = path.join(work, "hostile");
    for (const skill of HOSTILE_SKILLS) {
      const name = /^name: (.+)$/m.exec(skill.skillMd)![1]!;
      const dir = path.join(hostile, name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "SKILL.md"), skill.skillMd);
      for (const file of skill.files) {
        fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
        fs.writeFileSync(path.join(dir, file.path), file.content);
      }
    }
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("CR-4 the repository's example skills have no finding: exit 0", async () => {
    const ran = await cli(["scan", EXAMPLES]);
    expect(ran.code).toBe(0);
    expect(ran.out).toContain("none has a finding at or above HIGH");
  });

  it("CR-4 every hostile folder is found with the rule that must catch it; exit 1 at the default --fail-on high", async () => {
    const ran = await cli(["scan", hostile, "--format", "json"]);
    expect(ran.code).toBe(1);
    const body = JSON.parse(ran.out) as {
      reviews: Array<{ name: string; findings: Array<{ rule: string }> }>;
      exit_code: number;
    };
    expect(body.exit_code).toBe(1);
    for (const skill of HOSTILE_SKILLS) {
      const name = /^name: (.+)$/m.exec(skill.skillMd)![1]!;
      expect(
        body.reviews.find((r) => r.name === name)?.findings.map((f) => f.rule),
        name,
      ).toContain(skill.rule);
    }
  });

  it("CR-4 --fail-on: critical passes a folder whose worst finding is HIGH; low fails a MEDIUM one; a bad value is exit 1", async () => {
    const bidi = path.join(hostile, "hostile-bidi");
    expect((await cli(["scan", bidi, "--fail-on", "critical"])).code).toBe(0);
    expect((await cli(["scan", bidi])).code).toBe(1);
    const catalog = path.join(hostile, "hostile-catalog");
    expect((await cli(["scan", catalog])).code).toBe(0);
    expect((await cli(["scan", catalog, "--fail-on", "low"])).code).toBe(1);
    const bad = await cli(["scan", catalog, "--fail-on", "severe"]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("--fail-on must be one of low, medium, high, critical");
  });

  it("CR-4 --format sarif writes SARIF 2.1.0 that validates against its JSON schema, one result per finding", async () => {
    const ran = await cli(["scan", hostile, "--format", "sarif"]);
    expect(ran.code).toBe(1);
    const log = JSON.parse(ran.out) as {
      version: string;
      runs: Array<{
        results: Array<{
          ruleId: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }>;
        }>;
      }>;
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(SARIF_SCHEMA);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(log.version).toBe("2.1.0");
    const padded = log.runs[0]!.results.find(
      (r) =>
        r.ruleId === "remote-code-execution" &&
        r.locations[0]!.physicalLocation.artifactLocation.uri.startsWith("hostile-padding/"),
    );
    expect(padded?.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: "hostile-padding/SKILL.md" },
      region: { startLine: 100_008, startColumn: 1 },
    });
    // the validator rejects what is not SARIF
    expect(validate({ version: "2.0.0", runs: [] })).toBe(false);
  });

  it("CR-4 validate reviews too: a hostile folder is exit 1 with its findings", async () => {
    const ran = await cli(["validate", path.join(hostile, "hostile-script")]);
    expect(ran.code).toBe(1);
    expect(ran.out).toContain("remote-code-execution");
    expect(ran.err).toContain("the content review found HIGH or worse");
    expect((await cli(["validate", EXAMPLES])).code).toBe(0);
  });
});
