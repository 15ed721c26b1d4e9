import type { HandoffTarget, ResolvedSkill, RuntimeKnowledgeBase } from "./types";

// The tools the runtime offers itself (RT-2, RT-8, RT-9). They come first in the precedence of RT-6.
export const LOAD_SKILL = "load_skill";
export const QUERY_KNOWLEDGE = "query_knowledge";
export const HANDOFF_TO_AGENT = "handoff_to_agent";
/** CT-1: offered only when the catalog leaves skills out. */
export const FIND_SKILLS = "find_skills";
/** How many skills `find_skills` answers (CT-1), best first. */
export const FIND_SKILLS_LIMIT = 5;
export const BUILTIN_TOOL_NAMES: readonly string[] = [LOAD_SKILL, FIND_SKILLS, QUERY_KNOWLEDGE, HANDOFF_TO_AGENT];

export interface BuiltinToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * `load_skill`. When the catalog lists every skill, its `name` is one of them (an enum); when it leaves skills out
 * (CT-1) any name is accepted — a skill found with find_skills too — and an unknown one is answered as such.
 */
export function loadSkillTool(resolved: readonly ResolvedSkill[], catalogOmits = false): BuiltinToolDefinition {
  const names = resolved.map((skill) => skill.name);
  if (catalogOmits) {
    return {
      name: LOAD_SKILL,
      description:
        "Load one of your skills by name when the conversation needs it: its instructions join your system prompt and " +
        `its tools become available. Any of your skills can be loaded: those listed in your system prompt and those ${FIND_SKILLS} finds.`,
      parameters: {
        type: "object",
        properties: { name: { type: "string", description: "The skill's name, as listed or found." } },
        required: ["name"],
        additionalProperties: false,
      },
    };
  }
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

/** CT-1: `find_skills {query}` → up to FIND_SKILLS_LIMIT of the agent's skills, name and description, best first. */
export function findSkillsTool(): BuiltinToolDefinition {
  return {
    name: FIND_SKILLS,
    description:
      "Search all of your skills, including those not listed in your system prompt, and get the best matches (name " +
      `and description, best first). Then load the one that fits with ${LOAD_SKILL}.`,
    parameters: {
      type: "object",
      properties: { query: { type: "string", description: "The task, in a few words." } },
      required: ["query"],
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
