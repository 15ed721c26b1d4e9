/**
 * OB-1's cost: call start (GraphQL startCall) and a gateway turn (POST /v1/chat/completions,
 * one upstream round) on two servers over the same PostgreSQL database — tracing off (no OTLP endpoint: the no-op
 * port) and tracing on (OTLP http/protobuf to a sink that answers at once, the default batch processor, every span
 * sampled). Each server runs in a process of its own; one client here sends one request at a time, visiting both
 * servers in turn, so whatever else the (shared) machine does falls on both alike. The OTLP sink and the model
 * upstream run here too (their work is not the servers'). Reported: each server's CPU time per request
 * (process.cpuUsage in the server) and latency. Target: tracing on raises call-start CPU by at most 5 %. Also: what
 * the tracing-off port calls of one call start cost, timed alone.
 *   npm run bench observability   |   cd server && node dist/bench/observability.bench.js
 * Knobs: BENCH_REQUESTS (counted per server and workload, default 3000), BENCH_WARMUP (default 3000: the JIT settles),
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_CPU_PROFILE=<dir> (both servers' CPU
 * profiles), BENCH_AB=<another build's dist/bench/observability.bench.js> (that build against this one,
 * tracing off on both; "tracing on" then reads "other build", and its rise is the other build's CPU over this one's;
 * two more workloads then: loadSkill on calls each server started, every load a new one past the cap, and an uncached
 * startCall, every call-path cache emptied as each request arrives). The other build needs this file's server side.
 * BENCH_DB=sqlite-memory: both servers on in-memory SQLite instead (each its own database).
 */
import "./production-mode";
import "reflect-metadata";
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../src/config";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { AgentTelemetry, Metrics, NO_TRACING } from "../src/platform/telemetry";
import { startInstance } from "./call-runtime/instance";
import { cpuMs } from "./call-runtime/load";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL } from "./call-runtime/operations";
import { hotPathCaches } from "./call-runtime/probes";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3000);
const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/**
 * BENCH_DB=sqlite-memory: each server on an in-memory SQLite database of its own (an empty URL, which any build opens
 * so, BENCH_AB's other build too): the app's CPU above and in the write without the WAL's file I/O.
 */
const SQLITE_MEMORY = process.env.BENCH_DB === "sqlite-memory";
const SERVER_FLAG = "--observability-server";
const SKILLS = 20;
const AGENTS = 20;
const SKILLS_PER_AGENT = 5;

type Variant = "off" | "on";

/** What a server process tells the bench once it is ready. */
interface Ready {
  kind: "ready";
  url: string;
  key: string;
  agentIds: string[];
  gatewayModel: string;
  /** BENCH_AB: one call per agent started by this server, and its agent's skills (the loadSkill workload's cycle). */
  loadCalls?: Array<{ id: string; names: string[] }>;
}

const COMPLETION = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 0,
  model: "bench",
  choices: [{ index: 0, message: { role: "assistant", content: "Fine." }, finish_reason: "stop", logprobs: null }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/** Answers every request once its body is read: the model upstream (a fixed completion) and the OTLP sink. */
async function sink(answer: (req: http.IncomingMessage) => { type: string; body: string }) {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.on("data", (chunk: Buffer) => (received += chunk.byteLength));
    req.on("end", () => {
      const { type, body } = answer(req);
      res.writeHead(200, { "content-type": type }).end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Use for ${name.replace(/-/g, " ")}.\n---\nInstructions of ${name}: read the request, answer briefly.\n`;

// ---- the server process ---------------------------------------------------------------------------------------------

/** BENCH_JIT=1: both servers without tracing, the "on" one with GRAPHQL_JIT; startCall only. */
const JIT = process.env.BENCH_JIT === "1";

async function serve(variant: Variant, databaseUrl: string, upstream: string, otlp: string): Promise<void> {
  const db = await Database.open({ url: databaseUrl, entities, poolSize: 10 });
  // BENCH_SAME=1: both servers without tracing (an A/A run: how far apart two equal servers measure).
  const tracing =
    variant === "on" && process.env.BENCH_SAME !== "1" && !JIT
      ? loadConfig({
          OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
          OTEL_SERVICE_NAME: "bench",
          OTEL_TRACES_SAMPLER: process.env.BENCH_SAMPLER ?? "parentbased_always_on",
        }).tracing
      : null;
  const instance = await startInstance(db, {
    tracing,
    outboundAllowHosts: ["127.0.0.1"],
    modelBaseUrl: `${upstream}/v1`,
    modelName: "bench-upstream",
    graphqlJit: JIT && variant === "on",
  });
  const { gql, adminKey } = instance;
  for (let s = 0; s < SKILLS; s++) {
    const created = await gql<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: skillMd(`skill-${s}`) } },
      adminKey,
    );
    await gql(
      `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`,
      { id: created.createSkillVersion.id },
      adminKey,
    );
  }
  const agentIds: string[] = [];
  for (let a = 0; a < AGENTS; a++) {
    const saved = await gql<{ saveAgent: { id: string; agentId: string } }>(
      `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
      {
        input: {
          name: `agent-${a}`,
          prompt: "You help {{caller}}.",
          maxLoadedSkills: 3,
          skills: Array.from({ length: SKILLS_PER_AGENT }, (_, i) => ({ name: `skill-${(a + i * 3) % SKILLS}` })),
        },
      },
      adminKey,
    );
    await gql(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saved.saveAgent.id }, adminKey);
    agentIds.push(saved.saveAgent.agentId);
  }
  const url = instance.graphqlUrl.replace(/\/graphql$/, "");
  const loadCalls: Ready["loadCalls"] = [];
  for (let a = 0; a < AGENTS; a++) {
    const started = await gql<{ startCall: { id: string } }>(
      START_CALL,
      { input: { agentId: agentIds[a], variables: CALL_VARIABLES } },
      adminKey,
    );
    const names = Array.from({ length: SKILLS_PER_AGENT }, (_, i) => `skill-${(a + i * 3) % SKILLS}`);
    loadCalls.push({ id: started.startCall.id, names });
  }
  const ready: Ready = { kind: "ready", url, key: adminKey, agentIds, gatewayModel: "agent-0", loadCalls };
  const caches = hotPathCaches(instance.app);
  let uncached = false;
  instance.app.http.server.prependListener("request", () => uncached && caches.forEach((c) => c.clear()));
  process.on("message", (message: { kind: string; on?: boolean }) => {
    if (message.kind === "uncached") uncached = message.on === true;
    if (message.kind === "cpu") process.send!({ kind: "cpu", usage: process.cpuUsage() });
    if (message.kind === "stop") void instance.app.close().then(() => db.close().finally(() => process.exit(0)));
  });
  process.send!(ready);
}

// ---- the bench ------------------------------------------------------------------------------------------------------

interface Server {
  variant: Variant;
  child: ChildProcess;
  ready: Ready;
  cpu(): Promise<NodeJS.CpuUsage>;
  stop(): Promise<void>;
}

async function startServer(variant: Variant, databaseUrl: string, upstream: string, otlp: string): Promise<Server> {
  const profile = process.env.BENCH_CPU_PROFILE;
  const execArgv = profile
    ? [...process.execArgv, "--cpu-prof", `--cpu-prof-dir=${profile}`, `--cpu-prof-name=${variant}.cpuprofile`]
    : process.execArgv;
  // BENCH_AB: the second server is another build (its dist/bench/observability.bench.js), tracing off on both.
  const other = process.env.BENCH_AB;
  const child = other
    ? fork(variant === "on" ? other : __filename, [SERVER_FLAG, "off", databaseUrl, upstream, otlp], { execArgv })
    : fork(__filename, [SERVER_FLAG, variant, databaseUrl, upstream, otlp], { execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (message) => resolve(message as Ready));
    child.once("exit", (code) => reject(new Error(`the ${variant} server exited with ${code}`)));
  });
  return {
    variant,
    child,
    ready,
    cpu: () =>
      new Promise((resolve) => {
        child.once("message", (message: { usage: NodeJS.CpuUsage }) => resolve(message.usage));
        child.send({ kind: "cpu" });
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.send({ kind: "stop" });
      }),
  };
}

interface Figures {
  responses: number;
  cpuMs: number;
  /** CPU the server spends idle over as long as the counted requests took (timers, pools): subtracted. */
  idleMs: number;
  /** Of cpuMs, the kernel's (system calls: sockets, timers). */
  systemMs: number;
  latencies: number[];
  errors: number;
}

const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive connection; its status and time. */
function post(url: string, key: string, body: string): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent: clientAgent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${key}`,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, text }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Sends `warmup + requests` rounds, one request at a time; each round visits every server once, so whatever else the
 * machine does falls on both alike. Each server's CPU is read before and after the counted rounds.
 */
async function interleaved(
  title: string,
  path: string,
  body: (r: Ready, i: number) => string,
): Promise<Map<string, Figures>> {
  const figures = new Map(
    servers.map((s) => [
      s.variant,
      { responses: 0, cpuMs: 0, idleMs: 0, systemMs: 0, latencies: [], errors: 0 } as Figures,
    ]),
  );
  const round = async (i: number, count: boolean) => {
    for (const server of i % 2 === 0 ? servers : [...servers].reverse()) {
      const answer = await post(`${server.ready.url}${path}`, server.ready.key, body(server.ready, i));
      if (!count) continue;
      const f = figures.get(server.variant)!;
      f.responses++;
      f.latencies.push(answer.ms);
      if (answer.status !== 200 || answer.text.includes('"errors"')) f.errors++;
    }
  };
  for (let i = 0; i < WARMUP; i++) await round(i, false);
  const idle = await idleCpuPerSecond();
  const started = performance.now();
  const before = await Promise.all(servers.map((s) => s.cpu()));
  for (let i = 0; i < REQUESTS; i++) await round(i, true);
  const after = await Promise.all(servers.map((s) => s.cpu()));
  const seconds = (performance.now() - started) / 1000;
  servers.forEach((server, i) => {
    const f = figures.get(server.variant)!;
    f.cpuMs = cpuMs({ user: after[i]!.user - before[i]!.user, system: after[i]!.system - before[i]!.system });
    f.systemMs = (after[i]!.system - before[i]!.system) / 1000;
    f.idleMs = idle[i]! * seconds;
  });
  console.log(`  ${title}: ${REQUESTS} requests to each server, interleaved, after ${WARMUP} to warm up`);
  return figures;
}

const servers: Server[] = [];

/** Each server's CPU per second while nothing is sent to it (ms). */
async function idleCpuPerSecond(): Promise<number[]> {
  const before = await Promise.all(servers.map((s) => s.cpu()));
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = await Promise.all(servers.map((s) => s.cpu()));
  const seconds = (performance.now() - started) / 1000;
  return servers.map(
    (_s, i) =>
      cpuMs({ user: after[i]!.user - before[i]!.user, system: after[i]!.system - before[i]!.system }) / seconds,
  );
}

const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

function line(title: string, f: Figures): number {
  const cpuUs = ((f.cpuMs - f.idleMs) * 1000) / Math.max(1, f.responses);
  const idleUs = (f.idleMs * 1000) / Math.max(1, f.responses);
  console.log(
    `    ${title.padEnd(12)} CPU ${cpuUs.toFixed(0).padStart(5)} µs/request (+${idleUs.toFixed(0)} idle; ` +
      `${((f.systemMs * 1000) / Math.max(1, f.responses)).toFixed(0)} in the kernel)  ` +
      `p50 ${quantile(f.latencies, 50).toFixed(2)} ms  p99 ${quantile(f.latencies, 99).toFixed(2)} ms  errors ${f.errors}`,
  );
  return cpuUs;
}

/** What one call start asks of the tracing-off port (OB-1's calls only; metrics are OB-2's), timed alone. */
function tracingOffPortCost(): number {
  const telemetry = new AgentTelemetry(NO_TRACING, new Metrics());
  const skills = Array.from({ length: SKILLS_PER_AGENT }, (_, i) => ({
    name: `skill-${i}`,
    version: 1,
    id: "v",
    pinned: false,
  }));
  const runs = 200_000;
  const once = () =>
    telemetry.invokeAgent(null, async (span) => {
      span.agent("agent", "id");
      span.conversation("call");
      if (telemetry.tracing.enabled) span.set({ skills: skills.map((s) => s.name) });
      return 1;
    });
  for (let i = 0; i < 20_000; i++) void once();
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) void once();
  return Number(process.hrtime.bigint() - started) / runs;
}

export async function run(): Promise<void> {
  const scratch = await createScratchPostgres(BASE_URL);
  const upstream = await sink(() => ({ type: "application/json", body: COMPLETION }));
  const otlp = await sink(() => ({ type: "application/x-protobuf", body: "" }));
  try {
    for (const variant of ["off", "on"] as const)
      servers.push(await startServer(variant, SQLITE_MEMORY ? "" : scratch.url, upstream.url, otlp.url));
    console.log(`  ${SKILLS} skills, ${AGENTS} agents of ${SKILLS_PER_AGENT} skills on each server`);
    const rise = new Map<string, number>();
    const workloads: Array<[string, string, (r: Ready, i: number) => string]> = [
      [
        "startCall",
        "/graphql",
        (r, i) =>
          JSON.stringify({
            query: START_CALL,
            variables: { input: { agentId: r.agentIds[i % r.agentIds.length], variables: CALL_VARIABLES } },
          }),
      ],
      ...(process.env.BENCH_AB
        ? ([
            [
              "loadSkill",
              "/graphql",
              (r, i) => {
                const calls = r.loadCalls!;
                const call = calls[i % calls.length]!;
                const name = call.names[Math.floor(i / calls.length) % call.names.length]!;
                return JSON.stringify({ query: LOAD_SKILL, variables: { callId: call.id, name } });
              },
            ],
            [
              "startCall (uncached)",
              "/graphql",
              (r, i) =>
                JSON.stringify({
                  query: START_CALL,
                  variables: { input: { agentId: r.agentIds[i % r.agentIds.length], variables: CALL_VARIABLES } },
                }),
            ],
          ] satisfies Array<[string, string, (r: Ready, i: number) => string]>)
        : []),
      [
        "gateway turn",
        "/v1/chat/completions",
        (r) => JSON.stringify({ model: r.gatewayModel, messages: [{ role: "user", content: "What is on my bill?" }] }),
      ],
    ];
    const offCpu = new Map<string, number>();
    for (const [title, path, body] of JIT ? workloads.slice(0, 1) : workloads) {
      const uncached = title.includes("uncached");
      if (uncached) servers.forEach((server) => server.child.send({ kind: "uncached", on: true }));
      const figures = await interleaved(title, path, body);
      if (uncached) servers.forEach((server) => server.child.send({ kind: "uncached", on: false }));
      const ab = Boolean(process.env.BENCH_AB);
      const off = line(JIT ? "graphql-js" : ab ? "this build" : "tracing off", figures.get("off")!);
      const on = line(JIT ? "graphql-jit" : ab ? "other build" : "tracing on", figures.get("on")!);
      offCpu.set(title, off);
      rise.set(title, on / off - 1);
    }
    const callRise = rise.get("startCall")!;
    if (JIT) {
      console.log(`  GRAPHQL_JIT: call-start CPU ${callRise >= 0 ? "+" : ""}${(callRise * 100).toFixed(1)} %`);
      return;
    }
    console.log(
      `  tracing on: call-start CPU ${callRise >= 0 ? "+" : ""}${(callRise * 100).toFixed(1)} % (target ≤ +5 %: ${callRise <= 0.05 ? "met" : "NOT met"}), ` +
        `gateway-turn CPU ${(rise.get("gateway turn")! * 100).toFixed(1)} %; ${(otlp.received() / 1024).toFixed(0)} KiB of spans exported`,
    );
    const portNs = tracingOffPortCost();
    const offCpuUs = offCpu.get("startCall")!;
    console.log(
      `  tracing off: the port's calls of one call start take ${portNs.toFixed(0)} ns ` +
        `(${((portNs / 1000 / offCpuUs) * 100).toFixed(3)} % of its ${offCpuUs.toFixed(0)} µs CPU)`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await upstream.close();
    await otlp.close();
    await scratch.drop();
  }
}

if (require.main === module && process.argv[2] === SERVER_FLAG) {
  const [, , , variant, databaseUrl, upstream, otlp] = process.argv;
  serve(variant as Variant, databaseUrl!, upstream!, otlp!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
