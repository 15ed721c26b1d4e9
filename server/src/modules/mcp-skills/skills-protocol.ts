import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** SEP-2640 (final) names: the extension's identifier and its two methods (`skills/` is reserved for it). */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

const requestMeta = z.object({}).passthrough().optional();

export const ListSkillsRequestSchema = z.object({
  method: z.literal("skills/list"),
  params: z.object({ cursor: z.string().optional(), _meta: requestMeta }).passthrough().optional(),
});

export const GetSkillRequestSchema = z.object({
  method: z.literal("skills/get"),
  params: z.object({ uri: z.string(), _meta: requestMeta }).passthrough(),
});

/**
 * CacheableResult hints (SEP-2549) the extension requires on both results. Entries depend on the caller's key, so
 * the scope is private; clients with an open session are told of changes by `notifications/resources/list_changed`.
 */
export const CACHE_HINTS = { resultType: "complete", ttlMs: 60_000, cacheScope: "private" } as const;

/**
 * A request schema that takes any params of `method`, for `setRequestHandler`: the SDK parses a request with the
 * handler's schema before the handler runs, and a mismatch reaches the client as an internal error (-32603) with
 * zod's issue list. Handlers registered with it check their params with `checked`.
 */
export const anyParams = <M extends string>(method: M) =>
  z.object({ method: z.literal(method), params: z.unknown().optional() }).passthrough();

/** `request` as `schema` reads it; a mismatch is Invalid params (-32602) with a sentence naming each field. */
export function checked<T>(schema: z.ZodType<T>, request: { method: string }): T {
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.join(".") || "the request";
    return issue.code === "invalid_type" ? `${field} must be a ${issue.expected}` : `${field} is not valid`;
  });
  throw new McpError(ErrorCode.InvalidParams, `The ${request.method} request is refused: ${problems.join("; ")}.`);
}
