import type { Logger } from "typeorm";
import { LruCache } from "../cache/lru-cache";
import type { DomainEvent } from "../events/domain-events";

/** One SQL statement and its parameters, in the dialect's placeholders (`?` on SQLite, `$n` on PostgreSQL). */
export type SqlStatement = readonly [sql: string, params: readonly unknown[]];

/**
 * A synchronous SQLite transaction (`SqliteDirect.transaction`): statements run as the driver's prepared statements
 * (prepared once per SQL text, kept), rows come back as the driver reads them (column names, no hydration).
 */
export interface SyncTx {
  get<R>(sql: string, params: readonly unknown[]): R | undefined;
  all<R>(sql: string, params: readonly unknown[]): R[];
  /** The number of rows changed. */
  run(sql: string, params: readonly unknown[]): number;
  /** Announces `event` once the transaction committed; never on rollback. */
  emit(event: DomainEvent): void;
}

/**
 * A PostgreSQL transaction on one pooled client (`PostgresDirect.transaction`): each statement a named prepared
 * statement of the driver (parsed and planned once per connection); `name` must stand for this one `sql`.
 */
export interface ClientTx {
  query<R>(name: string, sql: string, params: readonly unknown[]): Promise<R[]>;
  emit(event: DomainEvent): void;
}

export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  /** better-sqlite3's transaction wrapper; called inside another one it runs in a savepoint. */
  transaction<A, R>(fn: (arg: A) => R): (arg: A) => R;
}
type PgQuery = string | { name: string; text: string; values: unknown[] };
interface PgClient {
  query(query: PgQuery): Promise<{ rows: unknown[] }>;
  release(error?: Error | boolean): void;
}
interface PgPool {
  query(query: PgQuery): Promise<unknown>;
  connect(): Promise<PgClient>;
}
export type PreparedBatch = Array<readonly [SqliteStatement, readonly unknown[]]>;

const bind = (params: readonly unknown[]) => params.map((p) => (typeof p === "boolean" ? Number(p) : p));

/**
 * better-sqlite3 under TypeORM's data source, without TypeORM: statements prepared once per SQL text and kept, run
 * in the driver's synchronous transactions, logged through the data source's logger. The caller holds the write lock.
 */
export class SqliteDriver {
  private readonly prepared = new LruCache<string, SqliteStatement>(200);
  private runTx?: (work: () => unknown) => unknown;

  constructor(
    private readonly driver: () => unknown,
    private readonly logger: () => Logger,
  ) {}

  /** `statements` prepared (once per SQL text) and bound, logged: a batch for `SqliteGroupCommit`. */
  prepare(statements: readonly SqlStatement[]): PreparedBatch {
    return statements.map(([sql, params]) => [this.statement(sql, params), bind(params)]);
  }

  /** `fn` between the driver's BEGIN and COMMIT (a throw rolls back); what it emits goes into `events`. */
  transaction<T>(fn: (tx: SyncTx) => T, events: DomainEvent[]): T {
    const tx: SyncTx = {
      get: <R>(sql: string, params: readonly unknown[]) => this.statement(sql, params).get(...bind(params)) as R,
      all: <R>(sql: string, params: readonly unknown[]) => this.statement(sql, params).all(...bind(params)) as R[],
      run: (sql, params) => this.statement(sql, params).run(...bind(params)).changes,
      emit: (event) => events.push(event),
    };
    const run = (this.runTx ??= this.connection().transaction((work: () => unknown) => work()));
    return run(() => fn(tx)) as T;
  }

  /** A read outside any transaction: the rows as the driver reads them. */
  all<R>(sql: string, params: readonly unknown[]): R[] {
    return this.statement(sql, params).all(...bind(params)) as R[];
  }

  private statement(sql: string, params: readonly unknown[]): SqliteStatement {
    this.logger().logQuery(sql, bind(params));
    let statement = this.prepared.get(sql);
    if (!statement) this.prepared.set(sql, (statement = this.connection().prepare(sql)));
    return statement;
  }

  connection(): SqliteConnection {
    return (this.driver() as { databaseConnection: SqliteConnection }).databaseConnection;
  }
}

/** node-postgres's pool under TypeORM's data source, without TypeORM: named prepared statements, logged as queries. */
export class PgDriver {
  constructor(
    private readonly driver: () => unknown,
    private readonly logger: () => Logger,
  ) {}

  async runNamed(name: string, statement: SqlStatement): Promise<void> {
    await this.queryNamed(name, statement);
  }

  async queryNamed<R>(name: string, [sql, params]: SqlStatement): Promise<R[]> {
    this.logger().logQuery(sql, [...params]);
    return ((await this.pool().query({ name, text: sql, values: [...params] })) as { rows: R[] }).rows;
  }

  /** One attempt of `fn` between BEGIN and COMMIT on one pooled client; what it emits goes into `events`. */
  async transaction<T>(fn: (tx: ClientTx) => Promise<T>, events: DomainEvent[]): Promise<T> {
    const logger = this.logger();
    const client = await this.pool().connect();
    let result: T;
    try {
      logger.logQuery("BEGIN");
      await client.query("BEGIN");
      result = await fn({
        query: async <R>(name: string, sql: string, params: readonly unknown[]) => {
          logger.logQuery(sql, [...params]);
          return (await client.query({ name, text: sql, values: [...params] })).rows as R[];
        },
        emit: (event) => events.push(event),
      });
      logger.logQuery("COMMIT");
      await client.query("COMMIT");
    } catch (error) {
      events.length = 0;
      // a connection that cannot even roll back is broken: the pool drops it
      const broken = await client.query("ROLLBACK").then(
        () => undefined,
        (rollback: unknown) => (rollback instanceof Error ? rollback : new Error(String(rollback))),
      );
      client.release(broken ?? false);
      throw error;
    }
    client.release();
    return result;
  }

  private pool(): PgPool {
    return (this.driver() as { master: PgPool }).master;
  }
}
