import type { ResolvedSkill } from "../runtime";
import type { SkillSignalDeltaEntity } from "../signals";
import type { CallEntity, CallEventEntity, CallSkillEntity } from "./call.entity";
import type { CallContexts, ContextRow, StoredCallState } from "./call-contexts";
import { eventValues } from "./call-load.repository";

// A call start's writes as the drivers send them: prepared statements, no query builder or entities on the hot path.

type Statement = readonly [sql: string, params: readonly unknown[]];

/** A call start on PostgreSQL: its context (unless known stored), the call, its versions, its first event. */
const POSTGRES_START = `WITH x AS (
         INSERT INTO call_contexts (hash, project_id, body)
         SELECT * FROM unnest($23::varchar[], $24::varchar[], $25::text[]) ON CONFLICT (hash) DO NOTHING),
       c AS (
         INSERT INTO calls (id, project_id, agent_id, agent_name, status, state, warnings, sealed_secrets,
                            started_at, ended_at, events_expire_at, events_expired)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, false)),
       s AS (
         INSERT INTO call_skills (call_id, position, project_id, name, version, version_id, pinned, loaded,
                                  rollout_id, arm, tool_runs, tool_errors)
         SELECT $1, t.position, $2, t.name, t.version, t.version_id, t.pinned, false, t.rollout_id, t.arm, 0, 0
         FROM unnest($11::int[], $12::varchar[], $13::int[], $14::varchar[], $15::boolean[], $26::varchar[],
                     $27::varchar[]) AS t(position, name, version, version_id, pinned, rollout_id, arm)),
       d AS (
         INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts)
         SELECT $2, t.skill, t.agent_key, t.hour, 1
         FROM unnest($28::varchar[], $29::varchar[], $30::bigint[]) AS t(skill, agent_key, hour)),
       k AS (
         INSERT INTO call_catalogs (call_id, project_id, context_hash)
         SELECT $1, $2, $31::varchar WHERE $31::varchar IS NOT NULL),
       m AS (
         INSERT INTO call_context_skills (hash, position, project_id, name, version_id)
         SELECT $31::varchar, t.position, $2, t.name, t.version_id
         FROM unnest($32::int[], $33::varchar[], $34::varchar[]) AS t(position, name, version_id)
         ON CONFLICT (hash, position) DO NOTHING)
       INSERT INTO call_events (id, call_id, project_id, seq, type, data, loaded_after, segment, at, expires_at)
       VALUES ($16, $1, $2, $17, $18, $19, $20, $21, $22, $10)`;

/**
 * The texts of a SQLite start's statements, one string per row count: the driver keeps prepared statements by their
 * text, and a text built anew for every start is hashed and compared whole on each lookup.
 */
const SQLITE_CALL = `INSERT INTO calls (id, project_id, agent_id, agent_name, status, state, warnings, sealed_secrets,
  started_at, ended_at, events_expire_at, events_expired) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, 0)`;
const SQLITE_EVENT = `INSERT INTO call_events (id, call_id, project_id, seq, type, data, loaded_after, segment, at,
  expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const SQLITE_CALL_SKILLS = rowsSql(
  `INSERT INTO call_skills (call_id, position, project_id, name, version, version_id, pinned, loaded, rollout_id, arm,
  tool_runs, tool_errors) VALUES `,
  "(?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, 0)",
);
const SQLITE_CALL_CATALOG = "INSERT INTO call_catalogs (call_id, project_id, context_hash) VALUES (?, ?, ?)";
const SQLITE_CONTEXT_SKILLS = rowsSql(
  "INSERT INTO call_context_skills (hash, position, project_id, name, version_id) VALUES ",
  "(?, ?, ?, ?, ?)",
  " ON CONFLICT (hash, position) DO NOTHING",
);
const SQLITE_START_DELTAS = rowsSql(
  "INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts) VALUES ",
  "(?, ?, ?, ?, 1)",
);

/** `INSERT … VALUES` of n rows, each text built once. */
function rowsSql(head: string, row: string, tail = ""): (n: number) => string {
  const texts: string[] = [];
  return (n) => (texts[n] ??= head + Array.from({ length: n }, () => row).join(", ") + tail);
}

/** SQLite binds at most 32,766 parameters in one statement: a context's versions go in chunks of this many rows. */
const CONTEXT_SKILLS_CHUNK = 1_000;

/**
 * CT-1: what a start whose catalog omits skills adds — its `call_catalogs` row (the context holding every version it
 * resolved) and, unless this process knows them stored, that context's versions.
 */
interface StartCatalog {
  hash: string;
  skills: ReadonlyArray<{ position: number; name: string; versionId: string }>;
}

function startCatalog(
  contexts: CallContexts,
  state: StoredCallState,
  resolved: readonly ResolvedSkill[] | null,
): StartCatalog | null {
  const first = state.segments[0];
  if (!resolved || !first || !("context" in first)) return null;
  const hash = first.context;
  if (contexts.isListed(hash)) return { hash, skills: [] };
  return { hash, skills: resolved.map((r, position) => ({ position, name: r.name, versionId: r.id })) };
}

/**
 * A new call with the versions it resolved and its first event (and its context, unless known stored), as the one
 * PostgreSQL statement of the hot path (atomic without BEGIN/COMMIT; sent as a named prepared statement by
 * `db.direct.run`), with the contexts it stores (to mark stored once committed).
 */
export function postgresStart(
  contexts: CallContexts,
  call: CallEntity,
  skills: CallSkillEntity[],
  event: CallEventEntity,
  deltas: readonly SkillSignalDeltaEntity[],
  catalog: readonly ResolvedSkill[] | null = null,
): { statement: Statement; contexts: ContextRow[]; listed: string | null } {
  const { state, contexts: rows } = contexts.slim(call.projectId, call.state);
  const listed = startCatalog(contexts, state, catalog);
  const json = (value: unknown) => JSON.stringify(value);
  const params = [
    ...callRow(call, state),
    skills.map((s) => s.position),
    skills.map((s) => s.name),
    skills.map((s) => s.version),
    skills.map((s) => s.versionId),
    skills.map((s) => s.pinned),
    event.id,
    event.seq,
    event.type,
    json(event.data),
    json(event.loadedAfter),
    event.segment,
    event.at.getTime(),
    rows.map((c) => c.hash),
    rows.map((c) => c.projectId),
    rows.map((c) => c.body),
    skills.map((s) => s.rolloutId),
    skills.map((s) => s.arm),
    deltas.map((d) => d.skill),
    deltas.map((d) => d.agentKey),
    deltas.map((d) => d.hour),
    listed?.hash ?? null,
    listed?.skills.map((k) => k.position) ?? [],
    listed?.skills.map((k) => k.name) ?? [],
    listed?.skills.map((k) => k.versionId) ?? [],
  ];
  return { statement: [POSTGRES_START, params], contexts: rows, listed: listed?.hash ?? null };
}

/** The call's own columns, in the order both dialects' INSERTs name them. */
function callRow(call: CallEntity, state: unknown): unknown[] {
  return [
    call.id,
    call.projectId,
    call.agentId,
    call.agentName,
    call.status,
    JSON.stringify(state),
    JSON.stringify(call.warnings),
    JSON.stringify(call.sealedSecrets),
    call.startedAt.getTime(),
    call.eventsExpireAt.getTime(),
  ];
}

/**
 * The same call start on SQLite, as statements for `db.direct.commit` (prepared once, one synchronous
 * transaction): the context unless known stored, the call, its versions, its first event.
 */
export function sqliteStart(
  contexts: CallContexts,
  call: CallEntity,
  skills: CallSkillEntity[],
  event: CallEventEntity,
  deltas: readonly SkillSignalDeltaEntity[],
  catalog: readonly ResolvedSkill[] | null = null,
): { statements: Statement[]; contexts: ContextRow[]; listed: string | null } {
  const { state, contexts: rows } = contexts.slim(call.projectId, call.state);
  const listed = startCatalog(contexts, state, catalog);
  const statements: Statement[] = rows.map((c) => [
    "INSERT INTO call_contexts (hash, project_id, body) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING",
    [c.hash, c.projectId, c.body],
  ]);
  statements.push([SQLITE_CALL, callRow(call, state)]);
  if (skills.length > 0) {
    statements.push([
      SQLITE_CALL_SKILLS(skills.length),
      skills.flatMap((s) => [
        s.callId,
        s.position,
        s.projectId,
        s.name,
        s.version,
        s.versionId,
        s.pinned ? 1 : 0,
        s.rolloutId,
        s.arm,
      ]),
    ]);
  }
  if (deltas.length > 0) {
    statements.push([
      SQLITE_START_DELTAS(deltas.length),
      deltas.flatMap((d) => [d.projectId, d.skill, d.agentKey, d.hour]),
    ]);
  }
  if (listed) {
    statements.push([SQLITE_CALL_CATALOG, [call.id, call.projectId, listed.hash]]);
    for (let i = 0; i < listed.skills.length; i += CONTEXT_SKILLS_CHUNK) {
      const chunk = listed.skills.slice(i, i + CONTEXT_SKILLS_CHUNK);
      statements.push([
        SQLITE_CONTEXT_SKILLS(chunk.length),
        chunk.flatMap((k) => [listed.hash, k.position, call.projectId, k.name, k.versionId]),
      ]);
    }
  }
  statements.push([SQLITE_EVENT, eventValues(event)]);
  return { statements, contexts: rows, listed: listed?.hash ?? null };
}
