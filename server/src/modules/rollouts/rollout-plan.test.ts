import { describe, expect, it } from "vitest";
import { checkPlan, nextStep, stepDue } from "./rollout-plan";

const fields = (input: Parameters<typeof checkPlan>[0]) => checkPlan(input).problems.map((p) => p.path);

describe("rollout plan (RO-1, RO-4, RO-5)", () => {
  it("RO-1 RO-4 defaults: steps 5, 25, 50, 100 an hour apart, no guards, minSamples 20, alpha 0.05", () => {
    expect(checkPlan({ guards: [{ metric: "LOAD_RATE", maxDegradation: 0.1 }] })).toEqual({
      plan: {
        steps: [5, 25, 50, 100],
        stepMinutes: 60,
        guards: [{ metric: "LOAD_RATE", maxDegradation: 0.1, minSamples: 20, alpha: 0.05 }],
        evalTag: null,
      },
      problems: [],
    });
  });

  it("RO-1 steps strictly rising, whole, no 0, ending at 100, at least one before it", () => {
    expect(fields({ steps: [1, 2, 100] })).toEqual([]);
    expect(fields({ steps: [5, 5, 100] })).toEqual(["steps[1]"]);
    expect(fields({ steps: [0, 100] })).toEqual(["steps[0]"]);
    expect(fields({ steps: [5, 50] })).toEqual(["steps[1]"]);
    expect(fields({ steps: [2.5, 100] })).toEqual(["steps[0]"]);
    expect(fields({ steps: [5, 150] })).toEqual(["steps[1]", "steps[1]"]);
    expect(fields({ steps: [100] })).toEqual(["steps"]);
    expect(fields({ steps: [] })).toEqual(["steps"]);
  });

  it("RO-4 maxDegradation within 0–1, minSamples at least 1, alpha within 0.0001–0.5, EVAL_PASS_RATE needs an eval tag", () => {
    expect(
      fields({
        guards: [
          { metric: "LOAD_RATE", maxDegradation: 0 },
          { metric: "LOAD_RATE", maxDegradation: 1 },
        ],
      }),
    ).toEqual([]);
    expect(fields({ guards: [{ metric: "LOAD_RATE", maxDegradation: 1.01 }] })).toEqual(["guards[0].max_degradation"]);
    expect(fields({ guards: [{ metric: "LOAD_RATE", maxDegradation: Number.NaN }] })).toEqual([
      "guards[0].max_degradation",
    ]);
    expect(fields({ guards: [{ metric: "LOAD_RATE", maxDegradation: 0.1, minSamples: 0 }] })).toEqual([
      "guards[0].min_samples",
    ]);
    expect(fields({ guards: [{ metric: "EVAL_PASS_RATE", maxDegradation: 0.1 }] })).toEqual(["guards[0].metric"]);
    expect(fields({ guards: [{ metric: "LOAD_RATE", maxDegradation: 0.1, alpha: 0.01 }] })).toEqual([]);
    for (const alpha of [0, 0.6, Number.NaN, -0.05]) {
      expect(fields({ guards: [{ metric: "LOAD_RATE", maxDegradation: 0.1, alpha }] })).toEqual(["guards[0].alpha"]);
    }
    expect(fields({ guards: [{ metric: "EVAL_PASS_RATE", maxDegradation: 0.1 }], evalTag: "skill:x" })).toEqual([]);
  });

  it("RO-5 a step is due once its duration is over, never when paused or by hand; the next step after it", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const rollout = { status: "running" as const, stepMinutes: 30, stepStartedAt: start };
    expect(stepDue(rollout, at(29.9))).toBe(false);
    expect(stepDue(rollout, at(30))).toBe(true);
    expect(stepDue({ ...rollout, status: "paused" }, at(90))).toBe(false);
    expect(stepDue({ ...rollout, stepMinutes: 0 }, at(90))).toBe(false);
    expect(nextStep({ steps: [5, 25, 100], stepIndex: 0 })).toEqual({ index: 1, percent: 25 });
    expect(nextStep({ steps: [5, 25, 100], stepIndex: 1 })).toEqual({ index: 2, percent: 100 });
  });
});
