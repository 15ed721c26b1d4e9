import { createHash } from "node:crypto";
import type { Problem } from "../../platform/errors";
import { parseSkillMd, type ParsedSkillMd } from "./skill-md";
import { skillMdSizeProblem, validateFiles, type FileLimits, type SkillFileContent } from "./skill-files";
import { checkTools, type CheckedTool, type ToolInput } from "./skill-tools";
import type { StoredKnowledgeRef } from "./skill-version.entity";

/** One version's content as the API receives it (SkillVersionInput). */
export interface SkillContentInput {
  skillMd: string;
  tools?: ToolInput[] | null;
  knowledgeBases?: Array<{ knowledgeBaseId: string; mode: "prompt" | "tool" }> | null;
  files?: Array<{ path: string; contentBase64: string }> | null;
}

export interface PreparedFile {
  path: string;
  sha256: string;
  size: number;
  contentBase64: string;
}

/** Content that passed every check that needs no database. */
export interface CheckedContent {
  parsed: ParsedSkillMd;
  tools: CheckedTool[];
  knowledgeBases: StoredKnowledgeRef[];
  files: PreparedFile[];
  problems: Problem[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeFiles(input: NonNullable<SkillContentInput["files"]>, problems: Problem[]): SkillFileContent[] {
  return input.map((file, i) => {
    const compact = file.contentBase64.replace(/\s+/g, "");
    if (compact.length % 4 === 1 || !BASE64.test(compact)) {
      problems.push({
        path: `files[${i}].content_base64`,
        message: `files[${i}] '${file.path}' content_base64: is not valid base64.`,
      });
      return { path: file.path, content: new Uint8Array() };
    }
    return { path: file.path, content: new Uint8Array(Buffer.from(compact, "base64")) };
  });
}

/** Runs every check of SK-1..SK-5 that needs no database; all problems of the input are collected (SK-5). */
export function checkContent(input: SkillContentInput, limits: FileLimits): CheckedContent {
  // SEC-11: a SKILL.md over SKILL_MD_MAX_BYTES is refused before it is parsed.
  const tooLarge = skillMdSizeProblem(Buffer.byteLength(input.skillMd, "utf8"), limits);
  const parsed = tooLarge
    ? { ...parseSkillMd(""), problems: [{ path: "skill_md", message: tooLarge }] }
    : parseSkillMd(input.skillMd);
  const problems: Problem[] = [...parsed.problems];
  const tools = checkTools(input.tools ?? []);
  problems.push(...tools.problems);

  const knowledgeBases: StoredKnowledgeRef[] = [];
  const seenBases = new Set<string>();
  (input.knowledgeBases ?? []).forEach((ref, i) => {
    if (seenBases.has(ref.knowledgeBaseId)) {
      problems.push({
        path: `knowledge_bases[${i}]`,
        message: `knowledge_bases[${i}] '${ref.knowledgeBaseId}': this knowledge base is already listed.`,
      });
    }
    seenBases.add(ref.knowledgeBaseId);
    knowledgeBases.push({ knowledgeBaseId: ref.knowledgeBaseId, mode: ref.mode });
  });

  const decoded = decodeFiles(input.files ?? [], problems);
  problems.push(...validateFiles(decoded, limits));
  const files = decoded.map((f) => ({
    path: f.path,
    sha256: createHash("sha256").update(f.content).digest("hex"),
    size: f.content.byteLength,
    contentBase64: Buffer.from(f.content).toString("base64"),
  }));
  return { parsed, tools: tools.tools, knowledgeBases, files, problems };
}

/** SK-4: every listed knowledge base must be the project's. */
export function knowledgeBaseProblems(refs: readonly StoredKnowledgeRef[], known: ReadonlySet<string>): Problem[] {
  return refs.flatMap((ref, i) =>
    known.has(ref.knowledgeBaseId)
      ? []
      : [
          {
            path: `knowledge_bases[${i}]`,
            message: `knowledge_bases[${i}] '${ref.knowledgeBaseId}': not in this project.`,
          },
        ],
  );
}

/** A fingerprint of what a bundle holds (SKILL.md and files), to spot an identical re-import (SK-2). */
export function bundleFingerprint(skillMd: string, files: ReadonlyArray<{ path: string; sha256: string }>): string {
  const hash = createHash("sha256").update(skillMd);
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(`\0${f.path}\0${f.sha256}`);
  return hash.digest("hex");
}
