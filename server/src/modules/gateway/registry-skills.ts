import { LruCache } from "../../platform/cache/lru-cache";
import type { ResolvedSkill } from "../runtime";
import type { SkillReader } from "../skills";
import { insidePath, type FileRead, type GatewaySkill } from "./gateway-skills";

const SKILL_MD = "SKILL.md";
/** File texts by SHA-256: content-addressed, so never stale; bounded by count and by the size of what is kept. */
const texts = new LruCache<string, string>(2_000);
const MAX_CACHED_TEXT = 256 * 1024;
const MAX_KEPT_PATHS = 64;

/**
 * GW-3: a stored agent's skills as calls resolve them (published versions, pins, the skill library), served from
 * the registry: files are the version's bundle.
 */
export function registrySkill(resolved: ResolvedSkill, sourceProjectId: string, skills: SkillReader): GatewaySkill {
  // A published version never changes: its file list is read once per skill object (the caller keeps one per version).
  let listing: Promise<Array<{ path: string; sha256: string }>> | null = null;
  /** The listing once it has been read (what the synchronous reads answer from). */
  let listed: Array<{ path: string; sha256: string }> | undefined;
  const files = () => {
    listing ??= skills
      .filesOf(sourceProjectId, [resolved.id])
      .then((rows) => (listed = rows.sort((a, b) => a.path.localeCompare(b.path))));
    listing.catch(() => (listing = null));
    return listing;
  };
  /** Each replayed file's path made canonical once per skill, not on every turn (bounded). */
  const canonical = new LruCache<string, string | null>(MAX_KEPT_PATHS);
  const inside = (path: string): string | null => {
    let found = canonical.get(path);
    if (found === undefined) {
      found = insidePath(path);
      canonical.set(path, found);
    }
    return found;
  };
  let loaded: { instructions: string; files: string[] } | undefined;
  let skillMd: string | undefined;
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
        if (text !== null && text.length <= MAX_CACHED_TEXT) skillMd = text;
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
    loadedNow: () => loaded,
    // Only texts already read: refusals and missing files take the path above (it tells them apart).
    readFileNow: (path: string): FileRead | undefined => {
      const canonicalPath = inside(path);
      if (canonicalPath === null) return undefined;
      if (canonicalPath === SKILL_MD) return skillMd === undefined ? undefined : { kind: "text", text: skillMd };
      const file = listed?.find((f) => f.path === canonicalPath);
      const text = file ? texts.get(file.sha256) : undefined;
      return text === undefined ? undefined : { kind: "text", text };
    },
  };
}
