import { BaseRepository } from "../../platform/db/repository";
import { DAY_MS } from "./signal-delta";

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

  /**
   * The signals in range as a subquery `x` (with its parameters): whole UTC days from the day rollup, the hours
   * before the first and after the last whole day from the hour rollup, and the deltas not folded yet — each hour
   * counted exactly once; a year by day reads about 400 rows per skill and agent, not 8,800 (`byDay`: the answer
   * needs no finer bucket than a day).
   */
  private signals(
    q: Pick<InsightQuery, "projectId" | "fromHour" | "to" | "skill" | "agentKey">,
    p: () => string,
    byDay: boolean,
    options: {
      /** A column of the outer query the skill must equal (a correlated subquery: each part reads that skill's keys). */
      skillOf?: string;
      /** Only the rollups (hours and days) or only the deltas not folded yet; both when absent. */
      only?: "rollups" | "deltas";
      /** Only rows with loads (what the rollups' partial `_loaded` indexes hold). */
      loaded?: boolean;
      /** Only rows with evictions (what the day rollup's partial `_evicted` index holds). */
      evicted?: boolean;
      /** A column of the outer query the agent key must equal (a correlated subquery). */
      agentOf?: string;
    } = {},
  ) {
    const params: unknown[] = [];
    // hourly series need every hour: then the day rollup covers nothing
    const headEnd = byDay ? Math.min(Math.ceil(q.fromHour / DAY_MS) * DAY_MS, q.to) : q.to;
    const tailStart = byDay ? Math.max(Math.floor(q.to / DAY_MS) * DAY_MS, headEnd) : q.to;
    const part = (table: string, key: "hour" | "day", ranges: Array<[number, number]>) => {
      // placeholders in the order they stand in the text (SQLite's are positional)
      params.push(q.projectId);
      let where = `project_id = ${p()}`;
      const within = ranges.map(([from, to]) => {
        params.push(from, to);
        return `(${key} >= ${p()} AND ${key} < ${p()})`;
      });
      where += ` AND (${within.join(" OR ")})`;
      if (q.skill) {
        where += ` AND skill = ${p()}`;
        params.push(q.skill);
      }
      if (options.skillOf) where += ` AND skill = ${options.skillOf}`;
      if (options.loaded) where += " AND loads > 0";
      if (options.evicted) where += " AND evictions > 0";
      if (options.agentOf) where += ` AND agent_key = ${options.agentOf}`;
      if (q.agentKey !== null && q.agentKey !== undefined) {
        where += ` AND agent_key = ${p()}`;
        params.push(q.agentKey);
      }
      return `SELECT skill, agent_key, ${key} AS hour, starts, loads, evictions, tool_runs, tool_errors, outcomes,
          successes, max_loaded FROM ${table} WHERE ${where}`;
    };
    const parts: string[] = [];
    if (options.only !== "deltas") {
      parts.push(
        part("skill_signal_hours", "hour", [
          [q.fromHour, headEnd],
          [tailStart, q.to],
        ]),
        part("skill_signal_days", "day", [[headEnd, tailStart]]),
      );
    }
    if (options.only !== "rollups") parts.push(part("skill_signal_deltas", "hour", [[q.fromHour, q.to]]));
    return { sql: `(${parts.join(" UNION ALL ")}) x`, parts, params };
  }

  /**
   * OB-3: each skill's signals per bucket (hours, or days of 24 UTC hours), skills by name, buckets in order. With
   * `page` (and no `skill`): the first `first` skills after the name `after` that have signals in the range — a
   * keyset over the skill, in two statements: the page's names (`pageOf`), then the buckets of the skills from its
   * first to its last name, bounds the planner knows (the rollups' primary keys, (project, skill, agent, hour | day),
   * read that key range only). At 10,000 skills a year of every skill was 1.4M points in one answer.
   */
  async series(q: InsightQuery & { page?: { first: number; after: string | null } }): Promise<InsightRow[]> {
    const byDay = q.bucketMs >= DAY_MS;
    let names: string[] = [];
    if (!q.skill && q.page) {
      names = await this.pageOf(q, byDay, q.page.first, q.page.after);
      if (names.length === 0) return [];
    }
    const p = this.placeholders();
    const bucket = p();
    const bucket2 = p();
    const { sql, params } = this.signals(q, p, byDay);
    const within = names.length > 0 ? ` WHERE x.skill IN (${names.map(() => p()).join(", ")})` : "";
    const rows = (await this.m.query(
      `SELECT x.skill, CAST(x.hour / ${bucket} AS BIGINT) * CAST(${bucket2} AS BIGINT) AS at, SUM(x.starts) AS starts, SUM(x.loads) AS loads,
         SUM(x.evictions) AS evictions, SUM(x.tool_runs) AS tool_runs, SUM(x.tool_errors) AS tool_errors,
         SUM(x.outcomes) AS outcomes, SUM(x.successes) AS successes
       FROM ${sql}${within} GROUP BY 1, 2 ORDER BY 1, 2`,
      [q.bucketMs, q.bucketMs, ...params, ...names],
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
   * The names of a page of `series`: the first `first` skills after `after` with signals in the range, by name. Each
   * next name is the least of one probe per part — its first key after the name before, in the range — a loose index
   * scan over the primary keys (project, skill, …): `first` × 3 probes, however many rows each skill has (grouping
   * the range's rows by skill read all 1.7M day rows of a year at 10,000 skills).
   */
  private async pageOf(q: InsightQuery, byDay: boolean, first: number, after: string | null): Promise<string[]> {
    const p = this.placeholders();
    // placeholders in the order they stand in the text (SQLite's are positional): `after`, the parts', `first`
    const from = p();
    const { parts, params } = this.signals(q, p, byDay);
    const probes = parts.map(
      (part) => `SELECT (SELECT y.skill FROM (${part}) y WHERE y.skill > page.skill ORDER BY y.skill LIMIT 1) AS skill`,
    );
    const rows = (await this.m.query(
      `WITH RECURSIVE page(skill, n) AS (
         SELECT CAST(${from} AS TEXT), 0
         UNION ALL
         SELECT CAST((SELECT MIN(z.skill) FROM (${probes.join(" UNION ALL ")}) z) AS TEXT), page.n + 1
         FROM page WHERE page.skill IS NOT NULL AND page.n < ${p()})
       SELECT skill FROM page WHERE page.n > 0 AND page.skill IS NOT NULL ORDER BY page.n`,
      // no `after`: from "" (a name is never empty)
      [after ?? "", ...params, first],
    )) as Array<{ skill: string }>;
    return rows.map((r) => r.skill);
  }

  /**
   * One skill's signals summed over a range, for the given agents only (a rollout's forecast: the traffic of the
   * agents a rollout would reach). No agents, no rows.
   */
  async totals(
    q: Pick<InsightQuery, "projectId" | "fromHour" | "to"> & { skill: string; agentKeys: readonly string[] },
  ): Promise<Omit<InsightRow, "skill" | "at">> {
    const zero = { starts: 0, loads: 0, evictions: 0, toolRuns: 0, toolErrors: 0, outcomes: 0, successes: 0 };
    if (q.agentKeys.length === 0) return zero;
    const p = this.placeholders();
    const { sql, params } = this.signals(q, p, true);
    const agents = q.agentKeys.map(() => p()).join(", ");
    const rows = (await this.m.query(
      `SELECT SUM(x.starts) AS starts, SUM(x.loads) AS loads, SUM(x.evictions) AS evictions,
         SUM(x.tool_runs) AS tool_runs, SUM(x.tool_errors) AS tool_errors, SUM(x.outcomes) AS outcomes,
         SUM(x.successes) AS successes
       FROM ${sql} WHERE x.agent_key IN (${agents})`,
      [...params, ...q.agentKeys],
    )) as Array<Record<string, unknown>>;
    const r = rows[0] ?? {};
    return {
      starts: n(r.starts),
      loads: n(r.loads),
      evictions: n(r.evictions),
      toolRuns: n(r.tool_runs),
      toolErrors: n(r.tool_errors),
      outcomes: n(r.outcomes),
      successes: n(r.successes),
    };
  }

  /**
   * OB-3: the skills a published agent of the project lists that have a live version there and were never loaded in
   * the range (by any agent of the project), by name.
   */
  async unused(projectId: string, fromHour: number, to: number): Promise<string[]> {
    const p = this.placeholders();
    const project = p();
    const live = p();
    // Each listed name once, then per name a probe of the rollups' partial indexes of loaded rows (project, skill,
    // hour or day) WHERE loads > 0: a loaded skill is found at once, an unused one by an empty index range. Reading
    // the range's rows instead (`NOT IN (the skills loaded in range)`) took minutes a year at 1,000 agents; the
    // deltas not folded yet are few and not keyed by skill: read once.
    const range = { projectId, fromHour, to };
    const rollups = this.signals(range, p, true, { skillOf: "n.name", only: "rollups", loaded: true });
    const deltas = this.signals(range, p, true, { only: "deltas", loaded: true });
    const rows = (await this.m.query(
      `SELECT n.name FROM (
         SELECT DISTINCT e.name FROM agent_skill_entries e
         JOIN agent_versions v ON v.id = e.agent_version_id AND v.state = 'published'
         JOIN agents a ON a.id = v.agent_id AND a.deleted_at IS NULL
         WHERE e.project_id = ${project}) n
       WHERE EXISTS (SELECT 1 FROM skill_versions s WHERE s.project_id = ${live} AND s.name = n.name
                     AND s.state = 'published')
         AND NOT EXISTS (SELECT 1 FROM ${rollups.sql})
         AND n.name NOT IN (SELECT x.skill FROM ${deltas.sql})
       ORDER BY n.name`,
      [projectId, projectId, ...rollups.params, ...deltas.params],
    )) as Array<{ name: string }>;
    return rows.map((r) => r.name);
  }

  /**
   * OB-3: stored agents whose cap evicted in the range, with the most distinct skills one of their calls or
   * sessions loaded, and the agent's name and cap as published now (its latest version when none is).
   */
  async evictingAgents(projectId: string, fromHour: number, to: number): Promise<AgentEvictions[]> {
    const p = this.placeholders();
    const range = { projectId, fromHour, to };
    // The agents that evicted, from the rows with evictions only (the day rollup's partial index holds those), then
    // per such agent the most skills a call loaded, as the greatest of one MAX per part (each an index probe: days by
    // (project, agent, max_loaded, day), hours by (project, agent, hour)). Summing every row of the range per agent
    // read 1.7M rows a year at 1,000 agents. Placeholders in text order: the MAX parts stand before the FROM.
    const most = this.signals(range, p, true, { agentOf: "e.agent_key" });
    const evicting = this.signals(range, p, true, { evicted: true });
    const greatest = most.parts.map((part) => `COALESCE((SELECT MAX(y.max_loaded) FROM (${part}) y), 0)`).join(", ");
    const rows = (await this.m.query(
      `SELECT e.agent_key, e.evictions, ${this.postgres ? "GREATEST" : "MAX"}(${greatest}) AS max_loaded
       FROM (SELECT x.agent_key, SUM(x.evictions) AS evictions FROM ${evicting.sql}
             WHERE x.agent_key <> '' GROUP BY x.agent_key HAVING SUM(x.evictions) > 0) e`,
      [...most.params, ...evicting.params],
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
