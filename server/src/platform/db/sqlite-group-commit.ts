import type { PreparedBatch, SqliteConnection } from "./driver";
import type { Mutex } from "./mutex";

interface Pending {
  batch: PreparedBatch;
  settle: (failure?: unknown) => void;
}

/**
 * Group commit for SQLite's hot writes: batches submitted in the same turn of the event loop (the call starts of
 * the requests read in one poll) commit in one transaction, each in a savepoint of its own, so one batch's failure
 * (a constraint) rolls back only that batch and fails only its caller. Each caller still returns only after its
 * batch committed. A commit writes every page it dirtied to the WAL, and the pages of the calls' tables and indexes
 * are shared between starts: one commit for several starts writes them once.
 */
export class SqliteGroupCommit {
  private pending: Pending[] = [];
  private runOne?: (batch: PreparedBatch) => void;
  private runGroup?: (group: Pending[]) => unknown[];

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
    const runOne = (this.runOne ??= connection.transaction((batch: PreparedBatch) => {
      for (const [statement, params] of batch) statement.run(...params);
    }));
    let failures: unknown[];
    try {
      if (group.length === 1) {
        runOne(group[0]!.batch);
        failures = [undefined];
      } else {
        const runGroup = (this.runGroup ??= connection.transaction((writes: Pending[]) =>
          writes.map((w) => {
            try {
              runOne(w.batch);
              return undefined;
            } catch (error) {
              return error ?? new Error("the write failed");
            }
          }),
        ));
        failures = runGroup(group);
      }
    } catch (error) {
      failures = group.map(() => error ?? new Error("the write failed"));
    }
    group.forEach((w, i) => w.settle(failures[i]));
    return Promise.resolve();
  }
}
