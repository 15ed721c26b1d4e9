import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../platform/seeded-random";
import { decideGuard, guardTest, samplesPerArm, type GuardTestInput } from "./guard-test";

const count = (part: number, whole: number) => ({ part, whole });
const input = (over: Partial<GuardTestInput>): GuardTestInput => ({
  live: count(90, 100),
  candidate: count(90, 100),
  higherIsWorse: false,
  margin: 0.05,
  alpha: 0.05,
  minSamples: 20,
  ...over,
});

interface Scenario {
  live: number;
  candidate: number;
  margin: number;
  /** The candidate's share of calls. */
  share: number;
  calls: number;
  /** Calls between two checks (the worker's or checkRollout's look). */
  every: number;
  minSamples: number;
  higherIsWorse?: boolean;
  alpha?: number;
}

/** One simulated rollout: calls fall in an arm by `share`, each a success at its arm's rate; the call that tripped, or null. */
function rollout(s: Scenario, next: () => number): number | null {
  const live = count(0, 0);
  const candidate = count(0, 0);
  for (let call = 1; call <= s.calls; call++) {
    const arm = next() < s.share ? candidate : live;
    arm.whole++;
    if (next() < (arm === candidate ? s.candidate : s.live)) arm.part++;
    if (call % s.every !== 0) continue;
    const verdict = decideGuard({
      live: { ...live },
      candidate: { ...candidate },
      higherIsWorse: s.higherIsWorse ?? false,
      margin: s.margin,
      alpha: s.alpha ?? 0.05,
      minSamples: s.minSamples,
    });
    if (verdict === "tripped") return call;
  }
  return null;
}

/** How many of `runs` simulated rollouts tripped, and at which calls. */
function trips(s: Scenario, runs: number, seed: number): { rate: number; at: number[] } {
  const next = seededRandom(seed);
  const at: number[] = [];
  for (let i = 0; i < runs; i++) {
    const tripped = rollout(s, next);
    if (tripped !== null) at.push(tripped);
  }
  return { rate: at.length / runs, at: at.sort((a, b) => a - b) };
}

describe("the guard test (RO-4)", () => {
  it("RO-4 a clear drop trips with the interval above the margin; equal arms with plenty of samples hold", () => {
    const dropped = guardTest(input({ live: count(450, 500), candidate: count(350, 500) }));
    expect(dropped.verdict).toBe("tripped");
    expect(dropped.differenceLow!).toBeGreaterThan(0.05);
    expect(dropped.differenceLow!).toBeLessThan(0.2);
    expect(dropped.differenceHigh!).toBeGreaterThan(0.2);
    expect(dropped).toMatchObject({ liveSamples: 500, candidateSamples: 500, live: 0.9, candidate: 0.7 });
    expect(dropped.samplesNeeded).toBe(0);
    const equal = guardTest(input({ live: count(2700, 3000), candidate: count(2700, 3000) }));
    expect(equal.verdict).toBe("holding");
    expect(equal.differenceHigh!).toBeLessThanOrEqual(0.05);
    expect(equal.differenceLow!).toBeLessThan(0);
    expect(equal.samplesNeeded).toBe(0);
  });

  it("RO-4 a point estimate beyond the margin is not evidence: 90 % vs 80 % on 40 calls each does not trip", () => {
    const noisy = guardTest(input({ live: count(36, 40), candidate: count(32, 40) }));
    expect(noisy.verdict).toBe("insufficient");
    expect(noisy.differenceLow!).toBeLessThan(0.05);
    expect(noisy.differenceHigh!).toBeGreaterThan(0.1);
    expect(noisy.samplesNeeded).toBeGreaterThan(0);
  });

  it("RO-4 minSamples stays a floor: below it nothing trips however bad, and samplesNeeded counts up to it", () => {
    const bad = guardTest(input({ live: count(19, 19), candidate: count(0, 19) }));
    expect(bad.verdict).toBe("insufficient");
    expect(bad.samplesNeeded).toBe(1);
    expect(guardTest(input({ live: count(19, 19), candidate: count(0, 19), minSamples: 19 })).verdict).toBe("tripped");
    const none = guardTest(input({ live: count(0, 0), candidate: count(0, 0) }));
    expect(none).toMatchObject({ live: null, candidate: null, differenceLow: null, differenceHigh: null });
    expect(none.verdict).toBe("insufficient");
    expect(none.samplesNeeded).toBeGreaterThanOrEqual(20);
  });

  it("RO-4 the error rate is worse when it rises: the interval is of its rise, and a rise trips", () => {
    const rose = guardTest(input({ live: count(10, 500), candidate: count(100, 500), higherIsWorse: true }));
    expect(rose.verdict).toBe("tripped");
    expect(rose).toMatchObject({ live: 0.02, candidate: 0.2 });
    expect(rose.differenceLow!).toBeGreaterThan(0.05);
    const fell = guardTest(input({ live: count(100, 500), candidate: count(10, 500), higherIsWorse: true }));
    expect(fell.verdict).toBe("holding");
    expect(fell.differenceHigh!).toBeLessThan(0);
  });

  it("RO-4 samplesNeeded: fewer as samples come in at the same rates; null for a margin of 0; exact arithmetic noise never trips", () => {
    const needs = [50, 100, 200].map(
      (n) => guardTest(input({ live: count(0.9 * n, n), candidate: count(0.9 * n, n) })).samplesNeeded!,
    );
    expect(needs[0]).toBeGreaterThan(needs[1]!);
    expect(needs[1]).toBeGreaterThan(needs[2]!);
    // the forecast is about right: that many more at the same rates decides (holding) an equal candidate
    const more = needs[0]! + 50;
    expect(guardTest(input({ live: count(0.9 * more, more), candidate: count(0.9 * more, more) })).verdict).toBe(
      "holding",
    );
    expect(guardTest(input({ margin: 0 })).samplesNeeded).toBeNull();
    // 0.5 − 0.3 is 0.20000000000000004: never "more than" a margin of 0.2 by itself
    expect(decideGuard(input({ live: count(5, 10), candidate: count(3, 10), margin: 0.2, minSamples: 1 }))).not.toBe(
      "tripped",
    );
  });

  it("RO-4 samplesPerArm (the start form's figure) is what two equal arms need to decide", () => {
    const success = samplesPerArm({ higherIsWorse: false, margin: 0.05, alpha: 0.05, minSamples: 20 }, 0.9)!;
    expect(success).toBeGreaterThan(100);
    expect(success).toBeLessThan(1000);
    const atRate = guardTest(input({ live: count(0.9 * success, success), candidate: count(0.9 * success, success) }));
    expect(atRate.verdict).toBe("holding");
    // the error rate at 2 % is the success rate at 98 %
    expect(samplesPerArm({ higherIsWorse: true, margin: 0.02, alpha: 0.05, minSamples: 20 }, 0.02)).toBe(
      samplesPerArm({ higherIsWorse: false, margin: 0.02, alpha: 0.05, minSamples: 20 }, 0.98),
    );
    expect(samplesPerArm({ higherIsWorse: false, margin: 0, alpha: 0.05, minSamples: 20 }, 0.9)).toBeNull();
    // a smaller alpha needs more
    expect(samplesPerArm({ higherIsWorse: false, margin: 0.05, alpha: 0.01, minSamples: 20 }, 0.9)!).toBeGreaterThan(
      success,
    );
  });
});

describe("the guard test, simulated (RO-4: decides on evidence, not on noise)", () => {
  it("RO-4 A/A at 90 %, 200 calls, checked every 10 calls: at most 5 % of rollouts roll back (the old rule: ~40 %)", () => {
    const scenario = { live: 0.9, candidate: 0.9, margin: 0.05, share: 0.5, calls: 200, every: 10, minSamples: 20 };
    expect(trips(scenario, 2000, 1).rate).toBeLessThanOrEqual(0.05);
    // the rule it replaces compared two point estimates at every look
    const next = seededRandom(1);
    let naive = 0;
    for (let run = 0; run < 2000; run++) {
      const arms = { live: count(0, 0), candidate: count(0, 0) };
      for (let call = 1; call <= scenario.calls; call++) {
        const arm = next() < scenario.share ? arms.candidate : arms.live;
        arm.whole++;
        if (next() < 0.9) arm.part++;
        const enough = arms.live.whole >= 20 && arms.candidate.whole >= 20;
        const worse = arms.live.part / arms.live.whole - arms.candidate.part / arms.candidate.whole;
        if (call % scenario.every === 0 && enough && worse > scenario.margin) {
          naive++;
          break;
        }
      }
    }
    expect(naive / 2000).toBeGreaterThan(0.3);
  });

  it("RO-4 a 90 % → 70 % drop rolls back within 600 calls in at least 90 % of rollouts", () => {
    const drop = trips(
      { live: 0.9, candidate: 0.7, margin: 0.05, share: 0.5, calls: 600, every: 10, minSamples: 20 },
      1000,
      2,
    );
    expect(drop.rate).toBeGreaterThanOrEqual(0.9);
  });

  it("RO-4 power for a drop of twice the margin (90 % → 80 %, margin 5 points): ≥ 90 % within 2000 calls per arm", () => {
    const drop = trips(
      { live: 0.9, candidate: 0.8, margin: 0.05, share: 0.5, calls: 4000, every: 10, minSamples: 20 },
      400,
      3,
    );
    expect(drop.rate).toBeGreaterThanOrEqual(0.9);
  });

  it("RO-4 always valid: a candidate exactly the margin worse (the hardest null) rolls back at most alpha of the time, whatever the rates, margin, share, floor and peeking", () => {
    const scenario = fc.record({
      live: fc.double({ min: 0.05, max: 0.98, noNaN: true }),
      margin: fc.constantFrom(0, 0.01, 0.02, 0.05, 0.1, 0.2),
      share: fc.constantFrom(0.05, 0.25, 0.5),
      every: fc.constantFrom(1, 10),
      minSamples: fc.constantFrom(1, 5, 20),
      higherIsWorse: fc.boolean(),
      seed: fc.integer(),
    });
    let rollouts = 0;
    let tripped = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const good = Math.max(s.live, s.margin);
        const runs = 150;
        const { rate } = trips(
          {
            // for the error rate, rates near 0 rising by the margin; otherwise rates falling by it
            live: s.higherIsWorse ? 1 - good : good,
            candidate: s.higherIsWorse ? 1 - good + s.margin : good - s.margin,
            margin: s.margin,
            share: s.share,
            calls: s.every === 1 ? 600 : 1500,
            every: s.every,
            minSamples: s.minSamples,
            higherIsWorse: s.higherIsWorse,
          },
          runs,
          s.seed,
        );
        rollouts += runs;
        tripped += rate * runs;
        // one scenario of 150 rollouts: 5 % plus Monte Carlo noise (3 standard errors)
        expect(rate).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / runs));
      }),
      { numRuns: 40, seed: 33 },
    );
    expect(tripped / rollouts).toBeLessThanOrEqual(0.05);
  }, 60_000);

  it("RO-4 always valid in the corners where a plain plug-in variance is not: few samples on a small arm, rates near 0 or 1", () => {
    const corners: Scenario[] = [
      // the small arm's rate looks extreme early: its plug-in variance is too small
      { live: 0.15, candidate: 0.1, margin: 0.05, share: 0.05, calls: 6000, every: 10, minSamples: 20 },
      { live: 0.11, candidate: 0.1, margin: 0.01, share: 0.05, calls: 6000, every: 10, minSamples: 1 },
      { live: 0.5, candidate: 0.3, margin: 0.2, share: 0.05, calls: 3000, every: 1, minSamples: 1 },
      // rare failures: a single one on the small arm is not evidence
      { live: 0.995, candidate: 0.995, margin: 0, share: 0.05, calls: 6000, every: 10, minSamples: 20 },
      { live: 0.03, candidate: 0.03, margin: 0, share: 0.05, calls: 6000, every: 10, minSamples: 20 },
    ];
    corners.forEach((corner, i) => {
      const runs = 400;
      expect(trips(corner, runs, 100 + i).rate).toBeLessThanOrEqual(0.05 + 2.5 * Math.sqrt((0.05 * 0.95) / runs));
    });
  }, 60_000);

  it("RO-4 A/A over any rates: false rollbacks stay under alpha", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.constantFrom(0.02, 0.05, 0.1),
        fc.integer(),
        (rate, margin, seed) => {
          const s = { live: rate, candidate: rate, margin, share: 0.5, calls: 400, every: 10, minSamples: 20 };
          expect(trips(s, 200, seed).rate).toBeLessThanOrEqual(0.05);
        },
      ),
      { numRuns: 20, seed: 34 },
    );
  });
});
