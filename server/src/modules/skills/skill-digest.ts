import { createHash } from "node:crypto";
import { canonicalJson } from "./skill-diff";

/*
 * Content digests (spec AP-2): `sha256:<hex>` over a canonical form of what a version holds. Two versions with the
 * same digest give a call the same skill; an approval names the digest it saw. The bundle digest covers what a
 * folder in git holds (SKILL.md and files), so a client can compute it without the server (the CLI's plan, EC-3).
 */

/** A webhook tool as a digest covers it (skills' and agents' alike). */
export interface DigestedTool {
  name: string;
  description: string;
  parameters: unknown;
  webhookUrl: string;
  /** SecretBox.fingerprint of the secret; null when the tool has none. */
  secretFingerprint: string | null;
}

/** The canonical form of tools, in order: a tool listed first wins a name clash (RT-6). */
export function canonicalTools(tools: readonly DigestedTool[]): unknown[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters ?? null,
    webhook_url: tool.webhookUrl,
    secret: tool.secretFingerprint,
  }));
}

/** The parts of a version its digest covers; tools carry a keyed fingerprint of their secret, never the secret. */
export interface DigestedVersion {
  /** The stored SKILL.md: normalised as parseSkillMd leaves it (no BOM, LF line ends, no leading blank lines). */
  skillMd: string;
  files: ReadonlyArray<{ path: string; sha256: string }>;
  tools: readonly DigestedTool[];
  knowledgeBases: ReadonlyArray<{ knowledgeBaseId: string; mode: string }>;
}

export type DigestedBundle = Pick<DigestedVersion, "skillMd" | "files">;

/** AP-2: the digest of everything that changes what a call would get from the version. */
export function skillVersionDigest(version: DigestedVersion): string {
  return contentDigest({
    form: "skillgraph.skill-version.v1",
    skill_md: version.skillMd,
    files: sortedFiles(version.files),
    // Order is kept: a tool listed first wins a name clash (RT-6), and knowledge bases are searched in order (RT-8).
    tools: canonicalTools(version.tools),
    knowledge_bases: version.knowledgeBases.map((ref) => ({ knowledge_base_id: ref.knowledgeBaseId, mode: ref.mode })),
  });
}

/** EC-3: the digest of a bundle alone (SKILL.md and files), the part of a version a skill folder holds. */
export function skillBundleDigest(bundle: DigestedBundle): string {
  return contentDigest({
    form: "skillgraph.skill-bundle.v1",
    skill_md: bundle.skillMd,
    files: sortedFiles(bundle.files),
  });
}

function sortedFiles(files: DigestedBundle["files"]): Array<[string, string]> {
  return files
    .map((file): [string, string] => [file.path, file.sha256])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `sha256:<hex>` of a canonical JSON form (keys sorted): the one digest style skills and agents share (AP-2). */
export function contentDigest(canonical: unknown): string {
  return `sha256:${createHash("sha256").update(canonicalJson(canonical), "utf8").digest("hex")}`;
}
