import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { generatePlatformToken } from "../../src/modules/auth";
import { needs } from "../support/required";
import { skillMd } from "../support/skill-md";
import { ensureServerBuilt } from "../support/server-build";
import { startServer, type ServerProcess } from "../support/server-process";
import { sleep, until } from "../support/wait";
import { describeOnDialect } from "../support/test-app";

/**
 * SEC-17 on real processes: a throwaway PostgreSQL instance of this test's own (initdb + pg_ctl on another port, so
 * the shared server is untouched) is stopped and started while clients write to a real server process. While it is
 * down requests fail cleanly (503 SERVICE_UNAVAILABLE, never a 500) and /readyz says so; afterwards the same server
 * process serves again, and no publish is half-written: one live version per skill, an audit entry per publish.
 */

const BIN = ["16", "15", "17", "14"]
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((d) => fs.existsSync(`${d}/initdb`));
/** Its own throwaway PostgreSQL needs the binaries and root (to run them as postgres). */
const runs = () =>
  needs(Boolean(BIN && process.getuid?.() === 0), "PostgreSQL's initdb and pg_ctl, and root (to run them as postgres)")
    ? it
    : it.skip;

function asPostgres(command: string, args: string[]): string {
  return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", [command, ...args].map((a) => `'${a}'`).join(" ")], {
    encoding: "utf8",
    stdio: "pipe",
  });
}

function throwawayPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-pg-"));
  fs.chownSync(dir, 101, 104);
  fs.chmodSync(dir, 0o700);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  asPostgres(`${BIN}/initdb`, ["-D", `${dir}/data`, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => asPostgres(`${BIN}/pg_ctl`, ["-D", `${dir}/data`, "-l", `${dir}/log`, ...args]);
  return {
    port,
    start: () => ctl("-o", options, "-w", "start"),
    stop: () => ctl("-m", "fast", "-w", "stop"),
    createDatabase: () =>
      asPostgres(`${BIN}/createdb`, ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "sg"]),
    remove: () => {
      try {
        ctl("-m", "immediate", "-w", "stop");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function post(server: ServerProcess, token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as {
    data?: Record<string, never>;
    errors?: Array<{ extensions?: { code?: string } }>;
  };
  return { status: res.status, code: body.errors?.[0]?.extensions?.code, data: body.data };
}

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;

describeOnDialect("postgres")("SEC-17 PostgreSQL restarting under load (real processes)", () => {
  runs()(
    "SEC-17 requests fail cleanly while it is down, /readyz reports it, the same server serves again, no half-written publish",
    async () => {
      ensureServerBuilt();
      const pg = throwawayPostgres();
      let server: ServerProcess | undefined;
      try {
        pg.start();
        pg.createDatabase();
        const platformToken = generatePlatformToken();
        server = await startServer(
          {
            DATABASE_URL: `postgres://postgres@127.0.0.1:${pg.port}/sg`,
            PLATFORM_TOKEN: platformToken,
            SECRET_KEY: randomBytes(32).toString("base64"),
            SIGNING_KEY: randomBytes(32).toString("base64"),
          },
          "pg-restart",
        );
        const created = await post(server, platformToken, `mutation { createProject(name: "restart") { apiKey } }`);
        const key = (created.data as unknown as { createProject: { apiKey: string } }).createProject.apiKey;

        // Writers: each creates and publishes versions of its own skill until told to stop.
        let writing = true;
        const outcomes: Array<{ status: number; code?: string }> = [];
        const writer = async (name: string) => {
          while (writing) {
            const made = await post(server!, key, CREATE, {
              input: { skillMd: skillMd(name, { body: String(Math.random()) }) },
            });
            outcomes.push(made);
            const id = (made.data as unknown as { createSkillVersion?: { id: string } } | undefined)?.createSkillVersion
              ?.id;
            if (id) outcomes.push(await post(server!, key, PUBLISH, { id }));
            else await sleep(50);
          }
        };
        const writers = ["alpha", "bravo", "charlie"].map(writer);
        await sleep(500);
        pg.stop();
        await until(async () => (await fetch(`${server!.url}/readyz`)).status === 503, 10_000);
        await sleep(500);
        pg.start();
        await until(async () => (await fetch(`${server!.url}/readyz`)).status === 200, 30_000);
        await until(() => outcomes.slice(-3).every((o) => o.status === 200 && !o.code), 30_000);
        writing = false;
        await Promise.all(writers);

        // Cleanly: every failure was SERVICE_UNAVAILABLE (503), never an internal error.
        const failures = outcomes.filter((o) => o.code);
        expect(failures.length).toBeGreaterThan(0);
        const errorLines = () =>
          server!
            .output()
            .split("\n")
            .filter((l) => /unexpected|error/i.test(l))
            .join("\n")
            .slice(0, 6000);
        expect(
          new Set(failures.map((o) => `${o.status} ${o.code}`)),
          `the server's error lines:\n${errorLines()}`,
        ).toEqual(new Set(["503 SERVICE_UNAVAILABLE"]));
        expect(server.child.exitCode).toBeNull(); // the same process, never restarted

        // No half-written publish: one live version per skill, and an audit entry for each publish that happened.
        const skills = await post(server, key, `{ skills(limit: 200) { items { name state } } }`);
        const items = (skills.data as unknown as { skills: { items: Array<{ name: string; state: string }> } }).skills
          .items;
        for (const name of ["alpha", "bravo", "charlie"]) {
          expect(items.filter((v) => v.name === name && v.state === "PUBLISHED")).toHaveLength(1);
        }
        const published = items.filter((v) => v.state !== "DRAFT").length;
        const audit = await post(server, key, `{ auditLog(action: "publish", limit: 200) { total } }`);
        expect((audit.data as unknown as { auditLog: { total: number } }).auditLog.total).toBe(published);
      } catch (error) {
        if (server) console.error(`--- server output ---\n${server.output()}`);
        throw error;
      } finally {
        await server?.stop();
        pg.remove();
      }
    },
    180_000,
  );
});
