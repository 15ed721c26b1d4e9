/**
 * PostgreSQL's own CPU per cached call start, statement by statement: seeds the call runtime bench's
 * registry in a scratch database, captures the one statement of `BENCH_AGENTS` (default 2000) real `startCall`s, stops the app's signal fold,
 * then replays the statement from `BENCH_CLIENTS` connections (default 4) with fresh time-ordered ids in variants
 * alternated round by round — as the app sends it (a named prepared statement), unnamed (as the (a+w) floor sends it),
 * named without the signal deltas — and folds what each left (`SignalRollup.foldAll`, the app's batch size). CPU is that
 * of this database's PostgreSQL backends (/proc ticks, 10 ms), per start or per folded start (7 deltas).
 *   cd server && npx tsc -p tsconfig.build.json && node dist/bench/start-statement.bench.js
 * Knobs: BENCH_STARTS (statements per variant and round, default 6000), BENCH_ROUNDS (default 3),
 * BENCH_CLIENTS (connections, default 4).
 */
import "reflect-metadata";
import { Client } from "pg";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { timeOrderedId } from "../src/platform/db/time-ordered-id";
import { createLogger } from "../src/platform/logger";
import { SignalRollup } from "../src/modules/signals";
import { captureStartWrite, type CapturedWrite } from "./call-runtime/baselines";
import { startInstance, warmUp } from "./call-runtime/instance";
import { CALL_VARIABLES, START_CALL } from "./call-runtime/operations";
import { CLOCK_TICK_MS, backendTicks } from "./call-runtime/probes";
import { TODAY, seed } from "./call-runtime/seed";

const STARTS = Number(process.env.BENCH_STARTS ?? 6000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 2000);

/** The captured statement with fresh ids (time-ordered, as the app makes them). */
function fresh(write: CapturedWrite): unknown[] {
  const ids = new Map(write.freshIds.map((id) => [id, timeOrderedId()]));
  return write.params.map((v) => (typeof v === "string" ? (ids.get(v) ?? v) : v));
}

/** The statement without its signal deltas' CTE (to price them). */
function withoutDeltas(write: CapturedWrite): CapturedWrite {
  const sql = write.sql.replace(
    /d AS \(\s*INSERT INTO skill_signal_deltas[\s\S]*?AS t\(skill, agent_key, hour\)\)/,
    "d AS (SELECT $28::varchar[], $29::varchar[], $30::bigint[])", // the parameters stay typed; never run
  );
  if (sql === write.sql) throw new Error("no deltas CTE found in the captured statement");
  return { ...write, sql };
}

async function cpuOf(monitor: Client, fn: () => Promise<void>): Promise<number> {
  const before = await backendTicks(monitor);
  await fn();
  const after = await backendTicks(monitor);
  return [...after!].reduce((s, [pid, t]) => s + t - (before!.get(pid) ?? 0), 0) * CLOCK_TICK_MS;
}

export async function run(): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const scratch = await createScratchPostgres(baseUrl);
  const db = await Database.open({ url: scratch.url, entities, poolSize: 10 });
  const monitor = new Client({ connectionString: scratch.url });
  const clients = Array.from({ length: CLIENTS }, () => new Client({ connectionString: scratch.url }));
  try {
    const instance = await startInstance(db);
    const seeded = await seed({ postgresUrl: scratch.url }, instance.projectId, TODAY);
    await warmUp(instance, seeded.agents);
    await monitor.connect();
    const writes: CapturedWrite[] = [];
    for (const agent of seeded.agents.slice(0, AGENTS)) {
      writes.push(
        await captureStartWrite(db, monitor, async () => {
          const data = await instance.gql<{ startCall: { id: string } }>(
            START_CALL,
            { input: { agentId: agent.id, variables: CALL_VARIABLES } },
            instance.adminKey,
          );
          return data.startCall.id;
        }),
      );
    }
    await instance.app.services.signalRollup.stop();
    const rollup = new SignalRollup(db, createLogger("silent"), 3_600_000);
    await rollup.foldAll();
    await Promise.all(clients.map((c) => c.connect()));
    const fkName = async (table: string) =>
      (
        await monitor.query<{ conname: string }>(
          `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f' AND confrelid = 'calls'::regclass`,
          [table],
        )
      ).rows[0]!.conname;
    const deltasPerStart = writes.reduce((s, w) => s + (w.params.at(-3) as unknown[]).length, 0) / writes.length;
    console.log(
      `start-statement: ${STARTS} starts × ${ROUNDS} rounds per variant, ${CLIENTS} connections; ` +
        `${deltasPerStart.toFixed(1)} deltas per start (${writes.length} captured agents)`,
    );

    // `setup` runs before the variant's run and `teardown` after it (on the monitor; `session` on each connection).
    interface Variant {
      label: string;
      statement: (w: CapturedWrite) => { name?: string; text: string };
      setup?: string;
      teardown?: string;
      session?: [string, string];
      deltas: boolean;
    }
    const fks = [
      ["call_skills", await fkName("call_skills")],
      ["call_events", await fkName("call_events")],
    ] as const;
    const FK = "FOREIGN KEY (call_id) REFERENCES calls(id) ON DELETE CASCADE";
    const ROLLOUT_INDEX = "CREATE INDEX idx_call_skills_rollout ON call_skills (rollout_id, arm)";
    const variants: Variant[] = [
      { label: "named (as the app)", statement: (w) => ({ name: "start", text: w.sql }), deltas: true },
      { label: "unnamed (as the floor)", statement: (w) => ({ text: w.sql }), deltas: true },
      {
        label: "named, no deltas",
        statement: (w) => ({ name: "start_nd", text: withoutDeltas(w).sql }),
        deltas: false,
      },
      {
        label: "named, custom plans",
        statement: (w) => ({ name: "start", text: w.sql }),
        session: ["SET plan_cache_mode = force_custom_plan", "RESET plan_cache_mode"],
        deltas: true,
      },
      {
        label: "named, partial rollout index",
        statement: (w) => ({ name: "start", text: w.sql }),
        setup: `DROP INDEX idx_call_skills_rollout; ${ROLLOUT_INDEX} WHERE rollout_id IS NOT NULL`,
        teardown: `DROP INDEX idx_call_skills_rollout; ${ROLLOUT_INDEX}`,
        deltas: true,
      },
      {
        label: "named, no FK to calls",
        statement: (w) => ({ name: "start", text: w.sql }),
        setup: fks.map(([t, name]) => `ALTER TABLE ${t} DROP CONSTRAINT "${name}"`).join("; "),
        teardown: fks.map(([t, name]) => `ALTER TABLE ${t} ADD CONSTRAINT "${name}" ${FK}`).join("; "),
        deltas: true,
      },
    ];
    const cpu = new Map<string, number[]>();
    const add = (k: string, v: number) => cpu.set(k, [...(cpu.get(k) ?? []), v]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const { label, statement, setup, teardown, session, deltas } of variants) {
        if (setup) await monitor.query(setup);
        if (session) await Promise.all(clients.map((c) => c.query(session[0])));
        // each connection prepares the named statement once, as the app's pool does
        await Promise.all(clients.map((c) => c.query({ ...statement(writes[0]!), values: fresh(writes[0]!) })));
        let next = 0;
        const ms = await cpuOf(monitor, async () => {
          await Promise.all(
            clients.map(async (c) => {
              for (let i = next++; i < STARTS; i = next++) {
                const w = writes[i % writes.length]!;
                await c.query({ ...statement(w), values: fresh(w) });
              }
            }),
          );
        });
        if (session) await Promise.all(clients.map((c) => c.query(session[1])));
        if (teardown) await monitor.query(teardown);
        add(label, ms / STARTS);
        // the deltas this variant left, folded as the app folds them (its batch size): per start
        if (!deltas) continue;
        let folded = 0;
        const foldMs = await cpuOf(monitor, async () => void (folded = await rollup.foldAll()));
        add("fold (as the app)", (foldMs / Math.max(1, folded)) * deltasPerStart);
      }
    }
    for (const [label, values] of cpu)
      console.log(`  ${label.padEnd(24)} ${values.map((v) => v.toFixed(3)).join(" / ")} ms PostgreSQL CPU per start`);
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await monitor.end().catch(() => undefined);
    await db.close().catch(() => undefined);
    await scratch.drop();
  }
}

if (require.main === module)
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
