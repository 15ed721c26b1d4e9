import type { Database, DbManager } from "../../platform/db/database";
import { PollingLoop } from "../../platform/jobs/polling-loop";
import type { Logger } from "../../platform/logger";
import { SignalsRepository } from "./signals.repository";

/** How many deltas one fold transaction moves. */
const BATCH = 5_000;

/**
 * OB-3: folds the signal deltas into the hourly rollup, a batch per transaction (the upserts and the deletes of the
 * folded deltas commit together: a crash leaves each batch folded or not, never half), until none is left; every
 * instance may run it (PostgreSQL: rows another instance holds are skipped). Reads add the unfolded deltas, so the
 * fold's pace changes only how fast reads are, never what they say.
 */
export class SignalRollup {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Database,
    logger: Logger,
    private readonly intervalMs = 10_000,
  ) {
    this.loop = new PollingLoop(
      async () => (await this.foldOnce()) === BATCH,
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
  foldOnce(limit = BATCH): Promise<number> {
    return this.db.write((tx) => this.foldInto(tx.manager, limit));
  }

  /** One batch inside the caller's transaction (it commits or rolls back whole with it). */
  foldInto(m: DbManager, limit = BATCH): Promise<number> {
    return new SignalsRepository(m).fold(limit);
  }

  /** Folds until no delta is left; returns how many it folded. */
  async foldAll(): Promise<number> {
    let total = 0;
    for (let folded = await this.foldOnce(); folded > 0; folded = await this.foldOnce()) total += folded;
    return total;
  }
}
