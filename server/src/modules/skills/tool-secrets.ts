import type { SecretBox } from "../../platform/crypto";
import type { CheckedTool } from "./skill-tools";
import type { StoredTool } from "./skill-version.entity";

/** Where a tool's secret is bound (SEC-10): the row that holds it and the tool's name. */
export type ToolSecretBinding = (versionId: string, toolName: string) => string;

/**
 * Webhook tools as a new version stores them, a skill's or an agent's: each secret sealed bound to the version and
 * the tool; a tool sent without one (or with "***") keeps its namesake's from `previous`.
 */
export function sealTools(
  box: SecretBox,
  binding: ToolSecretBinding,
  versionId: string,
  tools: readonly CheckedTool[],
  previous: { id: string; tools: readonly StoredTool[] } | null,
): StoredTool[] {
  return tools.map((tool) => {
    const old = previous?.tools.find((t) => t.name === tool.name);
    const sealedSecret = box.carry(
      tool.webhookSecret,
      binding(versionId, tool.name),
      old?.sealedSecret && previous ? { sealed: old.sealedSecret, boundTo: binding(previous.id, old.name) } : null,
    );
    return {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      webhookUrl: tool.webhookUrl,
      sealedSecret,
    };
  });
}

/** Where a skill version's tool secret is bound. */
export const skillToolBinding: ToolSecretBinding = (versionId, toolName) =>
  `skill_version:${versionId}:tool:${toolName}`;

/** A skill version's tool secret in clear, for the runtime that signs its webhook calls (RT-7). */
export function openToolSecret(
  box: SecretBox,
  version: { id: string; tools: readonly StoredTool[] },
  toolName: string,
): string | null {
  const tool = version.tools.find((t) => t.name === toolName);
  return tool?.sealedSecret ? box.open(tool.sealedSecret, skillToolBinding(version.id, toolName)) : null;
}
