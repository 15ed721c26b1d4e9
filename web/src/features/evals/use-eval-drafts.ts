import { useMutation } from "@apollo/client/react";
import type { EvalScenariosQuery } from "../../gql/graphql";
import type { Problem } from "../../shared/errors";
import { useDraft } from "../../shared/use-draft";
import { SAVE_EVAL_SCENARIO, START_EVAL_RUN } from "./eval-documents";

type Scenario = EvalScenariosQuery["evalScenarios"]["items"][number];

export interface ScenarioFields {
  id: string | null;
  name: string;
  tags: string;
  turns: string;
  expectations: string;
  mocks: string;
  mockOnly: boolean;
}

const EXAMPLE_EXPECTATIONS = `[
  { "kind": "FUNCTION_CALL", "tool": "load_skill", "arguments": { "name": "explain-bill" } }
]`;

export const NEW_SCENARIO: ScenarioFields = {
  id: null,
  name: "",
  tags: "",
  turns: "",
  expectations: EXAMPLE_EXPECTATIONS,
  mocks: "[]",
  mockOnly: false,
};

export const scenarioFieldsOf = (s: Scenario): ScenarioFields => ({
  id: s.id,
  name: s.name,
  tags: s.tags.join(", "),
  turns: s.turns.join("\n"),
  expectations: JSON.stringify(s.expectations, null, 2),
  mocks: JSON.stringify(s.mocks, null, 2),
  mockOnly: s.mockOnly,
});

const splitList = (text: string, by: string) =>
  text
    .split(by)
    .map((t) => t.trim())
    .filter(Boolean);

function parsed(text: string): unknown {
  return JSON.parse(text.trim() || "[]");
}

/** JSON that does not parse, found before asking the server, on its field. */
function checkScenario(v: ScenarioFields): Problem[] {
  const problems: Problem[] = [];
  for (const [path, label, text] of [
    ["expectations", "Expectations", v.expectations],
    ["mocks", "Mocks", v.mocks],
  ] as const) {
    try {
      if (!Array.isArray(parsed(text))) problems.push({ path, message: `${label} must be a JSON list: [ … ].` });
    } catch (e) {
      problems.push({ path, message: `${label} is not valid JSON: ${(e as Error).message}` });
    }
  }
  return problems;
}

/** A scenario's form (EV-1): one user turn per line, expectations and mocks as JSON; answers the saved scenario. */
export function useScenarioDraft(initial: ScenarioFields) {
  const [save] = useMutation(SAVE_EVAL_SCENARIO, { refetchQueries: "active" });
  return useDraft({
    initial,
    check: checkScenario,
    submit: async (v) => {
      const input = {
        name: v.name,
        tags: splitList(v.tags, ","),
        turns: splitList(v.turns, "\n"),
        expectations: parsed(v.expectations) as never,
        mocks: parsed(v.mocks) as never,
        mockOnly: v.mockOnly,
      };
      return (await save({ variables: { input, id: v.id } })).data!.saveEvalScenario;
    },
  });
}

export interface RunFields {
  kind: "agent" | "skill";
  agentId: string | null;
  skill: string;
  tag: string;
  iterations: number;
}

/** The "start a run" form (EV-1, EV-4): against one agent, or every agent using a skill; answers the queued run. */
export function useRunDraft() {
  const [start] = useMutation(START_EVAL_RUN, { refetchQueries: "active" });
  return useDraft({
    initial: { kind: "agent", agentId: null, skill: "", tag: "", iterations: 1 } as RunFields,
    check: (v) =>
      v.kind === "agent" && !v.agentId
        ? [{ path: "target.agent_id", message: "Pick the agent to run the scenarios against." }]
        : v.kind === "skill" && !v.skill.trim()
          ? [{ path: "target.skill_usage", message: "Name the skill whose agents to run." }]
          : [],
    submit: async (v) => {
      const target = v.kind === "agent" ? { agentId: v.agentId } : { skillUsage: v.skill.trim() };
      const res = await start({
        variables: { input: { target, tag: v.tag.trim() || null, iterations: v.iterations || 1 } },
      });
      return res.data!.startEvalRun;
    },
  });
}
