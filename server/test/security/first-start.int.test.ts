import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/platform/crypto";
import { ensureServerBuilt } from "../support/server-build";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * PJ-2 on real processes: the embedded default's first start (no PLATFORM_TOKEN) generates the platform credential
 * and prints it once; the data directory keeps only its hash. A second start on the same directory prints none, and
 * the credential printed the first time still works.
 */
const CREATE_PROJECT = `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`;

async function createProject(server: ServerProcess, token: string, name: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: CREATE_PROJECT, variables: { name } }),
  });
  return (await res.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
}

/** Every file under `dir`, as bytes (the SQLite database and its journal included). */
function filesUnder(dir: string): Array<[string, Buffer]> {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return entry.isFile() ? [[full, fs.readFileSync(full)] as [string, Buffer]] : [];
  });
}

describe("PJ-2 the first start's platform credential", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-first-start-"));
  const servers: ServerProcess[] = [];
  beforeAll(() => ensureServerBuilt(), 180_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (name: string) => {
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" }, name);
    servers.push(server);
    return server;
  };

  it("PJ-2 the embedded default's first start prints a generated credential once and keeps only its hash; the next start prints none and the credential still works", async () => {
    const first = await start("first-start");
    const printed = /Platform credential \(shown once[^\n]*\n\|\s+(\S+)\s+\|/.exec(first.output())?.[1];
    expect(printed, first.output()).toMatch(/^sgp_[A-Za-z0-9_-]{43}$/);
    const token = printed!;
    expect(first.output().split(token).length - 1, "printed exactly once").toBe(1);
    expect(await createProject(first, token, "made with the printed credential")).toMatchObject({
      data: { createProject: { project: { id: expect.any(String) } } },
    });

    // Only its hash is kept: in a file of its own, readable by the owner only, and nowhere in plain text.
    const hashFile = path.join(dataDir, "platform-token.sha256");
    expect(fs.readFileSync(hashFile, "utf8")).toBe(`${sha256Hex(token)}\n`);
    expect(fs.statSync(hashFile).mode & 0o777).toBe(0o600);
    await first.stop();
    const files = filesUnder(dataDir);
    expect(files.map(([file]) => path.basename(file))).toContain("platform-token.sha256");
    for (const [file, bytes] of files) expect(bytes.includes(token), file).toBe(false);

    const second = await start("second-start");
    expect(second.output()).not.toContain("Platform credential");
    expect(second.output()).not.toContain(token);
    expect(fs.readFileSync(hashFile, "utf8")).toBe(`${sha256Hex(token)}\n`);
    expect(await createProject(second, token, "made after a restart")).toMatchObject({
      data: { createProject: { project: { id: expect.any(String) } } },
    });
    const wrong = await createProject(second, `sgp_${"x".repeat(43)}`, "refused");
    expect(wrong.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  }, 120_000);
});
