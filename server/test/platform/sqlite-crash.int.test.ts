import path from "node:path";
import Sqlite from "better-sqlite3";
import { expect, it } from "vitest";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import { publishAgent, publishSkill } from "../support/calls";
import { ensureServerBuilt } from "../support/server-build";
import { startServer } from "../support/server-process";
import type { TestApp } from "../support/test-app";
import { sleep } from "../support/wait";
import { describeOnDialect } from "../support/test-app";

/**
 * The embedded default (SQLite, WAL, synchronous = NORMAL) on a real process (`node dist/src/main.js`): `kill -9`
 * while calls start and load concurrently. Afterwards the file is intact (`PRAGMA integrity_check`) and every call
 * start and every load the server acknowledged before the kill is in it: a process crash loses no commit.
 */

const WORKERS = 8;
const LOAD_FOR_MS = 1_500;

/** The `ok` of a TestApp against the real process (what the call fixtures use). */
function remote(url: string): TestApp {
  const ok = async <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> => {
    const response = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown[] };
    if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  return { ok } as unknown as TestApp;
}

describeOnDialect("sqlite")("the embedded SQLite database after kill -9 under load", () => {
  it("RT-10 RT-11 PRAGMA integrity_check is ok and every acknowledged call start and load is there", async () => {
    ensureServerBuilt();
    const platformToken = generatePlatformToken();
    const server = await startServer({ PLATFORM_TOKEN: platformToken }, "sqlite-crash");
    try {
      const t = remote(server.url);
      const created = await t.ok<{ createProject: { apiKey: string } }>(
        `mutation { createProject(name: "crash") { apiKey } }`,
        {},
        platformToken,
      );
      const key = created.createProject.apiKey;
      const names = ["crash-a", "crash-b", "crash-c", "crash-d", "crash-e", "crash-f", "crash-g"];
      for (const name of names) await publishSkill(t, key, name);
      const agentId = await publishAgent(t, key, {
        name: "crash-agent",
        maxLoadedSkills: 3,
        skills: names.map((name) => ({ name })),
      });

      const started: string[] = [];
      const loaded: Array<{ callId: string; name: string }> = [];
      let stop = false;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const call = await t.ok<{ startCall: { id: string } }>(
              `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`,
              { input: { agentId } },
              key,
            );
            started.push(call.startCall.id);
            const name = names[(w + i) % names.length]!;
            await t.ok(
              `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status } }`,
              { callId: call.startCall.id, name },
              key,
            );
            loaded.push({ callId: call.startCall.id, name });
          } catch {
            return; // the process is gone
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      await sleep(LOAD_FOR_MS);
      server.child.kill("SIGKILL");
      stop = true;
      expect(await server.exited).toBe("SIGKILL");
      await Promise.all(workers);
      expect(started.length).toBeGreaterThan(WORKERS);
      expect(loaded.length).toBeGreaterThan(0);

      const db = new Sqlite(path.join(server.dataDir, "skillgraph.sqlite"));
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
        const calls = new Set(db.prepare("SELECT id FROM calls").pluck().all() as string[]);
        expect(started.filter((id) => !calls.has(id))).toEqual([]);
        const loads = new Set(
          (
            db.prepare("SELECT call_id, data FROM call_events WHERE type = 'skill.loaded'").all() as Array<{
              call_id: string;
              data: string;
            }>
          ).map((e) => `${e.call_id}:${(JSON.parse(e.data) as { skill: string }).skill}`),
        );
        expect(loaded.filter((l) => !loads.has(`${l.callId}:${l.name}`))).toEqual([]);
      } finally {
        db.close();
      }
    } catch (error) {
      console.error(`--- server output ---\n${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }
  }, 120_000);
});
