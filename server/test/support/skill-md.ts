/** A SKILL.md for tests: valid unless told otherwise. */
export function skillMd(name: string, options: { description?: string; body?: string; extra?: string } = {}): string {
  return [
    "---",
    `name: ${name}`,
    `description: ${options.description ?? `Use when the caller asks about ${name}.`}`,
    ...(options.extra ? [options.extra] : []),
    "---",
    "",
    options.body ?? `# ${name}\n\nFollow these steps for ${name}.`,
    "",
  ].join("\n");
}

export const SKILL_FIELDS = `id name version state description instructions skillMd frontmatter warnings createdAt publishedAt archivedAt
  tools { name description parameters webhookUrl webhookSecret } files { path size sha256 } knowledgeBases { mode knowledgeBase { id name } }`;
