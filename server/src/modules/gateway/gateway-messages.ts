import { LruCache } from "../../platform/cache/lru-cache";
import type { SkillInvocation } from "../../platform/session-store";

// The OpenAI chat messages as the gateway handles them: only the fields it reads are typed, every other field the
// client sent (names, images, audio…) travels to the upstream model unchanged.

export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  [field: string]: unknown;
}

export const LOAD_SKILL = "load_skill";
export const READ_SKILL_FILE = "read_skill_file";
export const GATEWAY_TOOLS: readonly string[] = [LOAD_SKILL, READ_SKILL_FILE];

/** GW-7: at most this much skill content is replayed into one turn. */
export const REPLAY_BUDGET_BYTES = 256 * 1024;

export function userMessageCount(messages: readonly ChatMessage[]): number {
  return messages.filter((m) => m.role === "user").length;
}

/**
 * GW-8: a client that echoes the agent's load_skill/read_skill_file calls would get the content twice (the log
 * replays them): those calls, and the tool messages answering them, are dropped. An assistant message left with
 * neither content nor calls goes too.
 */
export function dropEchoedSkillCalls(messages: readonly ChatMessage[]): ChatMessage[] {
  const dropped = new Set<string>();
  const kept: ChatMessage[] = [];
  for (const message of messages) {
    if (message.role === "assistant" && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      const others = message.tool_calls.filter((call) => {
        const ours = GATEWAY_TOOLS.includes(call.function?.name);
        if (ours) dropped.add(call.id);
        return !ours;
      });
      if (others.length === message.tool_calls.length) kept.push(message);
      else if (others.length > 0) kept.push({ ...message, tool_calls: others });
      else if (hasContent(message.content)) {
        const { tool_calls: _calls, ...rest } = message;
        kept.push(rest);
      }
      continue;
    }
    if (message.role === "tool" && message.tool_call_id && dropped.has(message.tool_call_id)) continue;
    kept.push(message);
  }
  return kept;
}

function hasContent(content: unknown): boolean {
  if (typeof content === "string") return content.length > 0;
  return Array.isArray(content) && content.length > 0;
}

/** GW-5: replay only when a non-system message comes before the last one (a first message gets nothing). */
export function continuesAConversation(messages: readonly ChatMessage[]): boolean {
  return messages.slice(0, -1).some((m) => m.role !== "system");
}

export interface ReplayItem {
  invocation: SkillInvocation;
  /** The tool result as the agent would get it now (content re-read), or null: the skill is not configured now. */
  content: string | null;
}

export interface Replay {
  messages: ChatMessage[];
  /** What went in, in log order (GW-9's event lists them). */
  replayed: SkillInvocation[];
}

/**
 * GW-5, GW-7: each logged invocation goes back into the history where the agent first made it — after the k-th user
 * message (k = the user messages when it was recorded; after the last one when the history is now shorter) — as the
 * assistant's tool call and the tool's answer. The budget is spent newest first; what does not fit is skipped.
 */
export function replayInto(messages: readonly ChatMessage[], items: readonly ReplayItem[]): Replay {
  let budget = REPLAY_BUDGET_BYTES;
  // A UTF-16 unit is at most 3 bytes of UTF-8: when that bound of the whole fits, every item fits (most
  // turns then measure no text).
  let bound = 0;
  for (const item of items) if (item.content !== null) bound += item.content.length * 3;
  const measured = bound > budget;
  const chosen = new Set<number>();
  for (let i = items.length - 1; i >= 0; i--) {
    const content = items[i]!.content;
    if (content === null) continue;
    if (measured) {
      const size = Buffer.byteLength(content, "utf8");
      if (size > budget) continue;
      budget -= size;
    }
    chosen.add(i);
  }
  const users = userMessageCount(messages);
  const byPoint = new Map<number, Array<{ item: ReplayItem; index: number }>>();
  items.forEach((item, index) => {
    if (!chosen.has(index)) return;
    const point = Math.max(1, Math.min(item.invocation.userMessageIndex, users));
    const at = byPoint.get(point);
    if (at) at.push({ item, index });
    else byPoint.set(point, [{ item, index }]);
  });
  const out: ChatMessage[] = [];
  let seen = 0;
  for (const message of messages) {
    out.push(message);
    if (message.role !== "user") continue;
    seen += 1;
    for (const { item, index } of byPoint.get(seen) ?? [])
      out.push(...replayPair(index, item.invocation, item.content!));
  }
  return { messages: out, replayed: items.filter((_, i) => chosen.has(i)).map((item) => item.invocation) };
}

/**
 * A replayed call and its answer, as the same frozen messages every turn while the call and its content stay the
 * same: what is built from a frozen message (its encoding in the model request) is kept with it.
 */
const replayPairs = new LruCache<string, { content: string; messages: readonly [ChatMessage, ChatMessage] }>(4096);
/** The same, by a frozen invocation (what the stores hand out): no key built per turn. */
const pairsByInvocation = new WeakMap<
  SkillInvocation,
  { index: number; content: string; messages: readonly [ChatMessage, ChatMessage] }
>();

function replayPair(index: number, invocation: SkillInvocation, content: string): readonly [ChatMessage, ChatMessage] {
  const frozen = Object.isFrozen(invocation) && Object.isFrozen(invocation.arguments);
  if (frozen) {
    const kept = pairsByInvocation.get(invocation);
    if (kept && kept.index === index && kept.content === content) return kept.messages;
  }
  const messages = keyedReplayPair(index, invocation, content);
  if (frozen) pairsByInvocation.set(invocation, { index, content, messages });
  return messages;
}

function keyedReplayPair(
  index: number,
  invocation: SkillInvocation,
  content: string,
): readonly [ChatMessage, ChatMessage] {
  const id = `call_replay_${index}`;
  const args = JSON.stringify(invocation.arguments);
  const key = `${id}\u0000${invocation.tool}\u0000${args}`;
  const kept = replayPairs.get(key);
  if (kept && kept.content === content) return kept.messages;
  const call: ToolCall = Object.freeze({
    id,
    type: "function" as const,
    function: Object.freeze({ name: invocation.tool, arguments: args }),
  });
  const messages = [
    Object.freeze({ role: "assistant", content: null, tool_calls: Object.freeze([call]) as ToolCall[] }),
    Object.freeze({ role: "tool", tool_call_id: id, content }),
  ] as const;
  replayPairs.set(key, { content, messages });
  return messages;
}

export const MAX_SESSION_ID_LENGTH = 256;

/**
 * GW-4: metadata.chat_session_id, then X-Chat-Session-Id, then x-openwebui-chat-id, then a new id. Each source is
 * read only when those before it gave nothing (`header` may refuse a header it cannot read as one value).
 */
export function sessionIdOf(
  metadata: unknown,
  header: (name: string) => string | undefined,
  generate: () => string,
): string {
  const sources = [
    () =>
      metadata && typeof metadata === "object" ? (metadata as Record<string, unknown>).chat_session_id : undefined,
    () => header("X-Chat-Session-Id"),
    () => header("x-openwebui-chat-id"),
  ];
  for (const source of sources) {
    const candidate = source();
    if (typeof candidate === "string" && candidate.length > 0) return candidate;
  }
  return generate();
}
