import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { renderWithMantine } from "../../test/render";
import { GuardEvidence } from "./guard-evidence";

type Guard = RolloutFieldsFragment["guards"][number];

const rollout = (guards: Guard[]) => ({ guards }) as unknown as RolloutFieldsFragment;
const guard = (over: Partial<Guard>): Guard => ({
  metric: "SUCCESS_RATE",
  maxDegradation: 0.05,
  minSamples: 20,
  alpha: 0.05,
  tripped: false,
  verdict: "insufficient",
  evidence: {
    liveSamples: 30,
    candidateSamples: 28,
    live: 0.9,
    candidate: 0.857,
    differenceLow: -0.12,
    differenceHigh: 0.21,
    samplesNeeded: 140,
  },
  ...over,
});

describe("the guards on a rollout's page (RO-4)", () => {
  it("RO-4 each guard: its allowance, its interval as a chart that says it in words, and its verdict", () => {
    renderWithMantine(
      <GuardEvidence
        rollout={rollout([
          guard({}),
          guard({
            metric: "TOOL_ERROR_RATE",
            maxDegradation: 0.02,
            verdict: "tripped",
            tripped: true,
            evidence: {
              liveSamples: 200,
              candidateSamples: 200,
              live: 0.01,
              candidate: 0.2,
              differenceLow: 0.11,
              differenceHigh: 0.27,
              samplesNeeded: 0,
            },
          }),
        ])}
      />,
    );
    const success = screen.getByRole("region", { name: "Success rate guard" });
    expect(within(success).getByText("Success rate: at most 5 points lower")).toBeInTheDocument();
    expect(within(success).getByRole("img")).toHaveAccessibleName(
      "The candidate is -12.0 to 21.0 points lower than live; 5 points allowed",
    );
    expect(within(success).getByTestId("guard-verdict")).toHaveTextContent(
      "not enough outcomes yet: about 140 more per arm",
    );
    const errors = screen.getByRole("region", { name: "Tool error rate guard" });
    expect(within(errors).getByText("tripped")).toBeInTheDocument();
    expect(within(errors).getByTestId("guard-verdict")).toHaveTextContent(
      "tripped: 11.0 to 27.0 points higher, more than the 2 points allowed",
    );
  });

  it("RO-4 no guard: said plainly", () => {
    renderWithMantine(<GuardEvidence rollout={rollout([])} />);
    expect(screen.getByText("No guard: only a person can roll this rollout back.")).toBeInTheDocument();
  });
});
