import { BaseRepository } from "../../platform/db/repository";

/** One bucket of one skill's signals (OB-3). */
export interface InsightRow {
  skill: string;
  at: number;
  starts: number;
  loads: number;
  evictions: number;
  toolRuns: number;
  toolErrors: number;
  outcomes: number;
  successes: number;
}

export interface InsightQuery {
  projectId: string;
  /** Hours from (inclusive) and to (exclusive), epoch ms. */
  fromHour: number;
  to: number;
  bucketMs: number;
  skill?: string | null;
  agentKey?: string | null;
}

export interface AgentEvictions {
  agentId: string;
  agentName: string;
  maxLoadedSkills: number;
  evictions: number;
  maxLoaded: number;
}

const n = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * Insights (OB-3) over the hourly rollup plus the deltas not folded yet (so every answer is exact whenever the fold
 * last ran): the rollup's (project, hour) index bounds each query to the range, never the calls.
 */
export class InsightsRepository extends BaseRepository {
  private placeholders(): () => string {
    let k = 0;
    return () => (this.postgres ? `$${++k}` : "?");
  }

  /** The signals in range from both tables, as a subquery `x` with its parameters. */
  private signals(q: Pick<InsightQuery, "projectId" | "fromHour" | "to" | "skill" | "agentKey">, p: () => string) {
    const params: unknown[] = [];
    const part = (table: string) => {
      let where = `project_id = ${p()} AND hour >= ${p()} AND hour < ${p()}`;
      params.push(q.projectId, q.fromHour, q.to);
      if (q.skill) {
        where += ` AND skill = ${p()}`;
        params.push(q.skill);
      }
      if (q.agentKey !== null && q.agentKey !== undefined) {
        where += ` AND agent_key = ${p()}`;
        params.push(q.agentKey);
      }
      return `SELECT skill, agent_key, hour, starts, loads, evictions, tool_runs, tool_errors, outcomes, successes,
          max_loaded FROM ${table} WHERE ${where}`;
    };
    const sql = `(${part("skill_signal_hours")} UNION ALL ${part("skill_signal_deltas")}) x`;
    return { sql, params };
  }

  /** OB-3: each skill's signals per bucket (hours, or days of 24 UTC hours), skills by name, buckets in order. */
  async series(q: InsightQuery): Promise<InsightRow[]> {
    const p = this.placeholders();
    const bucket = p();
    const bucket2 = p();
    const { sql, params } = this.signals(q, p);
    const rows = (await this.m.query(
      `SELECT x.skill, CAST(x.hour / ${bucket} AS BIGINT) * CAST(${bucket2} AS BIGINT) AS at, SUM(x.starts) AS starts, SUM(x.loads) AS loads,
         SUM(x.evictions) AS evictions, SUM(x.tool_runs) AS tool_runs, SUM(x.tool_errors) AS tool_errors,
         SUM(x.outcomes) AS outcomes, SUM(x.successes) AS successes
       FROM ${sql} GROUP BY 1, 2 ORDER BY 1, 2`,
      [q.bucketMs, q.bucketMs, ...params],
    )) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      skill: String(r.skill),
      at: n(r.at),
      starts: n(r.starts),
      loads: n(r.loads),
      evictions: n(r.evictions),
      toolRuns: n(r.tool_runs),
      toolErrors: n(r.tool_errors),
      outcomes: n(r.outcomes),
      successes: n(r.successes),
    }));
  }

  /**
   * OB-3: the skills a published agent of the project lists that have a live version there and were never loaded in
   * the range (by any agent of the project), by name.
   */
  async unused(projectId: string, fromHour: number, to: number): Promise<string[]> {
    const p = this.placeholders();
    const project = p();
    const loaded = (table: string) =>
      `SELECT 1 FROM ${table} h WHERE h.project_id = e.project_id AND h.skill = e.name AND h.hour >= ${p()}
         AND h.hour < ${p()} AND h.loads > 0`;
    const rows = (await this.m.query(
      `SELECT DISTINCT e.name FROM agent_skill_entries e
       JOIN agent_versions v ON v.id = e.agent_version_id AND v.state = 'published'
       JOIN agents a ON a.id = v.agent_id AND a.deleted_at IS NULL
       WHERE e.project_id = ${project}
         AND EXISTS (SELECT 1 FROM skill_versions s WHERE s.project_id = e.project_id AND s.name = e.name
                     AND s.state = 'published')
         AND NOT EXISTS (${loaded("skill_signal_hours")})
         AND NOT EXISTS (${loaded("skill_signal_deltas")})
       ORDER BY e.name`,
      [projectId, fromHour, to, fromHour, to],
    )) as Array<{ name: string }>;
    return rows.map((r) => r.name);
  }

  /**
   * OB-3: stored agents whose cap evicted in the range, with the most distinct skills one of their calls or
   * sessions loaded, and the agent's name and cap as published now (its latest version when none is).
   */
  async evictingAgents(projectId: string, fromHour: number, to: number): Promise<AgentEvictions[]> {
    const p = this.placeholders();
    const { sql, params } = this.signals({ projectId, fromHour, to }, p);
    const rows = (await this.m.query(
      `SELECT x.agent_key, SUM(x.evictions) AS evictions, MAX(x.max_loaded) AS max_loaded
       FROM ${sql} WHERE x.agent_key <> '' GROUP BY x.agent_key HAVING SUM(x.evictions) > 0`,
      params,
    )) as Array<Record<string, unknown>>;
    if (rows.length === 0) return [];
    const q = this.placeholders();
    const ids = rows.map((r) => String(r.agent_key));
    const agents = (await this.m.query(
      `SELECT v.agent_id, v.name, v.max_loaded_skills, v.state, v.version FROM agent_versions v
       WHERE v.project_id = ${q()} AND v.agent_id IN (${ids.map(() => q()).join(", ")})`,
      [projectId, ...ids],
    )) as Array<{ agent_id: string; name: string; max_loaded_skills: number; state: string; version: number }>;
    const current = new Map<string, (typeof agents)[number]>();
    for (const a of agents) {
      const seen = current.get(a.agent_id);
      const better =
        !seen ||
        (a.state === "published" && seen.state !== "published") ||
        (seen.state !== "published" && Number(a.version) > Number(seen.version));
      if (better) current.set(a.agent_id, a);
    }
    return rows.flatMap((r) => {
      const agent = current.get(String(r.agent_key));
      if (!agent) return [];
      return [
        {
          agentId: agent.agent_id,
          agentName: agent.name,
          maxLoadedSkills: n(agent.max_loaded_skills),
          evictions: n(r.evictions),
          maxLoaded: n(r.max_loaded),
        },
      ];
    });
  }
}
