import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { StepBar, stepStates } from "./step-bar";

describe("the rollout's step bar (UX-8)", () => {
  it("RO-5 steps before the current one are done, the current one is now, the rest next", () => {
    expect(stepStates([5, 25, 50, 100], 1, "running")).toEqual(["done", "current", "todo", "todo"]);
    expect(stepStates([5, 25, 50, 100], 0, "paused")).toEqual(["current", "todo", "todo", "todo"]);
  });

  it("RO-5 a completed rollout has every step done, 100 included", () => {
    expect(stepStates([5, 25, 100], 2, "completed")).toEqual(["done", "done", "done"]);
  });

  it("RO-4 a rolled back or aborted rollout stopped at its step and never reaches the rest", () => {
    expect(stepStates([5, 25, 50, 100], 2, "rolled_back")).toEqual(["done", "done", "stopped", "skipped"]);
    expect(stepStates([10, 100], 0, "aborted")).toEqual(["stopped", "skipped"]);
    renderWithMantine(<StepBar steps={[10, 50, 100]} stepIndex={1} status="rolled_back" />);
    expect(screen.getByText("stopped here")).toBeInTheDocument();
    expect(screen.getByText("not reached")).toBeInTheDocument();
    expect(screen.queryByText("next")).toBeNull();
  });

  it("names each step by its share, the last as the publish, and marks where it is now", () => {
    renderWithMantine(<StepBar steps={[5, 25, 100]} stepIndex={1} status="running" />);
    expect(screen.getByText("5 %")).toBeInTheDocument();
    expect(screen.getByText("100 % · published")).toBeInTheDocument();
    const now = screen.getByText("now");
    expect(now.closest("[aria-current='step']")).not.toBeNull();
  });
});
