import type { DomainEvent, EventOrigin } from "../events/domain-events";
import { isRetryableConflict } from "./db-errors";
import type { ClientTx, PgDriver, SqlStatement, SqliteDriver, SyncTx } from "./driver";
import type { Mutex } from "./mutex";
import type { SqliteGroupCommit } from "./sqlite-group-commit";

/** Events of a write that commits on its own, delivered once it did. */
export interface CommittedEvents extends EventOrigin {
  readonly events?: readonly DomainEvent[];
}

type Deliver = (after: CommittedEvents) => Promise<void>;

/**
 * Statements sent to the driver without the ORM, for the hot path (call start, load): no query runner, no query
 * builder, no hydration; statements prepared once and kept, logged like any query. What each database offers is its
 * own (`db.direct.dialect` says which), so no method exists that one of them cannot run; the repository that wrote
 * the statements maps the rows.
 */
export type DirectStatements = SqliteDirect | PostgresDirect;

export class SqliteDirect {
  readonly dialect = "sqlite" as const;

  constructor(
    private readonly driver: SqliteDriver,
    private readonly groupCommit: SqliteGroupCommit,
    private readonly writeLock: Mutex,
    private readonly deliver: Deliver,
  ) {}

  /**
   * `statements` in one synchronous transaction, grouped with the other such writes of this turn of the event loop
   * (`SqliteGroupCommit`): one commit, each caller's batch all or nothing, nothing between its statements.
   * Serialised with `Database.write`.
   */
  async commit(statements: readonly SqlStatement[], after: CommittedEvents = {}): Promise<void> {
    await this.groupCommit.submit(this.driver.prepare(statements));
    await this.deliver(after);
  }

  /**
   * `fn` in one synchronous transaction of the driver (BEGIN … COMMIT around a plain function: nothing async can run
   * in between, so a read and the writes it decides are one atomic step without a lock; a throw rolls back).
   * Serialised with `Database.write`; events emitted are delivered once committed.
   */
  async transaction<T>(fn: (tx: SyncTx) => T, origin: EventOrigin = {}): Promise<T> {
    const events: DomainEvent[] = [];
    const result = await this.writeLock.run(async () => this.driver.transaction(fn, events));
    await this.deliver({ events, ...origin });
    return result;
  }
}

export class PostgresDirect {
  readonly dialect = "postgres" as const;

  constructor(
    private readonly driver: PgDriver,
    private readonly deliver: Deliver,
  ) {}

  /**
   * One statement, atomic on its own, as a named prepared statement (parsed and planned once per pooled connection,
   * then only bound and run). `name` must stand for this one `sql`.
   */
  async run(name: string, statement: SqlStatement, after: CommittedEvents = {}): Promise<void> {
    await this.driver.runNamed(name, statement);
    await this.deliver(after);
  }

  /**
   * One statement outside any transaction (a read, or a write atomic on its own), and its rows. Events are not
   * delivered here: a compare-and-set whose rows say whether it applied delivers its own with `delivered`.
   */
  query<R>(name: string, statement: SqlStatement): Promise<R[]> {
    return this.driver.queryNamed<R>(name, statement);
  }

  /** Delivers the events of a change that committed on its own (a `query` write that applied). */
  delivered(after: CommittedEvents): Promise<void> {
    return this.deliver(after);
  }

  /**
   * `fn` in one transaction on one pooled client, its statements named prepared statements; BEGIN and COMMIT logged
   * like the statements. Retried on serialization failures and deadlocks; events emitted are delivered once
   * committed, those of a failed attempt never.
   */
  async transaction<T>(fn: (tx: ClientTx) => Promise<T>, origin: EventOrigin = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const events: DomainEvent[] = [];
      try {
        const result = await this.driver.transaction(fn, events);
        await this.deliver({ events, ...origin });
        return result;
      } catch (error) {
        if (attempt < 4 && isRetryableConflict(error)) continue;
        throw error;
      }
    }
  }
}
