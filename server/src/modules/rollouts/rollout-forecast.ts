import type { ArmCounts } from "../signals";
import { samplesPerArm } from "./guard-test";
import { alphaOf, countOf, higherIsWorse } from "./rollout-guards";
import type { RolloutMetricName, StoredGuard } from "./rollout.entity";

/**
 * RO-4, UX-8: before a rollout starts, how long each guard would need to decide — the samples per arm its test needs
 * (guard-test.ts: samplesPerArm) at the rate the skill's traffic showed, turned into time along the steps with the
 * traffic the agents that follow it live had in the last days. Pure: the service hands it the counts.
 */

/** The rate assumed when the traffic shows none: one half needs the most samples, so it never promises too soon. */
export const UNKNOWN_RATE = 0.5;

export interface ForecastInput {
  steps: readonly number[];
  stepMinutes: number;
  /** The skill's signals over `days` from the agents the rollout would reach. */
  traffic: ArmCounts;
  days: number;
  /** With an eval tag: iterations each step adds per arm (scenarios × agents reached × iterations); 0 without. */
  evalsPerStep: number;
}

export interface GuardForecast {
  metric: RolloutMetricName;
  maxDegradation: number;
  alpha: number;
  minSamples: number;
  /** The rate both arms are assumed at: the traffic's, else UNKNOWN_RATE. */
  rate: number;
  rateFromTraffic: boolean;
  /** Samples per arm before the guard can decide; null: never (a margin of 0). */
  samplesPerArm: number | null;
  /** This metric's samples per day in the traffic, both arms together (for evals: per step, per arm). */
  samplesPerDay: number;
  /** Minutes from the start until both arms have them; null when not before the rollout completes, or never. */
  minutes: number | null;
  /** How far the evidence gets by the completion, 0–1, when it does not get there. */
  coverage: number | null;
  /** EVAL_PASS_RATE: the steps whose evals it needs; null for the other metrics. */
  steps: number | null;
}

export function forecastGuard(guard: StoredGuard, input: ForecastInput): GuardForecast {
  const { part, whole } = countOf(guard.metric, { ...input.traffic, evalRuns: 0, evalPasses: 0 });
  const evals = guard.metric === "EVAL_PASS_RATE";
  const fromTraffic = !evals && whole > 0;
  const rate = fromTraffic ? part / whole : UNKNOWN_RATE;
  const alpha = alphaOf(guard);
  const needed = samplesPerArm(
    { higherIsWorse: higherIsWorse(guard.metric), margin: guard.maxDegradation, alpha, minSamples: guard.minSamples },
    rate,
  );
  const base = {
    metric: guard.metric,
    maxDegradation: guard.maxDegradation,
    alpha,
    minSamples: guard.minSamples,
    rate,
    rateFromTraffic: fromTraffic,
    samplesPerArm: needed,
  };
  if (evals) return { ...base, samplesPerDay: input.evalsPerStep, ...alongEvalSteps(needed, input) };
  const perDay = input.days > 0 ? whole / input.days : 0;
  return { ...base, samplesPerDay: perDay, ...alongSteps(needed, perDay / (24 * 60), input) };
}

type Timing = Pick<GuardForecast, "minutes" | "coverage" | "steps">;

/**
 * Calls split by each step's share for its minutes (the last step, 100, is the completion): the first minute at which
 * both arms have `needed` samples' worth of evidence. Unequal arms hold the evidence of `2 / (1/live + 1/candidate)`
 * equal ones (the test's information adds as 1/variance); with steps advanced by hand, the first share lasts.
 */
function alongSteps(needed: number | null, perMinute: number, input: ForecastInput): Timing {
  if (needed === null) return { minutes: null, coverage: null, steps: null };
  if (!(perMinute > 0)) return { minutes: null, coverage: 0, steps: null };
  const shares = input.steps.slice(0, -1).map((s) => s / 100);
  const byHand = input.stepMinutes === 0;
  const enough = (live: number, candidate: number) =>
    Math.min(live, candidate) >= needed && 2 / (1 / live + 1 / candidate) >= needed;
  let live = 0;
  let candidate = 0;
  let elapsed = 0;
  for (const [i, share] of shares.entries()) {
    const minutes = byHand ? Infinity : input.stepMinutes;
    const at = (t: number): [number, number] => [live + (1 - share) * perMinute * t, candidate + share * perMinute * t];
    // the arms only grow: the first minute with enough, by bisection within the step
    const cap = byHand ? 1e9 : minutes;
    if (enough(...at(cap))) {
      let lo = 0;
      let hi = cap;
      while (hi - lo > 0.5) {
        const mid = (lo + hi) / 2;
        if (enough(...at(mid))) hi = mid;
        else lo = mid;
      }
      return { minutes: Math.ceil(elapsed + hi), coverage: null, steps: null };
    }
    if (byHand || i === shares.length - 1) {
      [live, candidate] = at(cap);
      break;
    }
    [live, candidate] = at(minutes);
    elapsed += minutes;
  }
  const effective = live > 0 && candidate > 0 ? 2 / (1 / live + 1 / candidate) : 0;
  return { minutes: null, coverage: Math.min(1, effective / needed), steps: null };
}

/** Eval iterations come per step, the same number on each arm, when the step's evals run (at its start). */
function alongEvalSteps(needed: number | null, input: ForecastInput): Timing {
  if (needed === null) return { minutes: null, coverage: null, steps: null };
  if (input.evalsPerStep <= 0) return { minutes: null, coverage: 0, steps: null };
  const steps = Math.ceil(needed / input.evalsPerStep);
  const stepsBeforeCompletion = input.steps.length - 1;
  if (steps > stepsBeforeCompletion) {
    return { minutes: null, coverage: Math.min(1, (stepsBeforeCompletion * input.evalsPerStep) / needed), steps };
  }
  return { minutes: (steps - 1) * input.stepMinutes, coverage: null, steps };
}
