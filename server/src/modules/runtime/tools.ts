import {
  findSkillsTool,
  handoffToAgentTool,
  loadSkillTool,
  queryKnowledgeTool,
  type BuiltinToolDefinition,
} from "./builtin-tools";
import { omittedSkills, type CatalogShown } from "./catalog-budget";
import { searchableKnowledge } from "./knowledge";
import { loadedSkills } from "./loaded-set";
import { TemplateRenderer, type RenderedParts } from "./template";
import type { AgentSnapshot, McpTool, ResolvedSkill, RuntimeTool, TemplateVariables } from "./types";

/** A tool as the model is offered it. `source` is "builtin", "agent", "skill:<name>" or "mcp:<server>". */
export interface OfferedTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  source: string;
  /** For the agent's and skills' tools: the webhook that runs it (RT-7). */
  webhook?: RuntimeTool;
  /** For MCP tools: the server's tool that runs it. */
  mcp?: McpTool;
}

/** A tool not offered because an earlier tool of the RT-6 order has its name. */
export interface SkippedTool {
  name: string;
  source: string;
  shadowedBy: string;
}

export interface ToolAssembly {
  tools: OfferedTool[];
  skipped: SkippedTool[];
  warnings: string[];
}

export const BUILTIN_SOURCE = "builtin";
export const AGENT_SOURCE = "agent";
export const skillSource = (skill: string): string => `skill:${skill}`;
export const mcpSource = (server: string): string => `mcp:${server}`;

/**
 * RT-2, RT-3, RT-6, RT-8, RT-9, AG-5, CT-1: the tools the model is offered now. Built-ins (load_skill when skills
 * resolved, find_skills when the catalog leaves some out, query_knowledge when something is searchable, handoff_to_agent when there are targets), then the agent's tools,
 * the loaded skills' tools in load order, the MCP tools; the first of a name wins and the others are skipped.
 * Webhook tools' descriptions render the variables (RT-5); an MCP server's descriptions are shown as it gives them.
 */
export function assembleTools(input: {
  agent: AgentSnapshot;
  resolved: readonly ResolvedSkill[];
  loaded: readonly string[];
  mcpTools: readonly McpTool[];
  variables: TemplateVariables;
  /** Renders kept from earlier assemblies with these variables (the tools are the same without). */
  parts?: RenderedParts;
  /** CT-1: the skills the catalog shows when it cannot show them all (null or absent: all of them). */
  shown?: CatalogShown;
}): ToolAssembly {
  const renderer = new TemplateRenderer(input.variables, input.parts);
  const candidates: OfferedTool[] = [
    ...input.agent.tools.map((tool) => fromWebhook(tool, AGENT_SOURCE)),
    ...loadedSkills(input).flatMap((skill) => skill.tools.map((tool) => fromWebhook(tool, skillSource(skill.name)))),
    ...input.mcpTools.map((tool) => fromMcp(tool)),
  ];
  const ordered = [...builtins(input, candidates), ...candidates];

  const tools: OfferedTool[] = [];
  const skipped: SkippedTool[] = [];
  const skipWarnings: string[] = [];
  const winners = new Map<string, OfferedTool>();
  for (const tool of ordered) {
    const winner = winners.get(tool.name);
    if (winner) {
      skipped.push({ name: tool.name, source: tool.source, shadowedBy: winner.source });
      skipWarnings.push(shadowedToolWarning(tool.name, tool.source, winner.source));
      continue;
    }
    // Only offered tools render, so a shadowed tool's variables never warn.
    const offered = tool.webhook ? { ...tool, description: renderer.render(tool.description) } : tool;
    winners.set(tool.name, offered);
    tools.push(offered);
  }
  return { tools, skipped, warnings: [...renderer.warnings(), ...skipWarnings] };
}

/** The warning a tool skipped under RT-6 puts on the call (AG-5). */
export function shadowedToolWarning(name: string, source: string, shadowedBy: string): string {
  return `tool '${name}' from ${source} skipped: a tool of that name from ${shadowedBy} comes first`;
}

function builtins(
  input: {
    agent: AgentSnapshot;
    resolved: readonly ResolvedSkill[];
    loaded: readonly string[];
    shown?: CatalogShown;
  },
  candidates: readonly OfferedTool[],
): OfferedTool[] {
  const definitions: BuiltinToolDefinition[] = [];
  const catalogOmits = omittedSkills(input.resolved, input.shown ?? null).length > 0;
  if (input.resolved.length > 0) definitions.push(loadSkillTool(input.resolved, catalogOmits));
  if (catalogOmits) definitions.push(findSkillsTool());
  const knowledge = searchableKnowledge({ ...input, toolNames: candidates.map((tool) => tool.name) });
  if (knowledge) definitions.push(queryKnowledgeTool(knowledge.bases));
  if (input.agent.handoffTargets.length > 0) definitions.push(handoffToAgentTool(input.agent.handoffTargets));
  return definitions.map((definition) => ({ ...definition, source: BUILTIN_SOURCE }));
}

function fromWebhook(tool: RuntimeTool, source: string): OfferedTool {
  return { name: tool.name, description: tool.description, parameters: tool.parameters, source, webhook: tool };
}

function fromMcp(tool: McpTool): OfferedTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    source: mcpSource(tool.server),
    mcp: tool,
  };
}
