/**
 * The call runtime bench's passes: one pass drives one URL from the load generator's child process and measures the
 * CPU each response cost this process (the servers under test), PostgreSQL's backends and the load generator, and the
 * statements TypeORM sent; a group of passes runs alternated (a, b, c, a, b, c, …) so that load from outside the
 * bench falls on the baselines and the server alike, each figure merged over its rounds.
 */
import type { Client } from "pg";
import type { Database } from "../../src/platform/db/database";
import { cpuMs, loadFromChild, percentile, type LoadOutcome, type LoadSpec } from "./load";
import { CLOCK_TICK_MS, backendTicks, countStatements } from "./probes";
import { pgStatementsOn, printStatements, snapshotStatements } from "./pg-statements";
import type { PassFigures } from "./report";

export type PassSpec = Omit<LoadSpec, "connections" | "duration"> &
  Partial<LoadSpec> & {
    /** The app's database: its statements are counted per request. */
    db?: Database;
    /** A connection to the PostgreSQL database the pass writes to: its backends' CPU is counted. */
    monitor?: Client;
    /** Runs before the pass; what it returns, after (either may be async). */
    around?: () => (() => unknown) | Promise<() => unknown>;
  };

export class PassRunner {
  readonly passes: Record<string, PassFigures> = {};

  constructor(private readonly options: { connections: number; duration: number; rounds: number; quiet?: boolean }) {}

  /** One run of `spec`; not recorded. */
  async once(spec: PassSpec): Promise<PassFigures> {
    // The statements of `around` (a rollout started for the pass, say) are not the requests': counted after it.
    const after = await spec.around?.();
    const statements = spec.db ? countStatements(spec.db) : null;
    try {
      const stmtBefore = spec.monitor && pgStatementsOn() ? await snapshotStatements(spec.monitor) : null;
      const pgBefore = spec.monitor ? await backendTicks(spec.monitor) : null;
      const cpuBefore = process.cpuUsage();
      const { db: _db, monitor: _monitor, around: _around, ...load } = spec;
      const outcome = await loadFromChild({
        connections: this.options.connections,
        duration: this.options.duration,
        keepLatencies: true,
        ...load,
      });
      const serverCpu = cpuMs(process.cpuUsage(cpuBefore));
      // A later run of a loadSkill pass continues the cycle, so every request is a new load.
      if (spec.loadCycle) spec.loadCycle.start = outcome.next;
      const pgAfter = spec.monitor ? await backendTicks(spec.monitor) : null;
      const pgCpu =
        pgBefore && pgAfter
          ? [...pgAfter].reduce((sum, [pid, ticks]) => sum + ticks - (pgBefore.get(pid) ?? 0), 0) * CLOCK_TICK_MS
          : null;
      const n = Math.max(1, outcome.responses);
      if (stmtBefore) {
        const started = pgBefore && pgAfter ? [...pgAfter.keys()].filter((pid) => !pgBefore.has(pid)).length : NaN;
        const ended = pgBefore && pgAfter ? [...pgBefore.keys()].filter((pid) => !pgAfter.has(pid)).length : NaN;
        console.log(`  ${spec.title}: PostgreSQL backends started ${started}, ended ${ended} during the pass`);
        printStatements(spec.title, stmtBefore, await snapshotStatements(spec.monitor!), n);
      }
      await new Promise((resolve) => setTimeout(resolve, 300)); // let PostgreSQL's background writes settle
      return {
        ...outcome,
        ...(statements
          ? { statementsPerRequest: statements.total / n, resolutionPerRequest: statements.resolution / n }
          : {}),
        cpuPerRequest: {
          server: serverCpu / n,
          postgres: pgCpu === null ? null : pgCpu / n,
          loader: outcome.loaderCpuMs / n,
        },
      };
    } finally {
      statements?.stop();
      await after?.();
    }
  }

  /** Runs the group `rounds` times in turn; records each pass merged over its rounds. */
  async alternate(group: Array<[key: string, spec: PassSpec]>, rounds = this.options.rounds): Promise<PassFigures[]> {
    const runs = group.map((): PassFigures[] => []);
    for (let r = 0; r < rounds; r++) {
      for (const [i, [, spec]] of group.entries()) runs[i]!.push(await this.once(spec));
    }
    return group.map(([key], i) => {
      const merged = merge(runs[i]!);
      this.passes[key] = merged;
      if (!this.options.quiet) report(key, merged);
      return merged;
    });
  }
}

function merge(runs: PassFigures[]): PassFigures {
  const sum = (f: (p: PassFigures) => number) => runs.reduce((s, p) => s + f(p), 0);
  const responses = sum((p) => p.responses);
  const seconds = sum((p) => p.seconds);
  const latencies = Float64Array.from(runs.flatMap((p) => p.latencies ?? [])).sort();
  const weighted = (f: (p: PassFigures) => number | null | undefined) =>
    runs.some((p) => f(p) === null || f(p) === undefined)
      ? undefined
      : sum((p) => f(p)! * p.responses) / Math.max(1, responses);
  const last = runs.at(-1)!;
  const outcome: LoadOutcome = {
    ...last,
    responses,
    seconds,
    rps: responses / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    non2xx: sum((p) => p.non2xx),
    socketErrors: sum((p) => p.socketErrors),
    graphqlErrors: sum((p) => p.graphqlErrors),
    firstError: runs.find((p) => p.firstError)?.firstError ?? null,
    expected: sum((p) => p.expected),
    loaderCpuMs: sum((p) => p.loaderCpuMs),
    latencies: undefined,
  };
  return {
    ...outcome,
    statementsPerRequest: weighted((p) => p.statementsPerRequest),
    resolutionPerRequest: weighted((p) => p.resolutionPerRequest),
    cpuPerRequest: {
      server: weighted((p) => p.cpuPerRequest.server)!,
      postgres: weighted((p) => p.cpuPerRequest.postgres) ?? null,
      loader: weighted((p) => p.cpuPerRequest.loader)!,
    },
  };
}

function report(key: string, p: PassFigures): void {
  if (p.graphqlErrors > 0 || p.non2xx > 0 || p.socketErrors > 0) {
    console.log(
      `  ${key}: ${p.graphqlErrors} GraphQL errors, ${p.non2xx} non-2xx, ${p.socketErrors} socket errors; first: ${p.firstError}`,
    );
  }
  console.log(
    `  ${key.padEnd(30)} ${p.rps.toFixed(0).padStart(6)} req/s  p50 ${p.p50.toFixed(2)} ms  p99 ${p.p99.toFixed(2)} ms  ` +
      `server CPU ${p.cpuPerRequest.server.toFixed(3)} ms/req`,
  );
}
