import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { renderWithMantine } from "../../test/render";
import { RolloutArms } from "./rollout-arms";
import { eventNote, RolloutEvents } from "./rollout-events";

type Arm = RolloutFieldsFragment["arms"][number];

const arm = (name: string, version: number, evalPassRate: number | null): Arm => ({
  arm: name,
  version: { id: `v${version}`, version },
  starts: 0,
  loads: 0,
  loadRate: null,
  toolRuns: 0,
  toolErrors: 0,
  toolErrorRate: null,
  outcomes: 0,
  successRate: null,
  evalPassRate,
});

const rollout = (arms: Arm[], events: RolloutFieldsFragment["events"] = []) =>
  ({ arms, guards: [], events }) as unknown as RolloutFieldsFragment;

describe("a rollout's eval pass rate on the page (RO-3)", () => {
  it("RO-3 shows each arm's eval pass rate, and a dash while no step has been counted", () => {
    const { unmount } = renderWithMantine(
      <RolloutArms rollout={rollout([arm("live", 1, 1), arm("candidate", 2, 0.5)])} />,
    );
    const row = screen.getByRole("rowheader", { name: /eval/i }).closest("tr")!;
    expect(within(row).getByText("100.0 %")).toBeInTheDocument();
    expect(within(row).getByText("50.0 %")).toBeInTheDocument();
    unmount();
    renderWithMantine(<RolloutArms rollout={rollout([arm("live", 1, null), arm("candidate", 2, null)])} />);
    const pending = screen.getByRole("rowheader", { name: /eval/i }).closest("tr")!;
    expect(within(pending).getAllByText("—")).toHaveLength(2);
  });

  it("RO-3 names a step's evals in the events: passes of runs per arm, or the failure", () => {
    const at = "2026-12-01T10:00:00Z";
    renderWithMantine(
      <RolloutEvents
        events={[
          {
            at,
            kind: "eval_failed",
            percent: 25,
            detail: { actor: "rollout-guard", step: 0, reason: "upstream down" },
            actorName: null,
          },
          {
            at,
            kind: "evaluated",
            percent: 25,
            detail: { actor: "rollout-guard", live: { runs: 6, passes: 6 }, candidate: { runs: 6, passes: 2 } },
            actorName: null,
          },
        ]}
      />,
    );
    expect(screen.getByText("Evals run at 25 %: 2/6 candidate, 6/6 live")).toBeInTheDocument();
    expect(screen.getByText(/Evals failed at 25 %/)).toBeInTheDocument();
    expect(screen.getByText(/upstream down/)).toBeInTheDocument();
  });

  it("RO-5 names who acted on a rollout: the key's name, its id's start when the key is gone, or the guard", () => {
    const at = "2026-12-01T10:00:00Z";
    const event = (actor: string, actorName: string | null) => ({
      at,
      kind: "advanced",
      percent: 50,
      detail: { actor },
      actorName,
    });
    expect(eventNote(event("0b7c5d1e-0000-4000-8000-000000000000", "release-bot"))).toMatch(/by release-bot$/);
    expect(eventNote(event("0b7c5d1e-0000-4000-8000-000000000000", null))).toMatch(/by key 0b7c5d1e$/);
    expect(eventNote(event("rollout-guard", null))).toMatch(/by the rollout guard$/);
  });
});
