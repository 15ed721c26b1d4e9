import { describe, expect, it } from "vitest";
import { lastReply } from "../../shared/conversation/transcript";
import { toolCalls, transcript } from "../../test/eval-transcript";
import { expectationSummary, failureReason } from "./eval-result";

describe("an eval result read for the run page", () => {
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
