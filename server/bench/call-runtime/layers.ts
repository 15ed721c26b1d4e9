/** A V8 CPU profile of this process, and its busy samples attributed to layers by script (the call profile's). */
import { Session } from "node:inspector";

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
export interface CpuProfile {
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

/** Self time by layer, as shares of the busy samples; the busy microseconds; self microseconds per layer and function. */
export function layersOf(profile: CpuProfile): {
  busyUs: number;
  shares: Map<string, number>;
  topFunctions: Array<readonly [string, number]>;
  layerUs: Map<string, number>;
  functionUs: Map<string, number>;
  /** Inclusive (self and callees) microseconds of the app's own functions (under src/). */
  inclusiveUs: Map<string, number>;
} {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<string, number>();
  const top = new Map<string, number>();
  const inclusive = new Map<string, number>();
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
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = node; at; at = parent.get(at.id)) {
      if (!at.callFrame.url.includes("/src/")) continue;
      const name = `${at.callFrame.functionName || "(anonymous)"} ${at.callFrame.url.split("/").slice(-2).join("/")}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
    }
    time.set(layer, (time.get(layer) ?? 0) + dt);
    busy += dt;
  });
  const shares = new Map([...time].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / busy]));
  const topFunctions = [...top]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => [k, v / busy] as const);
  return { busyUs: busy, shares, topFunctions, layerUs: time, functionUs: top, inclusiveUs: inclusive };
}

/** `fn` under the V8 sampling profiler of this process, every `intervalUs`. */
export async function profiled<T>(fn: () => Promise<T>, intervalUs = 100): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: intervalUs });
  await post("Profiler.start");
  try {
    const result = await fn();
    const { profile } = (await post("Profiler.stop")) as { profile: CpuProfile };
    return { result, profile };
  } finally {
    session.disconnect();
  }
}
