import { describe, expect, it } from "vitest";
import { armSums, judgeGuard, judgeGuards, metricOf, NO_COUNTS, withEvals, type ArmSignals } from "./rollout-guards";
import type { RolloutMetricName, StoredGuard } from "./rollout.entity";

const arm = (over: Partial<ArmSignals>): ArmSignals => ({ ...NO_COUNTS, ...over });
const guard = (metric: RolloutMetricName, maxDegradation: number, minSamples = 20): StoredGuard => ({
  metric,
  maxDegradation,
  minSamples,
});

/** Per metric: an arm with the rate given as (part, whole), in the fields that metric reads. */
const withRate: Record<RolloutMetricName, (part: number, whole: number) => ArmSignals> = {
  LOAD_RATE: (loads, starts) => arm({ loads, starts }),
  TOOL_ERROR_RATE: (toolErrors, toolRuns) => arm({ toolErrors, toolRuns }),
  SUCCESS_RATE: (successes, outcomes) => arm({ successes, outcomes }),
  EVAL_PASS_RATE: (evalPasses, evalRuns) => arm({ evalPasses, evalRuns }),
};
const METRICS = Object.keys(withRate) as RolloutMetricName[];

describe("rollout guards (RO-4)", () => {
  it("RO-4 each metric reads its own counts: load rate, tool error rate, success rate, eval pass rate", () => {
    const counts = arm({
      starts: 10,
      loads: 4,
      toolRuns: 8,
      toolErrors: 2,
      outcomes: 5,
      successes: 3,
      evalRuns: 4,
      evalPasses: 1,
    });
    expect(METRICS.map((m) => metricOf(m, counts))).toEqual([
      { rate: 0.4, samples: 10 },
      { rate: 0.25, samples: 8 },
      { rate: 0.6, samples: 5 },
      { rate: 0.25, samples: 4 },
    ]);
    for (const m of METRICS) expect(metricOf(m, NO_COUNTS)).toEqual({ rate: null, samples: 0 });
  });

  for (const metric of METRICS) {
    const worse = metric === "TOOL_ERROR_RATE" ? 1 : -1;
    it(`RO-4 ${metric}: trips when the test shows the candidate worse than live by more than allowed, with the interval`, () => {
      const live = withRate[metric](50, 100); // 0.5
      const candidate = withRate[metric](50 + worse * 45, 100); // 0.45 worse
      const verdict = judgeGuard(guard(metric, 0.2), live, candidate);
      expect(verdict.tripped).toBe(true);
      expect(verdict.evidence.verdict).toBe("tripped");
      expect(verdict.evidence.differenceLow!).toBeGreaterThan(0.2);
      expect(verdict.evidence.differenceHigh!).toBeGreaterThan(0.45);
      expect(verdict.live).toEqual({ rate: 0.5, samples: 100 });
      expect(verdict.evidence).toMatchObject({ liveSamples: 100, candidateSamples: 100, live: 0.5 });
    });

    it(`RO-4 ${metric}: a point estimate past the allowance is not evidence; exactly the allowance or a better candidate never trips`, () => {
      const live = withRate[metric](50, 100);
      // 0.21 worse on 100 samples each: the interval still reaches below 0.2
      expect(judgeGuard(guard(metric, 0.2), live, withRate[metric](50 + worse * 21, 100)).tripped).toBe(false);
      expect(judgeGuard(guard(metric, 0.2), live, withRate[metric](50 + worse * 20, 100)).tripped).toBe(false);
      expect(judgeGuard(guard(metric, 0), live, withRate[metric](50 - worse * 30, 100)).tripped).toBe(false);
      const equal = judgeGuard(guard(metric, 0), withRate[metric](5000, 10000), withRate[metric](5000, 10000));
      expect(equal.tripped).toBe(false);
    });

    it(`RO-4 ${metric}: fewer than minSamples in either arm never trips, however bad`, () => {
      const good = withRate[metric](metric === "TOOL_ERROR_RATE" ? 0 : 19, 19);
      const bad = withRate[metric](metric === "TOOL_ERROR_RATE" ? 19 : 0, 19);
      expect(judgeGuard(guard(metric, 0.1), good, bad)).toMatchObject({
        tripped: false,
        evidence: { verdict: "insufficient", samplesNeeded: 1 },
      });
      expect(judgeGuard(guard(metric, 0.1, 19), good, bad).tripped).toBe(true);
      const plenty = withRate[metric](metric === "TOOL_ERROR_RATE" ? 0 : 500, 500);
      expect(judgeGuard(guard(metric, 0.1), plenty, bad).tripped).toBe(false);
      expect(judgeGuard(guard(metric, 0.1), good, withRate[metric](0, 0)).tripped).toBe(false);
    });
  }

  it("RO-4 a guard's alpha: the default 0.05 when none was stored; a smaller alpha asks for more evidence", () => {
    const live = arm({ outcomes: 60, successes: 54 });
    const candidate = arm({ outcomes: 60, successes: 36 });
    const lenient = judgeGuard({ ...guard("SUCCESS_RATE", 0.05), alpha: 0.2 }, live, candidate);
    const strict = judgeGuard({ ...guard("SUCCESS_RATE", 0.05), alpha: 0.001 }, live, candidate);
    expect(lenient.evidence.differenceLow!).toBeGreaterThan(strict.evidence.differenceLow!);
    expect([lenient.tripped, strict.tripped]).toEqual([true, false]);
    expect(judgeGuard(guard("SUCCESS_RATE", 0.05), live, candidate).evidence).toEqual(
      judgeGuard({ ...guard("SUCCESS_RATE", 0.05), alpha: 0.05 }, live, candidate).evidence,
    );
  });

  it("RO-4 of several guards the first that trips decides; none tripped: null", () => {
    const live = arm({ starts: 100, loads: 90, toolRuns: 100, toolErrors: 1, outcomes: 100, successes: 90 });
    const candidate = arm({ starts: 100, loads: 30, toolRuns: 100, toolErrors: 40, outcomes: 100, successes: 89 });
    const guards = [guard("SUCCESS_RATE", 0.05), guard("TOOL_ERROR_RATE", 0.1), guard("LOAD_RATE", 0.1)];
    const { verdicts, tripped } = judgeGuards(guards, live, candidate);
    expect(verdicts.map((v) => v.tripped)).toEqual([false, true, true]);
    expect(tripped?.guard).toBe(guards[1]);
    expect(judgeGuards([guard("SUCCESS_RATE", 0.05)], live, candidate).tripped).toBeNull();
    expect(judgeGuards([], live, candidate).tripped).toBeNull();
  });
});

describe("a rollout's eval counts (RO-3)", () => {
  const score = (results: number, passed: number) => ({ results, passed });

  it("RO-3 a step's comparison sums each arm's iterations and passes over the agents reached", () => {
    const sums = armSums({
      agents: [
        { candidate: score(3, 1), live: score(3, 3) },
        { candidate: score(3, 0), live: score(3, 2) },
        { candidate: score(3, 3), live: null },
      ] as never,
    });
    expect(sums).toEqual({ candidate: { runs: 9, passes: 4 }, live: { runs: 6, passes: 5 } });
    expect(armSums({ agents: [] })).toEqual({ candidate: { runs: 0, passes: 0 }, live: { runs: 0, passes: 0 } });
  });

  it("RO-3 RO-4 without a tag an arm has no eval rate; with one, zero runs until a step is counted, then the sums", () => {
    const arms = { live: arm({ starts: 4 }), candidate: arm({ starts: 5 }) };
    const untagged = withEvals(arms, false, undefined);
    expect(metricOf("EVAL_PASS_RATE", untagged.live)).toEqual({ rate: null, samples: 0 });
    const pending = withEvals(arms, true, undefined);
    expect(pending.candidate).toMatchObject({ starts: 5, evalRuns: 0, evalPasses: 0 });
    const counted = withEvals(arms, true, { live: { runs: 6, passes: 6 }, candidate: { runs: 6, passes: 3 } });
    expect(metricOf("EVAL_PASS_RATE", counted.live)).toEqual({ rate: 1, samples: 6 });
    expect(metricOf("EVAL_PASS_RATE", counted.candidate)).toEqual({ rate: 0.5, samples: 6 });
    const verdict = judgeGuard(guard("EVAL_PASS_RATE", 0.2, 6), counted.live, counted.candidate);
    expect(verdict.evidence).toMatchObject({ live: 1, candidate: 0.5, liveSamples: 6, candidateSamples: 6 });
    // 6 iterations a side: 100 % against 50 % is not yet evidence of more than 20 points
    expect(verdict.evidence.verdict).toBe("insufficient");
  });
});
