import type { SkillVersionInput } from "../../gql/graphql";
import type { Problem } from "../../shared/errors";

export interface ToolRow {
  name: string;
  description: string;
  webhookUrl: string;
  /** JSON Schema text; empty means none. */
  parameters: string;
  /** "***" as read back (kept), "" for none, or a new secret. */
  webhookSecret: string;
}

export interface KnowledgeRow {
  knowledgeBaseId: string;
  mode: "PROMPT" | "TOOL";
}

export interface FileRow {
  path: string;
  contentBase64: string;
  size: number;
}

export interface SkillContent {
  skillMd: string;
  tools: ToolRow[];
  knowledgeBases: KnowledgeRow[];
  files: FileRow[];
}

// No name yet: a template that named a skill would be created as that skill by the first pause in typing (and a
// draft keeps its skill's name). Until the author names it, the server says on line 2 what a name looks like.
export const NEW_SKILL_MD = `---
name:
description: Use when the caller asks about … (say when the model should load this skill).
---

# My skill

Steps the model follows once the skill is loaded.
`;

/** Tools as the API reads them back, as the form edits them (parameters as JSON text, the secret as "***"). */
export function toolRowsOf(
  tools: ReadonlyArray<{
    name: string;
    description: string;
    webhookUrl: string;
    parameters: unknown;
    webhookSecret?: string | null;
  }>,
): ToolRow[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    webhookUrl: t.webhookUrl,
    parameters: t.parameters && Object.keys(t.parameters as object).length ? JSON.stringify(t.parameters, null, 2) : "",
    webhookSecret: t.webhookSecret ?? "",
  }));
}

export const emptyContent = (): SkillContent => ({ skillMd: NEW_SKILL_MD, tools: [], knowledgeBases: [], files: [] });

/** The mutation input, or the problems found before asking the server (a tool's parameters that are not JSON). */
export function toInput(content: SkillContent): { input: SkillVersionInput } | { problems: Problem[] } {
  const problems: Problem[] = [];
  const tools = content.tools.map((t, i) => {
    let parameters: unknown;
    if (t.parameters.trim() !== "") {
      try {
        parameters = JSON.parse(t.parameters);
      } catch (e) {
        problems.push({
          path: `tools[${i}].parameters`,
          message: `tools[${i}].parameters is not JSON: ${(e as Error).message}`,
        });
      }
    }
    return {
      name: t.name,
      description: t.description,
      webhookUrl: t.webhookUrl,
      ...(parameters === undefined ? {} : { parameters }),
      webhookSecret: t.webhookSecret,
    };
  });
  if (problems.length > 0) return { problems };
  return {
    input: {
      skillMd: content.skillMd,
      tools,
      knowledgeBases: content.knowledgeBases,
      files: content.files.map((f) => ({ path: f.path, contentBase64: f.contentBase64 })),
    },
  };
}

/** The frontmatter's `name` as typed (quotes dropped, NFKC as the server compares names); null when there is none. */
export function frontmatterName(skillMd: string): string | null {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(skillMd)?.[1];
  const raw = frontmatter === undefined ? undefined : /^name:[ \t]*(.*?)[ \t]*$/m.exec(frontmatter)?.[1];
  return raw === undefined ? null : raw.replace(/^(["'])(.*)\1$/, "$2").normalize("NFKC");
}
