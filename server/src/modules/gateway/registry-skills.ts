import { LruCache } from "../../platform/cache/lru-cache";
import type { ResolvedSkill } from "../runtime";
import type { SkillReader } from "../skills";
import { insidePath, type FileRead, type GatewaySkill } from "./gateway-skills";

const SKILL_MD = "SKILL.md";
/** File texts by SHA-256: content-addressed, so never stale; bounded by count and by the size of what is kept. */
const texts = new LruCache<string, string>(2_000);
const MAX_CACHED_TEXT = 256 * 1024;

/**
 * GW-3: a stored agent's skills as calls resolve them (published versions, pins, the skill library), served from
 * the registry: files are the version's bundle.
 */
export function registrySkill(resolved: ResolvedSkill, sourceProjectId: string, skills: SkillReader): GatewaySkill {
  // A published version never changes: its file list is read once per skill object (the caller keeps one per version).
  let listing: Promise<Array<{ path: string; sha256: string }>> | null = null;
  const files = () => {
    listing ??= skills
      .filesOf(sourceProjectId, [resolved.id])
      .then((rows) => rows.sort((a, b) => a.path.localeCompare(b.path)));
    listing.catch(() => (listing = null));
    return listing;
  };
  let loaded: { instructions: string; files: string[] } | undefined;
  return {
    name: resolved.name,
    description: resolved.description,
    tools: resolved.tools,
    toolSecret: (tool) => skills.toolSecretOf(sourceProjectId, resolved.id, tool),
    // The same object every time (a published version never changes), so what is built from it can be kept.
    load: async () =>
      (loaded ??= { instructions: resolved.instructions, files: [SKILL_MD, ...(await files()).map((f) => f.path)] }),
    readFile: async (path: string): Promise<FileRead> => {
      const inside = insidePath(path);
      if (inside === null) return { kind: "refused" };
      if (inside === SKILL_MD) {
        const text = await skills.skillMdOf(sourceProjectId, resolved.id);
        return text === null ? { kind: "missing" } : { kind: "text", text };
      }
      const file = (await files()).find((f) => f.path === inside);
      if (!file) return { kind: "missing" };
      const cached = texts.get(file.sha256);
      if (cached !== undefined) return { kind: "text", text: cached };
      const [blob] = await skills.blobsOf(sourceProjectId, [file.sha256]);
      if (!blob) return { kind: "missing" };
      const text = Buffer.from(blob.contentBase64, "base64").toString("utf8");
      if (text.length <= MAX_CACHED_TEXT) texts.set(file.sha256, text);
      return { kind: "text", text };
    },
  };
}
