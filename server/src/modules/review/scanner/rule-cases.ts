import { reviewSkill } from "./scanner";
import type { Finding } from "./finding";

// What the rule tests share: a SKILL.md around a line of text, and the findings of one rule in it.

export function skillMdWith(body: string, description = "Helps with invoices."): string {
  return `---\nname: demo\ndescription: ${description}\n---\n\n# Demo\n\n${body}\n`;
}

export async function findingsOf(rule: string, body: string, description?: string): Promise<Finding[]> {
  const review = await reviewSkill(
    { skillMd: skillMdWith(body, description), files: [] },
    { secretlint: rule === "secret" },
  );
  return review.findings.filter((f) => f.rule === rule);
}
