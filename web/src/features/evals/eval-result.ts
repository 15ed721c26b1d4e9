// An eval result as the run page shows it: its conversation (shared/conversation) and each expectation with the
// reason it failed.
import { isObject, lastReply, oneLine, type ToolCallEntry } from "../../shared/conversation/transcript";

export interface JudgedExpectation {
  kind: string;
  tool?: string | null;
  arguments?: unknown;
  text?: string | null;
  passed: boolean;
}

const hasArguments = (e: JudgedExpectation) => isObject(e.arguments) && Object.keys(e.arguments).length > 0;

/** What the expectation asks, in words. */
export function expectationLabel(e: JudgedExpectation): string {
  if (e.kind === "FUNCTION_CALL")
    return `Calls ${e.tool ?? "?"}${hasArguments(e) ? ` with ${oneLine(e.arguments, 120)}` : ""}`;
  if (e.kind === "REPLY_CONTAINS") return `The last reply contains “${e.text ?? ""}”`;
  if (e.kind === "REPLY_NOT_CONTAINS") return `The last reply does not contain “${e.text ?? ""}”`;
  return e.kind;
}

/** Why a failed expectation failed, from what the iteration did; null when it passed. */
export function failureReason(e: JudgedExpectation, toolCalls: unknown, transcript: unknown): string | null {
  if (e.passed) return null;
  if (e.kind === "FUNCTION_CALL") {
    const entries = (Array.isArray(toolCalls) ? toolCalls.filter(isObject) : []) as unknown as ToolCallEntry[];
    const same = entries.filter((c) => c.tool === e.tool);
    const others = [...new Set(entries.map((c) => c.tool))];
    if (same.length === 0)
      return `${e.tool ?? "?"} was never called (${others.length ? `calls: ${others.join(", ")}` : "no tool was called"}).`;
    const seen = same.map((c) => oneLine(c.arguments, 120)).join("; ");
    return `${e.tool ?? "?"} was called ${same.length === 1 ? "once" : `${same.length} times`}, never with arguments including ${oneLine(e.arguments, 120)} (called with ${seen}).`;
  }
  const reply = lastReply(transcript);
  const quoted = reply.trim() ? `“${oneLine(reply, 160)}”` : "empty";
  if (e.kind === "REPLY_CONTAINS") return `The last reply does not contain “${e.text ?? ""}”: it was ${quoted}.`;
  if (e.kind === "REPLY_NOT_CONTAINS") return `The last reply contains “${e.text ?? ""}”: it was ${quoted}.`;
  return "Not met.";
}

/** The results table's summary: how many were met, and which were not. */
export function expectationSummary(expectations: JudgedExpectation[]): string {
  const met = expectations.filter((e) => e.passed).length;
  const missed = expectations.filter((e) => !e.passed).map((e) => `✗ ${expectationLabel(e)}`);
  return [`${met}/${expectations.length} met`, ...missed].join(" · ");
}
