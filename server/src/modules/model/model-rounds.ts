import { randomUUID } from "node:crypto";
import type { CancelSignal } from "../../platform/outbound/cancellation";
import type { TraceParent } from "../../platform/telemetry";
import type { ModelClient, ModelEndpoint, ModelRequest } from "./model-client";

/** A function call of the model's answer, as the tool loop runs it and the OpenAI wire carries it. */
export interface ModelToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** One model answer of a tool loop's round, streamed or not. */
export interface RoundAnswer {
  content: string | null;
  toolCalls: ModelToolCall[];
  finishReason: string;
  /** The upstream's completion (non-streaming rounds). */
  completion?: unknown;
  /** Token usage as the upstream reported it (for a whole loop: summed over its rounds); null when it did not. */
  usage: TokenUsage | null;
}

/** Asks the model one round: a whole completion, or a stream whose text goes out as it arrives. */
export type RoundRunner = (endpoint: ModelEndpoint | null, request: ModelRequest) => Promise<RoundAnswer>;

export function addUsage(sum: TokenUsage | null, next: TokenUsage | null): TokenUsage | null {
  if (!next) return sum;
  if (!sum) return { ...next };
  return {
    prompt_tokens: sum.prompt_tokens + next.prompt_tokens,
    completion_tokens: sum.completion_tokens + next.completion_tokens,
    total_tokens: sum.total_tokens + next.total_tokens,
  };
}

function usageOf(value: unknown): TokenUsage | null {
  const u = value as Partial<TokenUsage> | null | undefined;
  if (!u || typeof u.prompt_tokens !== "number" || typeof u.completion_tokens !== "number") return null;
  return {
    prompt_tokens: u.prompt_tokens,
    completion_tokens: u.completion_tokens,
    total_tokens: typeof u.total_tokens === "number" ? u.total_tokens : u.prompt_tokens + u.completion_tokens,
  };
}

function functionCalls(calls: unknown): ModelToolCall[] {
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((c: { id?: string; type?: string; function?: { name?: string; arguments?: string } }) =>
    c?.type === "function" && c.function?.name
      ? [
          {
            id: c.id ?? `call_${randomUUID()}`,
            type: "function" as const,
            function: { name: c.function.name, arguments: c.function.arguments ?? "" },
          },
        ]
      : [],
  );
}

/** A non-streaming round. */
export function completeRound(model: ModelClient, signal?: CancelSignal, trace?: TraceParent | null): RoundRunner {
  return async (endpoint, request) => {
    const completion = await model.complete(endpoint, request, { signal, trace });
    const choice = completion.choices[0]!;
    return {
      content: choice.message.content ?? null,
      toolCalls: functionCalls(choice.message.tool_calls),
      finishReason: choice.finish_reason,
      completion,
      usage: usageOf(completion.usage),
    };
  };
}

/** A streaming round: text goes to `onContent` as it arrives; tool calls are gathered from their deltas. */
export function streamRound(
  model: ModelClient,
  signal: CancelSignal | undefined,
  onContent: (delta: string) => void,
  trace?: TraceParent | null,
): RoundRunner {
  return async (endpoint, request) => {
    let content = "";
    let finishReason = "stop";
    let usage: TokenUsage | null = null;
    const calls: Array<{ id: string; name: string; arguments: string }> = [];
    for await (const chunk of model.stream(endpoint, request, { signal, trace })) {
      usage = usageOf(chunk.usage) ?? usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.content) {
        content += choice.delta.content;
        onContent(choice.delta.content);
      }
      for (const delta of choice.delta?.tool_calls ?? []) {
        const slot = (calls[delta.index] ??= { id: "", name: "", arguments: "" });
        if (delta.id) slot.id = delta.id;
        if (delta.function?.name) slot.name += delta.function.name;
        if (delta.function?.arguments) slot.arguments += delta.function.arguments;
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    const toolCalls = functionCalls(
      calls
        .filter(Boolean)
        .map((c) => ({ id: c.id || undefined, type: "function", function: { name: c.name, arguments: c.arguments } })),
    );
    return { content: content.length > 0 ? content : null, toolCalls, finishReason, usage };
  };
}
