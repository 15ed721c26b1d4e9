import type { EvalComparison } from "../evals";
import type { ArmCounts } from "../signals";
import type { RolloutMetricName, StoredGuard } from "./rollout.entity";

/**
 * An arm's counts (RO-3, the signals module's one aggregation: starts, loads, tool runs and errors, outcomes and
 * successes) and, with an eval tag, its eval results (EV-4 iterations run on that arm, and those that passed).
 */
export interface ArmSignals extends ArmCounts {
  evalRuns?: number;
  evalPasses?: number;
}

export const NO_COUNTS: ArmCounts = { starts: 0, loads: 0, toolRuns: 0, toolErrors: 0, outcomes: 0, successes: 0 };

/** A metric's value for an arm and the number of samples it rests on; null rate: no samples yet. */
export interface MetricValue {
  rate: number | null;
  samples: number;
}

export function metricOf(metric: RolloutMetricName, arm: ArmSignals): MetricValue {
  switch (metric) {
    case "LOAD_RATE":
      return ratio(arm.loads, arm.starts);
    case "TOOL_ERROR_RATE":
      return ratio(arm.toolErrors, arm.toolRuns);
    case "SUCCESS_RATE":
      return ratio(arm.successes, arm.outcomes);
    case "EVAL_PASS_RATE":
      return ratio(arm.evalPasses ?? 0, arm.evalRuns ?? 0);
  }
}

function ratio(part: number, whole: number): MetricValue {
  return { rate: whole > 0 ? part / whole : null, samples: whole };
}

/** The error rate is worse when it rises; every other metric when it falls. */
export function higherIsWorse(metric: RolloutMetricName): boolean {
  return metric === "TOOL_ERROR_RATE";
}

/** What a guard decided: tripped with both arms' values, or not (and why not, for the page). */
export interface GuardVerdict {
  guard: StoredGuard;
  tripped: boolean;
  live: MetricValue;
  candidate: MetricValue;
  /** How much worse the candidate is (positive: worse), null without enough samples. */
  degradation: number | null;
}

/** Rounding noise (0.5 − 0.3 is 0.20000000000000004) never trips a guard set at exactly that degradation. */
const EPSILON = 1e-9;

/**
 * RO-4: a guard trips when both arms have at least `minSamples` for its metric and the candidate is worse than live
 * by more than `maxDegradation` (absolute; for the error rate, a rise).
 */
export function judgeGuard(guard: StoredGuard, live: ArmSignals, candidate: ArmSignals): GuardVerdict {
  const l = metricOf(guard.metric, live);
  const c = metricOf(guard.metric, candidate);
  const enough = l.samples >= guard.minSamples && c.samples >= guard.minSamples && l.rate !== null && c.rate !== null;
  if (!enough) return { guard, tripped: false, live: l, candidate: c, degradation: null };
  const degradation = higherIsWorse(guard.metric) ? c.rate! - l.rate! : l.rate! - c.rate!;
  return { guard, tripped: degradation > guard.maxDegradation + EPSILON, live: l, candidate: c, degradation };
}

/** Every guard judged; the first that tripped (in the order they were given) decides the rollback. */
export function judgeGuards(
  guards: readonly StoredGuard[],
  live: ArmSignals,
  candidate: ArmSignals,
): { verdicts: GuardVerdict[]; tripped: GuardVerdict | null } {
  const verdicts = guards.map((g) => judgeGuard(g, live, candidate));
  return { verdicts, tripped: verdicts.find((v) => v.tripped) ?? null };
}

/** Both arms' eval iterations and passes (RO-3): of one step's comparison, or summed over a rollout's counted steps. */
export interface EvalSums {
  live: { runs: number; passes: number };
  candidate: { runs: number; passes: number };
}

/** A comparison's iterations and passes per arm, summed over the agents it reached. */
export function armSums(comparison: Pick<EvalComparison, "agents">): EvalSums {
  const sums: EvalSums = { live: { runs: 0, passes: 0 }, candidate: { runs: 0, passes: 0 } };
  for (const agent of comparison.agents) {
    sums.candidate.runs += agent.candidate.results;
    sums.candidate.passes += agent.candidate.passed;
    if (agent.live) {
      sums.live.runs += agent.live.results;
      sums.live.passes += agent.live.passed;
    }
  }
  return sums;
}

/** Both arms with a rollout's counted evals: zero runs until a step is counted; none at all without an eval tag. */
export function withEvals(
  arms: { live: ArmSignals; candidate: ArmSignals },
  tagged: boolean,
  sums: EvalSums | undefined,
): { live: ArmSignals; candidate: ArmSignals } {
  if (!tagged) return arms;
  return {
    live: { ...arms.live, evalRuns: sums?.live.runs ?? 0, evalPasses: sums?.live.passes ?? 0 },
    candidate: { ...arms.candidate, evalRuns: sums?.candidate.runs ?? 0, evalPasses: sums?.candidate.passes ?? 0 },
  };
}
