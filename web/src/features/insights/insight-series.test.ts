import { describe, expect, it } from "vitest";
import { buckets, chartRows, DAY_MS, HOUR_MS, outcomeRows, pagesShown, percent, skillsPerPage } from "./insight-series";

const at = (ms: number) => new Date(ms).toISOString();
const point = (ms: number, counts: Partial<Record<string, number>>) => ({
  at: at(ms),
  starts: 0,
  loads: 0,
  toolRuns: 0,
  toolErrors: 0,
  outcomes: 0,
  successes: 0,
  ...counts,
});

describe("insight series", () => {
  const from = Date.UTC(2026, 4, 3, 10);
  it("OB-3 buckets cover the range from the bucket `from` falls in", () => {
    expect(buckets(from + 60_000, from + 3 * HOUR_MS, HOUR_MS)).toEqual([from, from + HOUR_MS, from + 2 * HOUR_MS]);
    expect(buckets(from, from + DAY_MS, DAY_MS)).toEqual([Date.UTC(2026, 4, 3), Date.UTC(2026, 4, 4)]);
  });

  it("OB-3 UX-9 chart rows: starts fill empty buckets with 0, rates leave a gap and are percents", () => {
    const insights = [
      { skill: "a", series: [point(from + HOUR_MS, { starts: 4, loads: 1, toolRuns: 2, toolErrors: 1 })] },
    ];
    const range = { from, to: from + 2 * HOUR_MS, bucketMs: HOUR_MS };
    expect(chartRows(insights, "starts", range).map((r) => r.a)).toEqual([0, 4]);
    expect(chartRows(insights, "loadRate", range).map((r) => r.a)).toEqual([null, 25]);
    expect(chartRows(insights, "toolErrorRate", range).map((r) => r.a)).toEqual([null, 50]);
    expect(chartRows(insights, "starts", range)[0]!.at).toBe("3 May, 10:00");
  });

  it("OB-3 outcome rows split successes from failures and skip skills without outcomes", () => {
    const insights = [
      { skill: "a", series: [point(from, { outcomes: 3, successes: 2 }), point(from + HOUR_MS, { outcomes: 1 })] },
      { skill: "b", series: [point(from, { starts: 2 })] },
    ];
    expect(outcomeRows(insights)).toEqual([{ skill: "a", successes: 2, failures: 2 }]);
    expect([percent(0.424), percent(null)]).toEqual(["42 %", "—"]);
  });

  it("CT-3 pages of skills asked one more than shown: each skill once, and the next page's after only while there is one", () => {
    const page = (...names: string[]) => names.map((skill) => ({ skill }));
    expect(pagesShown([], 2)).toEqual({ shown: [], after: null });
    expect(pagesShown([page("a", "b")], 2)).toEqual({ shown: page("a", "b"), after: null });
    expect(pagesShown([page("a", "b", "c")], 2)).toEqual({ shown: page("a", "b"), after: "b" });
    expect(pagesShown([page("a", "b", "c"), page("c", "d", "e")], 2)).toEqual({
      shown: page("a", "b", "c", "d"),
      after: "d",
    });
    expect(pagesShown([page("a", "b", "c"), page("c")], 2)).toEqual({ shown: page("a", "b", "c"), after: null });
  });

  it("CT-3 a page holds about as many points whatever the range: 50 skills of a day by hour, 5 of a year by day", () => {
    expect([24, 7 * 24, 30, 365].map(skillsPerPage)).toEqual([50, 11, 50, 5]);
    expect(skillsPerPage(400 * 24)).toBe(5);
    expect(skillsPerPage(0)).toBe(50);
  });
});
