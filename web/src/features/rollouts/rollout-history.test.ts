import { describe, expect, it } from "vitest";
import type { RolloutArmFieldsFragment } from "../../gql/graphql";
import { MAX_POINTS, chartRows, withPoint } from "./rollout-history";

const arm = (name: "live" | "candidate", starts: number, successRate: number | null): RolloutArmFieldsFragment => ({
  arm: name,
  version: { id: name, version: name === "live" ? 1 : 2 },
  starts,
  loads: starts,
  loadRate: starts ? 1 : null,
  toolRuns: 0,
  toolErrors: 0,
  toolErrorRate: null,
  outcomes: starts,
  successRate,
  evalPassRate: null,
});

describe("the rollout chart's history (UX-8)", () => {
  it("RO-3 adds a point per answer with both arms' rates; the chart reads percentages, null without samples", () => {
    let h = withPoint([], [arm("live", 0, null), arm("candidate", 0, null)], 1000);
    h = withPoint(h, [arm("live", 4, 0.75), arm("candidate", 2, 0.5)], 2000);
    expect(h).toHaveLength(2);
    const rows = chartRows(h, "SUCCESS_RATE");
    expect(rows.map((r) => [r.live, r.candidate])).toEqual([
      [null, null],
      [75, 50],
    ]);
  });

  it("a flat stretch stays two points (its start and its latest), and time never goes back", () => {
    const same = [arm("live", 4, 0.75), arm("candidate", 2, 0.5)];
    let h = withPoint([], same, 1000);
    h = withPoint(h, same, 2000);
    h = withPoint(h, same, 3000);
    h = withPoint(h, same, 4000);
    expect(h.map((p) => p.at)).toEqual([1000, 4000]);
    expect(withPoint(h, same, 500)).toEqual(h);
  });

  it(`keeps the latest ${MAX_POINTS} points`, () => {
    let h = withPoint([], [arm("live", 0, null)], 0);
    for (let i = 1; i <= MAX_POINTS + 10; i++) h = withPoint(h, [arm("live", i, null)], i);
    expect(h).toHaveLength(MAX_POINTS);
    expect(h.at(-1)!.live.starts).toBe(MAX_POINTS + 10);
  });
});
