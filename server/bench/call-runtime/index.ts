import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, Pool } from "pg";
import { entities } from "../../src/entities";
import { Database } from "../../src/platform/db/database";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { apolloAloneServer, bareWriteServer, captureStartWrite, storedBytes, type CapturedWrite } from "./baselines";
import { checkOneCall, resolutionStatements, startInstance, warmUp, type Instance } from "./instance";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL, TRIVIAL } from "./operations";
import { PassRunner, type PassSpec } from "./passes";
import { sequentialProbes } from "./phases";
import { agentIdOf, bareServer, cpuProfiled, hotPathCaches, type Timing } from "./probes";
import { printReport, type Bytes, type PassFigures, type Ratios } from "./report";
import { GROWTH, MAX_LOADED, TODAY, seed, type Seeded, type SeededAgent, type Shape } from "./seed";

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

function describeSeed(label: string, shape: Shape, seeded: Seeded): void {
  console.log(
    `  seeded ${label}: ${seeded.skills} skills × ${shape.versionsPerSkill} versions, ${shape.agents} agents ` +
      `(${seeded.agentVersions} agent versions, ${seeded.entries} skill entries, ${seeded.pinned} pinned entries ` +
      `on published versions) in ${seeded.seconds.toFixed(1)} s`,
  );
}

/** startCall for random agents among `agents` (the working set: 2,000 agents at every size). */
const startCallSpec = (instance: Instance, agents: SeededAgent[], title: string): PassSpec => ({
  title,
  url: instance.graphqlUrl,
  headers: instance.headers,
  db: instance.db,
  bodies: {
    list: agents.map((a) =>
      JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
    ),
    order: "random",
  },
  expect: '"systemPrompt"',
});

export async function run(options: { baseUrl?: string } = {}): Promise<CallRuntimeBenchResult> {
  const baseUrl = options.baseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const duration = Number(process.env.BENCH_DURATION ?? 3);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const loadRate = Number(process.env.BENCH_LOAD_RATE ?? 500);
  const withSqlite = flag("BENCH_SQLITE", true);
  const withGrowth = flag("BENCH_GROWTH", true);
  const withPhases = flag("BENCH_PHASES", false);
  const profileDir = process.env.BENCH_CPU_PROFILE || undefined;
  const benchStarted = Date.now();
  const loadAtStart = os.loadavg();
  const runner = new PassRunner({ connections, duration, rounds });
  const closers: Array<() => Promise<unknown>> = [];
  const scratch = await createScratchPostgres(baseUrl);
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10); // the server's default
  const db = await Database.open({ url: scratch.url, entities, poolSize });
  let pg: Instance | undefined;
  try {
    // 1. PostgreSQL at today's size: the app, its project, the registry in bulk, one call checked, every agent warm.
    console.log(
      `PostgreSQL, today's size (${connections} connections, ${rounds} × ${duration} s per pass, alternated)`,
    );
    pg = await startInstance(db);
    const versionIds = new Map<number, string[]>();
    const seeded = await seed({ postgresUrl: scratch.url }, pg.projectId, TODAY, versionIds);
    describeSeed("1×", TODAY, seeded);
    const { agents } = seeded;
    const probe = await checkOneCall(pg, agents);
    const monitor = new Client({ connectionString: scratch.url });
    await monitor.connect();
    closers.push(() => monitor.end());
    const pool = new Pool({ connectionString: scratch.url, max: poolSize });
    closers.push(() => pool.end());
    const warm = await warmUp(pg, agents);

    // The baselines: (a) the captured answer from a Map; (a+w) the same after writing the call's rows in one
    // statement through pg; (b) the resolution statement through pg; Apollo alone on node:http.
    const answerOf = (body: string) => warm.answers.get(agentIdOf(body))!;
    const bareMap = await bareServer(answerOf);
    closers.push(bareMap.close);
    const writes: CapturedWrite[] = [];
    for (const agent of agents.filter((a) => a.entries.length >= 5).slice(0, 50)) {
      const instance = pg;
      writes.push(
        await captureStartWrite(db, monitor, async () => {
          const data = await instance.gql<{ startCall: { id: string } }>(
            START_CALL,
            { input: { agentId: agent.id, variables: CALL_VARIABLES } },
            instance.adminKey,
          );
          return data.startCall.id;
        }),
      );
    }
    const bareWrite = await bareWriteServer(pool, writes, answerOf);
    closers.push(bareWrite.close);
    const statementOf = await resolutionStatements(db, pg.projectId, agents);
    const bareSql = await bareServer(async (body) => {
      const { sql, params } = statementOf.get(agentIdOf(body))!;
      const result = await pool.query(sql, params);
      return JSON.stringify({ data: result.rows });
    });
    closers.push(bareSql.close);
    const apolloAlone = await apolloAloneServer();
    closers.push(apolloAlone.close, apolloAlone.stop);

    const bodiesOfAgents = startCallSpec(pg, agents, "").bodies!;
    const baseline = (title: string, url: string, expect: string): PassSpec => ({
      title,
      url,
      headers: pg!.headers,
      bodies: bodiesOfAgents,
      expect,
      monitor,
    });
    const trivial = { list: [JSON.stringify({ query: TRIVIAL })], order: "sequence" as const };
    const caches = hotPathCaches(pg.app);
    const clearAll = () => caches.forEach((c) => c.clear());
    console.log(`  (c') empties before every request: ${caches.map((c) => c.name).join(", ")}`);
    const uncached = (instance: Instance, title: string): PassSpec => ({
      ...startCallSpec(instance, agents, title),
      monitor,
      around: () => {
        // (c') every call-path cache emptied as each request arrives (the key cache stays warm).
        instance.app.http.server.prependListener("request", clearAll);
        return () => void instance.app.http.server.removeListener("request", clearAll);
      },
    });
    const loadCalls = agents
      .filter((a) => a.entries.length > MAX_LOADED + 1)
      .map((a) => ({ id: warm.callOfAgent.get(a.id)!, names: a.entries.map((e) => e.name) }));
    const loadSkill: PassSpec = {
      title: `(d) loadSkill at ${loadRate} req/s`,
      url: pg.graphqlUrl,
      headers: pg.headers,
      db,
      monitor,
      overallRate: loadRate,
      loadCycle: { query: LOAD_SKILL, calls: loadCalls, start: 0 },
      expect: '"status":"LOADED"',
    };
    const startsAt = (suffix: string) =>
      [
        [`(a) bare map${suffix}`, baseline("(a) bare http, in-memory map", bareMap.url, '"systemPrompt"')],
        [`(c) cached${suffix}`, { ...startCallSpec(pg!, agents, "(c) startCall, cached"), monitor }],
      ] as Array<[string, PassSpec]>;
    const uncachedAt = (suffix: string) =>
      [
        [`(b) bare SQL${suffix}`, baseline("(b) bare http + pg, resolution statement", bareSql.url, '"skill_md"')],
        [`(c') uncached${suffix}`, uncached(pg!, "(c') startCall, uncached")],
      ] as Array<[string, PassSpec]>;

    await cpuProfiled(profileDir, "pg-1x", async () => {
      await runner.alternate([
        ...startsAt(""),
        [
          "(a+w) bare map + call row write",
          baseline("(a+w) bare map + the call's rows in one pg statement", bareWrite.url, '"systemPrompt"'),
        ],
        [
          "Apollo alone",
          {
            title: "Apollo on node:http, { __typename }",
            url: apolloAlone.url,
            headers: pg!.headers,
            bodies: trivial,
            expect: '"__typename"',
          },
        ],
        [
          "GraphQL floor",
          {
            title: "GraphQL { __typename } with the key",
            url: pg!.graphqlUrl,
            headers: pg!.headers,
            db,
            bodies: trivial,
            expect: '"__typename"',
          },
        ],
      ]);
      await runner.alternate(uncachedAt(""));
      await runner.alternate([["(d) loadSkill", loadSkill]]);
    });
    console.log(`  (loadSkill passes cycle over the ${loadCalls.length} warm-up calls of agents with 5–8 skills)`);

    // What a call start stores: 20 calls of 7-skill agents.
    const sevens = agents.filter((a) => a.entries.length === 7).slice(0, 20);
    const sevenCalls: string[] = [];
    for (const agent of sevens) {
      const data = await pg.gql<{ startCall: { id: string } }>(
        START_CALL,
        { input: { agentId: agent.id, variables: CALL_VARIABLES } },
        pg.adminKey,
      );
      sevenCalls.push(data.startCall.id);
    }
    const bytes: Bytes = { ...(await storedBytes(monitor, sevenCalls)), calls: sevenCalls.length };

    // 2. SQLite, the embedded default (a file with the app's own settings), at today's size.
    if (withSqlite) {
      console.log("SQLite (the embedded default), today's size");
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bench-sqlite-"));
      const sqlite = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
      const lite = await startInstance(sqlite);
      try {
        const liteSeeded = await seed({ sqlite }, lite.projectId, TODAY);
        describeSeed("1×", TODAY, liteSeeded);
        await checkOneCall(lite, liteSeeded.agents);
        const liteWarm = await warmUp(lite, liteSeeded.agents);
        const liteMap = await bareServer((body) => liteWarm.answers.get(agentIdOf(body))!);
        try {
          const liteBodies = startCallSpec(lite, liteSeeded.agents, "").bodies!;
          await cpuProfiled(profileDir, "sqlite-1x", () =>
            runner.alternate([
              [
                "(a) bare map, SQLite run",
                {
                  title: "(a) bare map",
                  url: liteMap.url,
                  headers: lite.headers,
                  bodies: liteBodies,
                  expect: '"systemPrompt"',
                },
              ],
              ["(c) cached, SQLite", startCallSpec(lite, liteSeeded.agents, "(c) startCall, cached, SQLite")],
            ]),
          );
        } finally {
          await liteMap.close();
        }
      } finally {
        await lite.app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    // 3. PostgreSQL at 10× (10,000 skills, 100,000 agent versions): the same passes over the same 2,000 agents.
    if (withGrowth) {
      console.log("PostgreSQL at 10× the registry");
      const grown = await seed({ postgresUrl: scratch.url }, pg.projectId, GROWTH, versionIds);
      describeSeed("+9×", GROWTH, grown);
      await warmUp(pg, agents); // (c') at 1× emptied the caches
      await cpuProfiled(profileDir, "pg-10x", async () => {
        await runner.alternate(startsAt(" 10×"));
        await runner.alternate(uncachedAt(" 10×"));
        await runner.alternate([["(d) loadSkill 10×", loadSkill]]);
      });
    }

    // 4. Where one request's time goes, sequentially (BENCH_PHASES=1).
    const sequential = withPhases
      ? await sequentialProbes({
          app: pg.app,
          db,
          monitor,
          gql: pg.gql,
          adminKey: pg.adminKey,
          projectId: pg.projectId,
          agents,
          probe,
          clearAll,
          startAnswer: JSON.parse(warm.answers.get(probe.id)!) as unknown,
        })
      : null;

    // 5. Report.
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
    const { agents: _agents, ...seededFigures } = seeded;
    return {
      seeded: seededFigures,
      passes: runner.passes,
      ratios,
      bytes,
      ...(sequential ? { phases: sequential.phases } : {}),
    };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    if (pg) await pg.app.close();
    else await db.close();
    if (process.env.BENCH_KEEP_DB) console.log(`kept the seeded database: ${scratch.url}`);
    else await scratch.drop();
  }
}
