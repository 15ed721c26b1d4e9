import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * OB-2: what `GET /metrics` shows, one registry per app (each instance serves its own). Every name starts
 * `skillgraph_`; label values are bounded (SEC-28): model and operation names are kept up to a limit each, past which
 * they count as "other"; skill and tool names (one project's data, shown to whoever scrapes every project's figures)
 * and ids are never labels — per-skill figures are the project-scoped insights API's. On the hot paths a count is
 * one increment of a labelled child kept after its first use.
 */

/** Label values past a metric's limit count here. */
export const OTHER = "other";

/** The values one label has shown, up to `max`; a new value past it is OTHER (a label set stays bounded). */
class BoundedValues {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return OTHER;
    this.seen.add(value);
    return value;
  }
}

/** A metric's labelled children by their joined label values: `labels(…)` hashes its arguments on every call. */
class Children<T> {
  private readonly byKey = new Map<string, T>();
  constructor(private readonly make: (...values: string[]) => T) {}

  of(...values: string[]): T {
    const key = values.join("\u0000");
    let child = this.byKey.get(key);
    if (!child) {
      child = this.make(...values);
      this.byKey.set(key, child);
    }
    return child;
  }
}

/** A counter's increment for one label set, as a plain number until prom-client reads it (`Tallied`). */
class Tally {
  n = 0;
  constructor(readonly labels: readonly string[]) {}
  inc(by = 1): void {
    this.n += by;
  }
}

/**
 * A labelled counter counted in plain numbers and handed to prom-client when it is read (its `collect`, which every
 * scrape and `get()` runs): a child's `inc` in prom-client hashes its label object and checks it on every call, and a
 * call start counts once per skill it resolved.
 */
function tallied(name: string, help: string, labelNames: string[], registers: Registry[]): Children<Tally> {
  const tallies: Tally[] = [];
  new Counter({
    name,
    help,
    labelNames,
    registers,
    collect() {
      for (const tally of tallies) {
        if (tally.n === 0) continue;
        this.labels(...tally.labels).inc(tally.n);
        tally.n = 0;
      }
    },
  });
  return new Children((...values: string[]) => {
    const tally = new Tally(values);
    tallies.push(tally);
    return tally;
  });
}

const SECONDS_FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_UPSTREAM = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

/** A gauge read when scraped (a queue's depth, the database pool), from a source the composition root hands in. */
export interface ScrapedGauge {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Values by their label values (in `labelNames` order); an empty key for a gauge without labels. */
  read(): Promise<Array<{ labels: readonly string[]; value: number }>>;
}

const processRegistry = new Registry();
let processMetricsCollected = false;

/**
 * The process's own metrics (event-loop lag, CPU, memory, GC, handles), `skillgraph_`-prefixed: collected once per
 * process (Node's monitors are per process, and several apps may share one in tests and benches).
 */
function processMetrics(): Registry {
  if (!processMetricsCollected) {
    collectDefaultMetrics({ register: processRegistry, prefix: "skillgraph_" });
    processMetricsCollected = true;
  }
  return processRegistry;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly operations = new BoundedValues(500);
  private readonly models = new BoundedValues(100);

  private readonly http: Children<Histogram.Internal<string>>;
  private readonly graphql: Children<Histogram.Internal<string>>;
  private readonly starts: Children<Tally>;
  private readonly skillStarts: Children<Tally>;
  private readonly rolloutArmStarts: Children<Counter.Internal>;
  private readonly loads: Children<Counter.Internal>;
  private readonly evictions: Children<Counter.Internal>;
  private readonly toolRuns: Children<Counter.Internal>;
  private readonly toolErrors: Children<Counter.Internal>;
  private readonly gatewayTurns: Children<Counter.Internal>;
  private readonly upstream: Children<Histogram.Internal<string>>;
  private readonly deliveries: Children<Counter.Internal>;
  private readonly embeddings: Children<Counter.Internal>;

  constructor() {
    const registers = [this.registry];
    const histogram = (name: string, help: string, labelNames: string[], buckets: number[]) => {
      const metric = new Histogram({ name, help, labelNames, buckets, registers });
      return new Children((...values: string[]) => metric.labels(...values));
    };
    const counter = (name: string, help: string, labelNames: string[]) => {
      const metric = new Counter({ name, help, labelNames, registers });
      return new Children((...values: string[]) => metric.labels(...values));
    };
    this.http = histogram(
      "skillgraph_http_request_duration_seconds",
      "HTTP requests by route, method and status, from the first byte read to the last written.",
      ["route", "method", "status"],
      SECONDS_FAST,
    );
    this.graphql = histogram(
      "skillgraph_graphql_request_duration_seconds",
      "GraphQL operations by name and type; outcome is ok, or error when the answer carried errors.",
      ["operation", "type", "outcome"],
      SECONDS_FAST,
    );
    this.starts = tallied(
      "skillgraph_call_starts_total",
      "Calls started (kind call) and chat sessions started (kind chat).",
      ["kind"],
      registers,
    );
    this.skillStarts = tallied(
      "skillgraph_skill_starts_total",
      "Skills resolved by call and chat session starts (one per skill of each start).",
      [],
      registers,
    );
    this.rolloutArmStarts = counter(
      "skillgraph_rollout_arm_starts_total",
      "Skills resolved under a staged rollout by call and chat session starts, by arm (live or candidate).",
      ["arm"],
    );
    this.loads = counter("skillgraph_skill_loads_total", "Skill loads (calls, chat sessions, the gateway).", []);
    this.evictions = counter(
      "skillgraph_skill_evictions_total",
      "Skills unloaded because a load went past the agent's maxLoadedSkills.",
      [],
    );
    this.toolRuns = counter(
      "skillgraph_tool_runs_total",
      "Tool runs by origin: skill (a skill's tool) or agent (the agent's own and built-in tools).",
      ["origin"],
    );
    this.toolErrors = counter(
      "skillgraph_tool_errors_total",
      "Tool runs that failed (an error, a timeout or a refused URL), by origin.",
      ["origin"],
    );
    this.gatewayTurns = counter(
      "skillgraph_gateway_turns_total",
      "Turns of the OpenAI-compatible gateway (/v1/chat/completions); outcome ok, client_tools or error.",
      ["outcome"],
    );
    this.upstream = histogram(
      "skillgraph_upstream_request_duration_seconds",
      "Requests to model endpoints (the gateway's turns, chat replies, evals) by upstream model and outcome; a stream until its last chunk.",
      ["model", "outcome"],
      SECONDS_UPSTREAM,
    );
    this.deliveries = counter(
      "skillgraph_webhook_deliveries_total",
      "Webhook delivery attempts by result: delivered, retrying (failed, tried again later) or failed (given up).",
      ["status"],
    );
    this.embeddings = counter(
      "skillgraph_embeddings_requests_total",
      "Requests to the embeddings endpoint fused with skill search, by outcome: ok, error or timeout (a failure answers the lexical ranking).",
      ["outcome"],
    );
  }

  /** The text Prometheus scrapes: this app's metrics, then the process's. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const ours = await this.registry.metrics();
    const process = await processMetrics().metrics();
    return { contentType: this.registry.contentType, body: `${ours}\n${process}` };
  }

  /** Registers a gauge whose values are read at each scrape. */
  addScrapedGauge(source: ScrapedGauge): void {
    new Gauge({
      name: source.name,
      help: source.help,
      labelNames: [...(source.labelNames ?? [])],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await source.read()) {
          if (labels.length === 0) this.set(value);
          else this.labels(...labels).set(value);
        }
      },
    });
  }

  httpRequest(route: string, method: string, status: number, seconds: number): void {
    this.http.of(route, method, String(status)).observe(seconds);
  }

  graphqlRequest(operation: string | null, type: string, failed: boolean, seconds: number): void {
    const name = operation && /^[_A-Za-z][_0-9A-Za-z]{0,63}$/.test(operation) ? this.operations.of(operation) : "";
    this.graphql.of(name, type, failed ? "error" : "ok").observe(seconds);
  }

  started(kind: "call" | "chat", skills: number): void {
    this.starts.of(kind).inc();
    if (skills > 0) this.skillStarts.of().inc(skills);
  }

  /** RO-2: a start that resolved a skill under a rollout; the arm is "live" or "candidate" (two values). */
  rolloutArmStarted(arm: "live" | "candidate"): void {
    this.rolloutArmStarts.of(arm).inc();
  }

  skillLoaded(): void {
    this.loads.of().inc();
  }

  skillsEvicted(count: number): void {
    this.evictions.of().inc(count);
  }

  toolRan(origin: "skill" | "agent", failed: boolean): void {
    this.toolRuns.of(origin).inc();
    if (failed) this.toolErrors.of(origin).inc();
  }

  gatewayTurn(outcome: "ok" | "client_tools" | "error"): void {
    this.gatewayTurns.of(outcome).inc();
  }

  /** CT-2: one request to the embeddings endpoint (EMBEDDINGS_BASE_URL); three outcomes. */
  embeddingsRequest(outcome: "ok" | "error" | "timeout"): void {
    this.embeddings.of(outcome).inc();
  }

  upstreamRequest(model: string, failed: boolean, seconds: number): void {
    this.upstream.of(this.models.of(model), failed ? "error" : "ok").observe(seconds);
  }

  /** An attempt's result: the delivery's status after it ("pending" again: retrying). */
  webhookDelivery(status: string): void {
    this.deliveries.of(status === "pending" ? "retrying" : status).inc();
  }
}
