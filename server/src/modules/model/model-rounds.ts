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

interface CallDelta {
  index?: unknown;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/**
 * The tool calls of a stream, gathered from their deltas by `index`, which comes from the model endpoint: kept by key,
 * never as an array position (an index of 4294967294 made a sparse array whose every hole was walked, blocking the
 * process for minutes; one past the array range, or none — as some compatible servers stream — was lost). A delta
 * without a usable index continues the call before it, unless it names a new id.
 */
class StreamedCalls {
  private readonly slots = new Map<number | string, { id: string; name: string; arguments: string }>();
  private last: { id: string; name: string; arguments: string } | undefined;

  add(delta: CallDelta): void {
    const index = delta.index;
    let slot: { id: string; name: string; arguments: string } | undefined;
    if (typeof index === "number" && Number.isFinite(index)) {
      slot = this.slots.get(index);
      if (!slot) this.slots.set(index, (slot = { id: "", name: "", arguments: "" }));
    } else if (this.last && (!delta.id || !this.last.id || delta.id === this.last.id)) {
      slot = this.last;
    } else {
      slot = { id: "", name: "", arguments: "" };
      this.slots.set(`unindexed:${this.slots.size}`, slot);
    }
    this.last = slot;
    if (delta.id) slot.id = delta.id;
    if (delta.function?.name) slot.name += delta.function.name;
    if (delta.function?.arguments) slot.arguments += delta.function.arguments;
  }

  /** By index; calls streamed without one where they came. */
  inOrder(): Array<{ id: string; name: string; arguments: string }> {
    const indexed = [...this.slots].filter(([key]) => typeof key === "number") as Array<
      [number, { id: string; name: string; arguments: string }]
    >;
    indexed.sort(([a], [b]) => a - b);
    if (indexed.length === this.slots.size) return indexed.map(([, slot]) => slot);
    // Mixed: keep arrival order (a Map's), which is the order the endpoint meant.
    return [...this.slots.values()];
  }
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
    const calls = new StreamedCalls();
    for await (const chunk of model.stream(endpoint, request, { signal, trace })) {
      usage = usageOf(chunk.usage) ?? usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.content) {
        content += choice.delta.content;
        onContent(choice.delta.content);
      }
      for (const delta of choice.delta?.tool_calls ?? []) calls.add(delta);
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    const toolCalls = functionCalls(
      calls
        .inOrder()
        .map((c) => ({ id: c.id || undefined, type: "function", function: { name: c.name, arguments: c.arguments } })),
    );
    return { content: content.length > 0 ? content : null, toolCalls, finishReason, usage };
  };
}
