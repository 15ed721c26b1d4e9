import type { Database } from "../../platform/db/database";
import { Invalid } from "../../platform/errors";
import type { AuthContext, AuthService } from "../auth";
import { InsightsRepository, type InsightRow } from "./insights.repository";
import { DAY_MS, HOUR_MS, hourOf } from "./signal-delta";

/** The longest range an insight reads (OB-3). */
export const MAX_RANGE_DAYS = 400;

/**
 * Skills per page of `skillInsights` without `skill` (CT-3). An answer is about skills × buckets: a year by day is
 * ~45 KB a busy skill, 7 days by hour a few KB. By default 25 (a chart of 25 lines is already more than one tells
 * apart; 7 days by hour ~100 KB, a year by day ~1 MB — the console asks for about 2,000 points a page instead); at
 * most 200, ~9 MB a year by day (every skill at 10,000 skills was 173 MB).
 */
export const INSIGHT_PAGE = { default: 25, max: 200 } as const;

const BUCKETS: Record<string, number> = { hour: HOUR_MS, day: DAY_MS };

export type InsightPoint = Omit<InsightRow, "skill" | "at"> & { at: Date };

export interface SkillInsight {
  skill: string;
  agentId: string | null;
  series: InsightPoint[];
  loadRate: number | null;
  toolErrorRate: number | null;
  successRate: number | null;
}

export interface CapAdvice {
  agentId: string;
  agentName: string;
  maxLoadedSkills: number;
  evictions: number;
  suggestedMax: number;
}

const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * OB-3: skill insights from the per-skill signals' hourly rollup — series per skill (hours or days), the skills
 * agents list but never load, and the agents whose cap evicts with the cap that would have avoided it. Every signal
 * counts in the start hour of its call or session (a load rate is "of the calls started then, how many loaded").
 */
export class InsightService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
  ) {}

  async skillInsights(
    ctx: AuthContext,
    args: {
      from: Date;
      to: Date;
      bucket: string;
      skill?: string | null;
      agentId?: string | null;
      first?: number | null;
      after?: string | null;
    },
  ): Promise<SkillInsight[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const range = checkRange(args.from, args.to);
    const bucketMs = BUCKETS[args.bucket];
    if (bucketMs === undefined)
      throw Invalid.field("bucket", `bucket must be "hour" or "day", not "${args.bucket}".`, { bucket: args.bucket });
    const first = args.first ?? INSIGHT_PAGE.default;
    if (!Number.isInteger(first) || first < 1 || first > INSIGHT_PAGE.max)
      throw Invalid.field("first", `first must be a whole number from 1 to ${INSIGHT_PAGE.max}; it is ${first}.`, {
        max: INSIGHT_PAGE.max,
      });
    const rows = await this.db.read((m) =>
      new InsightsRepository(m).series({
        projectId: scope.projectId,
        ...range,
        bucketMs,
        skill: args.skill,
        agentKey: args.agentId ?? null,
        page: { first, after: args.after ?? null },
      }),
    );
    const bySkill = new Map<string, InsightRow[]>();
    for (const row of rows) {
      // appended in place: copying the list for each point was quadratic (a year by day is 365 points a skill)
      const points = bySkill.get(row.skill);
      if (points) points.push(row);
      else bySkill.set(row.skill, [row]);
    }
    return [...bySkill.entries()].map(([skill, points]) => {
      const sum = (k: keyof InsightPoint) => points.reduce((s, p) => s + (p[k] as number), 0);
      return {
        skill,
        agentId: args.agentId ?? null,
        series: points.map((p) => ({
          at: new Date(p.at),
          starts: p.starts,
          loads: p.loads,
          evictions: p.evictions,
          toolRuns: p.toolRuns,
          toolErrors: p.toolErrors,
          outcomes: p.outcomes,
          successes: p.successes,
        })),
        loadRate: rate(sum("loads"), sum("starts")),
        toolErrorRate: rate(sum("toolErrors"), sum("toolRuns")),
        successRate: rate(sum("successes"), sum("outcomes")),
      };
    });
  }

  async unusedSkills(ctx: AuthContext, from: Date, to: Date): Promise<string[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const range = checkRange(from, to);
    return this.db.read((m) => new InsightsRepository(m).unused(scope.projectId, range.fromHour, range.to));
  }

  async capAdvice(ctx: AuthContext, from: Date, to: Date): Promise<CapAdvice[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const range = checkRange(from, to);
    const agents = await this.db.read((m) =>
      new InsightsRepository(m).evictingAgents(scope.projectId, range.fromHour, range.to),
    );
    return agents
      .map(({ maxLoaded, ...agent }) => ({ ...agent, suggestedMax: Math.max(maxLoaded, agent.maxLoadedSkills) }))
      .sort((a, b) => b.evictions - a.evictions || a.agentName.localeCompare(b.agentName));
  }
}

/** The hours a range covers (the hour `from` falls in, up to `to`), or BAD_USER_INPUT naming the argument. */
function checkRange(from: Date, to: Date): { fromHour: number; to: number } {
  if (from.getTime() > to.getTime()) throw Invalid.field("from", "from must not be after to.");
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw Invalid.field("to", `The range may span at most ${MAX_RANGE_DAYS} days.`, { max_days: MAX_RANGE_DAYS });
  return { fromHour: hourOf(from), to: to.getTime() };
}
