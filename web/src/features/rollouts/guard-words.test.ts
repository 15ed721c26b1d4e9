import { describe, expect, it } from "vitest";
import type { RolloutFieldsFragment, RolloutForecastQuery } from "../../gql/graphql";
import { about, duration, forecastWords, verdictWords } from "./guard-words";

type Guard = RolloutFieldsFragment["guards"][number];
type Forecast = RolloutForecastQuery["rolloutForecast"]["guards"][number];

const evidence = (over: Partial<NonNullable<Guard["evidence"]>> = {}): NonNullable<Guard["evidence"]> => ({
  liveSamples: 40,
  candidateSamples: 38,
  live: 0.9,
  candidate: 0.85,
  differenceLow: -0.1,
  differenceHigh: 0.2,
  samplesNeeded: 140,
  ...over,
});
const guard = (over: Partial<Guard> = {}): Guard => ({
  metric: "SUCCESS_RATE",
  maxDegradation: 0.05,
  minSamples: 20,
  alpha: 0.05,
  tripped: false,
  verdict: "insufficient",
  evidence: evidence(),
  ...over,
});

describe("a guard's verdict in words (RO-4)", () => {
  it("RO-4 undecided: how many more samples per arm, in the metric's own unit", () => {
    expect(verdictWords(guard())).toBe("not enough outcomes yet: about 140 more per arm");
    expect(verdictWords(guard({ metric: "TOOL_ERROR_RATE" }))).toBe("not enough tool runs yet: about 140 more per arm");
    expect(verdictWords(guard({ evidence: evidence({ samplesNeeded: 12_345 }) }))).toBe(
      "not enough outcomes yet: about 12,000 more per arm",
    );
    // the floor is what is missing
    expect(verdictWords(guard({ evidence: evidence({ candidateSamples: 17, samplesNeeded: 3 }) }))).toBe(
      "not enough outcomes yet: 3 more per arm before it may decide",
    );
    expect(verdictWords(guard({ maxDegradation: 0, evidence: evidence({ samplesNeeded: null }) }))).toMatch(
      /^watching: with no degradation allowed/,
    );
  });

  it("RO-4 decided: the interval against the allowance", () => {
    expect(
      verdictWords(
        guard({
          verdict: "tripped",
          tripped: true,
          evidence: evidence({ differenceLow: 0.081, differenceHigh: 0.319 }),
        }),
      ),
    ).toBe("tripped: 8.1 to 31.9 points lower, more than the 5 points allowed");
    expect(
      verdictWords(guard({ verdict: "holding", evidence: evidence({ differenceLow: -0.03, differenceHigh: 0.021 }) })),
    ).toBe("holding: at most 2.1 points lower, within the 5 points allowed");
    expect(
      verdictWords(
        guard({ metric: "TOOL_ERROR_RATE", verdict: "holding", evidence: evidence({ differenceHigh: -0.01 }) }),
      ),
    ).toBe("holding: not higher than live");
  });
});

describe("the start form's forecast in words (UX-8)", () => {
  const forecast = (over: Partial<Forecast> = {}): Forecast => ({
    metric: "SUCCESS_RATE",
    maxDegradation: 0.05,
    rate: 0.9,
    rateFromTraffic: true,
    samplesPerArm: 857,
    samplesPerDay: 1000,
    minutes: 2500,
    coverage: null,
    steps: null,
    ...over,
  });

  it("UX-8 samples per arm, at the traffic's rate, and the time", () => {
    expect(forecastWords(forecast(), 7)).toBe(
      "needs about 857 outcomes per arm (at 90 %, as in the last 7 days); at 1,000 outcomes a day, about 42 h",
    );
    expect(forecastWords(forecast({ minutes: null, coverage: 0.42 }), 7)).toBe(
      "needs about 857 outcomes per arm (at 90 %, as in the last 7 days); at 1,000 outcomes a day the rollout completes first, with about 42 % of that",
    );
    expect(forecastWords(forecast({ minutes: null, coverage: 0.0002 }), 7)).toMatch(/with less than 1 % of that$/);
    expect(forecastWords(forecast({ samplesPerDay: 0, rateFromTraffic: false, minutes: null }), 7)).toBe(
      "needs about 857 outcomes per arm; no outcomes in the last 7 days, so no time can be given",
    );
    expect(forecastWords(forecast({ samplesPerArm: null }), 7)).toMatch(/never holds/);
    expect(
      forecastWords(
        forecast({ metric: "EVAL_PASS_RATE", samplesPerDay: 18, steps: 2, minutes: 60, rateFromTraffic: false }),
        7,
      ),
    ).toBe("needs about 857 eval runs per arm: the evals of 2 steps (18 per arm each)");
  });

  it("UX-8 durations and counts as a person plans with them", () => {
    expect([duration(0.2), duration(45), duration(200), duration(3 * 24 * 60)]).toEqual([
      "1 min",
      "45 min",
      "about 3 h",
      "about 3 days",
    ]);
    expect([about(140), about(1234), about(98_765)]).toEqual(["140", "1,200", "99,000"]);
  });
});
