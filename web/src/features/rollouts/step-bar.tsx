import { Stepper } from "@mantine/core";
import { FAILED_COLOR, OK_COLOR, PIN_COLOR } from "../../shared/format";

export type StepState = "done" | "current" | "todo" | "stopped" | "skipped";

/**
 * Each step of a rollout as the bar shows it: those passed are done, the current one is where the share is now
 * (done as well once completed), and a rollout that ended without completing stopped at its current step and
 * never reaches the ones after it.
 */
export function stepStates(steps: readonly number[], stepIndex: number, status: string): StepState[] {
  const ended = status === "rolled_back" || status === "aborted";
  return steps.map((_, i) => {
    if (status === "completed") return "done";
    if (i < stepIndex) return "done";
    if (i > stepIndex) return ended ? "skipped" : "todo";
    return ended ? "stopped" : "current";
  });
}

const LABEL: Record<StepState, string> = {
  done: "done",
  current: "now",
  todo: "next",
  stopped: "stopped here",
  skipped: "not reached",
};

/** The rollout's steps (5 %, 25 %, …, 100 % = published) with where it stands. */
export function StepBar(props: { steps: readonly number[]; stepIndex: number; status: string }) {
  const states = stepStates(props.steps, props.stepIndex, props.status);
  const ended = props.status === "rolled_back" || props.status === "aborted";
  const active = props.status === "completed" ? props.steps.length : props.stepIndex;
  return (
    <Stepper
      active={active}
      size="sm"
      color={ended ? FAILED_COLOR : props.status === "completed" ? OK_COLOR : PIN_COLOR}
      aria-label="Rollout steps"
      data-testid="step-bar"
      allowNextStepsSelect={false}
    >
      {props.steps.map((step, i) => (
        <Stepper.Step
          key={step}
          label={step === 100 ? "100 % · published" : `${step} %`}
          description={LABEL[states[i]!]}
          color={states[i] === "stopped" ? FAILED_COLOR : undefined}
          icon={states[i] === "stopped" ? "×" : undefined}
          aria-current={states[i] === "current" ? "step" : undefined}
        />
      ))}
    </Stepper>
  );
}
