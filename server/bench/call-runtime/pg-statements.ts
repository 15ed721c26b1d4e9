/**
 * BENCH_PG_STATEMENTS=1: what PostgreSQL did per request in each pass, per statement, from `pg_stat_statements`
 * (snapshots of this database's rows before and after the pass, diffed: the shared server's counters are never reset),
 * and the CPU of its background processes (WAL writer, checkpointer, background writer: shared with every database on
 * the server, so only indicative on a busy one). Needs the library preloaded; the extension is created in the scratch
 * database, and planning time and nested statements tracked there (`ALTER DATABASE … SET`, before the app connects).
 */
import fs from "node:fs";
import { Client } from "pg";
import { CLOCK_TICK_MS } from "./probes";

export const pgStatementsOn = (): boolean => ["1", "true", "yes", "on"].includes(process.env.BENCH_PG_STATEMENTS ?? "");

/** Prepares a scratch database for the probe (before the app opens its pool). */
export async function enablePgStatements(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    const name = new URL(url).pathname.slice(1);
    await client.query(`ALTER DATABASE "${name}" SET pg_stat_statements.track_planning = on`);
    // nested statements too (foreign key checks, a fold's parts): each listed apart, and inside its caller's figures
    await client.query(`ALTER DATABASE "${name}" SET pg_stat_statements.track = 'all'`);
  } finally {
    await client.end();
  }
}

interface Row {
  queryid: string;
  toplevel: boolean;
  query: string;
  calls: number;
  ms: number;
  planMs: number;
  rows: number;
  hit: number;
  read: number;
  dirtied: number;
  written: number;
  wal: number;
  fpi: number;
}

export interface StatementsSnapshot {
  rows: Map<string, Row>;
  aux: number;
}

const FIELDS = ["calls", "ms", "planMs", "rows", "hit", "read", "dirtied", "written", "wal", "fpi"] as const;

export async function snapshotStatements(monitor: Client): Promise<StatementsSnapshot> {
  const { rows } = await monitor.query<Record<string, string> & { toplevel: boolean }>(
    `SELECT queryid::text, toplevel, query, calls, total_exec_time AS ms, total_plan_time AS "planMs", rows,
            shared_blks_hit AS hit, shared_blks_read AS read, shared_blks_dirtied AS dirtied,
            shared_blks_written AS written, wal_bytes AS wal, wal_fpi AS fpi
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const map = new Map<string, Row>();
  for (const r of rows) {
    const row = { queryid: r.queryid, toplevel: r.toplevel, query: r.query } as Row;
    for (const f of FIELDS) row[f] = Number(r[f]);
    const key = `${row.queryid}:${row.toplevel}`;
    const seen = map.get(key); // one row per user: summed
    if (seen) for (const f of FIELDS) seen[f] += row[f];
    else map.set(key, row);
  }
  const { rows: aux } = await monitor.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE backend_type IN ('walwriter', 'checkpointer', 'background writer')",
  );
  let ticks = 0;
  for (const { pid } of aux) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      return { rows: map, aux: NaN };
    }
  }
  return { rows: map, aux: ticks * CLOCK_TICK_MS };
}

/** Prints the pass's statements per request, the costliest first. */
export function printStatements(title: string, before: StatementsSnapshot, after: StatementsSnapshot, n: number): void {
  const diffs: Row[] = [];
  for (const [id, a] of after.rows) {
    const b = before.rows.get(id);
    const d = { ...a };
    for (const f of FIELDS) d[f] = a[f] - (b?.[f] ?? 0);
    if (d.calls > 0) diffs.push(d);
  }
  diffs.sort((x, y) => y.ms + y.planMs - (x.ms + x.planMs));
  // nested statements run inside a top-level one, whose figures include theirs
  const total = (f: (typeof FIELDS)[number]) => diffs.reduce((s, d) => s + (d.toplevel ? d[f] : 0), 0) / n;
  const line = (label: string, d: Pick<Row, (typeof FIELDS)[number]>, per: number) =>
    `    ${((d.ms + d.planMs) / per).toFixed(3).padStart(7)} ms (plan ${(d.planMs / per).toFixed(3)})  ` +
    `calls ${(d.calls / per).toFixed(3).padStart(6)}  rows ${(d.rows / per).toFixed(1).padStart(5)}  ` +
    `hit ${(d.hit / per).toFixed(1).padStart(5)}  read ${(d.read / per).toFixed(2)}  dirtied ${(d.dirtied / per).toFixed(2)}  ` +
    `wal ${(d.wal / per).toFixed(0).padStart(5)} B (fpi ${(d.fpi / per).toFixed(3)})  ${label}`;
  console.log(
    `  pg_stat_statements per request, ${title} (${n} requests; background processes ` +
      `${((after.aux - before.aux) / n).toFixed(3)} ms CPU per request, server-wide):`,
  );
  const sum = Object.fromEntries(FIELDS.map((f) => [f, total(f) * n])) as Pick<Row, (typeof FIELDS)[number]>;
  console.log(line("all top-level statements", sum, n));
  for (const d of diffs.slice(0, 10))
    console.log(line(`${d.toplevel ? "" : "(nested) "}${d.query.replace(/\s+/g, " ").slice(0, 90)}`, d, n));
}
