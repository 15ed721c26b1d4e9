import type { Problem } from "../../platform/errors";
import { checkTools, MASKED_SECRET, normaliseSkillName, type CheckedTool, type ToolInput } from "../skills";
import { DEFAULT_CATALOG_BUDGET, MAX_CATALOG_BUDGET } from "../runtime";
import { AGENT_NAME_LENGTH, type AgentModeName } from "./agent-version.entity";

/** An agent's config as the API receives it (AgentInput). */
export interface AgentConfigInput {
  name: string;
  alias?: string | null;
  mode?: AgentModeName | null;
  prompt?: string | null;
  maxLoadedSkills?: number | null;
  catalogBudget?: number | null;
  skills?: ReadonlyArray<{ name: string; versionId?: string | null }> | null;
  tools?: readonly ToolInput[] | null;
  knowledgeBaseIds?: readonly string[] | null;
  model?: { baseUrl: string; model: string; apiKey?: string | null } | null;
  mcpServers?: ReadonlyArray<{ name: string; url: string; headers?: unknown }> | null;
  handoffTargets?: readonly string[] | null;
}

export interface SkillEntry {
  name: string;
  /** The pinned version's id; null follows the live version. */
  versionId: string | null;
}

/** A write-only value: a string to store, null for none, undefined to keep the stored one ("***" or left out). */
export type WriteOnly = string | null | undefined;

export interface CheckedModel {
  baseUrl: string;
  model: string;
  apiKey: WriteOnly;
}

export interface CheckedMcpServer {
  name: string;
  url: string;
  headers: Record<string, Exclude<WriteOnly, null>>;
}

/** A config that passed every check that needs no database; `problems` lists what did not. */
export interface CheckedAgentConfig {
  name: string;
  alias: string | null;
  /** alias, else name (GW-1). */
  gatewayName: string;
  mode: AgentModeName;
  prompt: string;
  maxLoadedSkills: number;
  /** CT-1: characters the catalog of its skills may take in the prompt. */
  catalogBudget: number;
  skills: SkillEntry[];
  tools: CheckedTool[];
  knowledgeBaseIds: string[];
  model: CheckedModel | null;
  mcpServers: CheckedMcpServer[];
  handoffTargets: string[];
  warnings: string[];
  problems: Problem[];
}

export const LOAD_SKILL = "load_skill";
export const SKILLS_IGNORED_ON_S2S = "skills_ignored_on_s2s";
export const DEFAULT_MAX_LOADED_SKILLS = 3;
const MAX_PROMPT = 200_000;
const CONTROL = /[\p{Cc}\p{Cf}]/u;
const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

export function urlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not an absolute URL; give one like https://example.com/v1.";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return `must use http or https, not '${parsed.protocol.replace(/:$/, "")}'.`;
  if (parsed.username || parsed.password) return "must not carry a user name or password.";
  return null;
}

function writeOnly(value: string | null | undefined): WriteOnly {
  if (value === undefined || value === MASKED_SECRET) return undefined;
  return value === null || value === "" ? null : value;
}

function duplicates<T>(values: readonly T[], place: string, what: (value: T) => string, problems: Problem[]): void {
  const first = new Map<T, number>();
  values.forEach((value, i) => {
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, i);
    else
      problems.push({
        path: `${place}[${i}]`,
        message: `${place}[${i}] ${what(value)}: already listed at ${place}[${earlier}]; list it once.`,
      });
  });
}

function checkSkills(input: AgentConfigInput["skills"], problems: Problem[]): SkillEntry[] {
  // SK-1: a listed name is the skill's NFKC form, as skill names are stored.
  const entries = (input ?? []).map((e) => ({
    name: normaliseSkillName(e.name.trim()),
    versionId: e.versionId ? e.versionId : null,
  }));
  const seen = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (entry.name.length === 0 || entry.name.length > 64 || CONTROL.test(entry.name) || /\s/.test(entry.name)) {
      problems.push({
        path: `skills[${i}].name`,
        message: `skills[${i}].name: a skill name has 1 to 64 characters and no spaces.`,
        fields: { skill: entry.name.slice(0, 64) },
      });
      return;
    }
    const earlier = seen.get(entry.name);
    if (earlier !== undefined) {
      problems.push({
        path: `skills[${i}].name`,
        message: `skills[${i}] '${entry.name}': already listed at skills[${earlier}]; list each skill once.`,
        fields: { skill: entry.name },
      });
    } else seen.set(entry.name, i);
  });
  return entries;
}

function checkModel(input: AgentConfigInput["model"], problems: Problem[]): CheckedModel | null {
  if (!input) return null;
  const url = urlProblem(input.baseUrl);
  if (url)
    problems.push({ path: "model.base_url", message: `model.base_url: '${input.baseUrl.slice(0, 200)}' ${url}` });
  const model = input.model.trim();
  if (model.length < 1 || model.length > 200)
    problems.push({ path: "model.model", message: `model.model: name the upstream model in 1 to 200 characters.` });
  const apiKey = writeOnly(input.apiKey);
  if (typeof apiKey === "string" && apiKey.length > 4096)
    problems.push({ path: "model.api_key", message: "model.api_key: must be at most 4096 characters." });
  return { baseUrl: input.baseUrl, model, apiKey };
}

function checkMcpServers(input: AgentConfigInput["mcpServers"], problems: Problem[]): CheckedMcpServer[] {
  const servers = (input ?? []).map((server, i) => {
    const label = `mcp_servers[${i}] '${server.name.slice(0, 64)}'`;
    if (!SERVER_NAME.test(server.name))
      problems.push({
        path: `mcp_servers[${i}].name`,
        message: `${label} name: has 1 to 64 letters, digits, '_' or '-'.`,
      });
    const url = urlProblem(server.url);
    if (url) problems.push({ path: `mcp_servers[${i}].url`, message: `${label} url: ${url}` });
    const headers: Record<string, string | undefined> = {};
    const raw = server.headers ?? {};
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      problems.push({
        path: `mcp_servers[${i}].headers`,
        message: `${label} headers: must be an object of header names to text values.`,
      });
    } else {
      for (const [header, value] of Object.entries(raw as Record<string, unknown>)) {
        if (!HEADER_NAME.test(header) || typeof value !== "string" || value.length > 8192) {
          problems.push({
            path: `mcp_servers[${i}].headers`,
            message: `${label} headers: '${header.slice(0, 128)}' needs a header name and a text value of at most 8192 characters.`,
          });
          continue;
        }
        const kept = writeOnly(value);
        if (kept !== null) headers[header] = kept;
      }
    }
    return { name: server.name, url: server.url, headers };
  });
  duplicates(
    servers.map((s) => s.name),
    "mcp_servers",
    (name) => `'${name}'`,
    problems,
  );
  return servers;
}

/** Every check of AG-1 and AG-3 that needs no database; all problems of the input are collected. */
export function checkAgentConfig(input: AgentConfigInput): CheckedAgentConfig {
  const problems: Problem[] = [];
  const name = input.name.trim();
  if (name.length < 1 || name.length > AGENT_NAME_LENGTH || CONTROL.test(name)) {
    problems.push({
      path: "name",
      message: `name: an agent name has 1 to ${AGENT_NAME_LENGTH} characters and no control characters; it has ${name.length}.`,
    });
  }
  const alias = input.alias?.trim() ? input.alias.trim() : null;
  if (alias !== null && (alias.length > AGENT_NAME_LENGTH || CONTROL.test(alias) || /\s/.test(alias))) {
    problems.push({
      path: "alias",
      message: `alias: an alias has 1 to ${AGENT_NAME_LENGTH} characters, without spaces or control characters.`,
    });
  }
  const mode = input.mode ?? "cascade";
  const prompt = input.prompt ?? "";
  if (prompt.length > MAX_PROMPT)
    problems.push({
      path: "prompt",
      message: `prompt: must be at most ${MAX_PROMPT} characters; it has ${prompt.length}.`,
    });
  const maxLoadedSkills = input.maxLoadedSkills ?? DEFAULT_MAX_LOADED_SKILLS;
  if (!Number.isInteger(maxLoadedSkills) || maxLoadedSkills < 1 || maxLoadedSkills > 10) {
    problems.push({
      path: "max_loaded_skills",
      message: `max_loaded_skills: must be a whole number from 1 to 10; it is ${maxLoadedSkills}.`,
    });
  }
  const catalogBudget = input.catalogBudget ?? DEFAULT_CATALOG_BUDGET;
  if (!Number.isInteger(catalogBudget) || catalogBudget < 0 || catalogBudget > MAX_CATALOG_BUDGET) {
    problems.push({
      path: "catalog_budget",
      message: `catalog_budget: must be a whole number of characters from 0 to ${MAX_CATALOG_BUDGET}; it is ${catalogBudget}.`,
    });
  }
  const skills = checkSkills(input.skills, problems);
  const tools = checkTools(input.tools ?? []);
  problems.push(...tools.problems);
  tools.tools.forEach((tool, j) => {
    if (tool.name === LOAD_SKILL) {
      problems.push({
        path: `tools[${j}].name`,
        message: `tools[${j}] '${LOAD_SKILL}': load_skill is offered automatically to agents with skills, so an agent tool cannot have that name; rename it.`,
        fields: { tool: LOAD_SKILL },
      });
    }
  });
  const knowledgeBaseIds = [...(input.knowledgeBaseIds ?? [])];
  duplicates(knowledgeBaseIds, "knowledge_base_ids", (id) => `'${id}'`, problems);
  const handoffTargets = [...(input.handoffTargets ?? [])];
  duplicates(handoffTargets, "handoff_targets", (id) => `'${id}'`, problems);
  const model = checkModel(input.model, problems);
  const mcpServers = checkMcpServers(input.mcpServers, problems);
  const warnings = mode === "speech_to_speech" && skills.length > 0 ? [SKILLS_IGNORED_ON_S2S] : [];
  return {
    name,
    alias,
    gatewayName: alias ?? name,
    mode,
    prompt,
    maxLoadedSkills,
    catalogBudget,
    skills,
    tools: tools.tools,
    knowledgeBaseIds,
    model,
    mcpServers,
    handoffTargets,
    warnings,
    problems,
  };
}
