/**
 * The call runtime bench's load generator: autocannon or an open-loop pacer, run in a child process (this file, forked
 * with --loadgen) so it does not share the server's event loop; latencies are taken per response, to the microsecond.
 */
import { fork } from "node:child_process";
import http from "node:http";
import autocannon from "autocannon";

const LOADGEN_FLAG = "--loadgen";

export interface LoadSpec {
  title: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration: number;
  amount?: number;
  /** autocannon's rate limit: each connection sends its share of a second back to back, then waits for the next. */
  overallRate?: number;
  /**
   * Open loop instead of autocannon: one request every 1/rate s, whatever is still in flight (up to `connections`
   * sockets); latency counts from the planned send time, so time queued behind a slow server counts too.
   */
  pacedRate?: number;
  /** Request bodies, picked at random or in order. */
  bodies?: { list: string[]; order: "random" | "sequence" };
  /** loadSkill bodies: request i loads name ⌊i / calls⌋ mod n of call i mod calls, so every load is a new one. */
  loadCycle?: { query: string; calls: Array<{ id: string; names: string[] }>; start: number };
  /** Counted in response bodies (e.g. '"status":"LOADED"'). */
  expect?: string;
  /** Send every latency back (to merge alternated rounds of one pass). */
  keepLatencies?: boolean;
}

export interface LoadOutcome {
  title: string;
  connections: number;
  overallRate: number | null;
  pacedRate: number | null;
  responses: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  socketErrors: number;
  graphqlErrors: number;
  firstError: string | null;
  expected: number;
  /** The next request index (a later loadSkill pass continues the cycle). */
  next: number;
  /** CPU time the load generator itself used (user + system). */
  loaderCpuMs: number;
  /** Every 2xx latency, sorted (only when asked for). */
  latencies?: number[];
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function bodyFactory(spec: LoadSpec): (i: number) => string {
  if (spec.loadCycle) {
    const { query, calls } = spec.loadCycle;
    return (i) => {
      const call = calls[i % calls.length]!;
      const name = call.names[Math.floor(i / calls.length) % call.names.length]!;
      return JSON.stringify({ query, variables: { callId: call.id, name } });
    };
  } else if (spec.bodies) {
    const { list, order } = spec.bodies;
    return order === "random" ? () => list[Math.floor(Math.random() * list.length)]! : (i) => list[i % list.length]!;
  }
  throw new Error("a load spec needs bodies or a loadCycle");
}

/** Latencies and body checks of one pass, in the load generator. */
class Recorder {
  private latencies = new Float64Array(1 << 16);
  count = 0;
  graphqlErrors = 0;
  expected = 0;
  firstError: string | null = null;
  private readonly cpuBefore = process.cpuUsage();

  constructor(private readonly expect: string | undefined) {}

  body(status: number, body: string): void {
    if (status === 200 && body.includes('"errors"')) {
      this.graphqlErrors++;
      this.firstError ??= body.slice(0, 500);
    } else if (status !== 200) this.firstError ??= `HTTP ${status}: ${body.slice(0, 500)}`;
    if (this.expect && body.includes(this.expect)) this.expected++;
  }

  latency(status: number, ms: number): void {
    if (status !== 200) return;
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = ms;
  }

  outcome(
    spec: LoadSpec,
    figures: { seconds: number; non2xx: number; socketErrors: number; next: number },
  ): LoadOutcome {
    const sorted = this.latencies.subarray(0, this.count).sort();
    return {
      title: spec.title,
      connections: spec.connections,
      overallRate: spec.overallRate ?? null,
      pacedRate: spec.pacedRate ?? null,
      responses: this.count,
      rps: this.count / figures.seconds,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
      graphqlErrors: this.graphqlErrors,
      firstError: this.firstError,
      expected: this.expected,
      loaderCpuMs: cpuMs(process.cpuUsage(this.cpuBefore)),
      ...(spec.keepLatencies ? { latencies: [...sorted].map((ms) => Math.round(ms * 1000) / 1000) } : {}),
      ...figures,
    };
  }
}

function generateLoad(spec: LoadSpec): Promise<LoadOutcome> {
  return spec.pacedRate ? pacedLoad(spec, spec.pacedRate) : autocannonLoad(spec);
}

/** Open loop: a request every 1/rate s for `duration` s, each timed from when it was due. */
function pacedLoad(spec: LoadSpec, rate: number): Promise<LoadOutcome> {
  const bodyFor = bodyFactory(spec);
  const recorder = new Recorder(spec.expect);
  const target = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const total = Math.round(rate * spec.duration);
  const first = spec.loadCycle?.start ?? 0;
  let non2xx = 0;
  let socketErrors = 0;
  let finished = 0;
  let sent = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const done = () => {
      if (++finished < total) return;
      agent.destroy();
      const seconds = (performance.now() - started) / 1000;
      resolve(recorder.outcome(spec, { seconds, non2xx, socketErrors, next: first + total }));
    };
    const send = (index: number, due: number) => {
      const body = bodyFor(first + index);
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          agent,
          headers: { ...spec.headers, "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) non2xx++;
            recorder.latency(status, performance.now() - due);
            recorder.body(status, Buffer.concat(chunks).toString("utf8"));
            done();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error("timed out")));
      request.on("error", () => {
        socketErrors++;
        done();
      });
      request.end(body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      for (; sent < due; sent++) send(sent, started + (sent * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}

async function autocannonLoad(spec: LoadSpec): Promise<LoadOutcome> {
  let next = spec.loadCycle?.start ?? 0;
  const bodyFor = bodyFactory(spec);
  const recorder = new Recorder(spec.expect);

  const options: autocannon.Options = {
    url: spec.url,
    method: "POST",
    headers: spec.headers,
    connections: spec.connections,
    duration: spec.duration,
    amount: spec.amount,
    overallRate: spec.overallRate,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: bodyFor(next++) }),
        onResponse: (status, body) => recorder.body(status, body),
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, statusCode, _bytes, responseTime) => recorder.latency(statusCode, responseTime));
  });
  return recorder.outcome(spec, {
    seconds: result.duration,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    next,
  });
}

export const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Runs one pass in a child process (bounded: killed if it has not answered 60 s after its planned end). */
export function loadFromChild(spec: LoadSpec): Promise<LoadOutcome> {
  const child = fork(__filename, [LOADGEN_FLAG], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const limitMs = (spec.amount ? 120 : spec.duration + 60) * 1000;
  return new Promise<LoadOutcome>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`load generator for '${spec.title}' did not finish within ${limitMs / 1000} s`));
    }, limitMs);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(message as LoadOutcome);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`load generator for '${spec.title}' exited with ${code}`));
    });
    child.send(spec);
  });
}

function loadgenChild(): void {
  process.once("message", (spec: LoadSpec) => {
    generateLoad(spec).then(
      (outcome) => process.send!(outcome, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

if (require.main === module && process.argv.includes(LOADGEN_FLAG)) loadgenChild();
