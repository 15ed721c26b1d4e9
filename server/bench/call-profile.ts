/**
 * Where a cached `startCall`, an uncached one (every call-path cache emptied per request; a quarter of the requests)
 * and a `loadSkill` spend the server's CPU, per layer (issue 21). The app on SQLite (the
 * embedded default) or PostgreSQL (`PROFILE_DB=postgres`), today's registry seeded, one warm-up start per agent; then
 * per operation a warm-up pass and a profiled pass from a load generator in a child process (4 connections), CPU per
 * request from `process.cpuUsage()` of this process (the server) and a V8 CPU profile whose samples are attributed to
 * layers by the script or package of the function they are in (self time; idle left out).
 *   cd server && npx tsc -p tsconfig.build.json && node dist/bench/call-profile.js
 * Knobs: PROFILE_DB (sqlite | postgres), PROFILE_REQUESTS (default 4000 per pass), PROFILE_OUT (a directory: keep
 * the .cpuprofile files), PROFILE_JIT=1 (GRAPHQL_JIT on), PROFILE_PASSES (e.g. "uncached,loadSkill": only the passes
 * whose names contain one), PROFILE_TOP=1 (the top functions too), TEST_DATABASE_URL.
 */
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { checkOneCall, startInstance, warmUp } from "./call-runtime/instance";
import { cpuMs, loadFromChild } from "./call-runtime/load";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL } from "./call-runtime/operations";
import { hotPathCaches } from "./call-runtime/probes";
import { MAX_LOADED, TODAY, seed } from "./call-runtime/seed";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The layer a function belongs to, by its script. Order matters: the first match wins. */
const LAYERS: Array<[string, (url: string, fn: string) => boolean]> = [
  ["GC", (u, f) => f === "(garbage collector)"],
  ["graphql-armor", (u) => u.includes("@escape.tech")],
  [
    "Apollo Server pipeline + plugins",
    (u) => u.includes("@apollo/") || u.includes("negotiator") || u.includes("whatwg-mimetype"),
  ],
  ["graphql-js parse", (u) => /graphql\/language\/(parser|lexer|tokenKind|source)/.test(u)],
  ["graphql-js visit / print", (u) => /graphql\/language\//.test(u)],
  ["graphql-js validate", (u) => /graphql\/(validation|utilities)\//.test(u)],
  ["graphql-js execute (+ variables coercion)", (u) => /node_modules\/graphql\//.test(u)],
  // Its compiled operations have no script: their samples count for graphql-jit's runtime that calls them.
  ["graphql-jit (compiled execution)", (u) => u.includes("graphql-jit")],
  ["type-graphql (resolver wrapping, args)", (u) => u.includes("type-graphql")],
  ["class-validator / class-transformer", (u) => u.includes("class-validator") || u.includes("class-transformer")],
  ["TypeORM", (u) => u.includes("typeorm")],
  ["pg driver", (u) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(u)],
  ["better-sqlite3", (u) => u.includes("better-sqlite3")],
  ["runtime (prompt, tools, load decision)", (u) => u.includes("/modules/runtime/")],
  ["calls (service, engine, state, repository)", (u) => u.includes("/modules/calls/")],
  ["auth", (u) => u.includes("/modules/auth/")],
  ["other modules (catalog, agents, skills, …)", (u) => u.includes("/src/modules/")],
  ["platform/graphql (input policy, answer budget, errors)", (u) => u.includes("/platform/graphql/")],
  ["platform/http (our /graphql handler, body)", (u) => u.includes("/platform/http/")],
  ["platform (db, events, telemetry, cache)", (u) => u.includes("/src/platform/")],
  [
    "Node http + net + streams",
    (u) => /node:(_http|http|net|stream|internal\/(http|streams|net|stream_base))/.test(u) || u.startsWith("node:_"),
  ],
  ["Node other", (u) => u.startsWith("node:")],
  ["other node_modules", (u) => u.includes("node_modules")],
];
const IDLE = new Set(["(idle)", "(program)", "(root)"]);

/** Self time by layer, as shares of the busy samples; and the busy microseconds. */
export function layersOf(profile: CpuProfile): {
  busyUs: number;
  shares: Map<string, number>;
  topFunctions: Array<readonly [string, number]>;
} {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<string, number>();
  const top = new Map<string, number>();
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const { functionName } = node.callFrame;
    if (IDLE.has(functionName)) return;
    const dt = profile.timeDeltas[i] ?? 0;
    // A native or builtin function (no script: JSON, the SQLite binding, crypto) counts for its caller's layer.
    let owner: ProfileNode | undefined = node;
    while (owner && owner.callFrame.url === "" && !owner.callFrame.functionName.startsWith("("))
      owner = parent.get(owner.id);
    const url = owner?.callFrame.url ?? "";
    const layer = LAYERS.find(([, match]) => match(url, owner?.callFrame.functionName ?? functionName))?.[0] ?? "other";
    const fn = `${functionName} ${node.callFrame.url.split("/").slice(-2).join("/")}`;
    top.set(fn, (top.get(fn) ?? 0) + dt);
    time.set(layer, (time.get(layer) ?? 0) + dt);
    busy += dt;
  });
  const shares = new Map([...time].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / busy]));
  const topFunctions = [...top]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => [k, v / busy] as const);
  return { busyUs: busy, shares, topFunctions };
}

async function profiled<T>(fn: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  try {
    const result = await fn();
    const { profile } = (await post("Profiler.stop")) as { profile: CpuProfile };
    return { result, profile };
  } finally {
    session.disconnect();
  }
}

async function main(): Promise<void> {
  const dbKind = process.env.PROFILE_DB ?? "sqlite";
  const requests = Number(process.env.PROFILE_REQUESTS ?? 4000);
  const out = process.env.PROFILE_OUT;
  const cleanup: Array<() => Promise<unknown>> = [];
  let db: Database;
  let postgresUrl: string | null = null;
  if (dbKind === "postgres") {
    const scratch = await createScratchPostgres(
      process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    );
    postgresUrl = scratch.url;
    db = await Database.open({ url: scratch.url, entities });
    cleanup.push(() => scratch.drop());
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-profile-"));
    db = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  const instance = await startInstance(db, { graphqlJit: process.env.PROFILE_JIT === "1" });
  cleanup.unshift(() => instance.app.close());
  try {
    const seeded = await seed(postgresUrl ? { postgresUrl } : { sqlite: db }, instance.projectId, TODAY);
    await checkOneCall(instance, seeded.agents);
    const warm = await warmUp(instance, seeded.agents);
    const starts = seeded.agents.map((a) =>
      JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
    );
    const loadCalls = seeded.agents
      .filter((a) => a.entries.length > MAX_LOADED + 1)
      .map((a) => ({ id: warm.callOfAgent.get(a.id)!, names: a.entries.map((e) => e.name) }));
    const base = { url: instance.graphqlUrl, headers: instance.headers, connections: 4, duration: 0 };
    let next = 0;
    const passes: Array<[string, (amount: number) => Promise<unknown>]> = [
      [
        "startCall (cached)",
        (amount) =>
          loadFromChild({
            ...base,
            title: "startCall",
            amount,
            bodies: { list: starts, order: "random" },
            expect: '"systemPrompt"',
          }),
      ],
      [
        "startCall (uncached)",
        async (amount) => {
          // every call-path cache emptied as each request arrives (the key cache stays warm), as the bench's (c')
          const caches = hotPathCaches(instance.app);
          const clearAll = () => caches.forEach((c) => c.clear());
          instance.app.http.server.prependListener("request", clearAll);
          try {
            return await loadFromChild({
              ...base,
              title: "startCall (uncached)",
              amount: Math.ceil(amount / 4),
              bodies: { list: starts, order: "random" },
              expect: '"systemPrompt"',
            });
          } finally {
            instance.app.http.server.removeListener("request", clearAll);
          }
        },
      ],
      [
        "loadSkill",
        async (amount) => {
          const outcome = await loadFromChild({
            ...base,
            title: "loadSkill",
            amount,
            loadCycle: { query: LOAD_SKILL, calls: loadCalls, start: next },
            expect: '"status"',
          });
          next = outcome.next;
          return outcome;
        },
      ],
    ];
    console.log(
      `${dbKind}${process.env.PROFILE_JIT === "1" ? " (GRAPHQL_JIT)" : ""}, ${requests} requests per pass, 4 connections; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const only = process.env.PROFILE_PASSES?.split(",");
    for (const [name, pass] of passes.filter(([n]) => !only || only.some((o) => n.includes(o)))) {
      await pass(Math.min(requests, 3000)); // the JIT settles
      const before = process.cpuUsage();
      const { result, profile } = await profiled(() => pass(requests));
      const counted = name.includes("uncached") ? Math.ceil(requests / 4) : requests;
      const cpu = cpuMs(process.cpuUsage(before)) / counted;
      const outcome = result as { non2xx: number; graphqlErrors: number; rps: number; expected: number };
      if (outcome.non2xx || outcome.graphqlErrors) throw new Error(`${name}: errors ${JSON.stringify(outcome)}`);
      if (out) {
        fs.mkdirSync(out, { recursive: true });
        fs.writeFileSync(path.join(out, `${dbKind}-${name.split(" ")[0]}.cpuprofile`), JSON.stringify(profile));
      }
      const { busyUs, shares, topFunctions } = layersOf(profile);
      const perRequest = busyUs / 1000 / counted;
      console.log(
        `\n${name}: ${cpu.toFixed(3)} ms CPU / req (process, profiler on), ${perRequest.toFixed(3)} ms busy samples / req, ${outcome.rps.toFixed(0)} req/s`,
      );
      console.log("| layer | share | ms / req |\n| --- | ---: | ---: |");
      for (const [layer, share] of shares)
        console.log(`| ${layer} | ${(share * 100).toFixed(1)}% | ${(share * perRequest).toFixed(3)} |`);
      if (process.env.PROFILE_TOP)
        for (const [fn, share] of topFunctions) console.log(`   ${(share * 100).toFixed(1)}%  ${fn}`);
    }
  } finally {
    for (const close of cleanup) await close().catch(() => undefined);
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
