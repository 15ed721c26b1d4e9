import fs from "node:fs";
import path from "node:path";
import { DataSource, type EntityManager, type MixedList, type EntitySchema, type ObjectLiteral } from "typeorm";
import type { DomainEvent, EventDelivery, EventOrigin } from "../events/domain-events";
import { PgDriver, SqliteDriver, type ClientTx, type SqlStatement, type SyncTx } from "./driver";
import { Mutex } from "./mutex";
import { SqliteGroupCommit } from "./sqlite-group-commit";
import { SqliteCheckpointer, type CheckpointerOptions } from "./sqlite-checkpointer";
import { postgresMigrations, sqliteMigrations } from "./migrations";

export type Dialect = "sqlite" | "postgres";
export type { ClientTx, SqlStatement, SyncTx } from "./driver";
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
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema<ObjectLiteral>>;
  poolSize?: number;
  /** SQLite file: how the checkpoint worker runs (tests bound the WAL tighter). */
  checkpoints?: CheckpointerOptions;
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;
const RETRYABLE_PG_CODES = new Set(["40001", "40P01"]); // serialization failure, deadlock

/** Events of a write that commits on its own (`runNamed`, `runPrepared`), delivered once it did. */
export interface CommittedEvents extends EventOrigin {
  readonly events?: readonly DomainEvent[];
}

/** Told when an after-commit effect failed: the change committed, so the caller still gets its answer (SEC-19). */
export type EffectFailureReporter = (error: unknown) => void;

export class Database {
  private readonly writeLock = new Mutex();
  private closed = false;
  private reportEffectFailure: EffectFailureReporter = () => undefined;
  private events: EventDelivery = { deliver: () => Promise.resolve() };
  /** SQLite file: the worker that checkpoints the WAL off the event loop (none in memory or on PostgreSQL). */
  readonly checkpointer?: SqliteCheckpointer;

  private constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
    checkpoints?: { file: string; options: CheckpointerOptions },
  ) {
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
    const dialect: Dialect = options.url ? "postgres" : "sqlite";
    const walFile = dialect === "sqlite" && options.sqlitePath !== undefined && options.sqlitePath !== ":memory:";
    const sqliteFile = walFile ? path.resolve(prepareSqlitePath(options.sqlitePath!)) : ":memory:";
    const migrations = dialect === "postgres" ? postgresMigrations : sqliteMigrations;
    const dataSource =
      dialect === "postgres"
        ? new DataSource({
            type: "postgres",
            url: options.url,
            entities: options.entities,
            migrations,
            migrationsTableName: "migrations",
            extra: {
              max: options.poolSize ?? 10,
              connectionTimeoutMillis: 5000,
              // A connection keeps the plans it made (foreign key checks, prepared statements) until an ANALYZE
              // invalidates them; where autovacuum is off, plans made while a table was empty (a scan of calls per
              // start's key check, docs/benchmarks.md) would stay for the connection's life. Renewed every 30 min.
              maxLifetimeSeconds: 1800,
              // The registry's working set lives in memory (or on SSD), where a random page costs about what a
              // sequential one does. At PostgreSQL's default of 4 the planner scans all of agent_versions to join
              // the few hundred rows who-uses needs, so the statement grew with the registry (docs/benchmarks.md).
              // PGOPTIONS, when set, is the operator's choice and wins.
              options: process.env.PGOPTIONS ?? "-c random_page_cost=1.1",
            },
          })
        : new DataSource({
            type: "better-sqlite3",
            database: sqliteFile,
            entities: options.entities,
            migrations,
            migrationsTableName: "migrations",
            // WAL + synchronous=NORMAL: a commit is one append to the WAL with no fsync; a crash of the process loses
            // nothing, a power cut can lose the last commits (never corrupts). Readers never wait for the writer.
            // Checkpoints (copying the WAL into the file, with fsyncs) run in a worker thread (SqliteCheckpointer), not
            // inside whichever commit crosses wal_autocheckpoint on the event loop.
            enableWAL: walFile,
            timeout: SQLITE_BUSY_TIMEOUT_MS,
            // TypeORM's runner keeps prepared statements by SQL text (FIFO): room for every hot statement's shapes.
            statementCacheSize: 1000,
            prepareDatabase: (db: { pragma(source: string): unknown }) => {
              db.pragma("foreign_keys = ON");
              db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
              db.pragma("synchronous = NORMAL");
              // Statement journals (a multi-row INSERT inside a transaction keeps the pages it changes, to undo a
              // failed statement alone) spilled past 64 KB to a temp file, created and unlinked in every call start's
              // commit; in memory they live until the statement ends. Temporary tables and indices live there too.
              db.pragma("temp_store = MEMORY");
              if (walFile) db.pragma("wal_autocheckpoint = 0");
            },
          });
    await dataSource.initialize();
    if (dialect === "sqlite") sqliteRowIds(dataSource);
    return new Database(
      dataSource,
      dialect,
      walFile ? { file: sqliteFile, options: options.checkpoints ?? {} } : undefined,
    );
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
   * SQLite only: `statements` as prepared statements of the driver (prepared once, kept), in one synchronous
   * transaction — grouped with the other such writes of this turn of the event loop (`SqliteGroupCommit`): one
   * commit, each caller's batch all or nothing, nothing between its statements, no query builder. Serialised with
   * `write`. Logged like any query.
   */
  async runPrepared(statements: readonly SqlStatement[], after: CommittedEvents = {}): Promise<void> {
    if (this.dialect !== "sqlite") throw new Error("runPrepared is for SQLite; PostgreSQL sends one statement");
    await this.groupCommit.submit(this.sqlite.prepare(statements));
    await this.deliverCommitted(after);
  }

  /**
   * PostgreSQL only: one statement, atomic on its own, as a named prepared statement of the driver (parsed and
   * planned once per pooled connection, then only bound and run: no query runner, no TypeORM in the way). `name`
   * must stand for this one `sql`. Logged like any query.
   */
  async runNamed(name: string, [sql, params]: SqlStatement, after: CommittedEvents = {}): Promise<void> {
    if (this.dialect !== "postgres") throw new Error("runNamed is for PostgreSQL; SQLite uses runPrepared");
    await this.pg.runNamed(name, [sql, params]);
    await this.deliverCommitted(after);
  }

  /**
   * PostgreSQL only: one statement as a named prepared statement of the driver, outside any transaction (a read, or a
   * write atomic on its own), and its rows. Events are not delivered here: a compare-and-set whose rows say whether
   * it applied delivers its own with `delivered`. Logged like any query.
   */
  queryNamed<R>(name: string, statement: SqlStatement): Promise<R[]> {
    if (this.dialect !== "postgres") throw new Error("queryNamed is for PostgreSQL");
    return this.pg.queryNamed<R>(name, statement);
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

  /** Delivers the events of a change that committed on its own (a `queryNamed` write that applied). */
  async delivered(after: CommittedEvents): Promise<void> {
    await this.deliverCommitted(after);
  }

  /**
   * SQLite only: `fn` in one synchronous transaction of the driver (BEGIN … COMMIT around a plain function: nothing
   * async can run in between, so a read and the writes it decides are one atomic step without a lock; a throw rolls
   * back). Serialised with `write`; statements prepared once and kept, logged like any query; events emitted are
   * delivered once committed.
   */
  async inSyncTransaction<T>(fn: (tx: SyncTx) => T, origin: EventOrigin = {}): Promise<T> {
    if (this.dialect !== "sqlite") throw new Error("inSyncTransaction is for SQLite; see inClientTransaction");
    const events: DomainEvent[] = [];
    const result = await this.writeLock.run(async () => this.sqlite.transaction(fn, events));
    await this.deliverCommitted({ events, ...origin });
    return result;
  }

  /**
   * PostgreSQL only: `fn` in one transaction on one pooled client, its statements named prepared statements (no
   * query runner, no TypeORM); BEGIN and COMMIT logged like the statements. Retried as `write` is (serialization
   * failures, deadlocks); events emitted are delivered once committed, those of a failed attempt never.
   */
  async inClientTransaction<T>(fn: (tx: ClientTx) => Promise<T>, origin: EventOrigin = {}): Promise<T> {
    if (this.dialect !== "postgres") throw new Error("inClientTransaction is for PostgreSQL; see inSyncTransaction");
    for (let attempt = 1; ; attempt++) {
      const events: DomainEvent[] = [];
      try {
        const result = await this.pg.transaction(fn, events);
        await this.deliverCommitted({ events, ...origin });
        return result;
      } catch (error) {
        if (attempt < 4 && isRetryableConflict(error)) continue;
        throw error;
      }
    }
  }

  private async deliverCommitted({ events = [], requestId }: CommittedEvents): Promise<void> {
    if (events.length > 0) await this.events.deliver(events, { requestId });
  }

  private readonly sqlite = new SqliteDriver(
    () => this.dataSource.driver,
    () => this.dataSource.logger,
  );
  private readonly pg = new PgDriver(
    () => this.dataSource.driver,
    () => this.dataSource.logger,
  );
  private readonly groupCommit = new SqliteGroupCommit(() => this.sqlite.connection(), this.writeLock);

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

/** True for a PostgreSQL serialization failure or deadlock: the statement wrote nothing and may be tried again. */
export function isRetryableConflict(error: unknown): boolean {
  return RETRYABLE_PG_CODES.has(pgErrorCode(error) ?? "");
}

export function pgErrorCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === "string" ? code : undefined;
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(String(error));
}

function prepareSqlitePath(file: string): string {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

// Connection-level failures (PostgreSQL classes 08 and 57P, too many connections) and the driver's own words
// for a connection that went away: the database is unavailable, not the statement wrong.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "53300",
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Driver not Connected|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|connection is not open|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|Client was closed and is not queryable|Query runner already released/i;

/** SEC-17, SEC-20: true when `error` means the database cannot be reached right now (retrying later may work). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    const code = typeof candidate.code === "string" ? candidate.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || code.startsWith("57P")) return true;
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    const errors = (current as { errors?: unknown }).errors; // AggregateError from a multi-address connect
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = candidate.driverError ?? candidate.cause;
  }
  return false;
}

/**
 * A 64-bit serial id (`PrimaryGeneratedColumn({ type: "bigint" })`, PostgreSQL's BIGSERIAL) is SQLite's rowid, which
 * AUTOINCREMENT accepts only on a column declared INTEGER (64-bit there already).
 */
function sqliteRowIds(dataSource: DataSource): void {
  for (const entity of dataSource.entityMetadatas)
    for (const column of entity.columns)
      if (column.isGenerated && column.generationStrategy === "increment" && column.type === "bigint")
        column.type = "integer";
}
