import type { Problem } from "../../platform/errors";
import { DEFAULT_ALPHA } from "./rollout-guards";
import type { RolloutEntity, RolloutMetricName, StoredGuard } from "./rollout.entity";

export const DEFAULT_STEPS = [5, 25, 50, 100];
export const DEFAULT_STEP_MINUTES = 60;
export const DEFAULT_MIN_SAMPLES = 20;
const MAX_STEPS = 20;
const MAX_GUARDS = 8;
const MAX_STEP_MINUTES = 60 * 24 * 30;
/** RO-4: a guard's alpha; above one half a rollback would be a coin toss. */
const MIN_ALPHA = 0.0001;
const MAX_ALPHA = 0.5;

export interface GuardInput {
  metric: RolloutMetricName;
  maxDegradation: number;
  minSamples?: number | null;
  alpha?: number | null;
}

export interface PlanInput {
  steps?: readonly number[] | null;
  stepMinutes?: number | null;
  guards?: readonly GuardInput[] | null;
  evalTag?: string | null;
}

export interface RolloutPlan {
  steps: number[];
  stepMinutes: number;
  guards: StoredGuard[];
  evalTag: string | null;
}

/**
 * RO-1, RO-4: what a rollout will do, checked — every problem named by its field. Steps are whole percentages, each
 * above the one before (no 0), ending at 100 (the publish), with at least one step before it; a guard's
 * `maxDegradation` is within 0–1, `minSamples` at least 1 and `alpha` within 0.0001–0.5.
 */
export function checkPlan(input: PlanInput): { plan: RolloutPlan; problems: Problem[] } {
  const problems: Problem[] = [];
  const steps = [...(input.steps ?? DEFAULT_STEPS)];
  if (steps.length < 2 || steps.length > MAX_STEPS) {
    problems.push({
      path: "steps",
      message: `steps must hold 2 to ${MAX_STEPS} percentages, the last one 100 (the publish); use publishSkillVersion to publish at once.`,
    });
  }
  steps.forEach((step, i) => {
    if (!Number.isInteger(step) || step <= 0 || step > 100) {
      problems.push({
        path: `steps[${i}]`,
        message: `steps[${i}] must be a whole percentage from 1 to 100; it is ${step}.`,
      });
    } else if (i > 0 && step <= steps[i - 1]!) {
      problems.push({
        path: `steps[${i}]`,
        message: `steps must rise strictly: steps[${i}] (${step}) is not above steps[${i - 1}] (${steps[i - 1]}).`,
      });
    }
  });
  if (steps.length > 0 && steps.at(-1) !== 100) {
    problems.push({
      path: `steps[${steps.length - 1}]`,
      message: `The last step must be 100 (the publish); it is ${steps.at(-1)}.`,
    });
  }
  const stepMinutes = input.stepMinutes ?? DEFAULT_STEP_MINUTES;
  if (!Number.isInteger(stepMinutes) || stepMinutes < 0 || stepMinutes > MAX_STEP_MINUTES) {
    problems.push({
      path: "step_minutes",
      message: `stepMinutes must be a whole number from 0 (advance by hand) to ${MAX_STEP_MINUTES}; it is ${stepMinutes}.`,
    });
  }
  const guardInputs = input.guards ?? [];
  if (guardInputs.length > MAX_GUARDS) {
    problems.push({ path: "guards", message: `At most ${MAX_GUARDS} guards; there are ${guardInputs.length}.` });
  }
  const guards: StoredGuard[] = guardInputs.map((g, i) => {
    if (!Number.isFinite(g.maxDegradation) || g.maxDegradation < 0 || g.maxDegradation > 1) {
      problems.push({
        path: `guards[${i}].max_degradation`,
        message: `guards[${i}].maxDegradation is an absolute difference of rates, from 0 to 1; it is ${g.maxDegradation}.`,
      });
    }
    const minSamples = g.minSamples ?? DEFAULT_MIN_SAMPLES;
    if (!Number.isInteger(minSamples) || minSamples < 1 || minSamples > 1_000_000) {
      problems.push({
        path: `guards[${i}].min_samples`,
        message: `guards[${i}].minSamples must be a whole number from 1 to 1000000; it is ${minSamples}.`,
      });
    }
    const alpha = g.alpha ?? DEFAULT_ALPHA;
    if (!Number.isFinite(alpha) || alpha < MIN_ALPHA || alpha > MAX_ALPHA) {
      problems.push({
        path: `guards[${i}].alpha`,
        message: `guards[${i}].alpha is the chance of a false rollback the guard accepts over the whole rollout, from ${MIN_ALPHA} to ${MAX_ALPHA}; it is ${alpha}.`,
      });
    }
    return { metric: g.metric, maxDegradation: g.maxDegradation, minSamples, alpha };
  });
  const evalTag = input.evalTag?.trim() || null;
  if (guards.some((g) => g.metric === "EVAL_PASS_RATE") && !evalTag) {
    const i = guards.findIndex((g) => g.metric === "EVAL_PASS_RATE");
    problems.push({
      path: `guards[${i}].metric`,
      message: "An EVAL_PASS_RATE guard needs evalTag: the tag of the eval scenarios each step runs on both arms.",
    });
  }
  return { plan: { steps, stepMinutes, guards, evalTag }, problems };
}

/** What the rollout should do now, on the worker's or checkRollout's look (RO-5), guards aside. */
export function stepDue(rollout: Pick<RolloutEntity, "status" | "stepMinutes" | "stepStartedAt">, now: Date): boolean {
  if (rollout.status !== "running" || rollout.stepMinutes === 0) return false;
  return now.getTime() >= rollout.stepStartedAt.getTime() + rollout.stepMinutes * 60_000;
}

/** The step after the current one; 100 completes the rollout. */
export function nextStep(rollout: Pick<RolloutEntity, "steps" | "stepIndex">): { index: number; percent: number } {
  const index = Math.min(rollout.stepIndex + 1, rollout.steps.length - 1);
  return { index, percent: rollout.steps[index]! };
}

export function isActive(status: string): boolean {
  return status === "running" || status === "paused";
}
