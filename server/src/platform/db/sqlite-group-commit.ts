import type { PreparedBatch, SqliteConnection } from "./driver";
import type { Mutex } from "./mutex";

interface Pending {
  batch: PreparedBatch;
  settle: (failure?: unknown) => void;
}

/**
 * Group commit for SQLite's hot writes: batches submitted in the same turn of the event loop (the call starts of
 * the requests read in one poll) commit in one transaction. A commit writes every page it dirtied to the WAL, and the
 * pages of the calls' tables and indexes are shared between starts: one commit for several starts writes them once.
 * Each caller still returns only after its batch committed, and one batch's failure (a constraint) fails only its
 * caller: the group then rolls back whole and each batch runs again in a transaction of its own. The batches are not
 * each in a savepoint: a savepoint journals the pages its batch changes, and past 64 KB (a start changes ~20 pages)
 * SQLite spilled that journal to a temp file created, written and unlinked inside the commit.
 */
export class SqliteGroupCommit {
  private pending: Pending[] = [];
  private runOne?: (batch: PreparedBatch) => void;
  private runAll?: (group: Pending[]) => void;

  constructor(
    private readonly connection: () => SqliteConnection,
    private readonly writeLock: Mutex,
  ) {}

  submit(batch: PreparedBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ batch, settle: (failure) => (failure === undefined ? resolve() : reject(failure)) });
      // The first of a group waits for the check phase: the other requests of this poll join it meanwhile.
      if (this.pending.length === 1) setImmediate(() => void this.writeLock.run(() => this.commit()));
    });
  }

  private commit(): Promise<void> {
    const group = this.pending;
    this.pending = [];
    const connection = this.connection();
    const runAll = (this.runAll ??= connection.transaction((writes: Pending[]) => {
      for (const write of writes) for (const [statement, params] of write.batch) statement.run(...params);
    }));
    let failures: unknown[];
    try {
      runAll(group);
      failures = group.map(() => undefined);
    } catch (error) {
      // Rolled back whole (rare: a constraint, a full disk): each batch again on its own, so only the failing fail.
      if (group.length === 1) failures = [error ?? new Error("the write failed")];
      else {
        const runOne = (this.runOne ??= connection.transaction((batch: PreparedBatch) => {
          for (const [statement, params] of batch) statement.run(...params);
        }));
        failures = group.map((w) => {
          try {
            runOne(w.batch);
            return undefined;
          } catch (failure) {
            return failure ?? new Error("the write failed");
          }
        });
      }
    }
    group.forEach((w, i) => w.settle(failures[i]));
    return Promise.resolve();
  }
}
