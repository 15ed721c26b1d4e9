import type { AuthContext } from "../auth";
import { diffByKey, diffLines, sameJson } from "./skill-diff";
import type { SkillService } from "./skill.service";
import type { SkillVersionEntity } from "./skill-version.entity";

const publicTool = (t: SkillVersionEntity["tools"][number]) => ({
  name: t.name,
  description: t.description,
  parameters: t.parameters,
  webhook_url: t.webhookUrl,
});

/** SV-8: two versions of a skill compared part by part. */
export class SkillDiffService {
  constructor(private readonly skills: SkillService) {}

  async diff(ctx: AuthContext, fromId: string, toId: string): Promise<Record<string, unknown>> {
    const [from, to] = await Promise.all([this.skills.getOrFail(ctx, fromId), this.skills.getOrFail(ctx, toId)]);
    const files = await this.skills.filesOf([from.id, to.id]);
    const filesOf = (id: string) =>
      files.filter((f) => f.versionId === id).map((f) => ({ path: f.path, size: f.size, sha256: f.sha256 }));
    const tools = diffByKey(from.tools.map(publicTool), to.tools.map(publicTool), (t) => t.name, sameJson);
    const bases = diffByKey(from.knowledgeBases, to.knowledgeBases, (k) => k.knowledgeBaseId, sameJson);
    const fileDiff = diffByKey(
      filesOf(from.id),
      filesOf(to.id),
      (f) => f.path,
      (a, b) => a.sha256 === b.sha256,
    );
    const lines = diffLines(from.skillMd, to.skillMd);
    return {
      from: { id: from.id, name: from.name, version: from.version },
      to: { id: to.id, name: to.name, version: to.version },
      skill_md: {
        changed: from.skillMd !== to.skillMd,
        added: lines.filter((l) => l.op === "add").length,
        removed: lines.filter((l) => l.op === "remove").length,
        lines,
      },
      tools,
      knowledge_bases: {
        added: bases.added.map((k) => ({ knowledge_base_id: k.knowledgeBaseId, mode: k.mode })),
        removed: bases.removed.map((k) => ({ knowledge_base_id: k.knowledgeBaseId, mode: k.mode })),
        changed: bases.changed.map((c) => ({
          knowledge_base_id: c.to.knowledgeBaseId,
          from_mode: c.from.mode,
          to_mode: c.to.mode,
        })),
      },
      files: fileDiff,
    };
  }
}
