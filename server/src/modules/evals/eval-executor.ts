import { randomUUID } from "node:crypto";
import { Invalid } from "../../platform/errors";
import {
  conversationCatalog,
  nextConversationCatalog,
  prepareConversationCatalog,
  inlineMcpServer,
  stateRound,
  ToolLoop,
  type CallState,
  type LoopInvocation,
  type SecretOpener,
  type ToolHost,
  type ToolIntercept,
  type ToolRunner,
} from "../calls";
import { completeRound, type ChatCompletionMessageParam, type ModelClient, type RoundRunner } from "../model";
import { BUILTIN_SOURCE, loadSkill as decideLoad, LOAD_SKILL } from "../runtime";
import type { PlannedAgent } from "./eval-plan";
import { judge, type JudgedExpectation, type StoredExpectation, type StoredMock } from "./eval-scenario-check";

/** What one iteration runs: a scenario as the run stored it. */
export interface RunnableScenario {
  id: string;
  turns: string[];
  expectations: StoredExpectation[];
  mocks: StoredMock[];
  mockOnly: boolean;
  variables: Record<string, unknown> | null;
}

/** `toolCalls` entries of a result (api.md): `{ tool, arguments, result, mocked }`. */
export interface EvalToolCall {
  tool: string;
  arguments: unknown;
  result: unknown;
  mocked: boolean;
}

export interface IterationOutcome {
  passed: boolean;
  /** The conversation as the model saw it, OpenAI message form, system prompt (of the last round) first. */
  transcript: unknown[];
  toolCalls: EvalToolCall[];
  expectations: JudgedExpectation[];
  /** Skills a load_skill of this iteration loaded (or found loaded). */
  loadedSkills: string[];
}

export const mockOnlyRefusal = (tool: string) =>
  `mock_only: the scenario has no mock for the tool '${tool}', so it was not run.`;

/** What the model read back from a tool, as the result's `toolCalls[].result`: the result, or the failure. */
function shownResult(invocation: LoopInvocation): unknown {
  if (invocation.status === "ok") return invocation.result;
  return {
    status: invocation.status,
    error: invocation.error,
    ...(invocation.result ? { result: invocation.result } : {}),
  };
}

/**
 * Runs one iteration of a scenario against one planned agent: its turns as user messages of one conversation, each
 * answered by the chat tool loop (the same rounds, tools and runtime rules as a chat session, TX-2..4), in memory.
 * The loaded set lives in the iteration; loads go through the runtime's rules; nothing is recorded as a call (EV-5).
 * Mocks stand in for offered tools; load_skill always runs (EV-2); under mockOnly a non-built-in tool without a mock
 * is refused and the iteration goes on. A model failure throws (UpstreamError).
 */
export class EvalExecutor {
  private readonly loop: ToolLoop;
  private readonly ask: RoundRunner;

  constructor(
    private readonly tools: ToolRunner,
    model: ModelClient,
    options: { maxToolRounds: number },
  ) {
    this.loop = new ToolLoop(options);
    this.ask = completeRound(model);
  }

  async iteration(agent: PlannedAgent, open: SecretOpener, scenario: RunnableScenario): Promise<IterationOutcome> {
    let segment = agent.segment;
    const variables = scenario.variables ?? {};
    let state: CallState = { segments: [segment], loaded: [], variables };
    const loadedSkills = new Set<string>();
    const id = randomUUID();
    const endpoint = agent.model ? { ...agent.model, apiKey: open("model") } : null;
    const host = (): ToolHost => ({
      id,
      webhookFields: { eval: true },
      state,
      inlineSecret: (tool) => open(`tool:${tool}`),
      inlineMcpServer: (server) => inlineMcpServer(segment, server, open),
      loadSkill: async (name) => {
        const outcome = decideLoad(
          {
            resolved: segment.resolved,
            loaded: state.loaded,
            cap: segment.agent.maxLoadedSkills,
            shown: segment.shown ?? null,
          },
          name,
        );
        state = { ...state, loaded: outcome.loaded };
        if (outcome.skill && outcome.status !== "UNKNOWN_SKILL") loadedSkills.add(outcome.skill);
        const { status, skill, unloaded, available, message } = outcome;
        return { status, skill, unloaded, available, message };
      },
      handoff: () => {
        // A refusal the tool runner turns into the tool's error: an eval runs one agent.
        throw new Invalid("A handoff is not followed in an eval run; the conversation stays with this agent.");
      },
    });
    const mocks = new Map(scenario.mocks.map((m) => [m.tool, m]));
    const intercept: ToolIntercept = (tool) => {
      if (tool.name === LOAD_SKILL) return null; // EV-2: never mocked
      const mock = mocks.get(tool.name);
      if (mock) {
        return mock.error !== undefined
          ? { status: "error", result: null, error: mock.error, mocked: true }
          : { status: "ok", result: mock.result ?? null, error: null, mocked: true };
      }
      if (scenario.mockOnly && tool.source !== BUILTIN_SOURCE) {
        return { status: "refused", result: null, error: mockOnlyRefusal(tool.name), mocked: false };
      }
      return null;
    };
    const conversation: ChatCompletionMessageParam[] = [];
    const toolCalls: EvalToolCall[] = [];
    let lastReply = "";
    let systemPrompt = "";
    await prepareConversationCatalog(agent.segment, variables);
    for (const [i, turn] of scenario.turns.entries()) {
      conversation.push({ role: "user", content: turn });
      // CT-1: the agent's catalog budget as in its calls and sessions, ranked by the scenario's turns so far only
      const shown =
        i === 0
          ? conversationCatalog(agent.segment, variables, turn)
          : nextConversationCatalog(agent.segment, segment.shown ?? null, variables, turn);
      if (shown !== (segment.shown ?? null)) {
        segment = { ...agent.segment, shown };
        state = { ...state, segments: [segment] };
      }
      const result = await this.loop.run(
        {
          round: () => Promise.resolve(stateRound(this.tools, state, endpoint, host(), intercept)),
          recordInvocation: (ran) => {
            toolCalls.push({ tool: ran.tool, arguments: ran.arguments, result: shownResult(ran), mocked: ran.mocked });
            return Promise.resolve();
          },
        },
        conversation,
        this.ask,
      );
      lastReply = result.reply;
      systemPrompt = result.systemPrompt;
    }
    const expectations = judge(scenario.expectations, { toolCalls, lastReply });
    return {
      passed: expectations.every((e) => e.passed),
      transcript: [...(systemPrompt ? [{ role: "system", content: systemPrompt }] : []), ...conversation],
      toolCalls,
      expectations,
      loadedSkills: [...loadedSkills],
    };
  }
}
