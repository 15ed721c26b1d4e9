import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../server/test/support/test-app";
import type { Io } from "../src/io";
import { LOCK_FILE, type LockFile } from "../src/lock-file";
import { run } from "../src/program";

const REPO = path.resolve(__dirname, "..", "..");
const EXAMPLES = path.join(REPO, "examples", "skills");
const MIXED = "café-навык-技能";

function listFiles(dir: string, base = dir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? listFiles(path.join(dir, d.name), base) : [path.relative(base, path.join(dir, d.name))],
    )
    .sort();
}

/** A folder of real skills: the repository's examples and one mixed-script name. */
function skillsFolder(parent: string): string {
  const folder = path.join(parent, "skills");
  fs.cpSync(EXAMPLES, folder, { recursive: true });
  fs.mkdirSync(path.join(folder, MIXED));
  fs.writeFileSync(
    path.join(folder, MIXED, "SKILL.md"),
    `---\nname: ${MIXED}\ndescription: Answers in three scripts. Use when a caller mixes languages.\n---\n# Steps\n\nAnswer in the caller's script.\n`,
  );
  return folder;
}

interface Ran {
  code: number;
  out: string;
  err: string;
}

describeEachDialect("skillgraph CLI (EC-3)", (t) => {
  let key: string;
  let work: string;
  let folder: string;
  const env = () => ({ SKILLGRAPH_URL: t.url, SKILLGRAPH_API_KEY: key });

  async function cli(args: string[], options: { env?: Record<string, string | undefined>; colour?: boolean } = {}) {
    let out = "";
    let err = "";
    const io: Io = {
      out: (text) => void (out += text),
      err: (text) => void (err += text),
      env: options.env ?? env(),
      colour: options.colour ?? false,
      progressLine: false,
    };
    const code = await run(args, io);
    return { code, out, err } satisfies Ran;
  }
  const readLockFile = (dir = folder) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")) as LockFile;
  const versionsOf = async (name: string) =>
    (
      await t.ok<{ skills: { items: Array<{ version: number; state: string; digest: string }> } }>(
        `query($name: String) { skills(name: $name) { items { version state digest } } }`,
        { name },
        key,
      )
    ).skills.items;

  beforeAll(async () => {
    key = (await t.project("CLI")).adminKey;
    work = fs.mkdtempSync(path.join(os.tmpdir(), "sg-cli-"));
    folder = skillsFolder(work);
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("EC-3 validate checks every folder offline with the server's validator", async () => {
    const ran = await cli(["validate", folder], { env: {} });
    expect(ran.code).toBe(0);
    expect(ran.out).toContain("5 skill folders valid: ");
    expect(ran.out).toContain(MIXED);
    expect(ran.out).toContain(`warning ${MIXED}: frontmatter.name: the name '${MIXED}' has characters outside ASCII`);
  });

  it("EC-3 diff shows a plan (every folder new) and makes nothing", async () => {
    const ran = await cli(["diff", folder]);
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(/\+ explain-bill\s+new skill \(sha256:/);
    expect(ran.out).toContain("5 skills: 5 new, 0 changed, 0 unchanged.");
    expect(await versionsOf("explain-bill")).toEqual([]);
    expect(fs.existsSync(path.join(folder, LOCK_FILE))).toBe(false);
  });

  it("EC-3 push makes a draft per folder and writes skillgraph.lock with each version and its digest", async () => {
    const ran = await cli(["push", folder]);
    expect(ran.code, ran.err).toBe(0);
    expect(ran.out).toContain("pushed explain-bill: version 1 (draft)");
    const lock = readLockFile();
    expect(Object.keys(lock.skills).sort()).toEqual(
      ["explain-bill", "refund-policy", "schedule-callback", "verify-identity", MIXED].sort(),
    );
    for (const [name, entry] of Object.entries(lock.skills)) {
      const [newest] = await versionsOf(name);
      expect(entry).toEqual({ version: 1, digest: newest!.digest });
      expect(newest!.state).toBe("DRAFT");
    }
  });

  it("EC-3 a second push makes nothing; push --frozen agrees (exit 0)", async () => {
    const before = fs.readFileSync(path.join(folder, LOCK_FILE), "utf8");
    const again = await cli(["push", folder]);
    expect(again.code).toBe(0);
    expect(again.out).toContain("5 skills: 0 new, 0 changed, 5 unchanged.");
    expect(again.out).not.toContain("pushed");
    expect(await versionsOf("explain-bill")).toHaveLength(1);
    expect(fs.readFileSync(path.join(folder, LOCK_FILE), "utf8")).toBe(before);
    const frozen = await cli(["push", "--frozen", folder]);
    expect(frozen.code).toBe(0);
    expect(frozen.out).toContain("--frozen: the folder, skillgraph.lock and the server agree.");
  });

  it("EC-3 a changed folder: diff shows a short content diff, --frozen exits 2 and makes nothing, push makes version 2", async () => {
    const skillMdPath = path.join(folder, "refund-policy", "SKILL.md");
    fs.appendFileSync(skillMdPath, "\nAlways quote the refund window.\n");
    fs.writeFileSync(path.join(folder, "refund-policy", "references-new.md"), "More.");
    const diff = await cli(["diff", folder]);
    expect(diff.out).toMatch(/~ refund-policy\s+changed since version 1 \(draft\)/);
    expect(diff.out).toContain("SKILL.md + Always quote the refund window.");
    expect(diff.out).toContain("+ references-new.md");
    const frozen = await cli(["push", "--frozen", folder]);
    expect(frozen.code).toBe(2);
    expect(frozen.err).toContain("refund-policy: the folder differs from the server's newest version 1");
    expect(await versionsOf("refund-policy")).toHaveLength(1);
    const json = await cli(["diff", "--frozen", "--json", folder]);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.out) as { plan: Array<{ name: string; status: string }>; exit_code: number };
    expect(report.plan.find((e) => e.name === "refund-policy")?.status).toBe("changed");
    expect(report.exit_code).toBe(2);
    const pushed = await cli(["push", folder]);
    expect(pushed.code).toBe(0);
    expect(pushed.out).toContain("pushed refund-policy: version 2 (draft)");
    expect(readLockFile().skills["refund-policy"]).toEqual({
      version: 2,
      digest: (await versionsOf("refund-policy"))[0]!.digest,
    });
  });

  it("EC-3 push --publish publishes each folder's draft; pull writes the live versions back: pull equals push", async () => {
    const published = await cli(["push", "--publish", "--json", folder]);
    expect(published.code, published.err).toBe(0);
    const report = JSON.parse(published.out) as { versions: Array<{ name: string; state: string }> };
    expect(report.versions.every((v) => v.state === "published")).toBe(true);
    expect((await versionsOf(MIXED))[0]!.state).toBe("PUBLISHED");
    const pulledInto = path.join(work, "pulled");
    const pulled = await cli(["pull", pulledInto]);
    expect(pulled.code, pulled.err).toBe(0);
    const pushedSkills = fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(
      fs
        .readdirSync(pulledInto)
        .filter((n) => n !== LOCK_FILE)
        .sort(),
    ).toEqual(pushedSkills);
    for (const skill of pushedSkills) {
      const pushedFiles = listFiles(path.join(folder, skill));
      // PV-2: the signed attestation beside the files, never one of the skill's files (diff --frozen agrees below)
      const pulledFiles = listFiles(path.join(pulledInto, skill));
      expect(pulledFiles).toContain(path.join(".skillgraph", "attestation.json"));
      expect(pulledFiles.filter((f) => !f.startsWith(`.skillgraph${path.sep}`))).toEqual(pushedFiles);
      for (const file of pushedFiles) {
        expect(fs.readFileSync(path.join(pulledInto, skill, file), "utf8")).toBe(
          fs.readFileSync(path.join(folder, skill, file), "utf8").replace(/\r\n/g, "\n"),
        );
      }
    }
    expect(readLockFile(pulledInto)).toEqual(readLockFile());
    const frozen = await cli(["diff", "--frozen", pulledInto]);
    expect(frozen.code).toBe(0);
  });

  it("EC-3 an invalid folder: validate and push exit 1 with every problem of every folder; nothing is sent", async () => {
    const bad = path.join(work, "bad");
    fs.mkdirSync(path.join(bad, "Bad-Name"), { recursive: true });
    fs.writeFileSync(path.join(bad, "Bad-Name", "SKILL.md"), "---\nname: Bad-Name\n---\nbody\n");
    fs.mkdirSync(path.join(bad, "mismatch"));
    fs.writeFileSync(path.join(bad, "mismatch", "SKILL.md"), "---\nname: other\ndescription: d\n---\nbody\n");
    fs.mkdirSync(path.join(bad, "fine"));
    fs.writeFileSync(path.join(bad, "fine", "SKILL.md"), "---\nname: fine\ndescription: d\n---\nbody\n");
    fs.symlinkSync("/etc/passwd", path.join(bad, "fine", "link"));
    for (const command of ["validate", "push"]) {
      const ran = await cli([command, bad]);
      expect(ran.code, command).toBe(1);
      expect(ran.err).toContain("'Bad-Name' contains 'B' and 'N'");
      expect(ran.err).toContain("a description is required");
      expect(ran.err).toContain("is not the name of the bundle's folder 'mismatch'");
      expect(ran.err).toContain("a symbolic link is refused");
      expect(ran.err).toContain("4 problems in 3 folders; nothing was sent.");
    }
    expect(await versionsOf("fine")).toEqual([]);
  });

  it("EC-3 a server that is down or answers 5xx: exit 1 with the URL and the status; the lock is left as it was", async () => {
    const before = fs.readFileSync(path.join(folder, LOCK_FILE), "utf8");
    fs.appendFileSync(path.join(folder, "explain-bill", "SKILL.md"), "\nOne more line.\n");
    const down = await cli(["push", folder], {
      env: { SKILLGRAPH_URL: "http://127.0.0.1:9", SKILLGRAPH_API_KEY: key },
    });
    expect(down.code).toBe(1);
    expect(down.err).toContain("Cannot reach the Skillgraph server at http://127.0.0.1:9/graphql");
    const failing = http.createServer((_req, res) => {
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("maintenance");
    });
    await new Promise<void>((ok) => failing.listen(0, "127.0.0.1", ok));
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    try {
      const ran = await cli(["push", folder], { env: { SKILLGRAPH_URL: url, SKILLGRAPH_API_KEY: key } });
      expect(ran.code).toBe(1);
      expect(ran.err).toContain(`The Skillgraph server at ${url}/graphql answered HTTP 503`);
    } finally {
      failing.close();
    }
    expect(fs.readFileSync(path.join(folder, LOCK_FILE), "utf8")).toBe(before);
    expect(fs.readdirSync(folder).filter((n) => n.includes(".tmp"))).toEqual([]);
  });

  it("EC-3 RO-1 push --rollout starts a staged rollout of each pushed draft; a skill with no live version is refused", async () => {
    const both = await cli(["push", "--rollout", "--publish", folder]);
    expect(both.code).toBe(1);
    expect(both.err).toContain("give one of them");
    const rollout = await cli(["push", "--rollout", "--json", folder]);
    expect(rollout.code, rollout.err).toBe(0);
    const report = JSON.parse(rollout.out) as {
      rollouts: Array<{ name: string; version: number; rollout_id: string }>;
    };
    expect(report.rollouts).toEqual([
      { name: "explain-bill", version: 2, rollout_id: expect.any(String) as string, percent: 5 },
    ]);
    const running = await t.ok<{
      rollouts: { items: Array<{ id: string; status: string; candidate: { version: number } }> };
    }>(`query { rollouts(skill: "explain-bill") { items { id status candidate { version } } } }`, {}, key);
    expect(running.rollouts.items).toEqual([
      { id: report.rollouts[0]!.rollout_id, status: "running", candidate: { version: 2 } },
    ]);
    fs.mkdirSync(path.join(folder, "brand-new"));
    fs.writeFileSync(path.join(folder, "brand-new", "SKILL.md"), "---\nname: brand-new\ndescription: d\n---\nbody\n");
    const fresh = await cli(["push", "--rollout", folder]);
    expect(fresh.code).toBe(1);
    expect(fresh.err).toContain("brand-new: 'brand-new' has no live version to roll out beside");
    fs.rmSync(path.join(folder, "brand-new"), { recursive: true });
  });

  it("EC-3 a missing key is refused; colour only on a terminal", async () => {
    const keyless = await cli(["diff", folder], { env: { SKILLGRAPH_URL: t.url } });
    expect(keyless.code).toBe(1);
    expect(keyless.err).toContain("Set SKILLGRAPH_API_KEY");
    const plain = await cli(["diff", folder]);
    expect(plain.out).not.toContain("\u001b[");
    const coloured = await cli(["diff", folder], { colour: true });
    expect(coloured.out).toContain("\u001b[");
  });

  it("SEC-24 AP-1 push --publish cannot bypass the publish policy: approval_required, exit 1, the draft stays pushed", async () => {
    const alone = path.join(work, "policy");
    fs.mkdirSync(path.join(alone, "sec24-cli"), { recursive: true });
    fs.writeFileSync(
      path.join(alone, "sec24-cli", "SKILL.md"),
      "---\nname: sec24-cli\ndescription: Use when a policy is tested.\n---\n# Steps\n\nWait for approval.\n",
    );
    const policy = `mutation($n: Int!) { setPublishPolicy(requiredApprovals: $n) { requiredApprovals } }`;
    await t.ok(policy, { n: 1 }, key);
    try {
      const pushed = await cli(["push", "--publish", alone]);
      expect(pushed.code).toBe(1);
      expect(pushed.err).toContain("needs 1 approval");
      expect(pushed.err).toContain("push --publish again");
      expect((await versionsOf("sec24-cli")).map((v) => v.state)).toEqual(["DRAFT"]);
    } finally {
      await t.ok(policy, { n: 0 }, key);
    }
  });

  it("SK-2 import and export move one skill folder in and out byte for byte", async () => {
    const one = path.join(work, "one", "explain-bill");
    fs.cpSync(path.join(EXAMPLES, "explain-bill"), one, { recursive: true });
    fs.appendFileSync(path.join(one, "SKILL.md"), "\nImported alone.\n");
    const imported = await cli(["import", "--json", one]);
    expect(imported.code, imported.err).toBe(0);
    const version = (JSON.parse(imported.out) as { version: { id: string; version: number } }).version;
    const out = path.join(work, "exported");
    const exported = await cli(["export", version.id, out]);
    expect(exported.code, exported.err).toBe(0);
    expect(listFiles(path.join(out, "explain-bill"))).toEqual(listFiles(one));
    expect(fs.readFileSync(path.join(out, "explain-bill", "SKILL.md"), "utf8")).toContain("Imported alone.");
    const again = await cli(["import", one]);
    expect(again.out).toContain("identical");
  });

  it("EC-3 the built bin exits with the command's code (npm run skillgraph runs it)", () => {
    execFileSync("npm", ["run", "build", "--workspace", "cli", "--silent"], { cwd: REPO, stdio: "ignore" });
    const bad = path.join(work, "bad");
    const ran = spawnSync(process.execPath, [path.join(REPO, "cli", "bin", "skillgraph.js"), "validate", bad], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(ran.status).toBe(1);
    expect(ran.stderr).toContain("nothing was sent");
    const ok = spawnSync(process.execPath, [path.join(REPO, "cli", "bin", "skillgraph.js"), "validate", EXAMPLES], {
      encoding: "utf8",
    });
    expect(ok.status).toBe(0);
  });
});
