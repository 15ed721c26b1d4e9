import { In } from "typeorm";
import { BaseRepository } from "../../platform/db/repository";
import { noCounts, type RolloutArms } from "./arm-counts";
import { OutcomeEntity, SkillSignalDeltaEntity } from "./signal.entity";
import { AGENT_PERIODS, DAY_MS } from "./signal-delta";

/** A call or a chat session, as an outcome names it. */
export type OutcomeOwner = "call" | "session";

/** What an outcome needs of its owner: where its signals count. */
export interface OwnerRow {
  agentId: string | null;
  startedAt: Date;
}

const OWNERS = {
  call: { table: "calls", started: "started_at", skills: "call_skills", skillOwner: "call_id", column: "call_id" },
  session: {
    table: "chat_sessions",
    started: "created_at",
    skills: "session_skills",
    skillOwner: "session_id",
    column: "session_id",
  },
} as const;

const COUNTERS = ["starts", "loads", "evictions", "tool_runs", "tool_errors", "outcomes", "successes"] as const;

const n = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * The per-skill signals' queries (RO-3, OB-3). The signals are a read model over the calls' and sessions' own
 * per-skill rows (`call_skills`, `session_skills`, indexed by rollout and arm) and the rollup tables: this module
 * sits below calls and chat so that they (and rollouts, insights) can use it, and reads their tables by name.
 */
export class SignalsRepository extends BaseRepository {
  /**
   * RO-3, SEC-27: the arms of each rollout, in one query over both owners' rows and their outcomes. Starts, loads and
   * tool runs count per row (each version a call resolved under the rollout). An outcome counts once per call or
   * session — on its first row under the rollout, so a call a raised share moved to the candidate at a handoff is not
   * counted on both arms — and only when the call or session is of the rollout's own project (its own keys reported
   * it: a reporter can only report on its own project's calls); a linked project's calls count as traffic only.
   */
  async rolloutArms(rollouts: ReadonlyArray<{ id: string; projectId: string }>): Promise<Map<string, RolloutArms>> {
    const result = new Map<string, RolloutArms>(
      rollouts.map((r) => [r.id, { live: noCounts(), candidate: noCounts() }]),
    );
    if (rollouts.length === 0) return result;
    const ids = rollouts.map((r) => r.id);
    const p = (i: number) => (this.postgres ? `$${i}` : "?");
    const list = (offset: number) => ids.map((_, i) => p(offset + i + 1)).join(", ");
    const part = (owner: (typeof OWNERS)[OutcomeOwner], offset: number) =>
      `SELECT s.rollout_id, s.arm, s.project_id, CASE WHEN s.loaded THEN 1 ELSE 0 END AS loaded, s.tool_runs,
         s.tool_errors, CASE WHEN o.id IS NULL THEN 0 ELSE 1 END AS outcome,
         CASE WHEN o.success THEN 1 ELSE 0 END AS success
       FROM ${owner.skills} s
       LEFT JOIN outcomes o ON o.${owner.column} = s.${owner.skillOwner}
         AND NOT EXISTS (SELECT 1 FROM ${owner.skills} f WHERE f.${owner.skillOwner} = s.${owner.skillOwner}
                         AND f.rollout_id = s.rollout_id AND f.position < s.position)
       WHERE s.rollout_id IN (${list(offset)})`;
    const rows = (await this.m.query(
      `SELECT x.rollout_id, x.arm, x.project_id, COUNT(*) AS starts, SUM(x.loaded) AS loads,
         SUM(x.tool_runs) AS tool_runs, SUM(x.tool_errors) AS tool_errors, SUM(x.outcome) AS outcomes,
         SUM(x.success) AS successes
       FROM (${part(OWNERS.call, 0)} UNION ALL ${part(OWNERS.session, ids.length)}) x
       GROUP BY x.rollout_id, x.arm, x.project_id`,
      [...ids, ...ids],
    )) as Array<Record<string, unknown>>;
    const projects = new Map(rollouts.map((r) => [r.id, r.projectId]));
    for (const row of rows) {
      const arms = result.get(String(row.rollout_id));
      const arm = row.arm === "candidate" ? "candidate" : row.arm === "live" ? "live" : null;
      if (!arms || !arm) continue;
      const own = projects.get(String(row.rollout_id)) === String(row.project_id);
      const counts = arms[arm];
      counts.starts += n(row.starts);
      counts.loads += n(row.loads);
      counts.toolRuns += n(row.tool_runs);
      counts.toolErrors += n(row.tool_errors);
      if (own) {
        counts.outcomes += n(row.outcomes);
        counts.successes += n(row.successes);
      }
    }
    return result;
  }

  async insertDeltas(deltas: readonly SkillSignalDeltaEntity[]): Promise<void> {
    if (deltas.length === 0) return;
    // the generated id is left to the database
    await this.m
      .createQueryBuilder()
      .insert()
      .into(SkillSignalDeltaEntity)
      .values(deltas.map(({ id: _id, ...row }) => row))
      .updateEntity(false)
      .execute();
  }

  /** The owner in the project (its agent and start), or null. */
  /** CT-1: loads per skill of one agent's calls and sessions since a day (the day rollup, one indexed range). */
  async loadsSince(projectId: string, agentKey: string, sinceDay: number): Promise<Map<string, number>> {
    const p = (i: number) => (this.postgres ? `$${i}` : "?");
    const rows = (await this.m.query(
      `SELECT skill, SUM(loads) AS loads FROM skill_signal_days
       WHERE project_id = ${p(1)} AND day >= ${p(2)} AND agent_key = ${p(3)} GROUP BY skill`,
      [projectId, sinceDay, agentKey],
    )) as Array<{ skill: string; loads: unknown }>;
    return new Map(rows.filter((r) => n(r.loads) > 0).map((r) => [r.skill, n(r.loads)]));
  }

  async owner(projectId: string, kind: OutcomeOwner, id: string): Promise<OwnerRow | null> {
    const o = OWNERS[kind];
    const p = (i: number) => (this.postgres ? `$${i}` : "?");
    const rows = (await this.m.query(
      `SELECT agent_id, ${o.started} AS started FROM ${o.table} WHERE id = ${p(1)} AND project_id = ${p(2)}`,
      [id, projectId],
    )) as Array<{ agent_id: string | null; started: string | number }>;
    const row = rows[0];
    return row ? { agentId: row.agent_id, startedAt: new Date(Number(row.started)) } : null;
  }

  /** The distinct skill names an owner resolved. */
  async skillNames(kind: OutcomeOwner, id: string): Promise<string[]> {
    const o = OWNERS[kind];
    const rows = (await this.m.query(
      `SELECT DISTINCT name FROM ${o.skills} WHERE ${o.skillOwner} = ${this.postgres ? "$1" : "?"} ORDER BY name`,
      [id],
    )) as Array<{ name: string }>;
    return rows.map((r) => r.name);
  }

  /** The owner's outcome, locked for the transaction (PostgreSQL; SQLite serialises writes). */
  findOutcome(kind: OutcomeOwner, id: string): Promise<OutcomeEntity | null> {
    const qb = this.m
      .getRepository(OutcomeEntity)
      .createQueryBuilder("o")
      .where(`o.${OWNERS[kind].column} = :id`, { id });
    return this.forUpdate(qb).getOne();
  }

  async saveOutcome(outcome: OutcomeEntity, replaces: boolean): Promise<void> {
    if (replaces) {
      const { success, score, note, reportedAt } = outcome;
      await this.m.getRepository(OutcomeEntity).update({ id: outcome.id }, { success, score, note, reportedAt });
    } else await this.insertRows(OutcomeEntity, [outcome]);
  }

  outcomesOf(kind: OutcomeOwner, ids: readonly string[]): Promise<OutcomeEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const where = kind === "call" ? { callId: In([...ids]) } : { sessionId: In([...ids]) };
    return this.m.getRepository(OutcomeEntity).findBy(where);
  }

  /**
   * Folds up to `limit` deltas into the hourly and daily rollups (and what is kept from them: each skill's first and
   * last loaded hour, each agent's evictions and most loaded per period) and deletes them, in the caller's transaction, summed
   * by the database (no row comes into the process). PostgreSQL: one fold at a time per database (a transaction-level
   * advisory lock; an instance that does not get it folds nothing this time), the oldest `limit` visible deltas claimed
   * as one id range and deleted in the statement that sums them — no row lock per delta; SQLite serialises writes, so
   * the oldest `limit` ids are a stable set. Returns how many deltas it folded.
   */
  async fold(limit: number): Promise<number> {
    if (this.postgres) {
      const [lock] = (await this.m.query("SELECT pg_try_advisory_xact_lock($1) AS ok", [FOLD_LOCK])) as Array<{
        ok: boolean;
      }>;
      if (!lock?.ok) return 0;
      // The range holds exactly the `limit` rows the subquery saw (one snapshot per statement); a delta with a smaller
      // id whose transaction commits later is not visible to the DELETE either, and waits for the next fold.
      const rows = (await this.m.query(
        `WITH claimed AS (
           DELETE FROM skill_signal_deltas
            WHERE id <= (SELECT max(id) FROM (SELECT id FROM skill_signal_deltas ORDER BY id LIMIT $1) oldest)
           RETURNING *),
         hours AS (${rollupInsert("skill_signal_hours", "hour", "hour", "claimed", "TRUE", "GREATEST")}),
         days AS (${rollupInsert("skill_signal_days", "day", DAY_OF_HOUR, "claimed", "TRUE", "GREATEST")}),
         bounds AS (${boundsInsert("claimed", "TRUE", "postgres")}),
         agents AS (${agentPeriodsInsert("claimed", "TRUE", "GREATEST")})
         SELECT COUNT(*) AS n FROM claimed`,
        [limit],
      )) as Array<{ n: unknown }>;
      return n(rows[0]?.n);
    }
    const [claim] = (await this.m.query(
      "SELECT COUNT(*) AS n, MAX(id) AS last FROM (SELECT id FROM skill_signal_deltas ORDER BY id LIMIT ?)",
      [limit],
    )) as Array<{ n: unknown; last: unknown }>;
    const count = n(claim?.n);
    if (count === 0) return 0;
    const last = n(claim!.last);
    await this.m.query(rollupInsert("skill_signal_hours", "hour", "hour", "skill_signal_deltas", "id <= ?", "MAX"), [
      last,
    ]);
    await this.m.query(rollupInsert("skill_signal_days", "day", DAY_OF_HOUR, "skill_signal_deltas", "id <= ?", "MAX"), [
      last,
    ]);
    await this.m.query(boundsInsert("skill_signal_deltas", "id <= ?", "sqlite"), [last]);
    await this.m.query(agentPeriodsInsert("skill_signal_deltas", "id <= ?", "MAX"), [last]);
    await this.m.query("DELETE FROM skill_signal_deltas WHERE id <= ?", [last]);
    return count;
  }
}

/** The advisory lock key of the fold (PostgreSQL; advisory locks are per database). */
const FOLD_LOCK = 0x5349_4746; // "SIGF"

/** A delta's UTC day, from its hour (milliseconds; integer division on both databases). */
const DAY_OF_HOUR = `(hour / ${DAY_MS}) * ${DAY_MS}`;

/**
 * Adds the deltas `from` a table or CTE (`where` picks them) into a rollup table, summed per key: the counters add up,
 * max_loaded keeps the larger. (SQLite needs the SELECT's WHERE for its upsert to parse.)
 */
function rollupInsert(
  table: "skill_signal_hours" | "skill_signal_days",
  key: "hour" | "day",
  keyOf: string,
  from: string,
  where: string,
  greatest: "GREATEST" | "MAX",
): string {
  const set = [
    ...COUNTERS.map((c) => `${c} = ${table}.${c} + excluded.${c}`),
    `max_loaded = ${greatest}(${table}.max_loaded, excluded.max_loaded)`,
  ].join(", ");
  return `INSERT INTO ${table} (project_id, skill, agent_key, ${key}, ${COUNTERS.join(", ")}, max_loaded)
    SELECT project_id, skill, agent_key, ${keyOf}, ${COUNTERS.map((c) => `SUM(${c})`).join(", ")}, MAX(max_loaded)
    FROM ${from} WHERE ${where} GROUP BY project_id, skill, agent_key, ${keyOf}
    ON CONFLICT (project_id, skill, agent_key, ${key}) DO UPDATE SET ${set}`;
}

/**
 * OB-3: each skill's first and last hour with a load (`skill_load_bounds`) widened by the deltas `from` a table or CTE
 * that load (bounds only move outwards: the rollups' counts only grow).
 */
function boundsInsert(from: string, where: string, dialect: "postgres" | "sqlite"): string {
  const [least, greatest] = dialect === "postgres" ? ["LEAST", "GREATEST"] : ["MIN", "MAX"];
  return `INSERT INTO skill_load_bounds (project_id, skill, first_hour, last_hour)
    SELECT project_id, skill, MIN(hour), MAX(hour) FROM ${from} WHERE ${where} AND loads > 0 GROUP BY project_id, skill
    ON CONFLICT (project_id, skill) DO UPDATE SET
      first_hour = ${least}(skill_load_bounds.first_hour, excluded.first_hour),
      last_hour = ${greatest}(skill_load_bounds.last_hour, excluded.last_hour)`;
}

/**
 * OB-3: the stored agents' evictions and most loaded skills per hour, day and block (`agent_signal_periods`) from the
 * deltas `from` a table or CTE; deltas that count neither (starts, tool runs, outcomes) and inline agents' add no row.
 */
function agentPeriodsInsert(from: string, where: string, greatest: "GREATEST" | "MAX"): string {
  const periods = AGENT_PERIODS.map((ms, i) => `SELECT ${ms}${i === 0 ? " AS period" : ""}`).join(" UNION ALL ");
  return `INSERT INTO agent_signal_periods (project_id, period, start, agent_key, evictions, max_loaded)
    SELECT d.project_id, p.period, (d.hour / p.period) * p.period, d.agent_key, SUM(d.evictions), MAX(d.max_loaded)
    FROM (SELECT project_id, agent_key, hour, SUM(evictions) AS evictions, MAX(max_loaded) AS max_loaded
          FROM ${from} WHERE ${where} AND agent_key <> '' AND (evictions > 0 OR max_loaded > 0)
          GROUP BY project_id, agent_key, hour) d
    CROSS JOIN (${periods}) p WHERE p.period > 0 -- (a WHERE for SQLite to parse the upsert)
    GROUP BY d.project_id, p.period, (d.hour / p.period) * p.period, d.agent_key
    ON CONFLICT (project_id, agent_key, period, start) DO UPDATE SET
      evictions = agent_signal_periods.evictions + excluded.evictions,
      max_loaded = ${greatest}(agent_signal_periods.max_loaded, excluded.max_loaded)`;
}
