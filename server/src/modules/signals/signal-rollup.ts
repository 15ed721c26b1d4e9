import type { Database, DbManager } from "../../platform/db/database";
import { PollingLoop } from "../../platform/jobs/polling-loop";
import type { Logger } from "../../platform/logger";
import { SignalsRepository } from "./signals.repository";

/**
 * How many deltas one fold transaction moves. PostgreSQL: a batch sums more deltas of one key into one upsert (a
 * batch of 5,000 covered ~1 s of a loaded server's starts, nearly one upsert per delta) and the fold holds no lock a
 * start waits for. SQLite: the fold runs on the event loop and holds the one write lock, so every request waits for
 * a batch: 500 deltas (a few ms; 5,000 held the loop 35–160 ms with keys as starts leave them, each delta its own
 * upsert), and the loop yields between batches.
 */
const BATCH = { postgres: 50_000, sqlite: 500 } as const;

/**
 * OB-3: folds the signal deltas into the hourly rollup, a batch per transaction (the upserts and the deletes of the
 * folded deltas commit together: a crash leaves each batch folded or not, never half), until none is left; every
 * instance may run it (PostgreSQL: one at a time; an instance that finds another folding waits for its next pass).
 * Reads add the unfolded deltas, so the fold's pace changes only how fast reads are, never what they say.
 */
export class SignalRollup {
  private readonly loop: PollingLoop;
  private readonly batch: number;

  constructor(
    private readonly db: Database,
    logger: Logger,
    private readonly intervalMs = 10_000,
  ) {
    this.batch = BATCH[db.dialect];
    this.loop = new PollingLoop(
      async () => (await this.foldOnce()) === this.batch,
      (error) => logger.warn({ err: error }, "signal rollup failed"),
      intervalMs,
    );
  }

  start(): void {
    this.loop.start({ firstPassAfterMs: this.intervalMs });
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch in its own transaction: returns how many deltas it folded. */
  foldOnce(limit = this.batch): Promise<number> {
    return this.db.write((tx) => this.foldInto(tx.manager, limit));
  }

  /** One batch inside the caller's transaction (it commits or rolls back whole with it). */
  foldInto(m: DbManager, limit = this.batch): Promise<number> {
    return new SignalsRepository(m).fold(limit);
  }

  /** Folds until no delta is left; returns how many it folded. */
  async foldAll(): Promise<number> {
    let total = 0;
    for (let folded = await this.foldOnce(); folded > 0; folded = await this.foldOnce()) total += folded;
    return total;
  }
}
