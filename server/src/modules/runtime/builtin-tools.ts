import type { HandoffTarget, ResolvedSkill, RuntimeKnowledgeBase } from "./types";

// The tools the runtime offers itself (RT-2, RT-8, RT-9). They come first in the precedence of RT-6.
export const LOAD_SKILL = "load_skill";
export const QUERY_KNOWLEDGE = "query_knowledge";
export const HANDOFF_TO_AGENT = "handoff_to_agent";
export const BUILTIN_TOOL_NAMES: readonly string[] = [LOAD_SKILL, QUERY_KNOWLEDGE, HANDOFF_TO_AGENT];

export interface BuiltinToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function loadSkillTool(resolved: readonly ResolvedSkill[]): BuiltinToolDefinition {
  const names = resolved.map((skill) => skill.name);
  return {
    name: LOAD_SKILL,
    description:
      "Load one of your skills by name when the conversation needs it: its instructions join your system prompt and " +
      "its tools become available. The skills you can load are listed in your system prompt.",
    parameters: {
      type: "object",
      properties: { name: { type: "string", enum: names, description: "The skill's name, as listed." } },
      required: ["name"],
      additionalProperties: false,
    },
  };
}

export function queryKnowledgeTool(bases: readonly RuntimeKnowledgeBase[]): BuiltinToolDefinition {
  const names = bases.map((base) => base.name).join(", ");
  return {
    name: QUERY_KNOWLEDGE,
    description: `Search the knowledge bases (${names}) and get the passages most relevant to a query.`,
    parameters: {
      type: "object",
      properties: { query: { type: "string", description: "What to look up, in a few words." } },
      required: ["query"],
      additionalProperties: false,
    },
  };
}

export function handoffToAgentTool(targets: readonly HandoffTarget[]): BuiltinToolDefinition {
  const listed = targets.map((target) => `'${target.name}' (${target.agentId})`).join(", ");
  return {
    name: HANDOFF_TO_AGENT,
    description: `Hand the conversation over to another agent: ${listed}. That agent takes over from here.`,
    parameters: {
      type: "object",
      properties: {
        agent_id: {
          type: "string",
          enum: targets.map((target) => target.agentId),
          description: "The id of the agent to hand over to.",
        },
      },
      required: ["agent_id"],
      additionalProperties: false,
    },
  };
}
