/** The call runtime bench's report: every pass, the 10× targets table, the growth to 10×, statements and phases. */
import os from "node:os";
import type { LoadOutcome } from "./load";
import type { SequentialFigures } from "./phases";

export type PassFigures = LoadOutcome & {
  statementsPerRequest?: number;
  resolutionPerRequest?: number;
  /** CPU per response: this process (the server under test), PostgreSQL's backends, the load generator. */
  cpuPerRequest: { server: number; postgres: number | null; loader: number };
};

/** What a call start stores, per call, on PostgreSQL. */
export interface Bytes {
  calls: number;
  /** The rows' bytes as stored (pg_column_size: after TOAST compression). */
  stored: number;
  /** The rows as JSON text (row_to_json): what they hold before compression. */
  json: number;
  byTable: Record<string, { stored: number; json: number }>;
  /** Rows calls share (stored once per project and content), if the schema has them. */
  shared: { table: string; rows: number; stored: number; json: number } | null;
}

export interface Ratios {
  cachedVsBareMap: number;
  cachedVsBareMapSqlite: number | null;
  cachedVsBareWrite: number;
  uncachedVsBareSql: number;
  floorVsBareMap: number;
  apolloAloneVsBareMap: number;
  loadSkillP99: number;
  loadSkillRps: number;
  /** Cached start against bare http + the same write on SQLite; loadSkill against bare http + one update. */
  cachedVsBareWriteSqlite: number | null;
  loadSkillVsFloor: number | null;
  growth: Record<string, { at1: number; at10: number }> | null;
}

export interface ReportInputs {
  passes: Record<string, PassFigures>;
  sequential: SequentialFigures | null;
  connections: number;
  duration: number;
  rounds: number;
  loadRate: number;
  loadAtStart: number[];
  bytes: Bytes | null;
  benchStarted: number;
}

const f = (n: number | undefined | null, digits = 2) =>
  n === undefined || n === null || Number.isNaN(n) ? "–" : n.toFixed(digits);
const pct = (n: number | null) => (n === null ? "–" : `${(n * 100).toFixed(1)}%`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the report; returns the ratios the 10× targets are set for. */
export function printReport(inputs: ReportInputs): Ratios {
  const { passes, connections, duration, rounds, loadRate, loadAtStart, bytes, benchStarted } = inputs;
  const p = (key: string) => passes[key];
  const ratio = (server: string, base: string) => {
    const s = p(server);
    const b = p(base);
    return s && b ? s.rps / b.rps : null;
  };
  const d = p("(d) loadSkill")!;
  const ratios: Ratios = {
    cachedVsBareMap: ratio("(c) cached", "(a) bare map")!,
    cachedVsBareMapSqlite: ratio("(c) cached, SQLite", "(a) bare map, SQLite run"),
    cachedVsBareWrite: ratio("(c) cached", "(a+w) bare map + call row write")!,
    uncachedVsBareSql: ratio("(c') uncached", "(b) bare SQL")!,
    floorVsBareMap: ratio("GraphQL floor", "(a) bare map")!,
    apolloAloneVsBareMap: ratio("Apollo alone", "(a) bare map")!,
    loadSkillP99: d.p99,
    loadSkillRps: d.rps,
    cachedVsBareWriteSqlite: ratio("(c) cached, SQLite", "(a+w) bare map + row write, SQLite"),
    loadSkillVsFloor: ratio("(d) loadSkill, saturated", "(a+u) bare map + one row update"),
    growth: p("(c) cached 10×")
      ? {
          "cached startCall / (a)": {
            at1: ratio("(c) cached", "(a) bare map")!,
            at10: ratio("(c) cached 10×", "(a) bare map")!,
          },
          "uncached startCall / (b)": {
            at1: ratio("(c') uncached", "(b) bare SQL")!,
            at10: ratio("(c') uncached 10×", "(b) bare SQL 10×")!,
          },
          "cached startCall, server CPU ms / req": {
            at1: p("(c) cached")!.cpuPerRequest.server,
            at10: p("(c) cached 10×")!.cpuPerRequest.server,
          },
          "uncached startCall, server CPU ms / req": {
            at1: p("(c') uncached")!.cpuPerRequest.server,
            at10: p("(c') uncached 10×")!.cpuPerRequest.server,
          },
          "uncached startCall, PostgreSQL CPU ms / req": {
            at1: p("(c') uncached")!.cpuPerRequest.postgres ?? NaN,
            at10: p("(c') uncached 10×")!.cpuPerRequest.postgres ?? NaN,
          },
          [`loadSkill at ${loadRate} req/s, p99 ms`]: { at1: d.p99, at10: p("(d) loadSkill 10×")!.p99 },
          "loadSkill, server + PostgreSQL CPU ms / req": {
            at1: d.cpuPerRequest.server + (d.cpuPerRequest.postgres ?? 0),
            at10: p("(d) loadSkill 10×")!.cpuPerRequest.server + (p("(d) loadSkill 10×")!.cpuPerRequest.postgres ?? 0),
          },
        }
      : null,
  };
  const [load1, load5] = os.loadavg();
  console.log(
    `\nCall runtime: ${connections} connections, ${rounds} alternated rounds × ${duration} s per pass; ${os.cpus().length} CPUs; ` +
      `load average ${f(loadAtStart[0], 1)} / ${f(loadAtStart[1], 1)} (1 / 5 min) at the start, ${f(load1, 1)} / ${f(load5, 1)} at the end\n`,
  );
  console.log(
    "| pass | req/s | p50 ms | p90 ms | p99 ms | max ms | SQL statements / req | CPU ms / req: server · PostgreSQL · load generator | errors |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [key, x] of Object.entries(passes)) {
    const stmts =
      x.statementsPerRequest === undefined
        ? key.startsWith("(b)") || key.startsWith("(a+w)")
          ? "1"
          : "0"
        : `${f(x.statementsPerRequest, 1)}${x.resolutionPerRequest ? ` (${f(x.resolutionPerRequest, 2)} resolution)` : ""}`;
    console.log(
      `| ${key} | ${x.rps.toFixed(0)} | ${f(x.p50)} | ${f(x.p90)} | ${f(x.p99)} | ${f(x.max)} | ${stmts} | ` +
        `${f(x.cpuPerRequest.server)} · ${f(x.cpuPerRequest.postgres)} · ${f(x.cpuPerRequest.loader)} | ` +
        `${x.graphqlErrors + x.non2xx + x.socketErrors} |`,
    );
  }
  const verdict = (ok: boolean | null) => (ok === null ? "–" : ok ? "met" : "**missed**");
  const within = (g: { at1: number; at10: number }) => Math.abs(g.at10 / g.at1 - 1) <= 0.1;
  console.log("\nThe hot path's targets (ratios in this run)\n");
  console.log("| figure | target | this run | status |");
  console.log("| --- | ---: | ---: | --- |");
  const row21 = (figure: string, target: string, value: string, ok: boolean | null) =>
    console.log(`| ${figure} | ${target} | ${value} | ${verdict(ok)} |`);
  const atLeast = (r: number | null, min: number) => (r === null ? null : r >= min);
  row21(
    "cached `startCall` / (bare `http` + the same call rows in one `pg` statement), PostgreSQL",
    "≥ 50%",
    pct(ratios.cachedVsBareWrite),
    atLeast(ratios.cachedVsBareWrite, 0.5),
  );
  row21(
    "cached `startCall` / (bare `http` + a 1.7 KB row through a prepared statement), SQLite",
    "≥ 50%",
    pct(ratios.cachedVsBareWriteSqlite),
    atLeast(ratios.cachedVsBareWriteSqlite, 0.5),
  );
  for (const key of ["(c) cached", "(c) cached, SQLite"]) {
    const x = p(key);
    if (x) row21(`${key} p99 at ${connections} connections`, "≤ 10 ms", `${f(x.p99)} ms`, x.p99 <= 10);
  }
  row21(
    "uncached `startCall` / (bare `http` + the resolution statement)",
    "≥ 50%",
    pct(ratios.uncachedVsBareSql),
    atLeast(ratios.uncachedVsBareSql, 0.5),
  );
  row21(
    "`loadSkill` (saturated) / (bare `http` + one call row updated)",
    "≥ 50%",
    pct(ratios.loadSkillVsFloor),
    atLeast(ratios.loadSkillVsFloor, 0.5),
  );
  console.log("\nThe 10× registry's targets (ratios in this run)\n");
  console.log("| figure | today | target | this run | status |");
  console.log("| --- | ---: | ---: | ---: | --- |");
  const row = (figure: string, today: string, target: string, value: string, ok: boolean | null) =>
    console.log(`| ${figure} | ${today} | ${target} | ${value} | ${verdict(ok)} |`);
  row(
    "cached `startCall` / bare `http`+Map, PostgreSQL",
    "6.2%",
    "≥ 25%",
    pct(ratios.cachedVsBareMap),
    ratios.cachedVsBareMap >= 0.25,
  );
  row(
    "cached `startCall` / bare `http`+Map, SQLite (embedded default)",
    "1.9%",
    "≥ 25%",
    pct(ratios.cachedVsBareMapSqlite),
    ratios.cachedVsBareMapSqlite === null ? null : ratios.cachedVsBareMapSqlite >= 0.25,
  );
  row(
    "cached `startCall` / bare `http` + the same call row written in one statement through the driver (PostgreSQL)",
    "not measured",
    "≥ 60%",
    pct(ratios.cachedVsBareWrite),
    ratios.cachedVsBareWrite >= 0.6,
  );
  row(
    "uncached `startCall` / bare SQL",
    "21.6%",
    "≥ 50%",
    pct(ratios.uncachedVsBareSql),
    ratios.uncachedVsBareSql >= 0.5,
  );
  row(
    "`{ __typename }` floor / bare `http`+Map",
    "~18%",
    "≥ 50%",
    `${pct(ratios.floorVsBareMap)} (Apollo alone: ${pct(ratios.apolloAloneVsBareMap)})`,
    ratios.floorVsBareMap >= 0.5,
  );
  row(
    `\`loadSkill\` p99 at ${loadRate} req/s (PostgreSQL)`,
    "77 ms",
    "≤ 10 ms",
    `${f(ratios.loadSkillP99, 1)} ms (${ratios.loadSkillRps.toFixed(0)} req/s reached)`,
    ratios.loadSkillP99 <= 10 && ratios.loadSkillRps >= loadRate * 0.95,
  );
  if (bytes) {
    row(
      "bytes stored per call start (a 7-skill agent)",
      "~17 KB",
      "≤ 2 KB",
      `${kb(bytes.stored)} stored (${kb(bytes.json)} as JSON)`,
      bytes.stored <= 2048,
    );
  }
  if (ratios.growth) {
    const all = Object.values(ratios.growth).every(within);
    row("each figure at 10× the registry", "—", "within 10% of 1×", all ? "all within 10%" : "see below", all);
    console.log("\nGrowth: 10,000 skills and 100,000 agent versions (10×) against today's size (1×), same run\n");
    console.log("| figure | 1× | 10× | moved | within 10% |");
    console.log("| --- | ---: | ---: | ---: | --- |");
    for (const [name, g] of Object.entries(ratios.growth)) {
      const isRatio = name.endsWith("/ (a)") || name.endsWith("/ (b)");
      const show = (v: number) => (isRatio ? pct(v) : f(v, 2));
      console.log(
        `| ${name} | ${show(g.at1)} | ${show(g.at10)} | ${f((g.at10 / g.at1 - 1) * 100, 1)}% | ${within(g) ? "yes" : "no"} |`,
      );
    }
  }
  if (bytes) {
    console.log(
      `\nstored per call start (${bytes.calls} calls of 7-skill agents): ` +
        Object.entries(bytes.byTable)
          .map(([table, b]) => `${table} ${b.stored.toFixed(0)} B stored / ${b.json.toFixed(0)} B JSON`)
          .join(" · "),
    );
    if (bytes.shared) {
      console.log(
        `shared by the calls that resolve the same: ${bytes.shared.table}, ${bytes.shared.rows} rows in all (one per agent started), ` +
          `${bytes.shared.stored.toFixed(0)} B stored / ${bytes.shared.json.toFixed(0)} B JSON each`,
      );
    }
  }
  if (inputs.sequential) {
    const { runs, phases, startStatements, coldStatements, loadStatements } = inputs.sequential;
    console.log(`\nstartCall, warm (${startStatements.length} statements): ${startStatements.join(" · ")}`);
    console.log(`startCall, cold (${coldStatements.length} statements): ${coldStatements.join(" · ")}`);
    console.log(`loadSkill, evicting (${loadStatements.length} statements): ${loadStatements.join(" · ")}`);
    console.log(`\nsequential, warm, ${runs} runs each:`);
    for (const [name, t] of Object.entries(phases))
      console.log(`  ${name.padEnd(68)} ${f(t.p50, 3).padStart(6)} ms ${f(t.cpu, 3).padStart(6)} ms`);
  }
  console.log(`\ncall runtime bench took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);
  return ratios;
}
