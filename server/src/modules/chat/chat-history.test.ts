import { describe, expect, it } from "vitest";
import { conversationOf, type HistoryMessage } from "./chat-history";

const user = (content: string): HistoryMessage => ({ role: "user", content, toolCalls: null, toolCallId: null });
const assistant = (content: string | null, ...ids: string[]): HistoryMessage => ({
  role: "assistant",
  content,
  toolCalls: ids.length
    ? ids.map((id) => ({ id, type: "function", function: { name: "load_skill", arguments: "{}" } }))
    : null,
  toolCallId: null,
});
const tool = (id: string, content: string): HistoryMessage => ({
  role: "tool",
  content,
  toolCalls: null,
  toolCallId: id,
});

describe("conversationOf", () => {
  it("keeps a tool call group with its answers placed right after it, even when another reply interleaved", () => {
    const messages = [
      user("a"),
      user("b"),
      assistant(null, "c1"),
      assistant(null, "c2"),
      tool("c2", "two"),
      tool("c1", "one"),
    ];
    expect(conversationOf(messages)).toEqual([
      { role: "user", content: "a" },
      { role: "user", content: "b" },
      { role: "assistant", content: null, tool_calls: [expect.objectContaining({ id: "c1" })] },
      { role: "tool", tool_call_id: "c1", content: "one" },
      { role: "assistant", content: null, tool_calls: [expect.objectContaining({ id: "c2" })] },
      { role: "tool", tool_call_id: "c2", content: "two" },
    ]);
  });

  it("drops tool calls that lack an answer (keeping their text) and answers that match no kept call", () => {
    const messages = [user("a"), assistant("thinking", "c1", "c2"), tool("c1", "one"), tool("zz", "stray")];
    expect(conversationOf(messages)).toEqual([
      { role: "user", content: "a" },
      { role: "assistant", content: "thinking" },
    ]);
  });
});
