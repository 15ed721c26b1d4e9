/**
 * OB-3's fold under a call load: 20,000 signal deltas (100 skills × 20 agents over 3 hours, as 2,900 starts of 7
 * skills leave them) folded into the hourly and daily rollups, six rounds, the first a warm-up; the process's CPU
 * and the wall time per round, on SQLite and PostgreSQL. The fold runs in the server's process beside the calls it
 * counts, so its CPU per delta is CPU taken from call starts (7 deltas each).
 *   npm run bench fold   |   cd server && node dist/bench/signal-fold.bench.js
 * Knobs: BENCH_DELTAS (per round, default 20000), BENCH_FOLD_KEYS=starts (keys as a busy registry's starts leave
 * them: 7 skills for each of 14,000 agents, nearly every delta its own key, instead of 100 × 20 × 3),
 * BENCH_FOLD_EVICT_EVERY=N (every Nth delta counts an eviction; default none), TEST_DATABASE_URL.
 * It also prints the CPU of the costliest single batch (CPU, not wall time, so that a loaded machine does not count):
 * on SQLite the fold runs on the event loop, so every request waits at least that long while a batch folds.
 */
import "./production-mode";
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { createLogger } from "../src/platform/logger";
import { SignalRollup } from "../src/modules/signals";

const DELTAS = Number(process.env.BENCH_DELTAS ?? 20_000);
const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PROJECT = "00000000-0000-4000-8000-000000000001";
const COLUMNS =
  "project_id, skill, agent_key, hour, starts, loads, evictions, tool_runs, tool_errors, outcomes, successes, max_loaded";

const START_KEYS = process.env.BENCH_FOLD_KEYS === "starts";
const EVICT_EVERY = Number(process.env.BENCH_FOLD_EVICT_EVERY ?? 0);

export interface FoldBenchResult {
  [db: string]: {
    deltas: number;
    cpuMsPerRound: number;
    wallMsPerRound: number;
    cpuUsPerDelta: number;
    longestBatchMs: number;
  };
}

async function measure(kind: "sqlite" | "postgres"): Promise<FoldBenchResult[string]> {
  let db: Database;
  let drop: () => Promise<unknown>;
  if (kind === "postgres") {
    const scratch = await createScratchPostgres(BASE_URL);
    db = await Database.open({ url: scratch.url, entities });
    drop = () => scratch.drop();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-fold-"));
    db = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    await db.migrate();
    const p = (i: number) => (kind === "postgres" ? `$${i}` : "?");
    await db.write((tx) =>
      tx.manager.query(`INSERT INTO projects (id, name, created_at) VALUES (${p(1)}, 'fold', ${p(2)})`, [
        PROJECT,
        Date.now(),
      ]),
    );
    const rollup = new SignalRollup(db, createLogger("warn"), 3_600_000);
    const rounds: Array<{ cpu: number; wall: number; longest: number }> = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < DELTAS; i += 500) {
        const n = Math.min(500, DELTAS - i);
        const rows = Array.from({ length: n }, (_, j) => {
          const k = i + j;
          return [
            PROJECT,
            START_KEYS ? `skill-${k % 7}` : `skill-${k % 100}`,
            START_KEYS ? `agent-${Math.floor(k / 7) % 14_000}` : `agent-${k % 20}`,
            3_600_000 * (500_000 + (k % 3)),
            1,
            k % 2,
            EVICT_EVERY > 0 && k % EVICT_EVERY === 0 ? 1 : 0,
            0,
            0,
            0,
            0,
            2,
          ];
        });
        let at = 0;
        const values = rows.map((r) => `(${r.map(() => p(++at)).join(", ")})`).join(", ");
        await db.write((tx) =>
          tx.manager.query(`INSERT INTO skill_signal_deltas (${COLUMNS}) VALUES ${values}`, rows.flat()),
        );
      }
      const cpu = process.cpuUsage();
      const start = performance.now();
      let longest = 0;
      for (;;) {
        const batchCpu = process.cpuUsage();
        const folded = await rollup.foldOnce();
        const batchUsed = process.cpuUsage(batchCpu);
        longest = Math.max(longest, (batchUsed.user + batchUsed.system) / 1000);
        if (folded === 0) break;
      }
      const wall = performance.now() - start;
      const used = process.cpuUsage(cpu);
      rounds.push({ cpu: (used.user + used.system) / 1000, wall, longest });
    }
    const measured = rounds.slice(1);
    const mean = (f: (r: { cpu: number; wall: number; longest: number }) => number) =>
      measured.reduce((s, r) => s + f(r), 0) / measured.length;
    return {
      deltas: DELTAS,
      cpuMsPerRound: mean((r) => r.cpu),
      wallMsPerRound: mean((r) => r.wall),
      cpuUsPerDelta: (mean((r) => r.cpu) * 1000) / DELTAS,
      longestBatchMs: Math.max(...measured.map((r) => r.longest)),
    };
  } finally {
    await db.close();
    await drop();
  }
}

export async function run(): Promise<FoldBenchResult> {
  const result: FoldBenchResult = {};
  for (const kind of ["sqlite", "postgres"] as const) {
    const r = (result[kind] = await measure(kind));
    console.log(
      `signal fold, ${kind}: ${r.deltas} deltas per round, process CPU ${r.cpuMsPerRound.toFixed(1)} ms ` +
        `(${r.cpuUsPerDelta.toFixed(2)} µs per delta), wall ${r.wallMsPerRound.toFixed(1)} ms (mean of 5 rounds), ` +
        `costliest batch ${r.longestBatchMs.toFixed(1)} ms of CPU${START_KEYS ? ", keys as starts leave them" : ""}` +
        `${EVICT_EVERY > 0 ? `, every ${EVICT_EVERY}th delta evicts` : ""}`,
    );
  }
  return result;
}

if (require.main === module) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
