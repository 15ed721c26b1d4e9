import {
  type ChatCompletionMessageParam,
  type ChatCompletionTool,
  type ModelEndpoint,
  type ModelRequest,
  type ModelToolCall,
  type RoundAnswer,
  type RoundRunner,
  addUsage,
} from "../model";
import { LOAD_SKILL, type OfferedTool } from "../runtime";
import { modelContextOf, type CallState } from "./call-state";
import { argumentProblems, type ToolHost, type ToolOutcome, type ToolRunner } from "./tool-runner";

export const TOOL_ROUNDS_EXHAUSTED = "tool_rounds_exhausted";

/** A tool run's outcome as the loop records it (mocked: an eval's mock answered instead of the tool). */
export type LoopOutcome = ToolOutcome & { mocked?: boolean };

/** One tool the model is offered in a round. */
export interface LoopTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  /** Where it comes from, recorded with its runs (`builtin`, `agent`, `skill:<name>`, `mcp:<server>`, `client`). */
  source: string;
  /** Runs one call of it; null: the client's tool, whose calls go back to the client (a session that hands back). */
  run: ((args: Record<string, unknown>) => Promise<LoopOutcome>) | null;
  /** It answers arguments that break its parameters itself (`load_skill` answers an unknown name with the skills). */
  answersBadArguments?: boolean;
  /** The definition as the model gets it, when it is given whole (a client's tool passes through unchanged). */
  definition?: ChatCompletionTool;
}

/** What one round offers: the state of the conversation's agent as it stands now. */
export interface LoopRound {
  endpoint: ModelEndpoint | null;
  /** The system message the model reads first; null: none. */
  systemPrompt: string | null;
  tools: LoopTool[];
  warnings?: readonly string[];
  /** More fields of the model request (the gateway passes the client's through). */
  request?: Record<string, unknown>;
}

/** One tool call of the model as the loop ran it. */
export interface LoopInvocation {
  tool: string;
  source: string;
  /** The parsed arguments, or the raw text when they were not a JSON object. */
  arguments: unknown;
  status: string;
  result: unknown;
  error: string | null;
  latencyMs: number;
  at: Date;
  mocked: boolean;
}

/** A message of a round, as chat stores it (OpenAI's fields, camel-cased). */
export interface LoopMessage {
  role: "assistant" | "tool";
  content: string | null;
  toolCalls?: ModelToolCall[] | null;
  toolCallId?: string | null;
}

/**
 * Where the loop's conversation lives: a chat session (stored, locked), an eval iteration (in memory), a gateway turn
 * (the client's history). The loop decides nothing here; it asks for the round each time and hands back what ran.
 */
export interface ToolLoopSession {
  /** The round as it stands now (a chat session as stored now: a load of the previous round is in it). */
  round(): Promise<LoopRound>;
  /** Stores one round's messages: the assistant's, then its tools' results. */
  recordRound?(messages: LoopMessage[]): Promise<void>;
  /** Stores one tool call as soon as it ran. */
  recordInvocation?(invocation: LoopInvocation): Promise<void>;
}

export interface ToolLoopOptions {
  /** At most this many rounds of tool calls run in one reply (CHAT_MAX_TOOL_ROUNDS). */
  maxToolRounds: number;
  /**
   * After the last round of tool calls: false, the reply ends there (chat sessions and evals: the last round's tool
   * calls still ran and are answered); true, the model is asked once more and must answer without a tool the loop runs
   * (the gateway's turn, which fails otherwise).
   */
  closingRound?: boolean;
  /**
   * True when the session has a client to hand calls back to (the gateway): a call to a tool the client offered
   * ends the turn and goes back to the client. A call to a tool nobody offered is always a failed tool call the
   * model reads.
   */
  handsBack?: boolean;
}

export interface ToolLoopResult {
  /** The last model answer; its `toolCalls` are the ones handed back, its usage summed over the rounds. */
  final: RoundAnswer;
  /** The last assistant text (maybe empty when the rounds ran out). */
  reply: string;
  invocations: LoopInvocation[];
  warnings: string[];
  /** The system prompt of the last round (what the model last saw). */
  systemPrompt: string;
  /** The rounds ran out while the model still called tools (TOOL_ROUNDS_EXHAUSTED is among the warnings). */
  exhausted: boolean;
}

function parseArguments(raw: string): Record<string, unknown> | string {
  try {
    const value: unknown = raw.trim() === "" ? {} : JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return "The tool's arguments must be a JSON object.";
  } catch {
    return "The tool's arguments are not valid JSON.";
  }
}

/** What the model reads back from a tool: its result (text as it is), or its failure. */
export function toolMessageContent(outcome: ToolOutcome): string {
  if (outcome.status === "ok")
    return typeof outcome.result === "string" ? outcome.result : JSON.stringify(outcome.result);
  return JSON.stringify({
    status: outcome.status,
    error: outcome.error,
    ...(outcome.result ? { result: outcome.result } : {}),
  });
}

/**
 * The one tool loop (TX-4, GW-2): model → tools → model …, each round from the state the session gives now, so a
 * load in one round gives the next round the skill's section and tools. Chat sessions, eval iterations and the
 * gateway's turns (and its workers) run it; `ask` asks the model (whole or streamed). The rules are here once: the
 * round limit, a call to a tool not offered, arguments that are not a JSON object or break the tool's parameters, and
 * what the model reads back. `conversation` (without the system message) is extended in place with the rounds.
 */
export class ToolLoop {
  constructor(private readonly options: ToolLoopOptions) {}

  async run(
    session: ToolLoopSession,
    conversation: ChatCompletionMessageParam[],
    ask: RoundRunner,
  ): Promise<ToolLoopResult> {
    const { maxToolRounds, closingRound = false, handsBack = false } = this.options;
    const invocations: LoopInvocation[] = [];
    const warnings = new Set<string>();
    let usage: RoundAnswer["usage"] = null;
    for (let round = 1; ; round++) {
      const current = await session.round();
      for (const warning of current.warnings ?? []) warnings.add(warning);
      const messages: ChatCompletionMessageParam[] =
        current.systemPrompt !== null
          ? [{ role: "system", content: current.systemPrompt }, ...conversation]
          : [...conversation];
      const answer = await ask(current.endpoint, {
        ...(current.request as Partial<ModelRequest>),
        messages,
        ...(current.tools.length > 0 ? { tools: current.tools.map(openAiTool) } : {}),
      });
      usage = addUsage(usage, answer.usage);
      // Only a call to a tool the client offered goes back to it; one to a tool nobody offered is the loop's to
      // answer (an error the model reads), as the client could not run it either.
      const clients = (call: ModelToolCall) => current.tools.some((t) => t.name === call.function.name && !t.run);
      const ours = handsBack ? answer.toolCalls.filter((c) => !clients(c)) : answer.toolCalls;
      const theirs = handsBack ? answer.toolCalls.filter(clients) : [];
      const result = (exhausted: boolean): ToolLoopResult => {
        if (exhausted) warnings.add(TOOL_ROUNDS_EXHAUSTED);
        return {
          final: { ...answer, toolCalls: theirs, usage },
          reply: answer.content ?? "",
          invocations,
          warnings: [...warnings],
          systemPrompt: current.systemPrompt ?? "",
          exhausted,
        };
      };
      if (ours.length === 0) {
        await session.recordRound?.([{ role: "assistant", content: answer.content, toolCalls: null }]);
        conversation.push({ role: "assistant", content: answer.content });
        return result(false);
      }
      if (closingRound && round > maxToolRounds) return result(true);
      const toolMessages: LoopMessage[] = [];
      for (const call of ours) {
        const invocation = await this.runCall(current.tools, call);
        invocations.push(invocation);
        await session.recordInvocation?.(invocation);
        toolMessages.push({ role: "tool", content: toolMessageContent(invocation), toolCallId: call.id });
      }
      await session.recordRound?.([{ role: "assistant", content: answer.content, toolCalls: ours }, ...toolMessages]);
      conversation.push(
        { role: "assistant", content: answer.content, tool_calls: ours },
        ...toolMessages.map((t) => ({ role: "tool" as const, tool_call_id: t.toolCallId!, content: t.content ?? "" })),
      );
      if (theirs.length > 0) return result(false);
      if (!closingRound && round >= maxToolRounds) return result(true);
    }
  }

  /** Runs one tool call of the model against the tools offered in its round; a failure is an outcome. */
  private async runCall(offered: readonly LoopTool[], call: ModelToolCall): Promise<LoopInvocation> {
    const started = performance.now();
    const tool = offered.find((t) => t.name === call.function.name);
    const args = parseArguments(call.function.arguments);
    let outcome: LoopOutcome;
    if (!tool?.run) {
      const names = offered.map((t) => t.name).join(", ") || "none";
      outcome = {
        status: "error",
        result: null,
        error: `No tool named '${call.function.name}' is offered; offered: ${names}.`,
      };
    } else if (typeof args === "string") {
      outcome = { status: "error", result: null, error: args };
    } else {
      const problems = tool.answersBadArguments ? [] : argumentProblems(tool.parameters ?? {}, args);
      outcome =
        problems.length > 0
          ? { status: "error", result: null, error: problems.map((p) => p.message).join(" ") }
          : await tool.run(args);
    }
    return {
      tool: tool?.name ?? call.function.name,
      source: tool?.source ?? "unknown",
      arguments: typeof args === "string" ? call.function.arguments : args,
      status: outcome.status,
      result: outcome.result ?? null,
      error: outcome.error,
      latencyMs: Math.round(performance.now() - started),
      at: new Date(),
      mocked: outcome.mocked ?? false,
    };
  }
}

const openAiTool = (tool: LoopTool): ChatCompletionTool =>
  tool.definition ?? {
    type: "function",
    function: {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}),
    },
  };

/** An eval's mock (or mock-only refusal) that stands in for running an offered tool; null runs it. */
export type ToolIntercept = (tool: OfferedTool, args: Record<string, unknown>) => LoopOutcome | null;

/**
 * A round of a call state as the model sees it (chat sessions, eval iterations): the current agent's system prompt
 * and offered tools, each run on `host` by the ToolRunner (TX-3: the same rules as a call), unless `intercept` answers.
 */
export function stateRound(
  runner: ToolRunner,
  state: CallState,
  endpoint: ModelEndpoint | null,
  host: ToolHost,
  intercept?: ToolIntercept,
): LoopRound {
  const context = modelContextOf(state);
  return {
    endpoint,
    systemPrompt: context.systemPrompt || null,
    warnings: context.warnings,
    tools: context.tools.map((tool): LoopTool => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      source: tool.source,
      // load_skill is not checked against its schema: an unknown name is answered with the skills (TX-3, RT-3).
      answersBadArguments: tool.name === LOAD_SKILL,
      run: async (args) => intercept?.(tool, args) ?? runner.execute(host, tool, args),
    })),
  };
}
