/**
 * One build's gateway against another's, in the same run. `BENCH_AB=<other build>/dist/bench/gateway.bench.js
 * node dist/bench/gateway.bench.js`: per session store, three server processes — the bare proxy (this build), this
 * build's gateway ("this") and the other build's ("other") — on the same upstream (here), and one client here that
 * sends one turn at a time, visiting all three in turn (the order alternates), so whatever else the machine does falls
 * on each alike. Each server times its own requests to the upstream (the same way as the in-process bench: from the
 * call to the last byte of the answer) and reports its CPU (process.cpuUsage) around the counted turns; a server's
 * process holds only its own garbage. BENCH_CPU_PROFILE=<dir>: each server writes a CPU profile of the counted turns.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import type { Config } from "../../src/config";
import {
  gatewayApp,
  listen,
  MESSAGES,
  percentile,
  post,
  proxyServer,
  storeConfigs,
  timeUpstreamRequests,
  upstreamServer,
} from "./rig";

export const AB_CHILD_FLAG = "--gateway-ab-server";
const TURNS = Number(process.env.BENCH_TURNS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const STORES = (process.env.BENCH_STORES ?? "memory,file,redis").split(",");
/** The counted turns in this many batches, each server's CPU taken per batch (medians are steadier on a busy box). */
const BATCHES = Math.max(1, Number(process.env.BENCH_BATCHES ?? 1));

interface Ready {
  url: string;
  key: string;
  body: string;
}

type Message = { kind: "measure"; profile: string | null } | { kind: "report" } | { kind: "stop" };

/** A server process: `proxy`, or a gateway on the store given as JSON (what the parent's `storeConfigs` says). */
export async function serveChild(): Promise<void> {
  const [, , , kind, upstream, storeJson] = process.argv;
  const waits: number[] = [];
  const timer = timeUpstreamRequests(upstream!, (ms) => waits.push(ms));
  let ready: Ready;
  let close: () => Promise<void>;
  const body = { model: "bench", messages: MESSAGES };
  if (kind === "proxy") {
    const server = proxyServer(upstream!);
    ready = { url: `${await listen(server)}/v1/chat/completions`, key: "none", body: JSON.stringify(body) };
    close = async () => void server.close();
  } else {
    const setup = await gatewayApp(upstream!, JSON.parse(storeJson!) as Partial<Config>);
    const turn = { ...body, model: "bench-agent", metadata: { chat_session_id: setup.session } };
    ready = { url: `${setup.url}/v1/chat/completions`, key: setup.key, body: JSON.stringify(turn) };
    close = () => setup.app.close();
  }
  let cpu = process.cpuUsage();
  let profiler: { session: Session; file: string } | null = null;
  process.on("message", (message: Message) => {
    void (async () => {
      if (message.kind === "measure") {
        if (message.profile) profiler = { session: await startProfile(), file: message.profile };
        waits.length = 0;
        cpu = process.cpuUsage();
        process.send!({ kind: "measuring" });
      } else if (message.kind === "report") {
        const used = process.cpuUsage(cpu);
        if (profiler) await stopProfile(profiler.session, profiler.file);
        process.send!({ kind: "report", cpuMs: (used.user + used.system) / 1000, waits });
      } else {
        await close();
        timer.restore();
        process.exit(0);
      }
    })();
  });
  process.send!({ kind: "ready", ...ready });
}

async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((ok, fail) => session.post(method, params, (e, r) => (e ? fail(e) : ok(r))));
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  return session;
}

async function stopProfile(session: Session, file: string): Promise<void> {
  const { profile } = await new Promise<{ profile: unknown }>((ok, fail) =>
    session.post("Profiler.stop", (e, r) => (e ? fail(e) : ok(r as { profile: unknown }))),
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}

interface Server {
  title: string;
  ready: Ready;
  child: ChildProcess;
  ask<T>(message: Message, answer: string): Promise<T>;
}

async function startServer(title: string, script: string, args: string[]): Promise<Server> {
  const child = fork(script, [AB_CHILD_FLAG, ...args], { execArgv: [] });
  const ask = <T>(message: Message | null, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { kind: string }) => {
        if (m.kind !== answer) return;
        child.off("message", onMessage);
        resolve(m as T);
      };
      child.on("message", onMessage);
      child.once("exit", (code) => reject(new Error(`${title}: the server exited with ${code}`)));
      if (message) child.send(message);
    });
  const ready = await ask<Ready>(null, "ready");
  return { title, ready, child, ask };
}

interface Figures {
  title: string;
  own: number[];
  cpuMs: number;
  /** CPU per turn of each batch. */
  batchCpuMs: number[];
}

/** Warm-up, then the counted turns, one at a time, each round visiting every server (order alternating). */
async function interleave(servers: Server[]): Promise<Figures[]> {
  const walls = servers.map((): number[] => []);
  const round = async (i: number, count: boolean) => {
    const order = servers.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const { url, key, body } = servers[k]!.ready;
      const started = performance.now();
      const { status, text } = await post(url, key, body);
      if (status !== 200) throw new Error(`${servers[k]!.title}: HTTP ${status} ${text.slice(0, 300)}`);
      if (count) walls[k]!.push(performance.now() - started);
    }
  };
  for (let i = 0; i < WARMUP; i++) await round(i, false);
  const profiles = process.env.BENCH_CPU_PROFILE;
  const perBatch = Math.ceil(TURNS / BATCHES);
  const waits = servers.map((): number[] => []);
  const cpu = servers.map((): number[] => []);
  for (let done = 0; done < TURNS; done += perBatch) {
    const count = Math.min(perBatch, TURNS - done);
    await Promise.all(
      servers.map((s) =>
        s.ask(
          {
            kind: "measure",
            profile:
              profiles && done === 0 ? path.resolve(profiles, `${s.title.replace(/\W+/g, "-")}.cpuprofile`) : null,
          },
          "measuring",
        ),
      ),
    );
    for (let i = done; i < done + count; i++) await round(i, true);
    const reports = await Promise.all(
      servers.map((s) => s.ask<{ cpuMs: number; waits: number[] }>({ kind: "report" }, "report")),
    );
    reports.forEach((report, k) => {
      if (report.waits.length !== count)
        throw new Error(`${servers[k]!.title}: ${report.waits.length} upstream requests for ${count} turns`);
      waits[k]!.push(...report.waits);
      cpu[k]!.push(report.cpuMs / count);
    });
  }
  return servers.map((s, k) => ({
    title: s.title,
    own: walls[k]!.map((wall, i) => wall - waits[k]![i]!),
    cpuMs: cpu[k]!.reduce((sum, ms) => sum + ms, 0) / cpu[k]!.length,
    batchCpuMs: cpu[k]!,
  }));
}

export async function abRun(): Promise<void> {
  const other = path.resolve(process.env.BENCH_AB!);
  const upstream = upstreamServer();
  const upstreamUrl = await listen(upstream);
  const f = (v: number) => v.toFixed(3);
  console.log(`this build: ${path.join(__dirname, "..", "gateway.bench.js")}; other build: ${other}`);
  console.log(`${TURNS} counted turns per server after ${WARMUP}, interleaved; 20 replayed invocations per turn`);
  console.log("| store | server | own p50 ms | own p99 ms | own above proxy p50 / p99 ms | CPU per turn ms |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  try {
    for (const [title] of storeConfigs(REDIS_URL).filter(([, s]) => STORES.includes(s.sessionStore!))) {
      const name = title.replace(/^gateway \((\w+) store\)$/, "$1");
      const self = path.join(__dirname, "..", "gateway.bench.js");
      const servers: Server[] = [];
      try {
        servers.push(await startServer(`${name} proxy`, self, ["proxy", upstreamUrl]));
        // Each gateway on a store of its own (the file store's directory is new per call).
        const own = () => JSON.stringify(storeConfigs(REDIS_URL).find(([t]) => t === title)![1]);
        servers.push(await startServer(`${name} this`, self, ["gateway", upstreamUrl, own()]));
        servers.push(await startServer(`${name} other`, other, ["gateway", upstreamUrl, own()]));
        const figures = await interleave(servers);
        const proxy = figures[0]!;
        for (const x of figures) {
          const above =
            x === proxy
              ? ""
              : `${f(percentile(x.own, 50) - percentile(proxy.own, 50))} / ${f(percentile(x.own, 99) - percentile(proxy.own, 99))}`;
          console.log(
            `| ${name} | ${x.title.split(" ")[1]} | ${f(percentile(x.own, 50))} | ${f(percentile(x.own, 99))} | ${above} | ${f(x.cpuMs)} |`,
          );
        }
        const [, mine, theirs] = figures;
        console.log(
          `${name}: this build's CPU per turn ${((mine!.cpuMs / theirs!.cpuMs - 1) * 100).toFixed(1)} % against the other's; above the proxy's ${f(mine!.cpuMs - proxy.cpuMs)} vs ${f(theirs!.cpuMs - proxy.cpuMs)} ms`,
        );
        if (BATCHES > 1) {
          const median = (values: number[]) => percentile(values, 50);
          const ratios = mine!.batchCpuMs.map((ms, b) => ms / theirs!.batchCpuMs[b]! - 1);
          const aboveRatios = mine!.batchCpuMs.map(
            (ms, b) => (ms - proxy.batchCpuMs[b]!) / (theirs!.batchCpuMs[b]! - proxy.batchCpuMs[b]!) - 1,
          );
          console.log(
            `${name}, ${mine!.batchCpuMs.length} batches: median CPU per turn proxy ${f(median(proxy.batchCpuMs))}, this ${f(median(mine!.batchCpuMs))}, other ${f(median(theirs!.batchCpuMs))} ms; median of the batches' this/other ${(median(ratios) * 100).toFixed(1)} %, above the proxy ${(median(aboveRatios) * 100).toFixed(1)} %`,
          );
        }
      } finally {
        for (const s of servers) {
          s.child.removeAllListeners("exit");
          s.child.send({ kind: "stop" });
        }
      }
    }
  } finally {
    upstream.close();
  }
}
