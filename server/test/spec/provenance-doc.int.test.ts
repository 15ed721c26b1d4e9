import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KEYS_URL } from "../support/provenance";
import { skillMd } from "../support/skill-md";
import { describeEachDialect } from "../support/test-app";

const DOC = path.resolve(__dirname, "..", "..", "..", "docs", "provenance.md");

/** The verification script exactly as docs/provenance.md shows it (the js block that names verify-attestation.mjs). */
function docScript(): string {
  const blocks = [...fs.readFileSync(DOC, "utf8").matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const script = blocks.find((b) => b.startsWith("// verify-attestation.mjs"));
  if (!script) throw new Error("docs/provenance.md has no verify-attestation.mjs block");
  return script;
}

describeEachDialect("PV-2 the verification example of docs/provenance.md", (t) => {
  let dir: string;
  const md = skillMd("doc-verified", { body: "Follow the documented steps." });
  const script = Buffer.from("print('checked')\n");

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-doc-verify-"));
    fs.writeFileSync(path.join(dir, "verify-attestation.mjs"), docScript());
    const { adminKey } = await t.project("doc verification");
    const created = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: md, files: [{ path: "scripts/check.py", contentBase64: script.toString("base64") }] } },
      adminKey,
    );
    const id = created.createSkillVersion.id;
    await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id }, adminKey);
    // "Download the attestation and the keys", as the doc's curl lines do
    const read = await t.ok<{ skillVersion: { attestation: unknown } }>(
      `query($id: ID!) { skillVersion(id: $id) { attestation } }`,
      { id },
      adminKey,
    );
    fs.writeFileSync(path.join(dir, "attestation.json"), JSON.stringify(read.skillVersion.attestation));
    fs.writeFileSync(path.join(dir, "keys.json"), await (await fetch(`${t.url}${KEYS_URL}`)).text());
    const folder = path.join(dir, "doc-verified");
    fs.mkdirSync(path.join(folder, "scripts"), { recursive: true });
    fs.writeFileSync(path.join(folder, "SKILL.md"), md);
    fs.writeFileSync(path.join(folder, "scripts", "check.py"), script);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const runDoc = (...args: string[]) =>
    spawnSync(process.execPath, ["verify-attestation.mjs", ...args], { cwd: dir, encoding: "utf8", env: { PATH: "" } });

  it("PV-2 the doc's node:crypto script verifies a downloaded attestation and the folder's files with the JWKS", () => {
    const ran = runDoc("attestation.json", "keys.json", "doc-verified");
    expect(ran.stderr).toBe("");
    expect(ran.status).toBe(0);
    expect(ran.stdout).toMatch(/^signed: doc-verified@1 sha256:[0-9a-f]{64}\n$/);
  });

  it("SEC-26 the doc's script refuses a changed statement, and names a changed file", () => {
    const envelope = JSON.parse(fs.readFileSync(path.join(dir, "attestation.json"), "utf8"));
    const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8"));
    statement.subject[0].name = "doc-verified@2";
    envelope.payload = Buffer.from(JSON.stringify(statement)).toString("base64");
    fs.writeFileSync(path.join(dir, "forged.json"), JSON.stringify(envelope));
    const forged = runDoc("forged.json", "keys.json");
    expect(forged.status).toBe(1);
    expect(forged.stderr).toMatch(/does NOT verify/);

    fs.appendFileSync(path.join(dir, "doc-verified", "scripts", "check.py"), "import os\n");
    const changed = runDoc("attestation.json", "keys.json", "doc-verified");
    expect(changed.status).toBe(1);
    expect(changed.stderr).toBe("differs from the attestation: scripts/check.py\n");
  });
});
