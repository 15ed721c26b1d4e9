import type { StoredTool } from "./skill-version.entity";
import { MASKED_SECRET } from "./skill-tools";
import type { SkillToolType } from "./skill.types";

/** A webhook tool as the API shows it, a skill's or an agent's: its secret is write-only and reads "***" (SK-3). */
export function presentTool(tool: StoredTool): SkillToolType {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    webhookUrl: tool.webhookUrl,
    webhookSecret: tool.sealedSecret ? MASKED_SECRET : null,
  };
}

/** A write-only value as the API shows it: "***" when one is stored, else null. */
export function presentSecret(sealed: string | null | undefined): string | null {
  return sealed ? MASKED_SECRET : null;
}
