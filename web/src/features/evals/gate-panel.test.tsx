import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { EVAL_SCENARIOS, PUBLISH_EVALUATION } from "./eval-documents";
import { GatePanel } from "./gate-panel";

const tagged = (total: number) => ({
  request: { query: EVAL_SCENARIOS, variables: { tag: "skill:refunds", page: 1, limit: 1 } },
  result: { data: { evalScenarios: { __typename: "EvalScenarioPage", total, items: [] } } },
});

const score = (version: number, passed: number, loaded: number) => ({
  __typename: "EvalScore" as const,
  version,
  results: 9,
  passed,
  loaded,
});

const evaluation = {
  request: { query: PUBLISH_EVALUATION, variables: { versionId: "v2", iterations: 3 } },
  result: {
    data: {
      publishPreview: {
        __typename: "PublishPreview",
        evaluation: {
          __typename: "EvalComparison",
          tag: "skill:refunds",
          iterations: 3,
          scenarios: 3,
          warnings: [],
          agents: [
            {
              __typename: "EvalAgentComparison",
              agentId: "a1",
              agentName: "follower",
              candidate: score(2, 9, 9),
              live: score(1, 7, 8),
            },
          ],
        },
      },
    },
  },
};

describe("the publish gate panel", () => {
  it("EV-4 shows nothing when the skill has no tagged scenario", async () => {
    renderWithMantine(
      <MockedProvider mocks={[tagged(0)]}>
        <GatePanel versionId="v2" skillName="refunds" />
      </MockedProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Evaluation" })).toBeNull();
  });

  it("EV-4 runs the evaluation only when asked, and shows candidate against live per agent", async () => {
    renderWithMantine(
      <MockedProvider mocks={[tagged(3), evaluation]}>
        <GatePanel versionId="v2" skillName="refunds" />
      </MockedProvider>,
    );
    const button = await screen.findByRole("button", { name: /Evaluate \(3 iterations/ });
    expect(screen.queryByTestId("evaluation")).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByTestId("evaluation")).toHaveTextContent(
      "follower: candidate 9/9 (loaded 9/9), live 7/9 (loaded 8/9)",
    );
  });
});
