/** Pure shaping of OB-3 insights for charts: dense buckets, one row per bucket with a column per skill. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface Point {
  at: string;
  starts: number;
  loads: number;
  toolRuns: number;
  toolErrors: number;
  outcomes: number;
  successes: number;
}

export interface Insight {
  skill: string;
  series: Point[];
}

export type Metric = "starts" | "loadRate" | "toolErrorRate";

/** The buckets from `from` to `to` (exclusive), each bucket's start in epoch ms (hours or UTC days). */
export function buckets(from: number, to: number, bucketMs: number): number[] {
  const out: number[] = [];
  for (let at = Math.floor(from / bucketMs) * bucketMs; at < to; at += bucketMs) out.push(at);
  return out;
}

const ratio = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

function value(point: Point | undefined, metric: Metric): number | null {
  if (metric === "starts") return point?.starts ?? 0;
  if (!point) return null;
  return metric === "loadRate" ? ratio(point.loads, point.starts) : ratio(point.toolErrors, point.toolRuns);
}

/**
 * Rows for a line chart: `{ at, <skill>: value }` for every bucket; starts are 0 in an empty bucket, rates (percent,
 * one decimal) are left out there (a gap, not a zero).
 */
export function chartRows(
  insights: readonly Insight[],
  metric: Metric,
  range: { from: number; to: number; bucketMs: number },
): Array<Record<string, number | string | null>> {
  const bySkill = new Map(insights.map((i) => [i.skill, new Map(i.series.map((p) => [Date.parse(p.at), p]))]));
  return buckets(range.from, range.to, range.bucketMs).map((at) => {
    const row: Record<string, number | string | null> = { at: label(at, range.bucketMs) };
    for (const [skill, points] of bySkill) row[skill] = value(points.get(at), metric);
    return row;
  });
}

/** Per skill over the range: outcomes split into successes and failures (a stacked bar). */
export function outcomeRows(
  insights: readonly Insight[],
): Array<{ skill: string; successes: number; failures: number }> {
  return insights
    .map((i) => {
      const outcomes = i.series.reduce((s, p) => s + p.outcomes, 0);
      const successes = i.series.reduce((s, p) => s + p.successes, 0);
      return { skill: i.skill, successes, failures: outcomes - successes };
    })
    .filter((r) => r.successes + r.failures > 0);
}

/** A bucket's label: "May 3, 14:00" for hours, "May 3" for days (UTC, as the buckets are). */
export function label(at: number, bucketMs: number): string {
  const options: Intl.DateTimeFormatOptions =
    bucketMs >= DAY_MS
      ? { month: "short", day: "numeric", timeZone: "UTC" }
      : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" };
  return new Intl.DateTimeFormat("en-GB", options).format(new Date(at));
}

/** A rate as the page writes it: "42 %", or "—" without a denominator. */
export const percent = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? "—" : `${Math.round(rate * 100)} %`;

/** About as many points as a page of skills holds (CT-3: a year by day of 5 skills, 7 days by hour of 11). */
export const POINTS_PER_PAGE = 2000;

/**
 * Skills per page for a range of `buckets` buckets: the answer grows with skills × buckets (a year by day is ~45 KB
 * a skill), so a page holds about POINTS_PER_PAGE points — 5 to 50 skills.
 */
export const skillsPerPage = (buckets: number): number =>
  Math.min(50, Math.max(5, Math.floor(POINTS_PER_PAGE / Math.max(1, buckets))));

/**
 * The skills pages (CT-3) put together: each page was asked for `per + 1` skills, the one more only saying whether
 * there is a next page. `after` is the last skill shown when there is a next page (its `after`), else null.
 */
export function pagesShown<T extends { skill: string }>(
  pages: ReadonlyArray<readonly T[]>,
  per: number,
): { shown: T[]; after: string | null } {
  const shown = pages.flatMap((page) => page.slice(0, per));
  const last = pages[pages.length - 1];
  const more = last !== undefined && last.length > per;
  return { shown, after: more ? (shown[shown.length - 1]?.skill ?? null) : null };
}
