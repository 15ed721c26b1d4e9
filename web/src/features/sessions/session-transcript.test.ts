import { describe, expect, it } from "vitest";
import { transcriptRows } from "../../shared/conversation/transcript";
import { firstUserLine, sessionTranscript } from "./session-transcript";

const messages = [
  { role: "user", content: "Why is my bill so high?", toolCalls: null, toolCallId: null },
  {
    role: "assistant",
    content: null,
    toolCalls: [
      { id: "c1", type: "function", function: { name: "load_skill", arguments: '{"name":"explain-bill"}' } },
      { id: "c2", type: "function", function: { name: "get_invoices", arguments: '{"account_id":"A-17"}' } },
    ],
    toolCallId: null,
  },
  { role: "tool", content: '{"status":"LOADED"}', toolCalls: null, toolCallId: "c1" },
  { role: "tool", content: "timed out", toolCalls: null, toolCallId: "c2" },
  { role: "assistant", content: "Your bill went up because of the new rate.", toolCalls: null, toolCallId: null },
];
const runs = [
  { tool: "load_skill", arguments: { name: "explain-bill" }, status: "ok", result: { status: "LOADED" }, error: null },
  {
    tool: "get_invoices",
    arguments: { account_id: "A-17" },
    status: "timeout",
    result: null,
    error: "No answer in 10 s.",
  },
];

describe("a chat session shown as a conversation (UX-9)", () => {
  it("UX-9 messages become bubbles and each tool call is paired with its run, a failed run with its error", () => {
    const { transcript, toolCalls } = sessionTranscript(messages, runs);
    const rows = transcriptRows(transcript, toolCalls);
    expect(rows.map((r) => r.kind)).toEqual(["user", "tool", "tool", "assistant"]);
    expect(rows[1]).toEqual({
      kind: "tool",
      call: {
        tool: "load_skill",
        arguments: { name: "explain-bill" },
        mocked: false,
        outcome: { ok: true, result: { status: "LOADED" } },
      },
    });
    expect(rows[2]).toMatchObject({
      call: { tool: "get_invoices", outcome: { ok: false, status: "timeout", error: "No answer in 10 s." } },
    });
    expect(rows[3]).toEqual({ kind: "assistant", text: "Your bill went up because of the new rate." });
  });

  it("UX-9 a list names a session by the first thing the user said, on one line", () => {
    expect(firstUserLine("Hello,\n  my   bill")).toBe("Hello, my bill");
    expect(firstUserLine(null)).toBe("");
    expect(firstUserLine("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
