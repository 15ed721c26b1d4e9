// A conversation as the console shows it (an eval result's transcript, a chat session's messages): OpenAI messages
// read into rows, each tool call paired with what it returned.

/** A `toolCalls` entry (api.md): `{ tool, arguments, result, mocked }`; a failed call's result is `{ status, error }`. */
export interface ToolCallEntry {
  tool: string;
  arguments: unknown;
  result: unknown;
  mocked: boolean;
}

/** A tool call as shown: what ran, its outcome and, when it failed, why. */
export interface ShownToolCall {
  tool: string;
  arguments: unknown;
  mocked: boolean;
  /** ok: the tool's result; otherwise what the runner said ("error", "refused", "timeout" …) and the message. */
  outcome: { ok: true; result: unknown } | { ok: false; status: string; error: string; result: unknown };
}

export type TranscriptRow =
  | { kind: "system"; text: string }
  | { kind: "user"; text: string }
  | { kind: "assistant"; text: string }
  | { kind: "tool"; call: ShownToolCall };

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part) => (isObject(part) && typeof part.text === "string" ? part.text : "")).join("")
      : "";

/** A failed call's result as the executor stores it: `{ status, error, result? }` and nothing else. */
function outcomeOf(result: unknown): ShownToolCall["outcome"] {
  if (
    isObject(result) &&
    typeof result.status === "string" &&
    typeof result.error === "string" &&
    Object.keys(result).every((k) => k === "status" || k === "error" || k === "result")
  ) {
    return { ok: false, status: result.status, error: result.error, result: result.result ?? null };
  }
  return { ok: true, result };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The transcript (OpenAI messages, system prompt first) as rows. The model's tool calls are run in order, one
 * `toolCalls` entry each, so the n-th call of the transcript is the n-th entry; the tool messages that answered them
 * are folded into the call's row (one only stands alone when its entry is missing).
 */
export function transcriptRows(transcript: unknown, toolCalls: unknown): TranscriptRow[] {
  const messages = Array.isArray(transcript) ? transcript.filter(isObject) : [];
  const entries = (Array.isArray(toolCalls) ? toolCalls.filter(isObject) : []) as unknown as ToolCallEntry[];
  const rows: TranscriptRow[] = [];
  const answered = new Map<string, number>(); // tool_call_id → index of its row
  let next = 0;
  for (const m of messages) {
    const text = textOf(m.content);
    if (m.role === "system") rows.push({ kind: "system", text });
    else if (m.role === "user") rows.push({ kind: "user", text });
    else if (m.role === "assistant") {
      if (text.trim()) rows.push({ kind: "assistant", text });
      const calls = Array.isArray(m.tool_calls) ? m.tool_calls.filter(isObject) : [];
      for (const c of calls) {
        const fn = isObject(c.function) ? c.function : {};
        const entry = entries[next++];
        const call: ShownToolCall = entry
          ? { tool: entry.tool, arguments: entry.arguments, mocked: entry.mocked, outcome: outcomeOf(entry.result) }
          : {
              tool: typeof fn.name === "string" ? fn.name : "?",
              arguments: typeof fn.arguments === "string" ? parseJson(fn.arguments) : fn.arguments,
              mocked: false,
              outcome: { ok: true, result: undefined },
            };
        if (typeof c.id === "string" && !entry) answered.set(c.id, rows.length);
        rows.push({ kind: "tool", call });
      }
    } else if (m.role === "tool") {
      // Only a call without its entry takes its result from here.
      const at = typeof m.tool_call_id === "string" ? answered.get(m.tool_call_id) : undefined;
      const row = at === undefined ? undefined : rows[at];
      if (row?.kind === "tool") row.call.outcome = outcomeOf(parseJson(text));
    }
  }
  return rows;
}

/** What the judge compared REPLY_* expectations with: the last assistant message's text. */
export function lastReply(transcript: unknown): string {
  const messages = Array.isArray(transcript) ? transcript.filter(isObject) : [];
  const last = messages.filter((m) => m.role === "assistant").at(-1);
  return last ? textOf(last.content) : "";
}

/** One line of JSON, cut to `max` characters: the summary of a collapsed block. */
export function oneLine(value: unknown, max = 80): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
