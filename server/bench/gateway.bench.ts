/**
 * The gateway's own latency per turn: one conversation turn whose session log holds 20
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
import "./production-mode";
import "reflect-metadata";
import type { App } from "../src/app";
import { abRun, AB_CHILD_FLAG, serveChild } from "./gateway/ab";
import {
  gatewayApp,
  listen,
  MESSAGES,
  percentile,
  post,
  storeConfigs,
  proxyServer,
  timeUpstreamRequests,
  upstreamServer,
} from "./gateway/rig";

const TURNS = Number(process.env.BENCH_TURNS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const STORES = (process.env.BENCH_STORES ?? "memory,file,redis").split(",");

interface Pass {
  title: string;
  wall: number[];
  own: number[];
  /** CPU time of this process per turn (client, proxy, gateway and upstream all run here): less hurt by load. */
  cpu: number[];
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
  const stores = storeConfigs(REDIS_URL);
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
  const main = process.argv[2] === AB_CHILD_FLAG ? serveChild : process.env.BENCH_AB ? abRun : run;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
