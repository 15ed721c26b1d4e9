/**
 * The call runtime bench's baselines beside the bare map and bare SQL servers: the same call rows written in one
 * statement through `pg` (what a call start must at least do), Apollo Server alone on Node's `http` (what the pinned
 * GraphQL stack allows), and what a call start stores.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { ApolloServer, HeaderMap } from "@apollo/server";
import type { Client, Pool } from "pg";
import type { Database } from "../../src/platform/db/database";
import { bareServer, type Listening } from "./probes";

/** Tables that hold a call's rows besides `calls`: they have a `call_id` column. */
async function callTables(client: Client | Pool): Promise<Array<{ table: string; hasId: boolean }>> {
  const { rows } = await client.query<{ table_name: string; has_id: boolean }>(
    `SELECT table_name, bool_or(column_name = 'id') AS has_id FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN (
        SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'call_id')
      GROUP BY table_name ORDER BY table_name`,
  );
  return rows.map((r) => ({ table: r.table_name, hasId: r.has_id }));
}

export interface CapturedWrite {
  /** One statement (INSERTs chained with WITH when the start sent several). */
  sql: string;
  params: unknown[];
  /** The new rows' ids among `params` (the call's and its rows'), replaced by fresh ones on every replay. */
  freshIds: string[];
}

/**
 * The INSERT statements one `startCall` sends (TypeORM's own, captured from its logger while `start` runs alone),
 * as one statement through the driver, with the ids it made.
 */
export async function captureStartWrite(
  db: Database,
  monitor: Client,
  start: () => Promise<string>,
): Promise<CapturedWrite> {
  const original = db.dataSource.logger;
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const capturing: typeof original = Object.create(original);
  capturing.logQuery = (query: string, parameters?: unknown[]) =>
    void seen.push({ sql: query, params: parameters ?? [] });
  db.dataSource.logger = capturing;
  let callId: string;
  try {
    callId = await start();
  } finally {
    db.dataSource.logger = original;
  }
  // Only the start's own statements: a background flush (signal deltas, the outbox) may write in the same window.
  const inserts = seen.filter((q) => /^\s*(INSERT|WITH)/i.test(q.sql) && q.params.includes(callId));
  if (inserts.length === 0) throw new Error(`startCall sent no INSERT: ${seen.map((q) => q.sql).join(" · ")}`);
  let offset = 0;
  const parts = inserts.map((q, i) => {
    const sql = q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += q.params.length;
    return i < inserts.length - 1 ? `w${i} AS (${sql})` : sql;
  });
  const sql = parts.length === 1 ? parts[0]! : `WITH ${parts.slice(0, -1).join(", ")} ${parts.at(-1)}`;
  const freshIds = [callId];
  for (const { table, hasId } of await callTables(monitor)) {
    if (!hasId) continue;
    const { rows } = await monitor.query<{ id: string }>(`SELECT id FROM "${table}" WHERE call_id = $1`, [callId]);
    freshIds.push(...rows.map((r) => r.id));
  }
  return { sql, params: inserts.flatMap((q) => q.params), freshIds };
}

/** The captured statement with fresh ids. */
export function replayParams(write: CapturedWrite): unknown[] {
  const fresh = new Map(write.freshIds.map((id) => [id, randomUUID()]));
  return write.params.map((v) => (typeof v === "string" ? (fresh.get(v) ?? v) : v));
}

/** (a+w): the bare map's answer after writing the same call rows in one statement through `pg`. */
export function bareWriteServer(
  pool: Pool,
  writes: CapturedWrite[],
  answerOf: (body: string) => string,
): Promise<Listening> {
  let i = 0;
  return bareServer(async (body) => {
    const write = writes[i++ % writes.length]!;
    await pool.query(write.sql, replayParams(write));
    return answerOf(body);
  });
}

/**
 * (a+u), the floor for `loadSkill`: a loadSkill-sized answer after updating one call row through `pg` (the
 * row rewritten as it is: a new tuple of the same size, as a load writes its call's state).
 */
export function bareUpdateServer(pool: Pool, callIds: readonly string[], answer: string): Promise<Listening> {
  let i = 0;
  return bareServer(async () => {
    await pool.query("UPDATE calls SET state = state WHERE id = $1", [callIds[i++ % callIds.length]]);
    return answer;
  });
}

/**
 * (a+w) on SQLite, the floor there: the bare map's answer after inserting one row of the size a call start
 * stores (1.7 KB) through a prepared statement of the driver, into the app's own database file (its pragmas: WAL,
 * `synchronous = NORMAL`).
 */
export function bareSqliteWriteServer(db: Database, answerOf: (body: string) => string): Promise<Listening> {
  const connection = (
    db.dataSource.driver as unknown as {
      databaseConnection: { exec(sql: string): void; prepare(sql: string): { run(...p: unknown[]): unknown } };
    }
  ).databaseConnection;
  connection.exec("CREATE TABLE IF NOT EXISTS bench_floor (id TEXT PRIMARY KEY, body TEXT NOT NULL)");
  const insert = connection.prepare("INSERT INTO bench_floor (id, body) VALUES (?, ?)");
  const body = "x".repeat(1700);
  return bareServer((request) => {
    insert.run(randomUUID(), body);
    return answerOf(request);
  });
}

/**
 * Apollo Server 5 alone on Node's `http`: a one-field schema, no plugins of ours, no Express, no authentication, the
 * body parsed with JSON.parse. What `{ __typename }` can cost through the pinned stack at the least.
 */
export async function apolloAloneServer(): Promise<Listening & { stop(): Promise<void> }> {
  const apollo = new ApolloServer({ typeDefs: "type Query { ok: Boolean }", resolvers: {} });
  await apollo.start();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      apollo
        .executeHTTPGraphQLRequest({
          httpGraphQLRequest: {
            method: req.method!,
            headers,
            search: "",
            body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
          },
          context: async () => ({}),
        })
        .then((result) => {
          const text = result.body.kind === "complete" ? result.body.string : "";
          res.writeHead(result.status ?? 200, [
            ...[...result.headers].flat(),
            "content-length",
            String(Buffer.byteLength(text)),
          ]);
          res.end(text);
        })
        .catch((error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    stop: () => apollo.stop(),
  };
}

/** What the calls started store in PostgreSQL: their rows' bytes as stored (TOAST-compressed) and as JSON text. */
export async function storedBytes(
  monitor: Client,
  callIds: string[],
): Promise<{
  stored: number;
  json: number;
  byTable: Record<string, { stored: number; json: number }>;
  shared: { table: string; rows: number; stored: number; json: number } | null;
}> {
  const byTable: Record<string, { stored: number; json: number }> = {};
  const sizes = async (table: string, column: string) => {
    const { rows } = await monitor.query<{ stored: string; json: string }>(
      `SELECT coalesce(sum(pg_column_size(t.*)), 0) AS stored, coalesce(sum(octet_length(row_to_json(t)::text)), 0) AS json
         FROM "${table}" t WHERE t.${column} = ANY($1)`,
      [callIds],
    );
    byTable[table] = { stored: Number(rows[0]!.stored) / callIds.length, json: Number(rows[0]!.json) / callIds.length };
  };
  await sizes("calls", "id");
  for (const { table } of await callTables(monitor)) await sizes(table, "call_id");
  const values = Object.values(byTable);
  // What calls share (the slim record): a context stored once per project and content, not per call.
  let shared = null;
  const { rows: exists } = await monitor.query<{ t: string | null }>("SELECT to_regclass('call_contexts')::text AS t");
  if (exists[0]?.t) {
    const { rows } = await monitor.query<{ n: string; stored: string | null; json: string | null }>(
      `SELECT count(*) AS n, avg(pg_column_size(t.*)) AS stored, avg(octet_length(row_to_json(t)::text)) AS json FROM call_contexts t`,
    );
    shared = {
      table: "call_contexts",
      rows: Number(rows[0]!.n),
      stored: Number(rows[0]!.stored ?? 0),
      json: Number(rows[0]!.json ?? 0),
    };
  }
  return {
    shared,
    stored: values.reduce((s, v) => s + v.stored, 0),
    json: values.reduce((s, v) => s + v.json, 0),
    byTable,
  };
}
