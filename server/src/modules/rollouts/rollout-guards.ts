import type { EvalComparison } from "../evals";
import type { ArmCounts } from "../signals";
import { guardTest, type GuardEvidence, type RateCount } from "./guard-test";
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
  const { part, whole } = countOf(metric, arm);
  return { rate: whole > 0 ? part / whole : null, samples: whole };
}

/** The counts a metric's rate is made of: loads of starts, tool errors of tool runs, successes of outcomes, passes of eval iterations. */
export function countOf(metric: RolloutMetricName, arm: ArmSignals): RateCount {
  switch (metric) {
    case "LOAD_RATE":
      return { part: arm.loads, whole: arm.starts };
    case "TOOL_ERROR_RATE":
      return { part: arm.toolErrors, whole: arm.toolRuns };
    case "SUCCESS_RATE":
      return { part: arm.successes, whole: arm.outcomes };
    case "EVAL_PASS_RATE":
      return { part: arm.evalPasses ?? 0, whole: arm.evalRuns ?? 0 };
  }
}

/** The error rate is worse when it rises; every other metric when it falls. */
export function higherIsWorse(metric: RolloutMetricName): boolean {
  return metric === "TOOL_ERROR_RATE";
}

/** What a guard decided: its evidence (both arms, the interval of the degradation) and verdict (RO-4). */
export interface GuardVerdict {
  guard: StoredGuard;
  tripped: boolean;
  live: MetricValue;
  candidate: MetricValue;
  evidence: GuardEvidence;
}

/** RO-4: the error rate a guard allows being wrong with, over the whole rollout (api.md's default). */
export const DEFAULT_ALPHA = 0.05;

/** A stored guard's alpha (guards stored before it existed had none: the default). */
export function alphaOf(guard: StoredGuard): number {
  return guard.alpha ?? DEFAULT_ALPHA;
}

/**
 * RO-4: a guard trips when its always-valid test (guard-test.ts) shows the candidate worse than live by more than
 * `maxDegradation` at confidence 1 − alpha, with both arms at `minSamples` at least.
 */
export function judgeGuard(guard: StoredGuard, live: ArmSignals, candidate: ArmSignals): GuardVerdict {
  const l = metricOf(guard.metric, live);
  const c = metricOf(guard.metric, candidate);
  const evidence = guardTest({
    live: countOf(guard.metric, live),
    candidate: countOf(guard.metric, candidate),
    higherIsWorse: higherIsWorse(guard.metric),
    margin: guard.maxDegradation,
    alpha: alphaOf(guard),
    minSamples: guard.minSamples,
  });
  return { guard, tripped: evidence.verdict === "tripped", live: l, candidate: c, evidence };
}

/** What a rollout's page shows of a guard: its evidence now, and its verdict ("tripped" on the one that rolled back). */
export function guardView(guard: StoredGuard, live: ArmSignals, candidate: ArmSignals): GuardEvidence {
  const { evidence } = judgeGuard(guard, live, candidate);
  return guard.tripped ? { ...evidence, verdict: "tripped" } : evidence;
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
