import type { CatalogShown } from "./catalog-budget";
import { assembleSystemPrompt } from "./prompt";
import type { RenderedParts } from "./template";
import { assembleTools, type OfferedTool, type SkippedTool } from "./tools";
import type { AgentSnapshot, McpTool, ResolvedSkill, TemplateVariables } from "./types";

/** What the model is offered now: `Call.systemPrompt` and `Call.tools`, and what was left out and why. */
export interface ModelContext {
  systemPrompt: string;
  tools: OfferedTool[];
  skipped: SkippedTool[];
  /** The prompt's and the tools' warnings together, each once. */
  warnings: string[];
}

/** The system prompt and the tools for one state of a call or a chat session, in one step. */
export function assembleModelContext(input: {
  agent: AgentSnapshot;
  resolved: readonly ResolvedSkill[];
  loaded: readonly string[];
  mcpTools: readonly McpTool[];
  variables: TemplateVariables;
  /** Renders and sections kept from earlier assemblies with these variables; the answer is the same. */
  parts?: RenderedParts;
  /** CT-1: the skills the catalog shows when it cannot show them all (null or absent: all of them). */
  shown?: CatalogShown;
}): ModelContext {
  const prompt = assembleSystemPrompt(input);
  const tools = assembleTools(input);
  return {
    systemPrompt: prompt.prompt,
    tools: tools.tools,
    skipped: tools.skipped,
    warnings: [...new Set([...prompt.warnings, ...tools.warnings])],
  };
}
