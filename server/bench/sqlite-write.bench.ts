/**
 * What a cached call start's write costs on SQLite, per table and per schema choice: better-sqlite3 alone,
 * replaying the exact statements `CallRepository.sqliteStart` built for real cached starts of the app (captured from
 * `db.direct.commit` on the call-runtime bench's seeded registry), fresh time-ordered ids per replay. Each variant
 * is its own copy of the app's database (opened and migrated by `Database.open`, the app's pragmas), pre-filled with
 * the same starts; the variants run in alternated blocks in one process (paired), two copies as-is for an A/A.
 *   cd server && npx tsc -p tsconfig.build.json && node dist/bench/sqlite-write.bench.js
 * Knobs: WRITE_ROUNDS (default 12), WRITE_BLOCK (starts per variant per round, default 300), WRITE_PREFILL (starts
 * written before measuring, default 20000), WRITE_GROUP (starts per commit, default 1; the group commit batches the
 * starts of one poll), WRITE_VARIANTS (comma-separated names: only those, plus the A/A pair).
 */
import "./production-mode";
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import type { SqlStatement } from "../src/platform/db/driver";
import { Mutex } from "../src/platform/db/mutex";
import { SqliteCheckpointer } from "../src/platform/db/sqlite-checkpointer";
import { timeOrderedId } from "../src/platform/db/time-ordered-id";
import { startInstance, warmUp } from "./call-runtime/instance";
import { CALL_VARIABLES, START_CALL } from "./call-runtime/operations";
import { TODAY, seed } from "./call-runtime/seed";

type Raw = BetterSqlite3.Database;

interface Variant {
  name: string;
  /** DDL run on the copy before it is filled (a table rebuild). */
  ddl?: string;
  foreignKeys?: boolean;
  /** wal_autocheckpoint=0 on the writer; the app's `SqliteCheckpointer` (a worker thread) checkpoints. */
  checkpointElsewhere?: boolean;
  /** PRAGMAs set on the writer after the app's. */
  pragmas?: string[];
}

/** `CREATE TABLE … ( … )` rebuilt with `change` applied, rows and indexes kept (SQLite's 12-step table change). */
function rebuild(raw: Raw, table: string, change: (sql: string) => string): void {
  const sql = (
    raw.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string }
  ).sql;
  const indexes = (
    raw
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .all(table) as {
      sql: string;
    }[]
  ).map((r) => r.sql);
  raw.exec(`PRAGMA foreign_keys = OFF; BEGIN;
    ${change(sql).replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${table}_new"`)};
    INSERT INTO "${table}_new" SELECT * FROM "${table}"; DROP TABLE "${table}";
    ALTER TABLE "${table}_new" RENAME TO "${table}"; ${indexes.join(";\n")}; COMMIT; PRAGMA foreign_keys = ON;`);
}

const withoutRowid = (sql: string) => `${sql} WITHOUT ROWID`;
const DDL: Record<string, (raw: Raw) => void> = {
  "deltas: no AUTOINCREMENT": (raw) =>
    rebuild(raw, "skill_signal_deltas", (s) => s.replace("PRIMARY KEY AUTOINCREMENT", "PRIMARY KEY")),
  "call_skills WITHOUT ROWID": (raw) => rebuild(raw, "call_skills", withoutRowid),
  "call_events WITHOUT ROWID": (raw) => rebuild(raw, "call_events", withoutRowid),
  "calls WITHOUT ROWID": (raw) => rebuild(raw, "calls", withoutRowid),
  "call_skills: rollout index partial": (raw) =>
    raw.exec(`DROP INDEX "idx_call_skills_rollout";
      CREATE INDEX "idx_call_skills_rollout" ON "call_skills" ("rollout_id", "arm") WHERE rollout_id IS NOT NULL`),
};

const VARIANTS: Array<Variant & { schema?: string[] }> = [
  { name: "as-is" },
  { name: "as-is (A/A)" },
  { name: "checkpoint in a worker", checkpointElsewhere: true },
  { name: "worker + cache 64 MB", checkpointElsewhere: true, pragmas: ["cache_size = -65536"] },
  { name: "worker + mmap 256 MB", checkpointElsewhere: true, pragmas: ["mmap_size = 268435456"] },
  { name: "worker + temp_store MEMORY", checkpointElsewhere: true, pragmas: ["temp_store = MEMORY"] },
  {
    name: "worker + rollout index partial",
    checkpointElsewhere: true,
    schema: ["call_skills: rollout index partial"],
  },
  { name: "foreign keys off", foreignKeys: false },
  { name: "deltas: no AUTOINCREMENT", schema: ["deltas: no AUTOINCREMENT"] },
  { name: "call_skills WITHOUT ROWID", schema: ["call_skills WITHOUT ROWID"] },
  { name: "call_events WITHOUT ROWID", schema: ["call_events WITHOUT ROWID"] },
  { name: "calls WITHOUT ROWID", schema: ["calls WITHOUT ROWID"] },
  {
    name: "no AUTOINCREMENT + skills/events WITHOUT ROWID",
    schema: ["deltas: no AUTOINCREMENT", "call_skills WITHOUT ROWID", "call_events WITHOUT ROWID"],
  },
  {
    name: "the same + checkpoint in a worker",
    schema: ["deltas: no AUTOINCREMENT", "call_skills WITHOUT ROWID", "call_events WITHOUT ROWID"],
    checkpointElsewhere: true,
  },
];

/** The table a start's statement writes (its component). */
const tableOf = (sql: string) => /INSERT INTO (\w+)/.exec(sql)?.[1] ?? "?";

/** A captured start with fresh ids: the call's and the event's ids replaced wherever they appear. */
function replay(start: readonly SqlStatement[]): SqlStatement[] {
  const callId = start.find(([sql]) => tableOf(sql) === "calls")![1][0];
  const eventId = start.find(([sql]) => tableOf(sql) === "call_events")![1][0];
  const fresh = new Map<unknown, string>([
    [callId, timeOrderedId()],
    [eventId, timeOrderedId()],
  ]);
  return start.map(([sql, params]) => [sql, params.map((p) => fresh.get(p) ?? p)]);
}

interface Open {
  variant: Variant;
  raw: Raw;
  /** The write lock, as `Database`'s: commits and the checkpointer's RESTART never overlap. */
  lock: Mutex;
  checkpointer?: SqliteCheckpointer;
  restarts: number;
  /** Process CPU (every thread: the checkpoint worker's too) per start, summed over blocks. */
  cpuUs: number;
  statements: Map<string, BetterSqlite3.Statement>;
  begin: BetterSqlite3.Statement;
  commit: BetterSqlite3.Statement;
  /** µs per component, summed over the measured starts. */
  us: Map<string, number>;
  starts: number;
  blocks: number[];
}

function open(variant: Variant, file: string): Open {
  const raw = new BetterSqlite3(file, { timeout: 5000 });
  raw.pragma("journal_mode = WAL");
  raw.pragma(`foreign_keys = ${variant.foreignKeys === false ? "OFF" : "ON"}`);
  raw.pragma("busy_timeout = 5000");
  raw.pragma("synchronous = NORMAL");
  raw.pragma(`wal_autocheckpoint = ${variant.checkpointElsewhere ? 0 : 1000}`);
  for (const pragma of variant.pragmas ?? []) raw.pragma(pragma);
  const lock = new Mutex();
  const o: Open = {
    variant,
    raw,
    lock,
    restarts: 0,
    cpuUs: 0,
    statements: new Map(),
    begin: raw.prepare("BEGIN"),
    commit: raw.prepare("COMMIT"),
    us: new Map(),
    starts: 0,
    blocks: [],
  };
  if (variant.checkpointElsewhere) {
    o.checkpointer = new SqliteCheckpointer(
      file,
      {},
      {
        holdWrites: (fn) => lock.run(fn),
        onFailure: (error) => {
          throw error;
        },
      },
    );
    o.checkpointer.onCheckpoint((r) => r.restarted && o.restarts++);
  }
  return o;
}

/** One commit at a time through the write lock, a turn of the event loop between commits (as the group commit). */
async function writeAll(o: Open, batches: SqlStatement[][][], measure: boolean): Promise<void> {
  for (const batch of batches) {
    await o.lock.run(async () => write(o, batch, measure));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const nowUs = () => Number(process.hrtime.bigint()) / 1000;

/** `group` starts in one transaction; with `measure`, each statement's and the commit's time added to `o.us`. */
function write(o: Open, starts: SqlStatement[][], measure: boolean): void {
  const add = (key: string, us: number) => measure && o.us.set(key, (o.us.get(key) ?? 0) + us);
  let t = nowUs();
  o.begin.run();
  for (const start of starts)
    for (const [sql, params] of start) {
      let statement = o.statements.get(sql);
      if (!statement) o.statements.set(sql, (statement = o.raw.prepare(sql)));
      statement.run(...params);
      const after = nowUs();
      add(tableOf(sql), after - t);
      t = after;
    }
  o.commit.run();
  add("commit (+ checkpoint)", nowUs() - t);
}

async function capture(dir: string): Promise<{ file: string; starts: SqlStatement[][] }> {
  const file = path.join(dir, "app.db");
  const db = await Database.open({ url: undefined, sqlitePath: file, entities });
  const instance = await startInstance(db);
  const seeded = await seed({ sqlite: db }, instance.projectId, TODAY);
  const agents = seeded.agents.slice(0, 200);
  await warmUp(instance, agents); // the contexts stored: what follows is the cached start's write
  const starts: SqlStatement[][] = [];
  const direct = db.direct;
  if (direct.dialect !== "sqlite") throw new Error("the capture is of SQLite's writes");
  const commit = direct.commit.bind(direct);
  direct.commit = (statements, after) => {
    starts.push(statements.map(([sql, params]) => [sql, [...params]] as const));
    return commit(statements, after);
  };
  for (const agent of agents)
    await instance.gql(START_CALL, { input: { agentId: agent.id, variables: CALL_VARIABLES } }, instance.adminKey);
  await instance.app.close();
  await db.close();
  if (starts.some((s) => s.some(([sql]) => tableOf(sql) === "call_contexts")))
    throw new Error("a captured start stored a context: not a cached start");
  return { file, starts };
}

async function main(): Promise<void> {
  const rounds = Number(process.env.WRITE_ROUNDS ?? 12);
  const block = Number(process.env.WRITE_BLOCK ?? 300);
  const prefill = Number(process.env.WRITE_PREFILL ?? 20000);
  const group = Number(process.env.WRITE_GROUP ?? 1);
  const only = process.env.WRITE_VARIANTS?.split(",");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-sqlite-write-"));
  try {
    const { file, starts } = await capture(dir);
    const sizes = starts.map((s) => s.reduce((n, [, p]) => n + JSON.stringify(p).length, 0));
    const rows = (table: string) =>
      starts.reduce((n, s) => n + s.filter(([sql]) => tableOf(sql) === table).length, 0) / starts.length;
    console.log(
      `${starts.length} cached starts captured: ${(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024).toFixed(1)} KB of parameters, statements per start ${starts[0]!.map(([sql]) => tableOf(sql)).join(" + ")} (${rows("call_skills")} multi-row call_skills inserts per start)`,
    );
    const variants = VARIANTS.filter((v) => !only || v.name.startsWith("as-is") || only.includes(v.name));
    const opened: Open[] = [];
    for (const [i, variant] of variants.entries()) {
      const copy = path.join(dir, `v${i}.db`);
      const source = new BetterSqlite3(file);
      source.exec(`VACUUM INTO '${copy}'`);
      source.close();
      const raw = new BetterSqlite3(copy);
      for (const change of variant.schema ?? []) DDL[change]!(raw);
      raw.close();
      const o = open(variant, copy);
      const batches = Array.from({ length: Math.ceil(prefill / group) }, (_, n) =>
        Array.from({ length: group }, (_, k) => replay(starts[(n * group + k) % starts.length]!)),
      );
      await writeAll(o, batches, false);
      o.restarts = 0;
      opened.push(o);
    }
    console.log(
      `${variants.length} variants, ${prefill} starts pre-filled each; ${rounds} rounds × ${block} starts per variant, ${group} per commit; ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    let next = 0;
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? opened : [...opened].reverse();
      for (const o of order) {
        const batches = Array.from({ length: Math.ceil(block / group) }, () =>
          Array.from({ length: group }, () => replay(starts[next++ % starts.length]!)),
        );
        const t = nowUs();
        const cpu = process.cpuUsage();
        await writeAll(o, batches, true);
        o.blocks.push((nowUs() - t) / block);
        const used = process.cpuUsage(cpu);
        o.cpuUs += (used.user + used.system) / block;
        o.starts += block;
      }
      await new Promise((resolve) => setTimeout(resolve, 20)); // the workers' timers run
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const components = [...opened[0]!.us.keys()];
    // paired: each round's block against the as-is block of the same round, the median of those ratios
    const paired = (o: Open) => median(o.blocks.map((b, r) => b / opened[0]!.blocks[r]!));
    console.log(
      `\n| variant | µs / start (median block) | mean | vs as-is (median of paired rounds) | process CPU µs / start (all threads) | ${components.map((c) => `${c} (mean)`).join(" | ")} | wal MB at end | WAL emptied by the worker |\n| --- | ---: | ---: | ---: | ---: |${components.map(() => " ---: |").join("")} ---: | ---: |`,
    );
    for (const o of opened) {
      const m = median(o.blocks);
      const wal = fs.existsSync(`${o.raw.name}-wal`) ? fs.statSync(`${o.raw.name}-wal`).size / 1e6 : 0;
      console.log(
        `| ${o.variant.name} | ${m.toFixed(1)} | ${(o.blocks.reduce((a, b) => a + b, 0) / o.blocks.length).toFixed(1)} | ${((paired(o) - 1) * 100).toFixed(1)}% | ${(o.cpuUs / o.blocks.length).toFixed(1)} | ${components.map((c) => ((o.us.get(c) ?? 0) / o.starts).toFixed(1)).join(" | ")} | ${wal.toFixed(1)} | ${o.checkpointer ? o.restarts : "—"} |`,
      );
    }
    for (const o of opened) {
      await o.checkpointer?.stop();
      o.raw.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
