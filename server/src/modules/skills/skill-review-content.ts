import type { DbManager, Tx } from "../../platform/db/database";
import { SkillRepository } from "./skill.repository";
import type { CheckedContent } from "./skill-content";
import type { SkillVersionEntity } from "./skill-version.entity";

/** A version's whole content as the content review reads it (CR-1): SKILL.md, every file, the tools' fields. */
export interface ReviewableContent {
  skillMd: string;
  files: Array<{ path: string; content: Uint8Array }>;
  tools: Array<{ name: string; description: string; webhookUrl: string }>;
}

/**
 * CR-1: reviews content before a create or an edit writes it (the scan runs outside the transaction) and answers
 * the step that stores the review inside it; `edited` drops the version's suppressions (CR-3). The review module
 * provides it through the composition root.
 */
export type ContentReviewPort = (
  content: ReviewableContent,
) => Promise<(tx: Tx, target: { projectId: string; versionId: string; edited: boolean }) => Promise<void>>;

export function reviewableOfChecked(content: CheckedContent): ReviewableContent {
  return {
    skillMd: content.parsed.skillMd,
    files: content.files.map((f) => ({
      path: f.path,
      content: new Uint8Array(Buffer.from(f.contentBase64, "base64")),
    })),
    tools: content.tools.map((t) => ({ name: t.name, description: t.description, webhookUrl: t.webhookUrl })),
  };
}

/** A stored version of the project with its reviewable content, read through the caller's manager. */
export async function reviewableContentOf(
  manager: DbManager,
  projectId: string,
  versionId: string,
): Promise<{ version: SkillVersionEntity; content: ReviewableContent } | null> {
  const repo = new SkillRepository(manager);
  const version = await repo.findVersion(projectId, versionId);
  if (!version) return null;
  const files = await repo.filesOf([version.id]);
  const blobs = new Map((await repo.blobs([...new Set(files.map((f) => f.sha256))])).map((b) => [b.sha256, b]));
  return {
    version,
    content: {
      skillMd: version.skillMd,
      files: files.map((f) => ({
        path: f.path,
        content: new Uint8Array(Buffer.from(blobs.get(f.sha256)?.contentBase64 ?? "", "base64")),
      })),
      tools: version.tools.map((t) => ({ name: t.name, description: t.description, webhookUrl: t.webhookUrl })),
    },
  };
}
