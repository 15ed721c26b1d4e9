/**
 * RO-2: a cached `startCall` over the agents that follow one skill live, with and without a staged rollout
 * of that skill running, on one server (call-profile's `PROFILE_ROLLOUT=1`). Per round, each variant in turn — no
 * rollout, a rollout at 50 %, no rollout again (the A/A that shows the noise) — runs a warm-up pass, a pass measured
 * by `process.cpuUsage()` (profiler off), and a profiled pass; then the variants' CPU per request over the rounds,
 * and where the difference goes: per layer, per function (self), and per app function (inclusive), in µs / request.
 */
import { cpuMs, loadFromChild } from "./load";
import type { Instance } from "./instance";
import { layersOf, profiled } from "./layers";
import { rolloutFixture, type RolloutFixture } from "./rollout-pass";
import type { SeededAgent } from "./seed";

interface Variant {
  name: string;
  /** The rollout's percentage; null: no rollout. */
  percent: number | null;
  cpuMs: number[];
  requests: number;
  /** Call contexts stored during the measured passes (a warm start stores none). */
  newContexts: number;
  /** The app's statements during the measured blocks, by their first words. */
  statements: Map<string, number>;
  /** The mean size of an answer over the bodies. */
  answerBytes: number;
  layerUs: Map<string, number>;
  functionUs: Map<string, number>;
  inclusiveUs: Map<string, number>;
}

const add = (into: Map<string, number>, from: Map<string, number>) => {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
};

export async function rolloutProfile(
  instance: Instance,
  agents: readonly SeededAgent[],
  options: {
    requests: number;
    rounds: number;
    percents: number[];
    connections: number;
    warm: number;
    profile: boolean;
  },
): Promise<void> {
  const fixture = await rolloutFixture(instance, agents);
  console.log(
    `rollout A/B: ${fixture.agentIds.length} agents follow '${fixture.skill}' live; ${fixture.bodies.list.length} ` +
      `bodies (4 rolloutKeys per agent); ${options.rounds} rounds × ${options.requests} requests per pass`,
  );
  const variant = (name: string, percent: number | null): Variant => ({
    name,
    percent,
    cpuMs: [],
    requests: 0,
    newContexts: 0,
    answerBytes: 0,
    statements: new Map(),
    layerUs: new Map(),
    functionUs: new Map(),
    inclusiveUs: new Map(),
  });
  const variants = [
    variant("no rollout", null),
    ...options.percents.map((p) => variant(`rollout at ${p} %`, p)),
    variant("no rollout (A/A)", null),
  ];
  const pass = (amount: number) =>
    loadFromChild({
      title: "startCall, followers",
      url: instance.graphqlUrl,
      headers: instance.headers,
      connections: options.connections,
      duration: 0,
      amount,
      bodies: fixture.bodies,
      expect: '"systemPrompt"',
    });
  await firstStarts(instance, fixture, options.rounds);
  for (let round = 0; round < options.rounds; round++) {
    for (const v of variants) {
      const stop = v.percent === null ? null : await fixture.start(v.percent);
      try {
        if (options.warm > 0) await pass(options.warm);
        const contextsBefore = await contextRows(instance);
        const statements = tallyStatements(instance, v.statements);
        const before = process.cpuUsage();
        const outcome = await pass(options.requests).finally(statements);
        if (outcome.non2xx || outcome.graphqlErrors) throw new Error(`${v.name}: ${outcome.firstError}`);
        v.cpuMs.push(cpuMs(process.cpuUsage(before)) / options.requests);
        v.newContexts += (await contextRows(instance)) - contextsBefore;
        console.log(`  round ${round + 1}, ${v.name}: ${v.cpuMs.at(-1)!.toFixed(3)} ms CPU / request`);
        if (round === 0) v.answerBytes = await answerBytes(instance, fixture.bodies.list);
        if (options.profile) {
          const { profile } = await profiled(() => pass(options.requests));
          const layers = layersOf(profile);
          add(v.layerUs, layers.layerUs);
          add(v.functionUs, layers.functionUs);
          add(v.inclusiveUs, layers.inclusiveUs);
          v.requests += options.requests;
        }
      } finally {
        await stop?.();
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const [base, ...others] = variants;
  console.log(
    "\n| variant | server CPU ms / request, per round | mean | vs no rollout | contexts stored | answer bytes |\n| --- | --- | ---: | ---: | ---: | ---: |",
  );
  for (const v of variants) {
    const ratio = mean(v.cpuMs) / mean(base!.cpuMs) - 1;
    console.log(
      `| ${v.name} | ${v.cpuMs.map((x) => x.toFixed(3)).join(", ")} | ${mean(v.cpuMs).toFixed(3)} | ${v === base ? "" : `${(ratio * 100).toFixed(1)}%`} | ${v.newContexts} | ${v.answerBytes.toFixed(0)} |`,
    );
  }
  // Paired per round: each variant against the mean of the two no-rollout passes around it in time.
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const aa = variants.at(-1)!;
  for (const v of variants.slice(1)) {
    const ratios = v.cpuMs.map((x, r) => (v === aa ? x / base!.cpuMs[r]! : x / ((base!.cpuMs[r]! + aa.cpuMs[r]!) / 2)));
    console.log(
      `paired per round, ${v.name} / ${v === aa ? "no rollout" : "the two no-rollout passes"}: median ` +
        `${((median(ratios) - 1) * 100).toFixed(1)}%, mean ${((mean(ratios) - 1) * 100).toFixed(1)}%`,
    );
  }
  for (const v of variants) {
    const total = [...v.statements.values()].reduce((a, b) => a + b, 0);
    console.log(`\nstatements, ${v.name}: ${(total / (options.requests * options.rounds)).toFixed(3)} per request`);
    for (const [sql, n] of [...v.statements].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${n}  ${sql}`);
  }
  if (!options.profile) return;
  const perRequest = (v: Variant, map: "layerUs" | "functionUs" | "inclusiveUs", key: string) =>
    (v[map].get(key) ?? 0) / v.requests;
  const table = (title: string, map: "layerUs" | "functionUs" | "inclusiveUs", limit: number) => {
    const keys = new Set(variants.flatMap((v) => [...v[map].keys()]));
    const rows = [...keys]
      .map((k) => ({ k, d: Math.max(...others.map((v) => perRequest(v, map, k))) - perRequest(base!, map, k) }))
      .sort((a, b) => Math.abs(b.d) - Math.abs(a.d))
      .slice(0, limit);
    console.log(`\n${title} (µs / request, profiler on)`);
    console.log(`| ${["", ...variants.map((v) => v.name)].join(" | ")} |\n|${" --- |".repeat(variants.length + 1)}`);
    for (const { k } of rows)
      console.log(`| ${k} | ${variants.map((v) => perRequest(v, map, k).toFixed(1)).join(" | ")} |`);
  };
  table("Per layer (self)", "layerUs", 30);
  table("Functions with the largest difference (self)", "functionUs", 30);
  table("App functions with the largest difference (inclusive)", "inclusiveUs", 30);
}

const contextRows = async (instance: Instance): Promise<number> =>
  Number(
    ((await instance.db.dataSource.query("SELECT count(*) AS n FROM call_contexts")) as Array<{ n: unknown }>)[0]!.n,
  );

/** The mean answer size over the bodies, one request each. */
async function answerBytes(instance: Instance, bodies: readonly string[]): Promise<number> {
  let total = 0;
  for (const body of bodies) {
    const res = await fetch(instance.graphqlUrl, { method: "POST", headers: instance.headers, body });
    total += (await res.arrayBuffer()).byteLength;
  }
  return total / bodies.length;
}

/**
 * What a rollout's start costs the starts right after it: each (agent, arm) resolves a context it has not resolved
 * under this rollout before (the context records the rollout's id), so the first start of each stores and derives
 * it once. Paired per round: every body once (one connection, in order) right after the rollout started, then again.
 */
async function firstStarts(instance: Instance, fixture: RolloutFixture, rounds: number): Promise<void> {
  const once = async () => {
    const before = process.cpuUsage();
    await loadFromChild({
      title: "startCall, followers, each body once",
      url: instance.graphqlUrl,
      headers: instance.headers,
      connections: 1,
      duration: 0,
      amount: fixture.bodies.list.length,
      bodies: { list: fixture.bodies.list, order: "sequence" },
      expect: '"systemPrompt"',
    });
    return cpuMs(process.cpuUsage(before)) / fixture.bodies.list.length;
  };
  const rows: Array<[string, number, number, number]> = [];
  for (let round = 0; round < rounds; round++) {
    const warmA = await once();
    const warmB = await once();
    const stop = await fixture.start(50);
    const contexts = await contextRows(instance);
    try {
      const first = await once();
      const stored = (await contextRows(instance)) - contexts;
      const again = await once();
      rows.push([`round ${round + 1}`, first - again, warmA - warmB, stored]);
      console.log(
        `  after a start, round ${round + 1}: first ${first.toFixed(3)}, again ${again.toFixed(3)} ms / request`,
      );
    } finally {
      await stop();
    }
  }
  console.log(
    "\n| after a rollout starts (each body once, in order) | first − second pass, ms / request | no rollout, same (A/A) | contexts stored |\n| --- | ---: | ---: | ---: |",
  );
  for (const [name, delta, aa, stored] of rows)
    console.log(`| ${name} | ${delta.toFixed(3)} | ${aa.toFixed(3)} | ${stored} |`);
}

/** Counts the app's statements into `into` by their first 100 characters until the returned function is called. */
function tallyStatements(instance: Instance, into: Map<string, number>): () => void {
  const original = instance.db.dataSource.logger;
  const counting: typeof original = Object.create(original);
  counting.logQuery = (query: string) => {
    const key = query.replace(/\s+/g, " ").slice(0, 100);
    into.set(key, (into.get(key) ?? 0) + 1);
  };
  instance.db.dataSource.logger = counting;
  return () => void (instance.db.dataSource.logger = original);
}
