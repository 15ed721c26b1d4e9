import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { entities } from "../../src/entities";
import { Database } from "../../src/platform/db/database";
import {
  apolloAloneServer,
  bareSqliteWriteServer,
  bareUpdateServer,
  bareWriteServer,
  captureStartWrite,
  storedBytes,
  type CapturedWrite,
} from "./baselines";
import { checkOneCall, startInstance, warmUp } from "./instance";
import { CALL_VARIABLES, START_CALL, TRIVIAL } from "./operations";
import { PassRunner, type PassSpec } from "./passes";
import { sequentialProbes } from "./phases";
import { agentIdOf, bareServer, cpuProfiled, type Timing } from "./probes";
import { printReport, type Bytes, type PassFigures, type Ratios } from "./report";
import { startRig, type Rig } from "./rig";
import { rolloutPasses } from "./rollout-pass";
import { TODAY, seed, type Seeded } from "./seed";

/** The call runtime under load; what it measures, and its knobs, are told in ../call-runtime.bench.ts. */

export interface CallRuntimeBenchResult {
  seeded: Omit<Seeded, "agents">;
  passes: Record<string, PassFigures>;
  ratios: Ratios;
  bytes: Bytes | null;
  phases?: Record<string, Timing>;
}

const flag = (name: string, fallback: boolean) => {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : !["0", "false", "no", "off"].includes(value.toLowerCase());
};

export async function run(options: { baseUrl?: string } = {}): Promise<CallRuntimeBenchResult> {
  const baseUrl = options.baseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const duration = Number(process.env.BENCH_DURATION ?? 3);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const loadRate = Number(process.env.BENCH_LOAD_RATE ?? 500);
  const withSqlite = flag("BENCH_SQLITE", true);
  const withGrowth = flag("BENCH_GROWTH", true);
  const withPhases = flag("BENCH_PHASES", false);
  const loadOnly = flag("BENCH_LOAD_ONLY", false); // only the loadSkill passes and their floor (a+u)
  const profileDir = process.env.BENCH_CPU_PROFILE || undefined;
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10); // the server's default
  const benchStarted = Date.now();
  const loadAtStart = os.loadavg();
  const runner = new PassRunner({ connections, duration, rounds });
  const closers: Array<() => Promise<unknown>> = [];
  try {
    // 1. PostgreSQL: today's registry, and (in a second database, with its own app) the same grown to 10×; every
    // agent of today's part warm in both. Their passes alternate in the same rounds.
    console.log(`PostgreSQL (${connections} connections, ${rounds} × ${duration} s per pass, alternated)`);
    const pg = await startRig(baseUrl, poolSize, false);
    closers.push(pg.close);
    const grown = withGrowth ? await startRig(baseUrl, poolSize, true) : null;
    if (grown) closers.push(grown.close);
    const rigs = grown ? [pg, grown] : [pg];
    console.log(`  (c') empties before every request: ${pg.cacheNames.join(", ")}`);

    // The baselines: (a) the captured answer from a Map; (a+w) the same after writing the call's rows in one
    // statement through pg; Apollo alone on node:http.
    const answerOf = (body: string) => pg.answers.get(agentIdOf(body)) ?? grown!.answers.get(agentIdOf(body))!;
    const bareMap = await bareServer(answerOf);
    closers.push(bareMap.close);
    const writes: CapturedWrite[] = [];
    for (const agent of pg.agents.filter((a) => a.entries.length >= 5).slice(0, 50)) {
      writes.push(
        await captureStartWrite(pg.instance.db, pg.monitor, async () => {
          const data = await pg.instance.gql<{ startCall: { id: string } }>(
            START_CALL,
            { input: { agentId: agent.id, variables: CALL_VARIABLES } },
            pg.instance.adminKey,
          );
          return data.startCall.id;
        }),
      );
    }
    const bareWrite = await bareWriteServer(pg.pool, writes, answerOf);
    closers.push(bareWrite.close);
    const bareUpdate = await bareUpdateServer(pg.pool, pg.floorCalls, pg.loadAnswer);
    closers.push(bareUpdate.close);
    const apolloAlone = await apolloAloneServer();
    closers.push(apolloAlone.close, apolloAlone.stop);

    const baseline = (title: string, url: string, expect: string): PassSpec => ({
      ...pg.cached(title),
      url,
      db: undefined,
      expect,
    });
    const trivial = { list: [JSON.stringify({ query: TRIVIAL })], order: "sequence" as const };
    // RO-2: call start with a staged rollout running, beside the same agents' call start without one (same rounds)
    const rollout = await rolloutPasses(pg);
    console.log(`  rollout passes: ${rollout.agents} agents follow '${rollout.skill}' live`);
    const suffix = (rig: Rig) => (rig === pg ? "" : ` ${rig.label}`);
    await cpuProfiled(profileDir, "postgres", async () => {
      if (!loadOnly)
        await runner.alternate([
          ["(a) bare map", baseline("(a) bare http, in-memory map", bareMap.url, '"systemPrompt"')],
          ...rigs.map((rig): [string, PassSpec] => [`(c) cached${suffix(rig)}`, rig.cached(`(c) cached ${rig.label}`)]),
          ["(c) cached, no rollout", rollout.without],
          ["(c) cached, rollout running", rollout.with],
          [
            "(a+w) bare map + call row write",
            baseline("(a+w) bare map + the call's rows in one pg statement", bareWrite.url, '"systemPrompt"'),
          ],
          [
            "Apollo alone",
            {
              title: "Apollo on node:http",
              url: apolloAlone.url,
              headers: pg.instance.headers,
              bodies: trivial,
              expect: '"__typename"',
            },
          ],
          [
            "GraphQL floor",
            { ...pg.cached("GraphQL { __typename } with the key"), bodies: trivial, expect: '"__typename"' },
          ],
        ]);
      if (!loadOnly)
        await runner.alternate(
          rigs.flatMap((rig): Array<[string, PassSpec]> => [
            [`(b) bare SQL${suffix(rig)}`, rig.bareSql(`(b) bare SQL ${rig.label}`)],
            [`(c') uncached${suffix(rig)}`, rig.uncached(`(c') uncached ${rig.label}`)],
          ]),
        );
      await runner.alternate([
        ...rigs.map((rig): [string, PassSpec] => [
          `(d) loadSkill${suffix(rig)}`,
          rig.loadSkill(`(d) loadSkill ${rig.label}`, loadRate),
        ]),
        // loadSkill as fast as it goes against a bare handler that updates one call row.
        ["(d) loadSkill, saturated", pg.loadSkill("(d) loadSkill, saturated", undefined)],
        [
          "(a+u) bare map + one row update",
          {
            ...baseline("(a+u) bare http + one call row updated through pg", bareUpdate.url, '"status"'),
            bodies: trivial,
          },
        ],
      ]);
    });

    // What a call start stores: 20 calls of 7-skill agents.
    const sevenCalls: string[] = [];
    for (const agent of pg.agents.filter((a) => a.entries.length === 7).slice(0, 20)) {
      const data = await pg.instance.gql<{ startCall: { id: string } }>(
        START_CALL,
        { input: { agentId: agent.id, variables: CALL_VARIABLES } },
        pg.instance.adminKey,
      );
      sevenCalls.push(data.startCall.id);
    }
    const bytes: Bytes = { ...(await storedBytes(pg.monitor, sevenCalls)), calls: sevenCalls.length };

    // 2. SQLite, the embedded default (a file with the app's own settings), at today's size.
    if (withSqlite) {
      console.log("SQLite (the embedded default), today's size");
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bench-sqlite-"));
      const sqlite = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
      const lite = await startInstance(sqlite);
      try {
        const liteSeeded = await seed({ sqlite }, lite.projectId, TODAY);
        console.log(`  seeded 1× in ${liteSeeded.seconds.toFixed(1)} s`);
        await checkOneCall(lite, liteSeeded.agents);
        const liteWarm = await warmUp(lite, liteSeeded.agents);
        const liteMap = await bareServer((body) => liteWarm.answers.get(agentIdOf(body))!);
        const liteWrite = await bareSqliteWriteServer(sqlite, (body) => liteWarm.answers.get(agentIdOf(body))!);
        try {
          const bodies = {
            list: liteSeeded.agents.map((a) =>
              JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
            ),
            order: "random" as const,
          };
          const start = { url: lite.graphqlUrl, headers: lite.headers, bodies, expect: '"systemPrompt"' };
          await cpuProfiled(profileDir, "sqlite", () =>
            runner.alternate([
              ["(a) bare map, SQLite run", { ...start, title: "(a) bare map", url: liteMap.url }],
              [
                "(a+w) bare map + row write, SQLite",
                { ...start, title: "(a+w) bare map + a 1.7 KB row, SQLite", url: liteWrite.url },
              ],
              ["(c) cached, SQLite", { ...start, title: "(c) cached, SQLite", db: sqlite }],
            ]),
          );
        } finally {
          await liteMap.close();
          await liteWrite.close();
        }
      } finally {
        await lite.app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    // 3. Where one request's time goes, sequentially (BENCH_PHASES=1).
    const sequential = withPhases
      ? await sequentialProbes({
          app: pg.instance.app,
          db: pg.instance.db,
          monitor: pg.monitor,
          gql: pg.instance.gql,
          adminKey: pg.instance.adminKey,
          projectId: pg.instance.projectId,
          agents: pg.agents,
          probe: pg.probe,
          clearAll: pg.clearAll,
          startAnswer: JSON.parse(pg.answers.get(pg.probe.id)!) as unknown,
        })
      : null;

    // 4. Report.
    const ratios = printReport({
      passes: runner.passes,
      sequential,
      connections,
      duration,
      rounds,
      loadRate,
      loadAtStart,
      bytes,
      benchStarted,
    });
    const { agents: _agents, ...seededFigures } = pg.seeded;
    return {
      seeded: seededFigures,
      passes: runner.passes,
      ratios,
      bytes,
      ...(sequential ? { phases: sequential.phases } : {}),
    };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}
