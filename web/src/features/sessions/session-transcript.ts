import type { ToolCallEntry } from "../../shared/conversation/transcript";

interface SessionMessage {
  role: string;
  content?: string | null;
  toolCalls?: unknown;
  toolCallId?: string | null;
}

interface SessionToolRun {
  tool: string;
  arguments: unknown;
  status: string;
  result?: unknown;
  error?: string | null;
}

/**
 * A chat session read as the eval run page reads a result (UX-9): its stored messages as OpenAI messages, and its
 * tool runs, in the order the model called them, as the entries each call is paired with. A run that did not
 * succeed carries its status and error, as an eval's failed call does.
 */
export function sessionTranscript(messages: readonly SessionMessage[], runs: readonly SessionToolRun[]) {
  const transcript = messages.map((m) => ({
    role: m.role,
    content: m.content ?? null,
    ...(Array.isArray(m.toolCalls) && m.toolCalls.length > 0 ? { tool_calls: m.toolCalls } : {}),
    ...(m.toolCallId ? { tool_call_id: m.toolCallId } : {}),
  }));
  const toolCalls: ToolCallEntry[] = runs.map((r) => ({
    tool: r.tool,
    arguments: r.arguments,
    result: r.status === "ok" ? r.result : { status: r.status, error: r.error ?? r.status },
    mocked: false,
  }));
  return { transcript, toolCalls };
}

/** The first thing the user said (the server's `firstUserMessage`), cut to one line: what a session is about, in a list. */
export function firstUserLine(text: string | null | undefined, max = 90): string {
  const line = text?.replace(/\s+/g, " ").trim() ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
