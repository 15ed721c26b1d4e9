import { modelContextOf, type CallState, type ToolHost, type ToolOutcome, type ToolRunner } from "../calls";
import type { ChatCompletionMessageParam, ChatCompletionTool, ModelClient, ModelEndpoint } from "../model";
import { LOAD_SKILL, type OfferedTool } from "../runtime";

export const TOOL_ROUNDS_EXHAUSTED = "tool_rounds_exhausted";

export interface ModelToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** One tool call of the model as the loop ran it (mocked: an eval's mock answered instead of the tool). */
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

/** A message of a round, as stored by chat (OpenAI's fields, camel-cased). */
export interface LoopMessage {
  role: "assistant" | "tool";
  content: string | null;
  toolCalls?: ModelToolCall[] | null;
  toolCallId?: string | null;
}

/** What one round runs against: the state as it stands now, its model endpoint and its tool host. */
export interface LoopRound {
  state: CallState;
  endpoint: ModelEndpoint | null;
  host: ToolHost;
}

/**
 * Where the loop's conversation lives: a chat session (stored, locked) or an eval iteration (in memory). The loop
 * decides nothing here; it asks for the state each round and hands back what to store.
 */
export interface ToolLoopSession {
  /** The state a round starts from (a chat session as stored now: a load of the previous round is in it). */
  round(): Promise<LoopRound>;
  /** An outcome that stands in for running an offered tool (an eval's mock, or a mock-only refusal); null runs it. */
  intercept?(tool: OfferedTool, args: Record<string, unknown>): { outcome: ToolOutcome; mocked: boolean } | null;
  /** Stores one round's messages: the assistant's, then its tools' results. */
  recordRound(messages: LoopMessage[]): Promise<void>;
  /** Stores one tool call as soon as it ran. */
  recordInvocation(invocation: LoopInvocation): Promise<void>;
}

export interface ToolLoopResult {
  /** The last assistant text (maybe empty when the rounds ran out). */
  reply: string;
  invocations: LoopInvocation[];
  warnings: string[];
  /** The system prompt of the last round (what the model last saw). */
  systemPrompt: string;
}

const asOpenAiTool = (tool: OfferedTool): ChatCompletionTool => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});

function parseArguments(raw: string): Record<string, unknown> | string {
  try {
    const value: unknown = raw.trim() === "" ? {} : JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return "The tool's arguments must be a JSON object.";
  } catch {
    return "The tool's arguments are not valid JSON.";
  }
}

/** What the model reads back from a tool: its result, or its error. */
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
 * One reply (TX-4): model → tools → model …, at most `maxToolRounds` model rounds. Each round starts from the state
 * the session gives now, so a load of the previous round gives this round the skill's section and tools. Tools run
 * through the calls' ToolRunner (TX-3: the same rules). Chat sessions and eval iterations run this one loop.
 * `conversation` (without the system prompt) is extended in place with the rounds' messages.
 */
export class ToolLoop {
  constructor(
    private readonly tools: ToolRunner,
    private readonly model: ModelClient,
    private readonly options: { maxToolRounds: number },
  ) {}

  async run(session: ToolLoopSession, conversation: ChatCompletionMessageParam[]): Promise<ToolLoopResult> {
    const invocations: LoopInvocation[] = [];
    const warnings = new Set<string>();
    let reply = "";
    let systemPrompt = "";
    let finished = false;
    for (let round = 1; round <= this.options.maxToolRounds; round++) {
      const current = await session.round();
      const context = modelContextOf(current.state);
      for (const warning of context.warnings) warnings.add(warning);
      systemPrompt = context.systemPrompt;
      const messages: ChatCompletionMessageParam[] = context.systemPrompt
        ? [{ role: "system", content: context.systemPrompt }, ...conversation]
        : [...conversation];
      // A model failure propagates as UPSTREAM_ERROR; what was stored (earlier rounds) stays.
      const completion = await this.model.complete(current.endpoint, {
        messages,
        ...(context.tools.length > 0 ? { tools: context.tools.map(asOpenAiTool) } : {}),
      });
      const answer = completion.choices[0]!.message;
      const calls = (answer.tool_calls ?? []).filter((c): c is ModelToolCall => c.type === "function");
      reply = answer.content ?? "";
      const assistant: LoopMessage = {
        role: "assistant",
        content: answer.content ?? null,
        toolCalls: calls.length ? calls : null,
      };
      if (calls.length === 0) {
        await session.recordRound([assistant]);
        conversation.push({ role: "assistant", content: answer.content ?? null });
        finished = true;
        break;
      }
      const toolMessages: LoopMessage[] = [];
      for (const call of calls) {
        const invocation = await this.runToolCall(session, current.host, context.tools, call);
        invocations.push(invocation);
        await session.recordInvocation(invocation);
        toolMessages.push({ role: "tool", content: toolMessageContent(invocation), toolCallId: call.id });
      }
      await session.recordRound([assistant, ...toolMessages]);
      conversation.push(
        { role: "assistant", content: answer.content ?? null, tool_calls: calls },
        ...toolMessages.map((t) => ({ role: "tool" as const, tool_call_id: t.toolCallId!, content: t.content ?? "" })),
      );
    }
    if (!finished) warnings.add(TOOL_ROUNDS_EXHAUSTED);
    return { reply, invocations, warnings: [...warnings], systemPrompt };
  }

  /** Runs one tool call of the model against the tools offered in its round. */
  private async runToolCall(
    session: ToolLoopSession,
    host: ToolHost,
    offered: readonly OfferedTool[],
    call: ModelToolCall,
  ): Promise<LoopInvocation> {
    const started = performance.now();
    const tool = offered.find((t) => t.name === call.function.name);
    const args = parseArguments(call.function.arguments);
    let outcome: ToolOutcome;
    let mocked = false;
    if (!tool) {
      const names = offered.map((t) => t.name).join(", ") || "none";
      outcome = {
        status: "error",
        result: null,
        error: `No tool named '${call.function.name}' is offered; offered: ${names}.`,
      };
    } else if (typeof args === "string") {
      outcome = { status: "error", result: null, error: args };
    } else {
      // load_skill is not checked against its schema: an unknown name is answered with the skills (TX-3, RT-3).
      const problems = tool.name === LOAD_SKILL ? [] : this.tools.argumentProblems(tool, args);
      const stand = problems.length > 0 ? null : (session.intercept?.(tool, args) ?? null);
      mocked = stand?.mocked ?? false;
      outcome =
        problems.length > 0
          ? { status: "error", result: null, error: problems.map((p) => p.message).join(" ") }
          : (stand?.outcome ?? (await this.tools.execute(host, tool, args)));
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
      mocked,
    };
  }
}
