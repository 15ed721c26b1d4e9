import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { checkPlanDraft, defaultPlan, parseSteps, refusalOf } from "./rollout-plan";

const refused = (extensions: Record<string, unknown>, message = "refused") =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

describe("the start-rollout form (UX-8)", () => {
  it("RO-1 the defaults are api.md's steps and minutes, with two guards, and pass as they are", () => {
    const { input, problems } = checkPlanDraft(defaultPlan());
    expect(problems).toEqual({});
    expect(input).toEqual({
      steps: [5, 25, 50, 100],
      stepMinutes: 60,
      guards: [
        { metric: "SUCCESS_RATE", maxDegradation: 0.05, minSamples: 20 },
        { metric: "TOOL_ERROR_RATE", maxDegradation: 0.05, minSamples: 20 },
      ],
      evalTag: null,
    });
  });

  it("RO-1 steps are whole percentages, strictly rising, ending at 100, with one before it", () => {
    const stepsProblem = (steps: string) => checkPlanDraft({ ...defaultPlan(), steps }).problems.steps;
    expect(parseSteps(" 10,20  100")).toEqual([10, 20, 100]);
    expect(stepsProblem("10 20 100")).toBeUndefined();
    expect(stepsProblem("0, 50, 100")).toMatch(/1 to 100/);
    expect(stepsProblem("5.5, 100")).toMatch(/whole/);
    expect(stepsProblem("50, 25, 100")).toMatch(/above the one before/);
    expect(stepsProblem("50, 50, 100")).toMatch(/above the one before/);
    expect(stepsProblem("100")).toMatch(/at least one step before 100/);
    expect(stepsProblem("5, 25, 50")).toMatch(/last step must be 100/);
    expect(stepsProblem("five, 100")).toMatch(/whole/);
  });

  it("RO-5 minutes per step are whole, 0 meaning by hand", () => {
    expect(checkPlanDraft({ ...defaultPlan(), stepMinutes: 0 }).problems).toEqual({});
    expect(checkPlanDraft({ ...defaultPlan(), stepMinutes: -1 }).problems.step_minutes).toMatch(/0 advances/);
    expect(checkPlanDraft({ ...defaultPlan(), stepMinutes: "" }).problems.step_minutes).toBeDefined();
  });

  it("RO-4 a guard's degradation is 0–100 points (sent as 0–1) and needs a sample; an eval guard needs its tag", () => {
    const plan = defaultPlan();
    plan.guards = [
      { metric: "LOAD_RATE", maxDegradationPoints: 120, minSamples: 0 },
      { metric: "EVAL_PASS_RATE", maxDegradationPoints: 12.5, minSamples: 5 },
    ];
    const { input, problems } = checkPlanDraft(plan);
    expect(problems).toEqual({
      "guards[0].max_degradation": "From 0 to 100 points.",
      "guards[0].min_samples": "A whole number, at least 1.",
      eval_tag: "An eval pass rate guard needs the tag of the scenarios to run.",
    });
    expect(input.guards?.[1]).toEqual({ metric: "EVAL_PASS_RATE", maxDegradation: 0.125, minSamples: 5 });
    expect(checkPlanDraft({ ...plan, evalTag: " skill:x " }).input.evalTag).toBe("skill:x");
  });

  it("AP-1 a refusal for want of approvals says how many are needed and how many there are", () => {
    const refusal = refusalOf(
      refused({ code: "FORBIDDEN", details: { reason: "approval_required", required: 2, current: 1 } }),
    );
    expect(refusal.fields).toEqual({});
    expect(refusal.general).toMatch(/needs 2 current approvals .* has 1/);
  });

  it("RO-1 the server's problems land on their fields; a conflict on the version is said above the buttons", () => {
    const invalid = problemsRefusal([
      { path: "steps[2]", message: "steps must rise strictly" },
      { path: "guards[0].max_degradation", message: "from 0 to 1" },
    ]);
    expect(invalid.fields).toEqual({ steps: "steps must rise strictly", "guards[0].max_degradation": "from 0 to 1" });
    expect(invalid.general).toBeNull();
    const conflict = refusalOf(
      refused({ code: "CONFLICT", details: { field: "version_id", reason: "rollout_running" } }, "already running"),
    );
    expect(conflict).toEqual({ fields: {}, general: "already running" });
  });
});

function problemsRefusal(problems: Array<{ path: string; message: string }>) {
  return refusalOf(refused({ code: "BAD_USER_INPUT", details: { problems } }));
}
