import { BaseRepository } from "../../platform/db/repository";
import { AGENT_PERIODS, DAY_MS } from "./signal-delta";

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
      if (q.agentKey !== null && q.agentKey !== undefined) {
        where += ` AND agent_key = ${p()}`;
        params.push(q.agentKey);
      }
      return `SELECT skill, agent_key, ${key} AS hour, starts, loads, evictions, tool_runs, tool_errors, outcomes,
          successes, max_loaded FROM ${table} WHERE ${where}`;
    };
    // Ranges that hold no hour (an hourly series' days, a range within one day's hours) are left out, and a part with
    // none left with them, so no statement probes an index for nothing; one part always stays (a statement needs it).
    const wanted: Array<[string, "hour" | "day", Array<[number, number]>]> = [];
    if (options.only !== "deltas") {
      wanted.push(
        [
          "skill_signal_hours",
          "hour",
          [
            [q.fromHour, headEnd],
            [tailStart, q.to],
          ],
        ],
        ["skill_signal_days", "day", [[headEnd, tailStart]]],
      );
    }
    if (options.only !== "rollups") wanted.push(["skill_signal_deltas", "hour", [[q.fromHour, q.to]]]);
    const kept = wanted
      .map(([table, key, ranges]) => [table, key, ranges.filter(([from, to]) => from < to)] as const)
      .filter(([, , ranges]) => ranges.length > 0);
    const parts = (kept.length > 0 ? kept : wanted.slice(0, 1)).map(([table, key, ranges]) => part(table, key, ranges));
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
    if (q.agentKey !== null && q.agentKey !== undefined) return this.agentPageOf(q, byDay, first, after);
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
   * `pageOf` for one agent: its rows in a range are its few skills' (the rollups' agent indexes read them, about 27
   * skills a busy agent at 100×), so their distinct names are paged directly. The probes above would walk the
   * primary keys of every skill of the project looking for the agent's (0.5–1.8 s at 10,000 skills).
   */
  private async agentPageOf(q: InsightQuery, byDay: boolean, first: number, after: string | null): Promise<string[]> {
    const p = this.placeholders();
    const { sql, params } = this.signals(q, p, byDay);
    const rows = (await this.m.query(
      `SELECT DISTINCT x.skill FROM ${sql} WHERE x.skill > ${p()} ORDER BY x.skill LIMIT ${p()}`,
      [...params, after ?? "", first],
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
    const bounds = p();
    const [toA, fromA, fromB, toB] = [p(), p(), p(), p()];
    // Each listed name once, then its first and last loaded hour (`skill_load_bounds`, kept by the fold): a skill
    // whose loads all lie outside the range is unused, one whose first or last load is inside it is used, at no
    // cost per name. Only a skill loaded both before and after the range (none when the range reaches to now, as the
    // console asks) is probed in the rollups' partial indexes of loaded rows (project, skill, hour or day) WHERE
    // loads > 0. The deltas not folded yet are few and not keyed by skill: read once.
    const range = { projectId, fromHour, to };
    const rollups = this.signals(range, p, true, { skillOf: "b.skill", only: "rollups", loaded: true });
    const deltas = this.signals(range, p, true, { only: "deltas", loaded: true });
    const rows = (await this.m.query(
      `SELECT n.name FROM (
         SELECT DISTINCT e.name FROM agent_skill_entries e
         JOIN agent_versions v ON v.id = e.agent_version_id AND v.state = 'published'
         JOIN agents a ON a.id = v.agent_id AND a.deleted_at IS NULL
         WHERE e.project_id = ${project}) n
       WHERE EXISTS (SELECT 1 FROM skill_versions s WHERE s.project_id = ${live} AND s.name = n.name
                     AND s.state = 'published')
         AND NOT EXISTS (SELECT 1 FROM skill_load_bounds b WHERE b.project_id = ${bounds} AND b.skill = n.name
                         AND b.first_hour < ${toA} AND b.last_hour >= ${fromA}
                         AND (b.first_hour >= ${fromB} OR b.last_hour < ${toB} OR EXISTS (SELECT 1 FROM ${rollups.sql})))
         AND n.name NOT IN (SELECT x.skill FROM ${deltas.sql})
       ORDER BY n.name`,
      [projectId, projectId, projectId, to, fromHour, fromHour, to, ...rollups.params, ...deltas.params],
    )) as Array<{ name: string }>;
    return rows.map((r) => r.name);
  }

  /**
   * OB-3: stored agents whose cap evicted in the range, with the most distinct skills one of their calls or
   * sessions loaded, and the agent's name and cap as published now (its latest version when none is).
   */
  async evictingAgents(projectId: string, fromHour: number, to: number): Promise<AgentEvictions[]> {
    const p = this.placeholders();
    // From `agent_signal_periods` (kept by the fold: the skill rows summed per agent) — whole 64-day blocks, the
    // 8-day blocks, days and hours at the range's ends, each hour counted once — plus the deltas not folded yet. The
    // agents that evicted and their evictions from the rows with evictions only (a partial index: a row without adds
    // nothing to the sum), then per such agent its most loaded as one MAX over its own rows in range (the key
    // (project, agent, period, start)): ~25 rows a year per evicting agent, not every agent's rows nor every
    // skill-day. Placeholders in text order: the MAX stands before the FROM.
    const ranges = periodRanges(fromHour, to);
    const params: unknown[] = [];
    const deltas = (columns: string, own: string) => {
      params.push(projectId, fromHour, to);
      return `SELECT ${columns} FROM skill_signal_deltas
              WHERE project_id = ${p()} AND hour >= ${p()} AND hour < ${p()} AND agent_key <> ''${own}`;
    };
    // the agent's own rows: one index range per period
    const own = ranges.map(([period, from, until]) => {
      params.push(projectId, period, from, until);
      return `SELECT max_loaded FROM agent_signal_periods
              WHERE project_id = ${p()} AND agent_key = e.agent_key AND period = ${p()} AND start >= ${p()} AND start < ${p()}`;
    });
    const most = [...own, deltas("max_loaded", " AND agent_key = e.agent_key")].join(" UNION ALL ");
    // the rows with evictions: one scan of the partial index over every range (a UNION ALL of one scan per range
    // was planned as a Parallel Append, whose workers took longer to start than the scans took)
    const evicting: string[] = [];
    if (ranges.length > 0) {
      params.push(projectId);
      const project = p();
      const within = ranges.map(([period, from, until]) => {
        params.push(period, from, until);
        return `(period = ${p()} AND start >= ${p()} AND start < ${p()})`;
      });
      evicting.push(`SELECT agent_key, evictions FROM agent_signal_periods
                     WHERE project_id = ${project} AND evictions > 0 AND (${within.join(" OR ")})`);
    }
    evicting.push(deltas("agent_key, evictions", " AND evictions > 0"));
    const rows = (await this.m.query(
      `SELECT e.agent_key, e.evictions, (SELECT MAX(y.max_loaded) FROM (${most}) y) AS max_loaded
       FROM (SELECT x.agent_key, SUM(x.evictions) AS evictions FROM (${evicting.join(" UNION ALL ")}) x
             GROUP BY x.agent_key HAVING SUM(x.evictions) > 0) e`,
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

/**
 * The hours of [fromHour, to) as periods of `agent_signal_periods`, each hour in exactly one: [period, from, to) of
 * the periods' starts — whole periods of the coarsest kind in the middle, then at each end the whole periods of each
 * finer kind up to the next coarser one's edge, hours at the very ends. Empty ones left out.
 */
export function periodRanges(
  fromHour: number,
  to: number,
  periods: readonly number[] = AGENT_PERIODS,
): Array<[number, number, number]> {
  const [period, coarser] = periods;
  if (period === undefined || fromHour >= to) return [];
  if (coarser === undefined) return [[period, fromHour, to]];
  const innerFrom = Math.min(Math.ceil(fromHour / coarser) * coarser, to);
  const innerTo = Math.max(Math.floor(to / coarser) * coarser, innerFrom);
  const ranges: Array<[number, number, number]> = [
    [period, fromHour, innerFrom],
    ...periodRanges(innerFrom, innerTo, periods.slice(1)),
    [period, innerTo, to],
  ];
  return ranges.filter(([, from, until]) => from < until);
}
