import type { ResolvedSkill } from "../runtime";
import type { SkillService } from "../skills";
import { insidePath, type FileRead, type GatewaySkill } from "./gateway-skills";

const SKILL_MD = "SKILL.md";

/**
 * GW-3: a stored agent's skills as calls resolve them (published versions, pins, the skill library), served from
 * the registry: files are the version's bundle.
 */
export function registrySkill(resolved: ResolvedSkill, skills: SkillService): GatewaySkill {
  // A published version never changes: its file list is read once per skill object (the caller keeps one per version).
  let listing: Promise<Array<{ path: string; sha256: string }>> | null = null;
  const files = () => {
    listing ??= skills.filesOf([resolved.id]).then((rows) => rows.sort((a, b) => a.path.localeCompare(b.path)));
    listing.catch(() => (listing = null));
    return listing;
  };
  return {
    name: resolved.name,
    description: resolved.description,
    tools: resolved.tools,
    versionId: resolved.id,
    load: async () => ({
      instructions: resolved.instructions,
      files: [SKILL_MD, ...(await files()).map((f) => f.path)],
    }),
    readFile: async (path: string): Promise<FileRead> => {
      const inside = insidePath(path);
      if (inside === null) return { kind: "refused" };
      if (inside === SKILL_MD) {
        const text = await skills.skillMdOf(resolved.id);
        return text === null ? { kind: "missing" } : { kind: "text", text };
      }
      const file = (await files()).find((f) => f.path === inside);
      if (!file) return { kind: "missing" };
      const [blob] = await skills.blobs([file.sha256]);
      if (!blob) return { kind: "missing" };
      return { kind: "text", text: Buffer.from(blob.contentBase64, "base64").toString("utf8") };
    },
  };
}
