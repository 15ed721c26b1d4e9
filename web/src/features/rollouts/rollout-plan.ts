import type { RolloutMetric, StartRolloutInput } from "../../gql/graphql";
import { errorInfo, problemsOf } from "../../shared/errors";

/** What the start form holds; degradation in percentage points (5 = the candidate may be 0.05 worse). */
export interface GuardDraft {
  metric: RolloutMetric;
  maxDegradationPoints: number | string;
  minSamples: number | string;
}

export interface PlanDraft {
  steps: string;
  stepMinutes: number | string;
  guards: GuardDraft[];
  evalTag: string;
}

export const METRIC_LABELS: Record<RolloutMetric, string> = {
  LOAD_RATE: "Load rate",
  TOOL_ERROR_RATE: "Tool error rate",
  SUCCESS_RATE: "Success rate",
  EVAL_PASS_RATE: "Eval pass rate",
};

/** api.md's defaults (steps 5, 25, 50, 100; an hour each) and two guards an admin would want on day one. */
export function defaultPlan(): PlanDraft {
  return {
    steps: "5, 25, 50, 100",
    stepMinutes: 60,
    guards: [
      { metric: "SUCCESS_RATE", maxDegradationPoints: 5, minSamples: 20 },
      { metric: "TOOL_ERROR_RATE", maxDegradationPoints: 5, minSamples: 20 },
    ],
    evalTag: "",
  };
}

/** Field path (as the server names them: "steps", "guards[1].min_samples") → the problem with it. */
export type PlanProblems = Record<string, string>;

const whole = (v: number | string) => (typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v));

export function parseSteps(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter((s) => s !== "")
    .map(Number);
}

/**
 * RO-1, RO-4 checked before asking (the server checks again, with the same field names): steps whole percentages
 * 1–100, strictly rising, ending at 100 with one before it; minutes whole, 0 = by hand; degradation 0–100 points;
 * at least one sample; an eval guard needs its tag.
 */
export function checkPlanDraft(draft: PlanDraft): {
  input: Omit<StartRolloutInput, "versionId">;
  problems: PlanProblems;
} {
  const problems: PlanProblems = {};
  const steps = parseSteps(draft.steps);
  if (steps.some((s) => !Number.isInteger(s) || s < 1 || s > 100))
    problems.steps = "Each step is a whole percentage from 1 to 100.";
  else if (steps.some((s, i) => i > 0 && s <= steps[i - 1]!))
    problems.steps = "Each step must be above the one before.";
  else if (steps.length < 2) problems.steps = "Give at least one step before 100 (or publish at once instead).";
  else if (steps.at(-1) !== 100) problems.steps = "The last step must be 100: reaching it publishes the version.";
  const stepMinutes = whole(draft.stepMinutes);
  if (!Number.isInteger(stepMinutes) || stepMinutes < 0)
    problems.step_minutes = "A whole number of minutes; 0 advances only by hand.";
  const guards = draft.guards.map((g, i) => {
    const points = whole(g.maxDegradationPoints);
    const minSamples = whole(g.minSamples);
    if (!Number.isFinite(points) || points < 0 || points > 100)
      problems[`guards[${i}].max_degradation`] = "From 0 to 100 points.";
    if (!Number.isInteger(minSamples) || minSamples < 1)
      problems[`guards[${i}].min_samples`] = "A whole number, at least 1.";
    if (g.metric === "EVAL_PASS_RATE" && draft.evalTag.trim() === "")
      problems.eval_tag = "An eval pass rate guard needs the tag of the scenarios to run.";
    return { metric: g.metric, maxDegradation: Math.round(points * 100) / 10_000, minSamples };
  });
  return { input: { steps, stepMinutes, guards, evalTag: draft.evalTag.trim() || null }, problems };
}

/** A refusal of startRollout: its problems on the form's fields, and what belongs to none of them. */
export function refusalOf(error: unknown): { fields: PlanProblems; general: string | null } {
  const info = errorInfo(error);
  if (!info) return { fields: {}, general: null };
  if (info.details.reason === "approval_required") {
    const { required, current } = info.details as { required?: number; current?: number };
    return {
      fields: {},
      general:
        `The publish policy needs ${required} current approval${required === 1 ? "" : "s"} before a rollout ` +
        `starts; this version has ${current ?? 0}. Ask a reviewer to approve it.`,
    };
  }
  const fields: PlanProblems = {};
  const rest: string[] = [];
  for (const p of problemsOf(error)) {
    const path = p.path.replace(/^input\./, "").replace(/^steps\[\d+\]$/, "steps");
    if (path === "version_id" || path === "") rest.push(p.message);
    else fields[path] ??= p.message;
  }
  if (Object.keys(fields).length === 0 && rest.length === 0) rest.push(info.message);
  return { fields, general: rest.length ? rest.join(" ") : null };
}
