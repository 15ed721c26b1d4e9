import fs from "node:fs";
import path from "node:path";
import { DataSource, type EntitySchema, type MixedList, type ObjectLiteral } from "typeorm";
import { postgresMigrations, sqliteMigrations } from "./migrations";

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The registry's working set lives in memory (or on SSD), where a random page costs about what a sequential one
 * does. At PostgreSQL's default of 4 the planner scans all of agent_versions to join the few hundred rows who-uses
 * needs, so the statement grew with the registry (docs/benchmarks.md).
 */
export const DEFAULT_POSTGRES_OPTIONS = "-c random_page_cost=1.1";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityList = MixedList<Function | string | EntitySchema<ObjectLiteral>>;

export function postgresDataSource(options: {
  url: string;
  entities: EntityList;
  poolSize?: number;
  /** Session options for every connection (PGOPTIONS, through config); default DEFAULT_POSTGRES_OPTIONS. */
  sessionOptions?: string;
}): DataSource {
  return new DataSource({
    type: "postgres",
    url: options.url,
    entities: options.entities,
    migrations: postgresMigrations,
    migrationsTableName: "migrations",
    extra: {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      // A connection keeps the plans it made (foreign key checks, prepared statements) until an ANALYZE invalidates
      // them; where autovacuum is off, plans made while a table was empty (a scan of calls per start's key check,
      // docs/benchmarks.md) would stay for the connection's life. Renewed every 30 min.
      maxLifetimeSeconds: 1800,
      options: options.sessionOptions ?? DEFAULT_POSTGRES_OPTIONS,
    },
  });
}

/** `file`: a path (WAL mode, checkpointed by a worker) or ":memory:". */
export function sqliteDataSource(options: { file: string; entities: EntityList }): DataSource {
  const walFile = options.file !== ":memory:";
  if (walFile) fs.mkdirSync(path.dirname(options.file), { recursive: true });
  return new DataSource({
    type: "better-sqlite3",
    database: options.file,
    entities: options.entities,
    migrations: sqliteMigrations,
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
      // Statement journals (a multi-row INSERT inside a transaction keeps the pages it changes, to undo a failed
      // statement alone) spilled past 64 KB to a temp file, created and unlinked in every call start's commit; in
      // memory they live until the statement ends. Temporary tables and indices live there too.
      db.pragma("temp_store = MEMORY");
      if (walFile) db.pragma("wal_autocheckpoint = 0");
    },
  });
}

/**
 * A 64-bit serial id (`PrimaryGeneratedColumn({ type: "bigint" })`, PostgreSQL's BIGSERIAL) is SQLite's rowid, which
 * AUTOINCREMENT accepts only on a column declared INTEGER (64-bit there already).
 */
export function sqliteRowIds(dataSource: DataSource): void {
  for (const entity of dataSource.entityMetadatas)
    for (const column of entity.columns)
      if (column.isGenerated && column.generationStrategy === "increment" && column.type === "bigint")
        column.type = "integer";
}
