import { describe, expect, it } from "vitest";
import { samplesPerArm } from "./guard-test";
import { forecastGuard, UNKNOWN_RATE, type ForecastInput } from "./rollout-forecast";
import { NO_COUNTS } from "./rollout-guards";
import type { StoredGuard } from "./rollout.entity";

const guard = (over: Partial<StoredGuard> = {}): StoredGuard => ({
  metric: "SUCCESS_RATE",
  maxDegradation: 0.05,
  minSamples: 20,
  ...over,
});
/** 7 days in which 14,000 calls reported 7,000 outcomes, 90 % successes: 1,000 outcomes a day. */
const input = (over: Partial<ForecastInput> = {}): ForecastInput => ({
  steps: [50, 100],
  stepMinutes: 60 * 24 * 30,
  traffic: {
    ...NO_COUNTS,
    starts: 14_000,
    loads: 7_000,
    outcomes: 7_000,
    successes: 6_300,
    toolRuns: 700,
    toolErrors: 7,
  },
  days: 7,
  evalsPerStep: 0,
  ...over,
});
const needed = samplesPerArm({ higherIsWorse: false, margin: 0.05, alpha: 0.05, minSamples: 20 }, 0.9)!;

describe("a rollout's forecast (RO-4, UX-8)", () => {
  it("RO-4 samples per arm at the traffic's rate, and the minutes at 50 % of 1,000 outcomes a day", () => {
    const f = forecastGuard(guard(), input());
    expect(f).toMatchObject({ rate: 0.9, rateFromTraffic: true, samplesPerArm: needed, samplesPerDay: 1000 });
    // each arm gets 500 outcomes a day
    expect(f.minutes).toBeGreaterThanOrEqual(Math.floor((needed / 500) * 24 * 60));
    expect(f.minutes).toBeLessThanOrEqual(Math.ceil((needed / 500) * 24 * 60) + 1);
    expect(f.coverage).toBeNull();
  });

  it("RO-4 a small first share is slower: at 5 % the candidate's arm takes ten times longer than at 50 %", () => {
    const half = forecastGuard(guard(), input()).minutes!;
    const small = forecastGuard(guard(), input({ steps: [5, 100] })).minutes!;
    expect(small).toBeGreaterThan(5 * half);
    // steps of 5, 25, 50: most of the evidence comes at the later shares
    const staged = forecastGuard(guard(), input({ steps: [5, 25, 50, 100], stepMinutes: 2 * 24 * 60 })).minutes!;
    expect(staged).toBeGreaterThan(4 * 24 * 60);
    expect(staged).toBeLessThan(small);
  });

  it("RO-4 a rollout that completes before the guard can decide says how far it gets; no traffic, no time", () => {
    const short = forecastGuard(guard(), input({ steps: [10, 100], stepMinutes: 60 }));
    expect(short.minutes).toBeNull();
    expect(short.coverage!).toBeGreaterThan(0);
    expect(short.coverage!).toBeLessThan(1);
    const quiet = forecastGuard(guard(), input({ traffic: NO_COUNTS }));
    expect(quiet).toMatchObject({
      rate: UNKNOWN_RATE,
      rateFromTraffic: false,
      samplesPerDay: 0,
      minutes: null,
      coverage: 0,
    });
    expect(forecastGuard(guard({ maxDegradation: 0 }), input())).toMatchObject({ samplesPerArm: null, minutes: null });
  });

  it("RO-4 each metric reads its own traffic: tool runs for the error rate, starts for the load rate; evals come per step", () => {
    expect(forecastGuard(guard({ metric: "TOOL_ERROR_RATE", maxDegradation: 0.02 }), input())).toMatchObject({
      rate: 0.01,
      samplesPerDay: 100,
    });
    expect(forecastGuard(guard({ metric: "LOAD_RATE" }), input())).toMatchObject({ rate: 0.5, samplesPerDay: 2000 });
    const evals = forecastGuard(
      guard({ metric: "EVAL_PASS_RATE", maxDegradation: 0.2 }),
      input({ steps: [5, 25, 50, 100], stepMinutes: 60, evalsPerStep: 18 }),
    );
    const perArm = evals.samplesPerArm!;
    expect(evals).toMatchObject({ rate: UNKNOWN_RATE, samplesPerDay: 18 });
    if (Math.ceil(perArm / 18) <= 3) expect(evals).toMatchObject({ steps: Math.ceil(perArm / 18) });
    else expect(evals).toMatchObject({ minutes: null, steps: Math.ceil(perArm / 18) });
    const plenty = forecastGuard(
      guard({ metric: "EVAL_PASS_RATE", maxDegradation: 0.2 }),
      input({ steps: [5, 25, 50, 100], stepMinutes: 60, evalsPerStep: 1000 }),
    );
    expect(plenty).toMatchObject({ steps: 1, minutes: 0, coverage: null });
  });
});
