/**
 * The gateway's own latency per turn (issue 9, "Done when"): one conversation turn whose session log holds 20
 * invocations (10 load_skill + 10 read_skill_file, ~60 KiB replayed and re-read every turn), sent with the same
 * HTTP client, one at a time, next to a pass-through proxy in the same run:
 *   direct   client → upstream                                   (what the upstream alone costs)
 *   proxy    client → bare Node http proxy (parse, forward over node:http, relay) → upstream
 *   gateway  client → POST /v1/chat/completions (auth, agent, skills, replay, tools) → upstream, per session store
 * "Own time" is paired per turn: the client's wall time minus the time spent waiting for the upstream, measured the
 * same way for the proxy and the gateway: around the request that reaches the upstream (from the call to the last
 * byte of its answer), so building, serialising and sending the request, and parsing the answer, count as the
 * proxy's or the gateway's own time. Not a test: it reports.
 *   npm run bench gateway        |   cd server && node dist/bench/gateway.bench.js
 * Knobs: BENCH_TURNS (per pass, default 2000), BENCH_WARMUP (default 200), BENCH_STORES (default memory,file,redis:
 * the gateway passes to run), REDIS_URL (default redis://127.0.0.1:6379; the redis pass is skipped when it does not
 * answer).
 */
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { App } from "../src/app";
import type { Config } from "../src/config";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { startInstance } from "./call-runtime/instance";

const TURNS = Number(process.env.BENCH_TURNS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const STORES = (process.env.BENCH_STORES ?? "memory,file,redis").split(",");
const SKILLS = 10;
/**
 * The benchmark's own client: node:http over kept-alive connections, the same for every pass. (Undici's fetch makes
 * the process's young-generation collections several times slower, which would fall on every pass's tail.)
 */
const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Taken before the upstream's requests are timed (the client's own requests are never counted as upstream time). */
const clientRequest = http.request;

function post(url: string, key: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = clientRequest(
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
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const COMPLETION = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 0,
  model: "bench",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "Fine.", refusal: null },
      finish_reason: "stop",
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });
}

/**
 * The upstream: reads the request to its end and answers a fixed completion. It runs in this process, so it reads
 * without keeping what it reads: a real upstream's garbage is collected in its own process, not in the gateway's.
 */
function upstreamServer(): http.Server {
  return http.createServer((req, res) => {
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(COMPLETION);
    });
    req.resume();
  });
}

/**
 * The baseline: parse the JSON body, forward it unchanged over a kept-alive connection, relay the answer (node:http
 * both ways, as lean as a proxy gets; `http.request` is looked up per call, so the upstream timer sees it).
 */
function proxyServer(upstream: string): http.Server {
  const agent = new http.Agent({ keepAlive: true });
  return http.createServer((req, res) => {
    void (async () => {
      const body = JSON.stringify(JSON.parse(await readBody(req)) as unknown);
      const outgoing = http.request(`${upstream}/v1/chat/completions`, {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: req.headers.authorization ?? "",
        },
      });
      outgoing.on("response", (answer: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          res.writeHead(answer.statusCode ?? 502, { "content-type": "application/json" });
          res.end(Buffer.concat(chunks));
        });
      });
      outgoing.end(body);
    })();
  });
}

/**
 * Times every request to the upstream, from the call to the last byte of its answer: the proxy's and the gateway's
 * alike (the gateway's `openai` client fetches through SEC-13's `pinnedFetch`, which sends over `http.request`).
 * Requests are sequential: `waited()` answers the time summed since it was last asked.
 */
function timeUpstreamRequests(upstream: string): { waited: () => number; restore: () => void } {
  const originalRequest = http.request;
  const port = new URL(upstream).port;
  let waited = 0;
  const toUpstream = (target: unknown) =>
    (target instanceof URL && target.port === port) ||
    (typeof target === "string" && target.startsWith(upstream)) ||
    (typeof target === "object" && target !== null && String((target as { port?: unknown }).port) === port);
  http.request = function timedRequest(this: unknown, ...args: Parameters<typeof http.request>) {
    const outgoing = (originalRequest as (...a: unknown[]) => http.ClientRequest).apply(this, args);
    if (!toUpstream(args[0])) return outgoing;
    const started = performance.now();
    outgoing.on("response", (incoming: http.IncomingMessage) =>
      incoming.on("end", () => (waited += performance.now() - started)),
    );
    return outgoing;
  } as typeof http.request;
  const take = () => {
    const total = waited;
    waited = 0;
    return total;
  };
  return { waited: take, restore: () => (http.request = originalRequest) };
}

interface Pass {
  title: string;
  wall: number[];
  own: number[];
  /** CPU time of this process per turn (client, proxy, gateway and upstream all run here): less hurt by load. */
  cpu: number[];
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface Target {
  title: string;
  url: string;
  key: string;
  body: string;
  /** How long the request just sent waited for the upstream (asked once per request). */
  waited: () => number;
}

/**
 * Sends WARMUP + TURNS rounds, one request at a time; each round visits every target once, so load from outside the
 * benchmark (a shared machine) falls on all passes alike.
 */
async function drive(targets: readonly Target[]): Promise<Pass[]> {
  const passes = targets.map((t): Pass => ({ title: t.title, wall: [], own: [], cpu: [] }));
  for (let i = 0; i < WARMUP + TURNS; i++) {
    for (const [index, target] of targets.entries()) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const { status, text } = await post(target.url, target.key, target.body);
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const waited = target.waited();
      if (status !== 200) throw new Error(`${target.title}: HTTP ${status} ${text.slice(0, 300)}`);
      if (i < WARMUP) continue;
      passes[index]!.wall.push(wall);
      passes[index]!.own.push(wall - waited);
      passes[index]!.cpu.push((used.user + used.system) / 1000);
    }
  }
  return passes;
}

/** An app on the given session store with one agent of 10 skills and a session whose log holds 20 invocations. */
async function gatewayApp(upstream: string, store: Partial<Config>) {
  const db = await Database.open({ url: undefined, sqlitePath: ":memory:", entities });
  const {
    app,
    gql,
    graphqlUrl,
    projectId,
    adminKey: key,
  } = await startInstance(db, {
    outboundAllowHosts: ["127.0.0.1"],
    modelBaseUrl: `${upstream}/v1`,
    modelName: "bench",
    ...store,
  });
  const names: string[] = [];
  for (let i = 0; i < SKILLS; i++) {
    const name = `skill-${String(i).padStart(2, "0")}`;
    names.push(name);
    const md = `---\nname: ${name}\ndescription: Use for task ${i}.\n---\n${`Step ${i} of the procedure. `.repeat(80)}`;
    const v = await gql<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      {
        input: {
          skillMd: md,
          files: [
            { path: "references/guide.md", contentBase64: Buffer.from("Guide line.\n".repeat(350)).toString("base64") },
          ],
        },
      },
      key,
    );
    await gql(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: v.createSkillVersion.id }, key);
  }
  const agent = await gql<{ saveAgent: { id: string } }>(
    `mutation($input: AgentInput!) { saveAgent(input: $input) { id } }`,
    { input: { name: "bench-agent", prompt: "You are a benchmark.", skills: names.map((name) => ({ name })) } },
    key,
  );
  await gql(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: agent.saveAgent.id }, key);
  const session = `bench-${randomBytes(6).toString("hex")}`;
  const logKey = { projectId, sessionId: session, agent: "bench-agent" };
  for (const [i, name] of names.entries()) {
    await app.sessionStore.record(logKey, { tool: "load_skill", arguments: { name }, userMessageIndex: 1 + (i % 3) });
    await app.sessionStore.record(logKey, {
      tool: "read_skill_file",
      arguments: { skill: name, path: "references/guide.md" },
      userMessageIndex: 1 + (i % 3),
    });
  }
  return { app, url: graphqlUrl.replace(/\/graphql$/, ""), key, session };
}

const MESSAGES = [
  { role: "user", content: "First question." },
  { role: "assistant", content: "First answer." },
  { role: "user", content: "Second question." },
  { role: "assistant", content: "Second answer." },
  { role: "user", content: "Third question." },
];

export async function run(): Promise<Pass[]> {
  const upstream = upstreamServer();
  const upstreamUrl = await listen(upstream);
  const upstreamFetches = timeUpstreamRequests(upstreamUrl);
  const proxy = proxyServer(upstreamUrl);
  const proxyUrl = await listen(proxy);
  const body = { model: "bench", messages: MESSAGES };
  const targets: Target[] = [
    {
      title: "direct",
      url: `${upstreamUrl}/v1/chat/completions`,
      key: "none",
      body: JSON.stringify(body),
      waited: () => 0,
    },
    {
      title: "proxy",
      url: `${proxyUrl}/v1/chat/completions`,
      key: "none",
      body: JSON.stringify(body),
      waited: upstreamFetches.waited,
    },
  ];
  const stores: Array<[string, Partial<Config>]> = [
    ["gateway (memory store)", { sessionStore: "memory" }],
    [
      "gateway (file store)",
      {
        sessionStore: "file",
        sessionStorePath: path.join(os.tmpdir(), `sg-bench-sessions-${randomBytes(4).toString("hex")}`),
      },
    ],
    ["gateway (redis store)", { sessionStore: "redis", redisUrl: REDIS_URL }],
  ];
  const apps: App[] = [];
  for (const [title, store] of stores.filter(([, s]) => STORES.includes(s.sessionStore!))) {
    try {
      const setup = await gatewayApp(upstreamUrl, store);
      apps.push(setup.app);
      const turn = { ...body, model: "bench-agent", metadata: { chat_session_id: setup.session } };
      targets.push({
        title,
        url: `${setup.url}/v1/chat/completions`,
        key: setup.key,
        body: JSON.stringify(turn),
        waited: upstreamFetches.waited,
      });
    } catch (error) {
      console.log(`${title}: skipped (${(error as Error).message})`);
    }
  }
  let passes: Pass[];
  try {
    passes = await drive(targets);
  } finally {
    for (const app of apps) await app.close();
    upstreamFetches.restore();
  }
  upstream.close();
  proxy.close();
  console.log(
    `${TURNS} turns per pass after ${WARMUP} warm-up turns, one at a time; 20 replayed invocations per gateway turn`,
  );
  console.log("| pass | wall p50 ms | wall p99 ms | own p50 ms | own p99 ms | CPU p50 ms | CPU mean ms |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  const f = (v: number) => v.toFixed(2);
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  for (const p of passes) {
    console.log(
      `| ${p.title} | ${f(percentile(p.wall, 50))} | ${f(percentile(p.wall, 99))} | ${f(percentile(p.own, 50))} | ${f(percentile(p.own, 99))} | ${f(percentile(p.cpu, 50))} | ${f(mean(p.cpu))} |`,
    );
  }
  const proxyPass = passes.find((p) => p.title === "proxy")!;
  for (const p of passes.filter((x) => x.title.startsWith("gateway"))) {
    console.log(
      `${p.title}: own time above the proxy's: p50 ${f(percentile(p.own, 50) - percentile(proxyPass.own, 50))} ms, p99 ${f(percentile(p.own, 99) - percentile(proxyPass.own, 99))} ms; CPU above the proxy's: p50 ${f(percentile(p.cpu, 50) - percentile(proxyPass.cpu, 50))} ms, mean ${f(mean(p.cpu) - mean(proxyPass.cpu))} ms`,
    );
  }
  return passes;
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
