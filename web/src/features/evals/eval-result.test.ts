import { describe, expect, it } from "vitest";
import { expectationSummary, failureReason, lastReply, transcriptRows } from "./eval-result";

// A result as the eval executor stores it: load_skill, then a tool that is not offered, then the reply.
const transcript = [
  { role: "system", content: "You help with bills." },
  { role: "user", content: "Why is my bill so high?" },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "c1", type: "function", function: { name: "load_skill", arguments: '{"name":"explain-bill"}' } },
      { id: "c2", type: "function", function: { name: "get_invoices", arguments: '{"limit":2}' } },
    ],
  },
  { role: "tool", tool_call_id: "c1", content: '{"status":"LOADED","skill":"explain-bill"}' },
  { role: "tool", tool_call_id: "c2", content: '{"status":"error","error":"No tool named get_invoices is offered."}' },
  { role: "assistant", content: "Your bill went up because of the new rate." },
];
const toolCalls = [
  {
    tool: "load_skill",
    arguments: { name: "explain-bill" },
    result: { status: "LOADED", skill: "explain-bill" },
    mocked: false,
  },
  {
    tool: "get_invoices",
    arguments: { limit: 2 },
    result: { status: "error", error: "No tool named get_invoices is offered." },
    mocked: false,
  },
];

describe("an eval result read for the run page", () => {
  it("EV-3 shows the conversation as rows: each tool call with its outcome, tool messages folded in", () => {
    const rows = transcriptRows(transcript, toolCalls);
    expect(rows.map((r) => r.kind)).toEqual(["system", "user", "tool", "tool", "assistant"]);
    expect(rows[1]).toEqual({ kind: "user", text: "Why is my bill so high?" });
    expect(rows[2]).toEqual({
      kind: "tool",
      call: {
        tool: "load_skill",
        arguments: { name: "explain-bill" },
        mocked: false,
        // a loaded skill's own status is a result, not a failure
        outcome: { ok: true, result: { status: "LOADED", skill: "explain-bill" } },
      },
    });
    expect(rows[3]).toMatchObject({
      call: {
        tool: "get_invoices",
        outcome: { ok: false, status: "error", error: "No tool named get_invoices is offered." },
      },
    });
  });

  it("EV-2 a call without its toolCalls entry takes its arguments and result from the transcript", () => {
    const rows = transcriptRows(transcript, []);
    expect(rows[3]).toMatchObject({
      call: {
        tool: "get_invoices",
        arguments: { limit: 2 },
        outcome: { ok: false, error: "No tool named get_invoices is offered." },
      },
    });
  });

  it("EV-3 says why a function_call expectation failed: never called, or called with other arguments", () => {
    const never = { kind: "FUNCTION_CALL", tool: "refund", arguments: {}, passed: false };
    expect(failureReason(never, toolCalls, transcript)).toBe(
      "refund was never called (calls: load_skill, get_invoices).",
    );
    const other = { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "refunds" }, passed: false };
    expect(failureReason(other, toolCalls, transcript)).toBe(
      'load_skill was called once, never with arguments including {"name":"refunds"} (called with {"name":"explain-bill"}).',
    );
    expect(failureReason({ ...other, passed: true }, toolCalls, transcript)).toBeNull();
  });

  it("says why a reply expectation failed, quoting the last reply", () => {
    expect(lastReply(transcript)).toBe("Your bill went up because of the new rate.");
    expect(failureReason({ kind: "REPLY_CONTAINS", text: "discount", passed: false }, toolCalls, transcript)).toBe(
      "The last reply does not contain “discount”: it was “Your bill went up because of the new rate.”.",
    );
    expect(failureReason({ kind: "REPLY_NOT_CONTAINS", text: "rate", passed: false }, [], [])).toBe(
      "The last reply contains “rate”: it was empty.",
    );
  });

  it("sums up the expectations for the results table", () => {
    expect(
      expectationSummary([
        { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "explain-bill" }, passed: true },
        { kind: "REPLY_CONTAINS", text: "total", passed: false },
      ]),
    ).toBe("1/2 met · ✗ The last reply contains “total”");
  });
});
