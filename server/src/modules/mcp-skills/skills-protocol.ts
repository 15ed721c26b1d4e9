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
