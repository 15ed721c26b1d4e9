/** The call runtime bench's report: the passes as a table, the targets, statements, phases and writes. */
import os from "node:os";
import type { LoadOutcome } from "./load";
import type { SequentialFigures } from "./phases";

export type PassFigures = LoadOutcome & {
  statementsPerRequest?: number;
  resolutionPerRequest?: number;
  /** CPU per response: this process (the server under test), PostgreSQL's backends, the load generator. */
  cpuPerRequest: { server: number; postgres: number | null; loader: number };
};

export interface Ratios {
  cachedVsBareMap: number;
  uncachedVsBareSql: number;
}

export interface ReportInputs {
  passes: Record<string, PassFigures>;
  sequential: SequentialFigures;
  connections: number;
  duration: number;
  loadAtStart: number;
  /** The caches emptied before every (c') request. */
  cacheNames: string[];
  /** How many skill entries the agent of the write probe has. */
  probeEntries: number;
  benchStarted: number;
}

/** Prints the report; returns the throughput ratios the issue sets targets for. */
export function printReport(inputs: ReportInputs): Ratios {
  const { passes, connections, duration, loadAtStart, benchStarted } = inputs;
  const { runs, phases, startStatements, coldStatements, loadStatements, write } = inputs.sequential;
  const a = passes["(a) bare map"]!;
  const b = passes["(b) bare SQL"]!;
  const c = passes["(c) cached"]!;
  const cu = passes["(c') uncached"]!;
  const c1000 = passes["(c) @1000/s"]!;
  const d500 = passes["(d) @500/s"]!;
  const ratios = { cachedVsBareMap: c.rps / a.rps, uncachedVsBareSql: cu.rps / b.rps };
  const f = (n: number | undefined, digits = 2) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(digits));
  const [load1, load5] = os.loadavg();
  console.log(
    `\nCall runtime, ${connections} connections, ${duration} s per pass (rate-limited passes: ${connections} connections at the rate shown); ` +
      `${os.cpus().length} CPUs, load average ${f(loadAtStart, 1)} at the start, ${f(load1, 1)} / ${f(load5, 1)} (1 / 5 min) now`,
  );
  console.log(`cleared before every (c') request: ${inputs.cacheNames.join(", ")}\n`);
  console.log(
    "| pass | req/s | p50 ms | p90 ms | p99 ms | max ms | SQL statements / req | CPU ms / req: server · PostgreSQL · load generator | errors |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [key, p] of Object.entries(passes)) {
    const stmts =
      p.statementsPerRequest === undefined
        ? key.startsWith("(b)")
          ? "1"
          : "0"
        : `${f(p.statementsPerRequest, 1)}${p.resolutionPerRequest ? ` (${f(p.resolutionPerRequest, 2)} resolution)` : ""}`;
    console.log(
      `| ${key} | ${p.rps.toFixed(0)} | ${f(p.p50)} | ${f(p.p90)} | ${f(p.p99)} | ${f(p.max)} | ${stmts} | ` +
        `${f(p.cpuPerRequest.server)} · ${p.cpuPerRequest.postgres === null ? "–" : f(p.cpuPerRequest.postgres)} · ${f(p.cpuPerRequest.loader)} | ` +
        `${p.graphqlErrors + p.non2xx + p.socketErrors} |`,
    );
  }
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const cPaced = passes["(c) paced 100/s"]!;
  const dPaced = passes["(d) paced 100/s"]!;
  console.log(
    `\ncached startCall / (a):   ${(ratios.cachedVsBareMap * 100).toFixed(1)}% of the throughput (target ≥ 25%: ${verdict(ratios.cachedVsBareMap >= 0.25)})`,
  );
  console.log(
    `uncached startCall / (b): ${(ratios.uncachedVsBareSql * 100).toFixed(1)}% of the throughput (target ≥ 50%: ${verdict(ratios.uncachedVsBareSql >= 0.5)})`,
  );
  console.log(
    `startCall at 1,000 req/s: ${c1000.rps.toFixed(0)} req/s achieved, p99 ${f(c1000.p99)} ms (target ≤ 3 ms: ${verdict(c1000.p99 <= 3 && c1000.rps >= 950)}); ` +
      `paced at 100 req/s: p99 ${f(cPaced.p99)} ms`,
  );
  console.log(
    `loadSkill at 500 req/s:   ${d500.rps.toFixed(0)} req/s achieved, p99 ${f(d500.p99)} ms (target ≤ 10 ms: ${verdict(d500.p99 <= 10 && d500.rps >= 475)}); ` +
      `paced at 100 req/s: p99 ${f(dPaced.p99)} ms`,
  );
  const loadPasses = Object.entries(passes).filter(([key]) => key.startsWith("(d)"));
  console.log(
    `loadSkill passes: ${loadPasses.reduce((sum, [, p]) => sum + p.expected, 0)} of ${loadPasses.reduce((sum, [, p]) => sum + p.responses, 0)} answered LOADED`,
  );
  console.log(`\nstartCall, warm (${startStatements.length} statements): ${startStatements.join(" · ")}`);
  console.log(`startCall, cold (${coldStatements.length} statements): ${coldStatements.join(" · ")}`);
  console.log(`loadSkill, evicting (${loadStatements.length} statements): ${loadStatements.join(" · ")}`);
  console.log(`\nsequential, warm, ${runs} runs each:`);
  console.log(`  ${"".padEnd(68)} ${"wall p50".padStart(9)} ${"CPU/op".padStart(9)}`);
  for (const [name, t] of Object.entries(phases))
    console.log(`  ${name.padEnd(68)} ${f(t.p50, 3).padStart(6)} ms ${f(t.cpu, 3).padStart(6)} ms`);
  console.log(
    `\nthe call-start write alone (same rows as a start of a ${inputs.probeEntries}-skill agent): sequential p50 · CPU/op, then 20 concurrent writers for 3 s`,
  );
  for (const w of write) {
    console.log(
      `  ${w.name.padEnd(66)} ${f(w.p50, 3).padStart(6)} ms ${f(w.cpu, 3).padStart(6)} ms | ${w.concurrentPerSecond.toFixed(0).padStart(5)} writes/s ${f(w.concurrentCpu, 3)} ms CPU/write`,
    );
  }
  console.log(`\ncall runtime bench took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);
  return ratios;
}
