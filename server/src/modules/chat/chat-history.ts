import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall } from "../model";

/** A stored message as the history needs it. */
export interface HistoryMessage {
  role: "user" | "assistant" | "tool";
  content: string | null;
  toolCalls: unknown[] | null;
  toolCallId: string | null;
}

function toolCallId(call: unknown): string | null {
  const id = (call as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
}

/**
 * The conversation in OpenAI message form, from stored messages in order. Replies answered at the same time
 * (TX-5) interleave in storage, and a reply that failed half-way leaves tool calls without answers: an assistant
 * message's tool calls are kept only when every one has its tool message (placed right after it, as the API
 * requires); otherwise only its text is kept. Tool messages that answer nothing kept are dropped.
 */
export function conversationOf(messages: readonly HistoryMessage[]): ChatCompletionMessageParam[] {
  const answers = new Map<string, HistoryMessage>();
  for (const message of messages) {
    if (message.role === "tool" && message.toolCallId) answers.set(message.toolCallId, message);
  }
  const out: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      out.push({ role: "user", content: message.content ?? "" });
      continue;
    }
    if (message.role !== "assistant") continue;
    const calls = message.toolCalls ?? [];
    const complete = calls.length > 0 && calls.every((call) => answers.has(toolCallId(call) ?? ""));
    if (!complete) {
      if (message.content) out.push({ role: "assistant", content: message.content });
      continue;
    }
    out.push({
      role: "assistant",
      content: message.content,
      tool_calls: calls as ChatCompletionMessageToolCall[],
    });
    for (const call of calls) {
      const id = toolCallId(call)!;
      out.push({ role: "tool", tool_call_id: id, content: answers.get(id)?.content ?? "" });
    }
  }
  return out;
}
