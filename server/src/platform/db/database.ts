import path from "node:path";
import type { DataSource, EntityManager } from "typeorm";
import type { DomainEvent, EventDelivery, EventOrigin } from "../events/domain-events";
import { postgresDataSource, sqliteDataSource, sqliteRowIds, type EntityList } from "./data-sources";
import { isRetryableConflict } from "./db-errors";
import { PostgresDirect, SqliteDirect, type CommittedEvents, type DirectStatements } from "./direct-statements";
import { PgDriver, SqliteDriver, type SqlStatement } from "./driver";
import { Mutex } from "./mutex";
import { SqliteGroupCommit } from "./sqlite-group-commit";
import { SqliteCheckpointer, type CheckpointerOptions } from "./sqlite-checkpointer";

export type Dialect = "sqlite" | "postgres";
export type { ClientTx, SqlStatement, SyncTx } from "./driver";
export type { CommittedEvents, DirectStatements, PostgresDirect, SqliteDirect } from "./direct-statements";
export { isDatabaseUnavailable, isRetryableConflict, isUniqueViolation, pgErrorCode } from "./db-errors";
/** The handle repositories query through; services only pass it along. */
export type DbManager = EntityManager;

export interface Tx {
  readonly manager: DbManager;
  /** Runs after the transaction commits (the module's own cache invalidation); never on rollback. */
  afterCommit(effect: () => void | Promise<void>): void;
  /** Announces `event` to its listeners once the transaction committed; never on rollback. */
  emit(event: DomainEvent): void;
}

/** What a transaction leaves for after its commit, in the order it was asked for. */
type Committed = { effect: () => void | Promise<void> } | { event: DomainEvent };

export interface DatabaseOptions {
  /** postgres://… or undefined for SQLite. */
  url: string | undefined;
  /** SQLite file; ":memory:" for a throwaway database. */
  sqlitePath?: string;
  entities: EntityList;
  poolSize?: number;
  /** PostgreSQL session options for every connection (PGOPTIONS, read by config); a default when unset. */
  postgresOptions?: string;
  /** SQLite file: how the checkpoint worker runs (tests bound the WAL tighter). */
  checkpoints?: CheckpointerOptions;
}

/** Told when an after-commit effect failed: the change committed, so the caller still gets its answer (SEC-19). */
export type EffectFailureReporter = (error: unknown) => void;

/**
 * The database, in three ways a caller may need it: `read` and `write` through the ORM (every module), `rows` for a
 * read through the driver on either database, and `direct` for the hot path's own statements, which are each
 * database's own (`DirectStatements`).
 */
export class Database {
  private readonly writeLock = new Mutex();
  private closed = false;
  private reportEffectFailure: EffectFailureReporter = () => undefined;
  private events: EventDelivery = { deliver: () => Promise.resolve() };
  /** SQLite file: the worker that checkpoints the WAL off the event loop (none in memory or on PostgreSQL). */
  readonly checkpointer?: SqliteCheckpointer;
  /** The hot path's statements without the ORM, as this database runs them. */
  readonly direct: DirectStatements;
  private readonly sqlite = new SqliteDriver(
    () => this.dataSource.driver,
    () => this.dataSource.logger,
  );
  private readonly pg = new PgDriver(
    () => this.dataSource.driver,
    () => this.dataSource.logger,
  );

  private constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
    checkpoints?: { file: string; options: CheckpointerOptions },
  ) {
    const deliver = (after: CommittedEvents) => this.deliverCommitted(after);
    this.direct =
      dialect === "sqlite"
        ? new SqliteDirect(
            this.sqlite,
            new SqliteGroupCommit(() => this.sqlite.connection(), this.writeLock),
            this.writeLock,
            deliver,
          )
        : new PostgresDirect(this.pg, deliver);
    if (checkpoints)
      this.checkpointer = new SqliteCheckpointer(checkpoints.file, checkpoints.options, {
        holdWrites: (fn) => this.writeLock.run(fn),
        onFailure: (error) => {
          if (this.closed) return;
          // the worker is gone or failing: the app's connection checkpoints on its commits again, SQLite's default
          this.sqlite.connection().prepare("PRAGMA wal_autocheckpoint = 1000").run();
          this.reportCheckpointFailure(error);
        },
      });
  }

  private reportCheckpointFailure: (error: Error) => void = () => undefined;

  /** Where a failure of the checkpoint worker goes (the composition root logs it); commits checkpoint again then. */
  onCheckpointFailure(reporter: (error: Error) => void): void {
    this.reportCheckpointFailure = reporter;
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    if (options.url) {
      const dataSource = postgresDataSource({
        url: options.url,
        entities: options.entities,
        poolSize: options.poolSize,
        sessionOptions: options.postgresOptions,
      });
      await dataSource.initialize();
      return new Database(dataSource, "postgres");
    }
    const walFile = options.sqlitePath !== undefined && options.sqlitePath !== ":memory:";
    const file = walFile ? path.resolve(options.sqlitePath!) : ":memory:";
    const dataSource = sqliteDataSource({ file, entities: options.entities });
    await dataSource.initialize();
    sqliteRowIds(dataSource);
    return new Database(dataSource, "sqlite", walFile ? { file, options: options.checkpoints ?? {} } : undefined);
  }

  /** Where failures of after-commit effects go (the composition root logs them). */
  onEffectFailure(reporter: EffectFailureReporter): void {
    this.reportEffectFailure = reporter;
  }

  /** Who hears the events transactions emit (the composition root's DomainEvents). */
  deliverEventsTo(events: EventDelivery): void {
    this.events = events;
  }

  /**
   * OB-2: the PostgreSQL pool's connections (open, idle, and requests waiting for one); null on SQLite (one
   * connection, no pool).
   */
  poolUse(): { total: number; idle: number; waiting: number } | null {
    const pool = (
      this.dataSource.driver as { master?: { totalCount: number; idleCount: number; waitingCount: number } }
    ).master;
    if (this.dialect !== "postgres" || !pool) return null;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** The connection URL of a PostgreSQL database (for a dedicated LISTEN connection); undefined for SQLite. */
  postgresUrl(): string | undefined {
    const options = this.dataSource.options as { type: string; url?: string };
    return options.type === "postgres" ? options.url : undefined;
  }

  async migrate(): Promise<void> {
    await this.writeLock.run(async () => {
      await this.dataSource.runMigrations({ transaction: "each" });
    });
  }

  /** Reads outside a transaction. */
  read<T>(fn: (manager: DbManager) => Promise<T>): Promise<T> {
    return fn(this.dataSource.manager);
  }

  /**
   * One transaction. SQLite: serialised in process (one connection, no nesting). PostgreSQL: retried on
   * serialization failures and deadlocks. Once it committed, the effects registered with afterCommit run and the
   * events emitted are delivered, in the order they were asked for; `origin` names the request in failure logs.
   */
  async write<T>(fn: (tx: Tx) => Promise<T>, origin: EventOrigin = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const committed: Committed[] = [];
      try {
        const run = () =>
          this.dataSource.transaction((manager) =>
            fn({
              manager,
              afterCommit: (effect) => committed.push({ effect }),
              emit: (event) => committed.push({ event }),
            }),
          );
        const result = this.dialect === "sqlite" ? await this.writeLock.run(run) : await run();
        await this.afterCommit(committed, origin);
        return result;
      } catch (error) {
        if (attempt < 4 && isRetryableConflict(error)) continue;
        throw error;
      }
    }
  }

  /**
   * Every effect runs and every event is delivered, in order; an effect that fails is reported, a listener that
   * fails is logged by the delivery — never thrown into a change that committed.
   */
  private async afterCommit(committed: readonly Committed[], origin: EventOrigin): Promise<void> {
    for (const item of committed) {
      if ("event" in item) {
        await this.events.deliver([item.event], origin);
        continue;
      }
      try {
        await item.effect();
      } catch (error) {
        this.reportEffectFailure(error);
      }
    }
  }

  /**
   * A read outside any transaction through the driver, on either database: no query runner, no query builder, no
   * hydration — the rows as the driver reads them (column names; JSON as text; on PostgreSQL bigints as strings), for
   * the repository that wrote `statement` to map. SQLite: a prepared statement kept per SQL text; PostgreSQL: a named
   * prepared statement (`name` must stand for this one `sql`). Logged like any query.
   */
  async rows<R>(name: string, statement: SqlStatement): Promise<R[]> {
    if (this.dialect === "postgres") return this.pg.queryNamed<R>(name, statement);
    return this.sqlite.all<R>(statement[0], statement[1]);
  }

  private async deliverCommitted({ events = [], requestId }: CommittedEvents): Promise<void> {
    if (events.length > 0) await this.events.deliver(events, { requestId });
  }

  /**
   * Every column of every entity by `table.column`: its length for a `varchar(n)`, null for one without a length
   * (text, numbers, JSON). SEC-22: the input policy's limit for an input stored in a column is this length.
   */
  columnLengths(): Map<string, number | null> {
    const lengths = new Map<string, number | null>();
    for (const entity of this.dataSource.entityMetadatas)
      for (const column of entity.columns) {
        const length = Number(column.length);
        lengths.set(`${entity.tableName}.${column.databaseName}`, length > 0 ? length : null);
      }
    return lengths;
  }

  async ping(): Promise<boolean> {
    try {
      await this.dataSource.query("SELECT 1");
      return !(await this.dataSource.showMigrations());
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.checkpointer?.stop();
    await this.writeLock.run(async () => {
      if (this.dataSource.isInitialized) await this.dataSource.destroy();
    });
  }
}
