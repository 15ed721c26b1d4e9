/**
 * OB-1's cost (issue 20, "Done when"): call start (GraphQL startCall) and a gateway turn (POST /v1/chat/completions,
 * one upstream round) on two servers over the same PostgreSQL database — tracing off (no OTLP endpoint: the no-op
 * port) and tracing on (OTLP http/protobuf to a sink that answers at once, the default batch processor, every span
 * sampled) — alternated round by round in the same run. Each server runs in a process of its own (tracing on installs
 * an AsyncLocalStorage context manager for its whole process, so sharing one would make "off" pay for "on"); the
 * load generator (autocannon) is a third; the OTLP sink and the model upstream run here. Reported per pass: the
 * server's CPU time per request (from process.cpuUsage in the server), throughput and latency. Target: tracing on
 * raises call-start CPU by at most 5 %. Also: what the tracing-off port calls of one call start cost, timed alone.
 *   npm run bench observability   |   cd server && node dist/bench/observability.bench.js
 * Knobs: BENCH_DURATION (seconds per pass, default 5), BENCH_ROUNDS (alternations, default 3), BENCH_CONNECTIONS
 * (default 4), TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
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
import { cpuMs, loadFromChild, type LoadOutcome } from "./call-runtime/load";
import { CALL_VARIABLES, START_CALL } from "./call-runtime/operations";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
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

async function serve(variant: Variant, databaseUrl: string, upstream: string, otlp: string): Promise<void> {
  const db = await Database.open({ url: databaseUrl, entities, poolSize: 10 });
  const tracing =
    variant === "on"
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
  const ready: Ready = { kind: "ready", url, key: adminKey, agentIds, gatewayModel: "agent-0" };
  process.on("message", (message: { kind: string }) => {
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
  const child = fork(__filename, [SERVER_FLAG, variant, databaseUrl, upstream, otlp], { execArgv });
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
  seconds: number;
  cpuMs: number;
  latencies: number[];
  errors: number;
}

const EMPTY = (): Figures => ({ responses: 0, seconds: 0, cpuMs: 0, latencies: [], errors: 0 });

async function pass(server: Server, title: string, url: string, body: (r: Ready) => string[]): Promise<Figures> {
  const before = await server.cpu();
  const outcome: LoadOutcome = await loadFromChild({
    title,
    url,
    headers: { "content-type": "application/json", authorization: `Bearer ${server.ready.key}` },
    connections: CONNECTIONS,
    duration: DURATION,
    bodies: { list: body(server.ready), order: "random" },
    keepLatencies: true,
  });
  const after = await server.cpu();
  return {
    responses: outcome.responses,
    seconds: outcome.seconds,
    cpuMs: cpuMs({ user: after.user - before.user, system: after.system - before.system }),
    latencies: outcome.latencies ?? [],
    errors: outcome.non2xx + outcome.graphqlErrors + outcome.socketErrors,
  };
}

function merge(into: Figures, more: Figures): void {
  into.responses += more.responses;
  into.seconds += more.seconds;
  into.cpuMs += more.cpuMs;
  into.latencies.push(...more.latencies);
  into.errors += more.errors;
}

const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

function line(title: string, f: Figures): { cpuUs: number } {
  const cpuUs = (f.cpuMs * 1000) / Math.max(1, f.responses);
  console.log(
    `  ${title.padEnd(28)} ${String(f.responses).padStart(7)} req  ${(f.responses / f.seconds).toFixed(0).padStart(5)} req/s  ` +
      `CPU ${cpuUs.toFixed(0).padStart(5)} µs/req  p50 ${quantile(f.latencies, 50).toFixed(2)} ms  ` +
      `p99 ${quantile(f.latencies, 99).toFixed(2)} ms  errors ${f.errors}`,
  );
  return { cpuUs };
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
  const servers: Server[] = [];
  try {
    for (const variant of ["off", "on"] as const)
      servers.push(await startServer(variant, scratch.url, upstream.url, otlp.url));
    console.log(
      `  ${SKILLS} skills, ${AGENTS} agents of ${SKILLS_PER_AGENT} skills per server; ${ROUNDS} rounds × ${DURATION} s per pass, ${CONNECTIONS} connections`,
    );
    const callStart = (r: Ready) =>
      r.agentIds.map((agentId) =>
        JSON.stringify({ query: START_CALL, variables: { input: { agentId, variables: CALL_VARIABLES } } }),
      );
    const turn = (r: Ready) => [
      JSON.stringify({ model: r.gatewayModel, messages: [{ role: "user", content: "What is on my bill?" }] }),
    ];
    const figures = new Map<string, Figures>();
    const add = (key: string, f: Figures) => merge(figures.get(key) ?? figures.set(key, EMPTY()).get(key)!, f);
    // Warm-up: one short pass of each on each server (JIT, pools, caches).
    for (const server of servers) {
      await loadFromChild({
        title: "warm-up",
        url: `${server.ready.url}/graphql`,
        headers: { "content-type": "application/json", authorization: `Bearer ${server.ready.key}` },
        connections: CONNECTIONS,
        duration: 2,
        bodies: { list: callStart(server.ready), order: "random" },
      });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        add(
          `startCall, tracing ${server.variant}`,
          await pass(server, "startCall", `${server.ready.url}/graphql`, callStart),
        );
        add(
          `gateway turn, tracing ${server.variant}`,
          await pass(server, "gateway turn", `${server.ready.url}/v1/chat/completions`, turn),
        );
      }
    }
    const results = new Map([...figures].map(([title, f]) => [title, line(title, f)]));
    const rise = (what: string) =>
      results.get(`${what}, tracing on`)!.cpuUs / results.get(`${what}, tracing off`)!.cpuUs - 1;
    const callRise = rise("startCall");
    console.log(
      `  tracing on: call-start CPU ${callRise >= 0 ? "+" : ""}${(callRise * 100).toFixed(1)} % (target ≤ +5 %: ${callRise <= 0.05 ? "met" : "NOT met"}), ` +
        `gateway-turn CPU ${(rise("gateway turn") * 100).toFixed(1)} %; ${(otlp.received() / 1024).toFixed(0)} KiB of spans exported`,
    );
    const portNs = tracingOffPortCost();
    const offCpuUs = results.get("startCall, tracing off")!.cpuUs;
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
