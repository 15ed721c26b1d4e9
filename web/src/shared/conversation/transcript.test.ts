import { describe, expect, it } from "vitest";
import { toolCalls, transcript } from "../../test/eval-transcript";
import { transcriptRows } from "./transcript";

describe("a conversation read into rows (eval results, chat sessions)", () => {
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
});
