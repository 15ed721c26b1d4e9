import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSigningKey } from "../../src/platform/signing-key";
import { fetchJwks } from "../support/provenance";
import { ensureServerBuilt, SERVER_MAIN } from "../support/server-build";
import { startServer } from "../support/server-process";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node dist/src/main.js` with exactly `env` (plus PATH); it is expected to refuse to start. */
function runServer(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", SEED_DEMO: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const STACK = /\n\s+at |\.js:\d+:\d+|\.ts:\d+:\d+/;
const PG_URL = "postgres://skillgraph@127.0.0.1:1/never_reached";
const PLATFORM_TOKEN = `sgp_${"p".repeat(43)}`;

describe("PV-1 SEC-26 the signing key at start", () => {
  const dirs: string[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-signing-"));
    dirs.push(dir);
    return dir;
  };
  beforeAll(() => ensureServerBuilt(), 180_000);
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectRefused = (run: Run, message: RegExp) => {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^Skillgraph cannot start: /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK);
    expect(run.stdout).not.toMatch(/GraphQL on/);
  };

  it("PV-1 with PostgreSQL and no SIGNING_KEY the server refuses to start with one sentence", async () => {
    const run = await runServer({
      DATABASE_URL: PG_URL,
      PLATFORM_TOKEN,
      SECRET_KEY: randomBytes(32).toString("base64"),
      DATA_DIR: newDataDir(),
    });
    expectRefused(run, /With DATABASE_URL set, SIGNING_KEY must be set too/);
  });

  it("SEC-26 a malformed SIGNING_KEY stops the start with one sentence that does not echo it, and nothing is generated", async () => {
    const ecPem = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    for (const bad of [randomBytes(16).toString("base64"), "not-a-key", ecPem]) {
      const dataDir = newDataDir();
      const run = await runServer({ DATA_DIR: dataDir, SIGNING_KEY: bad });
      expectRefused(run, /SIGNING_KEY must be an Ed25519 key/);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      for (const line of bad.split("\n").filter((l) => l.length > 20 && !l.startsWith("-----")))
        expect(run.stderr).not.toContain(line);
      expect(run.stderr).not.toContain(bad);
      expect(fs.existsSync(path.join(dataDir, "signing-key"))).toBe(false);
    }
  });

  it("PV-1 SEC-26 on SQLite without SIGNING_KEY a key is generated with mode 0600 and kept: a restart signs with the same kid", async () => {
    const dataDir = newDataDir();
    const first = await startServer({ DATA_DIR: dataDir }, "signing-first");
    const keyFile = path.join(dataDir, "signing-key");
    let kid: string;
    try {
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      kid = parseSigningKey(fs.readFileSync(keyFile, "utf8")).kid;
      expect((await fetchJwks(first.url)).map((k) => k.kid)).toEqual([kid]);
      expect(first.output()).not.toContain(fs.readFileSync(keyFile, "utf8").trim());
    } finally {
      // stop() removes its own cwd, not DATA_DIR
      await first.stop();
    }
    const second = await startServer({ DATA_DIR: dataDir }, "signing-second");
    try {
      expect((await fetchJwks(second.url)).map((k) => k.kid)).toEqual([kid]);
    } finally {
      await second.stop();
    }
  });
});
