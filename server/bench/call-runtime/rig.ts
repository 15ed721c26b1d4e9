/**
 * One PostgreSQL registry under test (today's size, or grown to 10×): its database, the app on it, its agents warm,
 * its bare-SQL baseline, and the passes that drive it (cached and uncached startCall, loadSkill). Two rigs run side by
 * side so that 1× and 10× passes alternate in the same rounds.
 */
import { Client, Pool } from "pg";
import { entities } from "../../src/entities";
import { Database } from "../../src/platform/db/database";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { checkOneCall, resolutionStatements, startInstance, warmUp, type Instance } from "./instance";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL } from "./operations";
import type { PassSpec } from "./passes";
import { enablePgStatements, pgStatementsOn } from "./pg-statements";
import { agentIdOf, bareServer, hotPathCaches } from "./probes";
import { GROWTH, MAX_LOADED, TODAY, seed, type Seeded, type SeededAgent, type Shape } from "./seed";

export interface Rig {
  label: string;
  instance: Instance;
  scratchUrl: string;
  /** Today's agents of this registry: the working set of every pass, at both sizes. */
  agents: SeededAgent[];
  seeded: Seeded;
  probe: SeededAgent;
  monitor: Client;
  pool: Pool;
  answers: Map<string, string>;
  bareSqlUrl: string;
  cacheNames: string[];
  clearAll(): void;
  cached(title: string): PassSpec;
  uncached(title: string): PassSpec;
  bareSql(title: string): PassSpec;
  /** `rate` undefined: as fast as the server answers (10 connections). */
  loadSkill(title: string, rate: number | undefined): PassSpec;
  /** Call ids whose rows the loadSkill floor updates, and one loadSkill answer (of a call outside the cycle). */
  floorCalls: string[];
  loadAnswer: string;
  close(): Promise<void>;
}

function describeSeed(label: string, shape: Shape, seeded: Seeded): void {
  console.log(
    `  seeded ${label}: ${seeded.skills} skills × ${shape.versionsPerSkill} versions, ${shape.agents} agents ` +
      `(${seeded.agentVersions} agent versions, ${seeded.entries} skill entries, ${seeded.pinned} pinned entries ` +
      `on published versions) in ${seeded.seconds.toFixed(1)} s`,
  );
}

/** A scratch database seeded to today's size (and grown to 10× when `grown`), the app on it, every agent warm. */
export async function startRig(baseUrl: string, poolSize: number, grown: boolean): Promise<Rig> {
  const label = grown ? "10×" : "1×";
  const scratch = await createScratchPostgres(baseUrl);
  if (pgStatementsOn()) await enablePgStatements(scratch.url);
  const db = await Database.open({ url: scratch.url, entities, poolSize });
  const closers: Array<() => Promise<unknown>> = [];
  let instance: Instance | undefined;
  try {
    instance = await startInstance(db);
    const versionIds = new Map<number, string[]>();
    const seeded = await seed({ postgresUrl: scratch.url }, instance.projectId, TODAY, versionIds);
    describeSeed(`${label}, today's part`, TODAY, seeded);
    if (grown)
      describeSeed(
        "10×, the growth",
        GROWTH,
        await seed({ postgresUrl: scratch.url }, instance.projectId, GROWTH, versionIds),
      );
    const { agents } = seeded;
    const probe = await checkOneCall(instance, agents);
    const monitor = new Client({ connectionString: scratch.url });
    await monitor.connect();
    closers.push(() => monitor.end());
    const pool = new Pool({ connectionString: scratch.url, max: poolSize });
    closers.push(() => pool.end());
    const warm = await warmUp(instance, agents);
    // What autovacuum's analyze does on any default server once the warm-up's calls are in (this machine runs with
    // autovacuum off): without it the app's connections keep the plans they made for the foreign key checks on
    // `calls` while it was empty — a sequential scan of it per check, growing with every start (docs/benchmarks.md).
    await monitor.query("ANALYZE");
    const statementOf = resolutionStatements(db, instance.projectId, agents);
    const bareSqlServer = await bareServer(async (body) => {
      const { sql, params } = statementOf.get(agentIdOf(body))!;
      const result = await pool.query(sql, params);
      return JSON.stringify({ data: result.rows });
    });
    closers.push(bareSqlServer.close);
    const sample = statementOf.get(probe.id)!;
    const sampleRows = (await pool.query(sample.sql, sample.params)).rowCount;
    if (sampleRows !== probe.entries.length) throw new Error(`the raw statement returned ${sampleRows} rows`);

    const caches = hotPathCaches(instance.app);
    const clearAll = () => caches.forEach((c) => c.clear());
    const bodies = {
      list: agents.map((a) =>
        JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
      ),
      order: "random" as const,
    };
    const loadCalls = agents
      .filter((a) => a.entries.length > MAX_LOADED + 1)
      .map((a) => ({ id: warm.callOfAgent.get(a.id)!, names: a.entries.map((e) => e.name) }));
    const it = instance;
    const cached = (title: string): PassSpec => ({
      title,
      url: it.graphqlUrl,
      headers: it.headers,
      db,
      monitor,
      bodies,
      expect: '"systemPrompt"',
    });
    const loadCycle = { query: LOAD_SKILL, calls: loadCalls, start: 0 };
    // One load on a call the cycle never loads: the answer the loadSkill floor sends.
    const outside = agents.find((a) => a.entries.length > 0 && a.entries.length <= MAX_LOADED + 1)!;
    const loadAnswer = JSON.stringify({
      data: await instance.gql(
        LOAD_SKILL,
        { callId: warm.callOfAgent.get(outside.id)!, name: outside.entries[0]!.name },
        instance.adminKey,
      ),
    });
    return {
      label,
      instance,
      scratchUrl: scratch.url,
      agents,
      seeded,
      probe,
      monitor,
      pool,
      answers: warm.answers,
      bareSqlUrl: bareSqlServer.url,
      cacheNames: caches.map((c) => c.name),
      floorCalls: loadCalls.map((c) => c.id),
      loadAnswer,
      clearAll,
      cached,
      uncached: (title) => ({
        ...cached(title),
        around: () => {
          // (c') every call-path cache emptied as each request arrives (the key cache stays warm).
          it.app.http.server.prependListener("request", clearAll);
          return () => void it.app.http.server.removeListener("request", clearAll);
        },
      }),
      bareSql: (title) => ({
        title,
        url: bareSqlServer.url,
        headers: it.headers,
        bodies,
        expect: '"skill_md"',
        monitor,
      }),
      // One cycle per rig: a later run continues it, so every request is a new load.
      loadSkill: (title, rate) => ({
        title,
        url: it.graphqlUrl,
        headers: it.headers,
        db,
        monitor,
        ...(rate === undefined ? {} : { overallRate: rate }),
        loadCycle,
        expect: '"status":"LOADED"',
      }),
      close: async () => {
        for (const close of closers.reverse()) await close().catch(() => undefined);
        await it.app.close();
        if (process.env.BENCH_KEEP_DB) console.log(`kept the seeded database: ${scratch.url}`);
        else await scratch.drop();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    if (instance) await instance.app.close();
    else await db.close();
    await scratch.drop();
    throw error;
  }
}
