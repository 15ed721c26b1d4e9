import "reflect-metadata";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Client, Pool } from "pg";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { entities } from "../../src/entities";
import { sha256Hex } from "../../src/platform/crypto";
import { Database } from "../../src/platform/db/database";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { createLogger } from "../../src/platform/logger";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import { SkillRepository } from "../../src/modules/skills/skill.repository";
import { cpuMs, loadFromChild, type LoadSpec } from "./load";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL, START_CALL_CHECKED, TRIVIAL, graphqlClient } from "./operations";
import { sequentialProbes } from "./phases";
import {
  CLOCK_TICK_MS,
  agentIdOf,
  backendTicks,
  bareServer,
  countStatements,
  cpuProfiled,
  hotPathCaches,
  type Timing,
  type WriteFigures,
} from "./probes";
import { printReport, type PassFigures, type Ratios } from "./report";
import { AGENTS, MAX_LOADED, SKILLS, VERSIONS_PER_AGENT, VERSIONS_PER_SKILL, seed, type Seeded } from "./seed";

/** The call runtime under load; what it measures, and its knobs, are told in ../call-runtime.bench.ts. */

export interface CallRuntimeBenchResult {
  seeded: Omit<Seeded, "agents">;
  passes: Record<string, PassFigures>;
  ratios: Ratios;
  phases: Record<string, Timing>;
  write: WriteFigures[];
}

export async function run(options: { baseUrl?: string } = {}): Promise<CallRuntimeBenchResult> {
  const baseUrl = options.baseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const profileDir = process.env.BENCH_CPU_PROFILE || undefined;
  const benchStarted = Date.now();
  const loadAtStart = os.loadavg()[0]!;
  const scratch = await createScratchPostgres(baseUrl);
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10); // the server's default
  const db = await Database.open({ url: scratch.url, entities, poolSize });
  const platformToken = generatePlatformToken();
  const config = loadConfig(
    {
      PORT: "0",
      DATA_DIR: path.join(os.tmpdir(), `sg-bench-${randomBytes(6).toString("hex")}`),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
    },
    { host: "127.0.0.1", webDist: "" },
  );
  const app = await createApp(
    config,
    { secretKey: randomBytes(32).toString("base64"), platformTokenHash: sha256Hex(platformToken) },
    { db, logger: createLogger("silent") },
  );
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const port = await app.http.listen(0, "127.0.0.1");
    const graphqlUrl = `http://127.0.0.1:${port}/graphql`;
    const gql = graphqlClient(graphqlUrl);

    // 1. The project and its admin key through the real service; everything else in bulk under it.
    const created = await gql<{ createProject: { project: { id: string }; apiKey: string } }>(
      `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`,
      { name: "call runtime bench" },
      platformToken,
    );
    const projectId = created.createProject.project.id;
    const adminKey = created.createProject.apiKey;
    const seeded = await seed(scratch.url, projectId);
    const { agents } = seeded;
    console.log(
      `seeded ${SKILLS} skills × ${VERSIONS_PER_SKILL} versions, ${AGENTS} agents × ${VERSIONS_PER_AGENT} versions ` +
        `(${seeded.agentVersions} agent versions, ${seeded.entries} skill entries; the published versions list ` +
        `${agents.reduce((s, a) => s + a.entries.length, 0)} entries, ${seeded.pinned} of them pinned) in ${seeded.seconds.toFixed(1)} s`,
    );

    // 2. The seeded data is what the service expects: one call through GraphQL, checked entry by entry.
    const probe = agents.find((a) => a.entries.some((e) => e.pinnedVersionId) && a.entries.length > MAX_LOADED)!;
    const checked = await gql<{
      startCall: {
        id: string;
        status: string;
        warnings: string[];
        systemPrompt: string;
        skills: Array<{ name: string; version: number; versionId: string; pinned: boolean }>;
      };
    }>(START_CALL_CHECKED, { input: { agentId: probe.id, variables: CALL_VARIABLES } }, adminKey);
    const resolved = checked.startCall.skills;
    const mismatch = probe.entries.find(
      (e, i) =>
        resolved[i]?.name !== e.name ||
        resolved[i]?.pinned !== Boolean(e.pinnedVersionId) ||
        resolved[i]?.version !== (e.pinnedVersion ?? VERSIONS_PER_SKILL),
    );
    if (resolved.length !== probe.entries.length || mismatch || checked.startCall.warnings.length > 0) {
      throw new Error(
        `the seeded agent ${probe.id} resolved ${resolved.length} of ${probe.entries.length} skills ` +
          `(${JSON.stringify({ mismatch, resolved, warnings: checked.startCall.warnings })})`,
      );
    }
    if (!probe.entries.every((e) => checked.startCall.systemPrompt.includes(e.name))) {
      throw new Error("the system prompt does not list every resolved skill");
    }
    const probeLoad = await gql<{ loadSkill: { status: string } }>(
      LOAD_SKILL,
      { callId: checked.startCall.id, name: probe.entries[0]!.name },
      adminKey,
    );
    if (probeLoad.loadSkill.status !== "LOADED") throw new Error(`loadSkill answered ${probeLoad.loadSkill.status}`);
    console.log(
      `check: startCall for an agent with ${probe.entries.length} entries (${probe.entries.filter((e) => e.pinnedVersionId).length} pinned) ` +
        `resolved ${resolved.length} skills at the expected versions; loadSkill answered LOADED`,
    );

    const statements = countStatements(db);
    closers.push(async () => statements.stop());
    const headers = { "content-type": "application/json", authorization: `Bearer ${adminKey}` };
    const startBodies = agents.map((a) =>
      JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
    );
    const passes: CallRuntimeBenchResult["passes"] = {};
    const monitor = new Client({ connectionString: scratch.url });
    await monitor.connect();
    closers.push(() => monitor.end());
    const pass = async (key: string, spec: Omit<LoadSpec, "connections" | "duration"> & Partial<LoadSpec>) => {
      statements.reset();
      const pgBefore = await backendTicks(monitor);
      const cpuBefore = process.cpuUsage();
      const outcome = await loadFromChild({ connections, duration, ...spec });
      const serverCpu = cpuMs(process.cpuUsage(cpuBefore));
      const pgAfter = await backendTicks(monitor);
      const pgCpu =
        pgBefore && pgAfter
          ? [...pgAfter].reduce((sum, [pid, ticks]) => sum + ticks - (pgBefore.get(pid) ?? 0), 0) * CLOCK_TICK_MS
          : null;
      const n = Math.max(1, outcome.responses);
      const perRequest =
        spec.url === graphqlUrl
          ? { statementsPerRequest: statements.total / n, resolutionPerRequest: statements.resolution / n }
          : {};
      passes[key] = {
        ...outcome,
        ...perRequest,
        cpuPerRequest: {
          server: serverCpu / n,
          postgres: pgCpu === null ? null : pgCpu / n,
          loader: outcome.loaderCpuMs / n,
        },
      };
      if (outcome.graphqlErrors > 0 || outcome.non2xx > 0 || outcome.socketErrors > 0) {
        console.log(
          `  ${key}: ${outcome.graphqlErrors} GraphQL errors, ${outcome.non2xx} non-2xx, ${outcome.socketErrors} socket errors; first: ${outcome.firstError}`,
        );
      }
      console.log(
        `  ${key.padEnd(16)} ${outcome.rps.toFixed(0).padStart(6)} req/s  p50 ${outcome.p50.toFixed(2)} ms  p99 ${outcome.p99.toFixed(2)} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000)); // let PostgreSQL's background writes settle
      return outcome;
    };

    // 3. (c') first pass: every request an agent not seen before (the skill catalog fills as the pass goes).
    await pass("(c') first pass", {
      title: "startCall, first pass over the agents",
      url: graphqlUrl,
      headers,
      amount: AGENTS,
      bodies: { list: startBodies, order: "sequence" },
      expect: '"systemPrompt"',
    });

    // Warm-up over every agent; its answers are what (a) serves, its calls what (d) loads skills on.
    const responses = new Map<string, unknown>();
    const callOfAgent = new Map<string, string>();
    for (let i = 0; i < agents.length; i += 10) {
      await Promise.all(
        agents.slice(i, i + 10).map(async (agent) => {
          const data = await gql<{ startCall: { id: string } }>(
            START_CALL,
            { input: { agentId: agent.id, variables: CALL_VARIABLES } },
            adminKey,
          );
          responses.set(agent.id, { data });
          callOfAgent.set(agent.id, data.startCall.id);
        }),
      );
    }

    // (a) the floor: the captured answer, from memory.
    const bareMap = await bareServer((body) => JSON.stringify(responses.get(agentIdOf(body))));
    closers.push(bareMap.close);
    await pass("(a) bare map", {
      title: "(a) bare http, in-memory map",
      url: bareMap.url,
      headers,
      bodies: { list: startBodies, order: "random" },
      expect: '"systemPrompt"',
    });

    // (b) the same resolution statement the catalog sends on a miss, captured from SkillRepository per shape.
    const statementOf = new Map<string, { sql: string; params: unknown[] }>();
    {
      const original = db.dataSource.logger;
      const shapes = new Map<string, { sql: string; params: unknown[] }>();
      for (const agent of agents) {
        const names = agent.entries.filter((e) => !e.pinnedVersionId).map((e) => e.name);
        const ids = agent.entries.flatMap((e) => (e.pinnedVersionId ? [e.pinnedVersionId] : []));
        const params = [projectId, ...names, ...ids];
        const shape = `${names.length}:${ids.length}`;
        let template = shapes.get(shape);
        if (!template) {
          const capture: { last?: { sql: string; params: unknown[] } } = {};
          const capturing: typeof original = Object.create(original);
          capturing.logQuery = (query: string, parameters?: unknown[]) => {
            capture.last = { sql: query, params: parameters ?? [] };
          };
          db.dataSource.logger = capturing;
          try {
            await new SkillRepository(db.dataSource.manager).publishedOrPinned(projectId, names, ids);
          } finally {
            db.dataSource.logger = original;
          }
          const captured = capture.last;
          if (!captured || JSON.stringify(captured.params) !== JSON.stringify(params)) {
            throw new Error(
              `publishedOrPinned bound ${JSON.stringify(captured?.params)}, not ${JSON.stringify(params)}`,
            );
          }
          template = captured;
          shapes.set(shape, template);
        }
        statementOf.set(agent.id, { sql: template.sql, params });
      }
    }
    const pool = new Pool({ connectionString: scratch.url, max: poolSize });
    closers.push(() => pool.end());
    const bareSql = await bareServer(async (body) => {
      const { sql, params } = statementOf.get(agentIdOf(body))!;
      const result = await pool.query(sql, params);
      return JSON.stringify({ data: result.rows });
    });
    closers.push(bareSql.close);
    const sample = statementOf.get(probe.id)!;
    const sampleRows = (await pool.query(sample.sql, sample.params)).rowCount;
    if (sampleRows !== probe.entries.length) throw new Error(`the raw statement returned ${sampleRows} rows`);
    await pass("(b) bare SQL", {
      title: "(b) bare http + pg, resolution statement",
      url: bareSql.url,
      headers,
      bodies: { list: startBodies, order: "random" },
      expect: '"skill_md"',
    });

    // The framework's floor: the smallest authenticated GraphQL request (HTTP, Express, Helmet, Apollo, auth).
    await pass("GraphQL floor", {
      title: "GraphQL { __typename } with the key",
      url: graphqlUrl,
      headers,
      bodies: { list: [JSON.stringify({ query: TRIVIAL })], order: "sequence" },
      expect: '"__typename"',
    });

    // (c) startCall through GraphQL, caches warm: every agent, at random.
    const startCallPass = (title: string, rate: Partial<LoadSpec> = {}) => ({
      title,
      url: graphqlUrl,
      headers,
      ...rate,
      bodies: { list: startBodies, order: "random" as const },
      expect: '"systemPrompt"',
    });
    await cpuProfiled(profileDir, "start-call-cached", () =>
      pass("(c) cached", startCallPass("(c) startCall, cached")),
    );
    await pass("(c) @1000/s", startCallPass("(c) startCall, cached, 1,000 req/s", { overallRate: 1000 }));
    await pass("(c) paced 100/s", startCallPass("(c) startCall, cached, paced at 100 req/s", { pacedRate: 100 }));

    // (c') uncached: the hot-path caches emptied as each request arrives, before Express sees it.
    const caches = hotPathCaches(app);
    const clearAll = () => caches.forEach((c) => c.cache.clear());
    app.http.server.prependListener("request", clearAll);
    try {
      await cpuProfiled(profileDir, "start-call-uncached", () =>
        pass("(c') uncached", startCallPass("(c') startCall, uncached")),
      );
    } finally {
      app.http.server.removeListener("request", clearAll);
    }

    // (d) loadSkill through GraphQL on the warm-up's calls of agents with more skills than the cap: request i
    // loads the next name of call i mod n, so every request is a real load, and from the 4th on each evicts one.
    const loadCalls = agents
      .filter((a) => a.entries.length > MAX_LOADED + 1)
      .map((a) => ({ id: callOfAgent.get(a.id)!, names: a.entries.map((e) => e.name) }));
    console.log(`  (loadSkill passes cycle over the ${loadCalls.length} warm-up calls of agents with 5–8 skills)`);
    /** Continues the cycle from request `start`, so a later pass loads names the earlier one did not. */
    const loadSkillPass = (title: string, start: number, rate: Partial<LoadSpec> = {}) => ({
      title,
      url: graphqlUrl,
      headers,
      ...rate,
      loadCycle: { query: LOAD_SKILL, calls: loadCalls, start },
      expect: '"status":"LOADED"',
    });
    const loaded = await cpuProfiled(profileDir, "load-skill", () =>
      pass("(d) loadSkill", loadSkillPass("(d) loadSkill", 0)),
    );
    const at500 = await pass(
      "(d) @500/s",
      loadSkillPass("(d) loadSkill, 500 req/s", loaded.next, { overallRate: 500 }),
    );
    await pass("(d) paced 100/s", loadSkillPass("(d) loadSkill, paced at 100 req/s", at500.next, { pacedRate: 100 }));
    statements.stop();

    // 4. Where one request's time goes, sequentially; 5. the call-start write alone.
    const sequential = await sequentialProbes({
      app,
      db,
      pool,
      monitor,
      gql,
      adminKey,
      projectId,
      agents,
      probe,
      clearAll,
      startAnswer: responses.get(probe.id),
    });

    // 6. Report.
    const ratios = printReport({
      passes,
      sequential,
      connections,
      duration,
      loadAtStart,
      cacheNames: caches.map((x) => x.name),
      probeEntries: probe.entries.length,
      benchStarted,
    });
    const { agents: _agents, ...seededFigures } = seeded;
    return { seeded: seededFigures, passes, ratios, phases: sequential.phases, write: sequential.write };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await app.close();
    if (process.env.BENCH_KEEP_DB) console.log(`kept the seeded database: ${scratch.url}`);
    else await scratch.drop();
  }
}
