import type { TracedSkill } from "../../platform/telemetry";
import type { ModelEndpoint } from "../model";
import {
  catalogLine,
  FIND_SKILLS,
  findSkillsTool,
  type CatalogShown,
  type RuntimeTool,
  type SkillIndex,
  type SkillMatch,
} from "../runtime";
import type { SkillSearch } from "../calls";
import type { GatewaySkill } from "./gateway-skills";
import { LOAD_SKILL, READ_SKILL_FILE } from "./gateway-messages";

/** A worker a coordinator may delegate to (GW-10): its own prompt, model and skills, and no history. */
export interface ServedWorker {
  name: string;
  description: string;
  prompt: string;
  model: ModelEndpoint | null;
  skills: GatewaySkill[];
}

/** The agent answering one turn, whatever its source (the registry or GATEWAY_CONFIG), with what it has now. */
export interface ServedAgent {
  /** The log's namespace: the project id, or the configuration file's. */
  logNamespace: string;
  gatewayName: string;
  /** The stored agent's id; null for GATEWAY_CONFIG's agent and its workers. */
  agentId: string | null;
  /** The skills as the registry resolved them (version, pin), for spans (OB-1); absent for local skills. */
  resolved?: readonly TracedSkill[];
  /** The agent's own prompt, rendered, with its prompt-mode knowledge. */
  prompt: string;
  /** null: the process default (MODEL_BASE_URL, MODEL_NAME). */
  model: ModelEndpoint | null;
  skills: GatewaySkill[];
  /** The agent's own webhook tools. */
  tools: RuntimeTool[];
  workers: ServedWorker[];
  warnings: string[];
  /** A webhook tool's secret in clear: the agent's own (skill null) or a skill's. */
  toolSecret(skill: GatewaySkill | null, tool: string): Promise<string | null>;
  /** CT-1: characters the catalog may take in the prompt (absent: the default). */
  catalogBudget?: number;
  /** CT-2: the index of its skills, in their order (a registry agent's is its resolution's, as calls search it). */
  skillIndex?: () => SkillIndex;
  /** CT-2: counts what its index lacks a slice at a time (awaited before `skillIndex` where a turn can wait). */
  prepareSkillIndex?: () => Promise<void>;
  /** CT-2: find_skills over its skills as its calls answer it (a registry agent's resolution). */
  searchSkills?: (search: SkillSearch, query: string, limit: number) => Promise<SkillMatch[]>;
}

export const DELEGATE_TO_WORKER = "delegate_to_worker";

export interface OpenAiTool {
  type: "function";
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/**
 * GW-2: the catalog section of the system prompt (names and descriptions; content comes back from the tools). CT-1:
 * `omitted` skills are not listed; the model is told how many and how to find them.
 */
export function catalogSection(skills: readonly GatewaySkill[], omitted = 0): string {
  if (skills.length === 0 && omitted === 0) return "";
  return [
    "# Skills",
    `You have skills: instructions for particular tasks. Until you load a skill you know only its name and description. When the conversation needs one, call ${LOAD_SKILL} with its name: its instructions and the list of its files come back as the tool's answer and stay in this conversation. Read one of a loaded skill's files with ${READ_SKILL_FILE}.`,
    ...(omitted > 0
      ? [
          `Only the skills most likely needed are listed below; ${omitted} more are not. When none listed fits the task, search all of your skills with ${FIND_SKILLS} (describe the task in a few words) and load what it finds with ${LOAD_SKILL}.`,
        ]
      : []),
    "",
    ...skills.map((s) => catalogLine(s)),
  ].join("\n");
}

export function workersSection(workers: readonly ServedWorker[]): string {
  if (workers.length === 0) return "";
  return [
    "# Workers",
    `You coordinate workers. Give a worker a self-contained task with ${DELEGATE_TO_WORKER}; it sees nothing of this conversation and answers with its result.`,
    "",
    ...workers.map((w) => `- ${w.name}: ${w.description.replace(/\s+/g, " ").trim()}`),
  ].join("\n");
}

export function systemPromptOf(
  prompt: string,
  skills: readonly GatewaySkill[],
  workers: readonly ServedWorker[],
  omitted = 0,
): string {
  return [prompt.trimEnd(), catalogSection(skills, omitted), workersSection(workers)]
    .filter((s) => s.length > 0)
    .join("\n\n");
}

/** CT-1: when the catalog leaves skills out, skill names are free text (any skill may be loaded) and find_skills joins. */
export function gatewayToolDefinitions(
  skills: readonly GatewaySkill[],
  workers: readonly ServedWorker[],
  catalogOmits = false,
): OpenAiTool[] {
  const names = skills.map((s) => s.name);
  const oneOf = catalogOmits ? {} : { enum: names };
  const tools: OpenAiTool[] = [];
  if (skills.length > 0) {
    tools.push({
      type: "function",
      function: {
        name: LOAD_SKILL,
        description:
          "Load one of your skills by name: its instructions and the list of its files come back as the answer. The skills you can load are listed in your system prompt.",
        parameters: {
          type: "object",
          properties: { name: { type: "string", ...oneOf, description: "The skill's name, as listed or found." } },
          required: ["name"],
          additionalProperties: false,
        },
      },
    });
    tools.push({
      type: "function",
      function: {
        name: READ_SKILL_FILE,
        description:
          "Read one file of a skill you loaded, by its path relative to the skill's folder (e.g. references/rates.md; SKILL.md too).",
        parameters: {
          type: "object",
          properties: {
            skill: { type: "string", ...oneOf, description: "The loaded skill's name." },
            path: { type: "string", description: "The file's path inside the skill, as load_skill listed it." },
          },
          required: ["skill", "path"],
          additionalProperties: false,
        },
      },
    });
  }
  if (catalogOmits) {
    const { name, description, parameters } = findSkillsTool();
    tools.push({ type: "function", function: { name, description, parameters } });
  }
  if (workers.length > 0) {
    tools.push({
      type: "function",
      function: {
        name: DELEGATE_TO_WORKER,
        description: "Give one of your workers a self-contained task; its answer comes back as the result.",
        parameters: {
          type: "object",
          properties: {
            worker: { type: "string", enum: workers.map((w) => w.name) },
            task: { type: "string", description: "Everything the worker needs to know to do the task." },
          },
          required: ["worker", "task"],
          additionalProperties: false,
        },
      },
    });
  }
  return tools;
}

/** What a turn sends of the agent itself, the same on every turn it serves. */
export interface AgentParts {
  systemPrompt: string;
  /** Frozen, with all they hold: the model request writes them from a kept encoding. */
  tools: readonly OpenAiTool[];
}

const agentParts = new WeakMap<ServedAgent, AgentParts>();

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The agent's system prompt (GW-2: its prompt, the catalog, its workers) and its own tool definitions,
 * built once per served agent — GatewayAgents keeps one per resolution, and an agent's fields never change.
 */
export function partsOf(agent: ServedAgent): AgentParts {
  let parts = agentParts.get(agent);
  if (!parts) {
    parts = {
      systemPrompt: systemPromptOf(agent.prompt, agent.skills, agent.workers),
      tools: deepFreeze(gatewayToolDefinitions(agent.skills, agent.workers)),
    };
    agentParts.set(agent, parts);
  }
  return parts;
}

/** The tools of an agent whose catalog leaves skills out (CT-1): the same on every such turn, built once. */
const partsWithFindSkills = new WeakMap<ServedAgent, readonly OpenAiTool[]>();

/**
 * CT-1: what a turn sends of the agent when its catalog cannot list every skill: the prompt with the `shown` skills
 * only, and free-text skill names plus find_skills in the tools. `shown` null: the agent's own parts (partsOf).
 */
export function turnParts(agent: ServedAgent, shown: CatalogShown): AgentParts {
  if (shown === null) return partsOf(agent);
  let tools = partsWithFindSkills.get(agent);
  if (!tools)
    partsWithFindSkills.set(agent, (tools = deepFreeze(gatewayToolDefinitions(agent.skills, agent.workers, true))));
  const byName = new Map(agent.skills.map((skill) => [skill.name, skill]));
  const listed = shown.flatMap((name) => (byName.has(name) ? [byName.get(name)!] : []));
  return {
    systemPrompt: systemPromptOf(agent.prompt, listed, agent.workers, agent.skills.length - listed.length),
    tools,
  };
}
