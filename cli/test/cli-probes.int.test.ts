import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../server/test/support/test-app";
import { LOCK_FILE } from "../src/lock-file";

/*
 * The built `skillgraph` bin as a child process, as a user or a CI job runs it, in cases found by probing it: a bad
 * SKILLGRAPH_URL, a folder it cannot write, a single skill folder (its lock beside its SKILL.md), CRLF and binary files.
 */

const REPO = path.resolve(__dirname, "..", "..");
const BIN = path.join(REPO, "cli", "bin", "skillgraph.js");

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

function skillgraph(args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? "", ...env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

const writeSkill = (
  dir: string,
  name: string,
  skillMd = `---\nname: ${name}\ndescription: Use for ${name}.\n---\nBody.\n`,
) => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "SKILL.md"), skillMd);
};

/** No line of a stack trace ("    at fn (file:1:2)") and no raw exception name. */
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at |TypeError|Error: E[A-Z]+:/m);

describeEachDialect("skillgraph bin, probed (EC-3)", (t) => {
  let key: string;
  let work: string;
  const env = () => ({ SKILLGRAPH_URL: t.url, SKILLGRAPH_API_KEY: key });

  beforeAll(async () => {
    key = (await t.project("CLI probes")).adminKey;
    work = fs.mkdtempSync(path.join(os.tmpdir(), "sg-cli-probe-"));
    execFileSync("npm", ["run", "build", "--workspace", "cli", "--silent"], { cwd: REPO, stdio: "ignore" });
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("EC-3 a SKILLGRAPH_URL that is not an http(s) URL is one clear line, exit 1, no stack trace (also with --json)", async () => {
    const folder = path.join(work, "url");
    writeSkill(path.join(folder, "url-skill"), "url-skill");
    for (const url of ["not a url", "localhost:4000", "ftp://127.0.0.1:4000"]) {
      for (const args of [
        ["diff", folder],
        ["push", folder],
        ["pull", path.join(work, "url-pull")],
      ]) {
        const ran = await skillgraph(args, { ...env(), SKILLGRAPH_URL: url });
        expect([url, args[0], ran.code]).toEqual([url, args[0], 1]);
        noStack(ran.err);
        expect(ran.err).toContain(`SKILLGRAPH_URL '${url}' is not an http:// or https:// URL`);
      }
    }
    const json = await skillgraph(["diff", "--json", folder], { ...env(), SKILLGRAPH_URL: "not a url" });
    expect(json.code).toBe(1);
    expect((JSON.parse(json.out) as { errors: string[] }).errors).toEqual([
      expect.stringContaining("is not an http:// or https:// URL"),
    ]);
  });

  it("EC-3 a SKILLGRAPH_URL with a path (a server behind a proxy's prefix) is asked at <url>/graphql, not at the host's /graphql", async () => {
    const folder = path.join(work, "prefix");
    writeSkill(path.join(folder, "prefix-skill"), "prefix-skill");
    const asked: string[] = [];
    const proxy = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(503, { "content-type": "text/plain" }).end("down");
    });
    await new Promise<void>((ok) => proxy.listen(0, "127.0.0.1", ok));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/skillgraph`;
    try {
      for (const given of [url, `${url}/`]) {
        const ran = await skillgraph(["diff", folder], { ...env(), SKILLGRAPH_URL: given });
        expect(ran.code).toBe(1);
        expect(ran.err).toContain(`${url}/graphql answered HTTP 503`);
      }
    } finally {
      proxy.close();
    }
    expect(asked).toEqual(["/skillgraph/graphql", "/skillgraph/graphql"]);
  });

  it("EC-3 a folder that cannot be written (pull into a file) is one clear line naming it, exit 1, no stack trace", async () => {
    const file = path.join(work, "a-file");
    fs.writeFileSync(file, "not a folder");
    const ran = await skillgraph(["pull", file], env());
    expect(ran.code).toBe(1);
    noStack(ran.err);
    expect(ran.err.trim().split("\n")).toEqual([expect.stringContaining(file)]);
  });

  it("EC-3 a single skill folder: its skillgraph.lock and .git are not files of the skill; a second push makes nothing and --frozen agrees", async () => {
    const single = path.join(work, "single", "single-skill");
    writeSkill(single, "single-skill");
    fs.mkdirSync(path.join(single, ".git"));
    fs.writeFileSync(path.join(single, ".git", "HEAD"), "ref: refs/heads/main\n");
    const first = await skillgraph(["push", single], env());
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain("pushed single-skill: version 1");
    expect(fs.existsSync(path.join(single, LOCK_FILE))).toBe(true);
    const second = await skillgraph(["push", single], env());
    expect(second.code, second.err).toBe(0);
    expect(second.out).toContain("unchanged");
    expect(second.out).not.toContain("pushed");
    const frozen = await skillgraph(["push", "--frozen", single], env());
    expect(frozen.code, frozen.err).toBe(0);
    const files = await t.ok<{ skills: { items: Array<{ version: number; files: Array<{ path: string }> }> } }>(
      `query { skills(name: "single-skill") { items { version files { path } } } }`,
      {},
      key,
    );
    expect(files.skills.items).toEqual([{ version: 1, files: [] }]);
  });

  it("EC-3 push then pull: binary and CRLF files come back byte for byte; a CRLF SKILL.md comes back with LF (SK-1) and --frozen agrees", async () => {
    const folder = path.join(work, "bytes");
    const dir = path.join(folder, "bytes-skill");
    writeSkill(
      dir,
      "bytes-skill",
      "---\r\nname: bytes-skill\r\ndescription: Use for bytes.\r\n---\r\nLine one\r\nLine two\r\n",
    );
    const binary = Buffer.from(Array.from({ length: 256 }, (_v, i) => i));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "all-bytes.bin"), binary);
    fs.writeFileSync(path.join(dir, "crlf.md"), "a\r\nb\r\n");
    // Binary content is a HIGH finding (CR-1): this project blocks only CRITICAL, so the bytes can travel.
    await t.ok(
      `mutation { setPublishPolicy(requiredApprovals: 0, blockSeverity: CRITICAL) { blockSeverity } }`,
      {},
      key,
    );
    const pushed = await skillgraph(["push", "--publish", "--fail-on", "critical", folder], env());
    expect(pushed.code, pushed.err).toBe(0);
    const pulled = path.join(work, "bytes-pulled");
    const pull = await skillgraph(["pull", pulled], env());
    expect(pull.code, pull.err).toBe(0);
    const back = path.join(pulled, "bytes-skill");
    expect(fs.readFileSync(path.join(back, "assets", "all-bytes.bin"))).toEqual(binary);
    expect(fs.readFileSync(path.join(back, "crlf.md"), "utf8")).toBe("a\r\nb\r\n");
    expect(fs.readFileSync(path.join(back, "SKILL.md"), "utf8")).toBe(
      "---\nname: bytes-skill\ndescription: Use for bytes.\n---\nLine one\nLine two\n",
    );
    for (const checked of [folder, pulled]) {
      const frozen = await skillgraph(["diff", "--frozen", checked], env());
      expect([checked, frozen.code]).toEqual([checked, 0]);
    }
  });
});
