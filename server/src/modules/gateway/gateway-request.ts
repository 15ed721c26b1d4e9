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

/** A chat completions body, or a 400 naming every field that is wrong and what is accepted. */
export function parseChatRequest(raw: unknown): ChatRequest {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw badRequest("invalid_request", "The request body must be a JSON object with 'model' and 'messages'.");
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
  const passthrough: Record<string, unknown> = {};
  for (const key of PASSED_THROUGH) if (parsed.data[key] !== undefined) passthrough[key] = parsed.data[key];
  const includeUsage = parsed.data.stream === true && parsed.data.stream_options?.include_usage === true;
  if (includeUsage) passthrough.stream_options = { include_usage: true };
  return {
    model: parsed.data.model,
    messages: parsed.data.messages as ChatMessage[],
    stream: parsed.data.stream === true,
    includeUsage,
    clientTools: (parsed.data.tools ?? []) as OpenAiTool[],
    metadata: parsed.data.metadata ?? undefined,
    passthrough,
  };
}
