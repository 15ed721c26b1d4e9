import type { ClientTx, SyncTx } from "../../platform/db/database";
import { agentKeyOf, hourOf } from "../signals";
import { CallEntity, type CallEventEntity } from "./call.entity";
import type { CallContexts, StoredCallState } from "./call-contexts";

/** What a load decided to write on its call (RT-3, RT-4, RT-11; RO-3, OB-3 through the signal deltas). */
export interface LoadWrite {
  /** The call with its loaded set, event counter and warnings as they become. */
  call: CallEntity;
  events: CallEventEntity[];
  loadedVersionIds: readonly string[];
  /** Skills the cap evicted. */
  evicted: readonly string[];
}

/** A call row as the driver reads it: column names, JSON as text, times as epoch milliseconds (a string from pg). */
interface CallRow {
  id: string;
  project_id: string;
  agent_id: string | null;
  agent_name: string;
  status: "active" | "ended";
  state: string;
  warnings: string;
  sealed_secrets: string;
  started_at: number | string;
  ended_at: number | string | null;
  events_expire_at: number | string;
  events_expired: boolean | number;
}

const CALL_COLUMNS = `id, project_id, agent_id, agent_name, status, state, warnings, sealed_secrets, started_at, ended_at,
  events_expire_at, events_expired`;

const SQLITE = {
  call: `SELECT ${CALL_COLUMNS} FROM calls WHERE id = ? AND project_id = ?`,
  /** What tells whether this process's copy of the call is the row as it is (see `sqliteCall`). */
  version: `SELECT status, events_expired, json_extract(state, '$.eventSeq') AS seq FROM calls WHERE id = ? AND project_id = ?`,
  contexts: (n: number) => `SELECT hash, body FROM call_contexts WHERE hash IN (${Array(n).fill("?").join(", ")})`,
  lastSeq: `SELECT MAX(seq) AS seq FROM call_events WHERE call_id = ?`,
  events: (n: number) =>
    `INSERT INTO call_events (id, call_id, project_id, seq, type, data, loaded_after, segment, at, expires_at)
     VALUES ${Array(n).fill("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
  /** RO-3, OB-3: a first load of a skill in the call (with how many it has loaded), and each eviction. */
  deltas: (loaded: number, evicted: number) => {
    const ids = Array(loaded).fill("?").join(", ") || "NULL";
    const firstLoads = `SELECT ?, name, ?, ?, 1, 0, (SELECT count(*) FROM call_skills WHERE call_id = ?
        AND (loaded = 1 OR version_id IN (${ids}))) FROM call_skills
      WHERE call_id = ? AND loaded = 0 AND version_id IN (${ids})`;
    const evictions = Array(evicted).fill("SELECT ?, ?, ?, ?, 0, 1, 0");
    return `INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, loads, evictions, max_loaded)
      ${[firstLoads, ...evictions].join(" UNION ALL ")}`;
  },
  loadedFlags: (n: number) =>
    `UPDATE call_skills SET loaded = 1 WHERE call_id = ? AND version_id IN (${Array(n).fill("?").join(", ")})`,
  patch: `UPDATE calls SET warnings = ?, state = json_set(state, '$.loaded', json(?), '$.eventSeq', ?) WHERE id = ?`,
};

/**
 * The load's writes on PostgreSQL (the events, the loaded flags, the signal deltas — RO-3, OB-3 — and the state patch)
 * as one statement; `version` adds the compare-and-set: the call is changed only while it is active and its event
 * counter (`state.eventSeq`, which every change of the call moves: loads, handoffs, the end) is still `$18`, the one
 * the decision was made on; every other part writes only if it did, and the statement returns a row only then.
 */
const postgresLoad = (version: boolean, notice = false) => `WITH c AS (
         UPDATE calls SET warnings = $12,
           state = (CAST(state AS jsonb) || jsonb_build_object('loaded', CAST($13 AS jsonb), 'eventSeq', $14::int))::text
         WHERE id = $1${version ? ` AND status = 'active' AND CAST(CAST(state AS jsonb) ->> 'eventSeq' AS int) = $18::int` : ""}
         RETURNING events_expired, followers),
       e AS (
         INSERT INTO call_events (id, call_id, project_id, seq, type, data, loaded_after, segment, at, expires_at)
         SELECT t.id, $1, $2, t.seq, t.type, t.data, t.loaded_after, t.segment, t.at, t.expires_at
         FROM unnest($3::varchar[], $4::int[], $5::varchar[], $6::text[], $7::text[], $8::int[], $9::bigint[],
                     $10::bigint[]) AS t(id, seq, type, data, loaded_after, segment, at, expires_at)
         WHERE EXISTS (SELECT FROM c)),
       s AS (UPDATE call_skills SET loaded = true
             WHERE call_id = $1 AND version_id = ANY($11::varchar[]) AND NOT loaded AND EXISTS (SELECT FROM c)
             RETURNING name),
       d AS (
         INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, loads, evictions, max_loaded)
         SELECT $2, s.name, $15::varchar, $16::bigint, 1, 0,
                (SELECT count(*) FROM call_skills WHERE call_id = $1 AND loaded) + (SELECT count(*) FROM s)
         FROM s
         UNION ALL SELECT $2, t.name, $15::varchar, $16::bigint, 0, 1, 0 FROM unnest($17::varchar[]) AS t(name)
         WHERE EXISTS (SELECT FROM c))
       SELECT events_expired${notice ? ", CASE WHEN followers > 0 THEN pg_notify($19, $20) END AS notified" : ""} FROM c`;

const POSTGRES = {
  call: `SELECT ${CALL_COLUMNS} FROM calls WHERE id = $1 AND project_id = $2 FOR UPDATE`,
  /** The call as it is now, no lock: what a compare-and-set load decides on. */
  read: `SELECT ${CALL_COLUMNS} FROM calls WHERE id = $1 AND project_id = $2`,
  contexts: `SELECT hash, body FROM call_contexts WHERE hash = ANY($1::varchar[])`,
  lastSeq: `SELECT MAX(seq) AS seq FROM call_events WHERE call_id = $1`,
  /** Under the row lock: no compare. */
  load: postgresLoad(false),
  /** The compare-and-set load (no lock, no transaction: atomic on its own). */
  loadIfUnchanged: postgresLoad(true),
  /**
   * The same, sending the live timeline's notice (`$19`, `$20`) when it applied and the call has a follower (UX-5,
   * `calls.followers`, read from the row version it updated): delivered as it commits. A NOTIFY costs the database
   * a global lock held through the commit, a queue entry and a wake-up of every listening connection.
   */
  loadIfUnchangedNotified: postgresLoad(true, true),
};

/** A NOTIFY a statement sends itself (`pg_notify(channel, payload)`), heard by listeners when the statement commits. */
export interface StatementNotice {
  channel: string;
  payload: string;
}

const json = (value: unknown) => JSON.stringify(value);

/** A named prepared statement's rows on PostgreSQL (a transaction's client, or the pool). */
export type PgQuery = <R>(name: string, sql: string, params: readonly unknown[]) => Promise<R[]>;

/** The parameters $1…$17 of `postgresLoad`. */
function loadParams({ call, events, loadedVersionIds, evicted }: LoadWrite): unknown[] {
  return [
    call.id,
    call.projectId,
    events.map((e) => e.id),
    events.map((e) => e.seq),
    events.map((e) => e.type),
    events.map((e) => json(e.data)),
    events.map((e) => json(e.loadedAfter)),
    events.map((e) => e.segment),
    events.map((e) => e.at.getTime()),
    events.map((e) => e.expiresAt.getTime()),
    loadedVersionIds,
    json(call.warnings),
    json(call.state.loaded),
    call.state.eventSeq ?? 0,
    agentKeyOf(call.agentId),
    hourOf(call.startedAt),
    evicted,
  ];
}

/** An event row's values in the column order of `call_events` (id, call_id, …, expires_at), as SQLite binds them. */
export function eventValues(e: CallEventEntity): unknown[] {
  return [
    e.id,
    e.callId,
    e.projectId,
    e.seq,
    e.type,
    json(e.data),
    json(e.loadedAfter),
    e.segment,
    e.at.getTime(),
    e.expiresAt.getTime(),
  ];
}

/**
 * A load's read and writes through the drivers — on SQLite inside one synchronous transaction
 * (`db.direct.transaction`), on PostgreSQL as named prepared statements on one client, the call's row locked
 * (`db.direct.transaction`). No query builder, no entity hydration: the row is mapped here.
 */
export class CallLoadRepository {
  constructor(private readonly contexts: CallContexts) {}

  /**
   * The scope's call with its state whole (contexts this process has not seen read in the same transaction). Issue
   * 21: with `copy` (the call as this process last wrote or read it), only the row's status, event number and expiry
   * are read, and the copy answers while they match it: every change of a call's state, warnings or status (a load, a
   * handoff, its end) moves its event number (`state.eventSeq`), and the transaction holds the write lock.
   */
  sqliteCall(tx: SyncTx, projectId: string, id: string, copy?: CallEntity): CallEntity | null {
    if (copy && copy.projectId === projectId && copy.state.eventSeq !== undefined) {
      const now = tx.get<{ status: string; events_expired: number; seq: number | null }>(SQLITE.version, [
        id,
        projectId,
      ]);
      if (!now) return null;
      if (now.status === copy.status && now.seq === copy.state.eventSeq)
        return Object.assign(new CallEntity(), copy, { eventsExpired: Boolean(now.events_expired) });
    }
    const row = tx.get<CallRow>(SQLITE.call, [id, projectId]);
    if (!row) return null;
    const stored = JSON.parse(row.state) as StoredCallState;
    const missing = this.contexts.missing([stored]);
    if (missing.length > 0) this.contexts.remember(tx.all(SQLITE.contexts(missing.length), missing));
    return this.entity(row, stored);
  }

  /** The number of the call's last event, for a call row from before the counter lived in its state. */
  sqliteLastEventSeq(tx: SyncTx, callId: string): number {
    return Number(tx.get<{ seq: number | null }>(SQLITE.lastSeq, [callId])?.seq ?? 0);
  }

  /** The load's writes: four prepared statements (three without a loaded version), same transaction. */
  sqliteRecord(tx: SyncTx, { call, events, loadedVersionIds, evicted }: LoadWrite): void {
    tx.run(SQLITE.events(events.length), events.flatMap(eventValues));
    const agentKey = agentKeyOf(call.agentId);
    const hour = hourOf(call.startedAt);
    if (loadedVersionIds.length > 0 || evicted.length > 0) {
      tx.run(SQLITE.deltas(loadedVersionIds.length, evicted.length), [
        call.projectId,
        agentKey,
        hour,
        call.id,
        ...loadedVersionIds,
        call.id,
        ...loadedVersionIds,
        ...evicted.flatMap((skill) => [call.projectId, skill, agentKey, hour]),
      ]);
    }
    if (loadedVersionIds.length > 0)
      tx.run(SQLITE.loadedFlags(loadedVersionIds.length), [call.id, ...loadedVersionIds]);
    tx.run(SQLITE.patch, [json(call.warnings), json(call.state.loaded), call.state.eventSeq ?? 0, call.id]);
  }

  /** The scope's call, its row locked until the transaction ends, with its state whole. */
  postgresCall(tx: ClientTx, projectId: string, id: string): Promise<CallEntity | null> {
    return this.postgresRow(tx.query, "call_load_read", POSTGRES.call, projectId, id);
  }

  /** The scope's call as it is now (no lock, no transaction), with its state whole. */
  postgresCurrent(query: PgQuery, projectId: string, id: string): Promise<CallEntity | null> {
    return this.postgresRow(query, "call_load_current", POSTGRES.read, projectId, id);
  }

  private async postgresRow(
    query: PgQuery,
    name: string,
    sql: string,
    projectId: string,
    id: string,
  ): Promise<CallEntity | null> {
    const [row] = await query<CallRow>(name, sql, [id, projectId]);
    if (!row) return null;
    const stored = JSON.parse(row.state) as StoredCallState;
    const missing = this.contexts.missing([stored]);
    if (missing.length > 0) this.contexts.remember(await query("call_load_contexts", POSTGRES.contexts, [missing]));
    return this.entity(row, stored);
  }

  async postgresLastEventSeq(tx: ClientTx, callId: string): Promise<number> {
    const [row] = await tx.query<{ seq: number | string | null }>("call_load_last_seq", POSTGRES.lastSeq, [callId]);
    return Number(row?.seq ?? 0);
  }

  /** The load's writes as one statement, on the locked row. */
  async postgresRecord(tx: ClientTx, write: LoadWrite): Promise<void> {
    await tx.query("call_load", POSTGRES.load, loadParams(write));
  }

  /**
   * The load's writes as one compare-and-set statement (see `postgresLoad`): applied only if the call is
   * still active at event number `version`. `run` sends it (alone, or inside a transaction when webhook deliveries go
   * with it) and answers its rows; null when the call changed since it was read (nothing was written). With `notice`
   * the statement also sends that NOTIFY when it applied (sent alone only: its commit is the statement's own).
   */
  async postgresRecordIfUnchanged(
    run: PgQuery,
    write: LoadWrite,
    version: number,
    notice: StatementNotice | null = null,
  ): Promise<{ eventsExpired: boolean } | null> {
    const params = [...loadParams(write), version];
    const [row] = notice
      ? await run<{ events_expired: boolean }>("call_load_cas_notify", POSTGRES.loadIfUnchangedNotified, [
          ...params,
          notice.channel,
          notice.payload,
        ])
      : await run<{ events_expired: boolean }>("call_load_cas", POSTGRES.loadIfUnchanged, params);
    return row ? { eventsExpired: row.events_expired } : null;
  }

  private entity(row: CallRow, stored: StoredCallState): CallEntity {
    return Object.assign(new CallEntity(), {
      id: row.id,
      projectId: row.project_id,
      agentId: row.agent_id,
      agentName: row.agent_name,
      status: row.status,
      state: this.contexts.whole(stored),
      warnings: JSON.parse(row.warnings) as string[],
      sealedSecrets: JSON.parse(row.sealed_secrets) as Record<string, string>,
      startedAt: new Date(Number(row.started_at)),
      endedAt: row.ended_at === null ? null : new Date(Number(row.ended_at)),
      eventsExpireAt: new Date(Number(row.events_expire_at)),
      eventsExpired: Boolean(row.events_expired),
    });
  }
}
