import { z } from "zod";
import type { ChatMessage } from "./gateway-messages";
import { badRequest } from "./gateway-errors";
import type { OpenAiTool } from "./served-agent";

const toolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

const message = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.unknown().optional(),
  tool_calls: z.array(toolCall).optional(),
  tool_call_id: z.string().optional(),
});

const clientTool = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1).max(64),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

const body = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z.array(message).min(1).max(10_000),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  tools: z.array(clientTool).max(128).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

/** Sampling and format options that travel to the upstream model as the client sent them. */
const PASSED_THROUGH = [
  "temperature",
  "top_p",
  "max_tokens",
  "max_completion_tokens",
  "presence_penalty",
  "frequency_penalty",
  "stop",
  "seed",
  "tool_choice",
  "parallel_tool_calls",
  "response_format",
  "user",
  "logit_bias",
  "reasoning_effort",
] as const;

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  /** `stream_options.include_usage`: the stream ends with a chunk holding the turn's token usage. */
  includeUsage: boolean;
  clientTools: OpenAiTool[];
  metadata: Record<string, unknown> | undefined;
  passthrough: Record<string, unknown>;
}

type Body = z.infer<typeof body>;

const ROLES: ReadonlySet<unknown> = new Set(message.shape.role.options);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isFlag = (value: unknown) => value === undefined || value === null || typeof value === "boolean";

function isToolCall(call: unknown): boolean {
  if (!isRecord(call) || typeof call.id !== "string" || call.type !== "function") return false;
  const fn = call.function;
  return isRecord(fn) && typeof fn.name === "string" && typeof fn.arguments === "string";
}

function isMessage(m: unknown): boolean {
  if (!isRecord(m) || !ROLES.has(m.role)) return false;
  if (m.tool_call_id !== undefined && typeof m.tool_call_id !== "string") return false;
  return m.tool_calls === undefined || (Array.isArray(m.tool_calls) && m.tool_calls.every(isToolCall));
}

/**
 * The common body (no client tools) checked by hand, without zod's copy of every message; anything it
 * does not plainly accept goes to the zod schema above, which stays the reference (and words every refusal).
 */
function commonBody(raw: Record<string, unknown>): Body | null {
  const { model, messages, stream_options: options } = raw;
  if (typeof model !== "string" || model.length < 1 || model.length > 200) return null;
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 10_000) return null;
  if (!isFlag(raw.stream) || (raw.tools !== undefined && raw.tools !== null)) return null;
  if (options !== undefined && options !== null && !(isRecord(options) && isFlag(options.include_usage))) return null;
  if (raw.metadata !== undefined && raw.metadata !== null && !isRecord(raw.metadata)) return null;
  if (!messages.every(isMessage)) return null;
  return { ...raw, messages: [...messages] } as Body;
}

/** A chat completions body, or a 400 naming every field that is wrong and what is accepted. */
export function parseChatRequest(raw: unknown): ChatRequest {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw badRequest("invalid_request", "The request body must be a JSON object with 'model' and 'messages'.");
  unsupported(raw as Record<string, unknown>);
  const common = commonBody(raw as Record<string, unknown>);
  return common ? chatRequestOf(common) : parseStrictly(raw);
}

/**
 * What the gateway cannot honour is refused, never silently dropped: `n` above 1 (one tool loop answers one choice)
 * and a session id that is not a string (GW-4: the turn would otherwise start a new session and lose its skills).
 */
function unsupported(raw: Record<string, unknown>): void {
  if (raw.n !== undefined && raw.n !== null && raw.n !== 1)
    throw badRequest(
      "invalid_request",
      `'n' is ${JSON.stringify(raw.n)?.slice(0, 40)}: the gateway answers one choice per turn (its tool loop runs once); leave 'n' out or send 1.`,
    );
  const metadata = raw.metadata;
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return;
  const sessionId = (metadata as Record<string, unknown>).chat_session_id;
  if (sessionId !== undefined && sessionId !== null && typeof sessionId !== "string")
    throw badRequest(
      "invalid_request",
      `metadata.chat_session_id must be a string (the chat session id), not ${Array.isArray(sessionId) ? "a list" : `a ${typeof sessionId}`}.`,
    );
}

/** parseChatRequest through the zod schema only (the reference the common path is tested against). */
export function parseStrictly(raw: unknown): ChatRequest {
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => {
      const where = issue.path
        .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
        .join("")
        .replace(/^\./, "");
      return `${where || "body"}: ${issue.message}`;
    });
    throw badRequest(
      "invalid_request",
      `The request body is not a chat completions request: ${problems.join("; ")}. It needs 'model' (an agent's name) and 'messages' (a non-empty list of { role, content }).`,
    );
  }
  return chatRequestOf(parsed.data);
}

function chatRequestOf(data: Body): ChatRequest {
  const passthrough: Record<string, unknown> = {};
  for (const key of PASSED_THROUGH) if (data[key] !== undefined) passthrough[key] = data[key];
  const includeUsage = data.stream === true && data.stream_options?.include_usage === true;
  if (includeUsage) passthrough.stream_options = { include_usage: true };
  return {
    model: data.model,
    messages: data.messages as ChatMessage[],
    stream: data.stream === true,
    includeUsage,
    clientTools: (data.tools ?? []) as OpenAiTool[],
    metadata: data.metadata ?? undefined,
    passthrough,
  };
}
