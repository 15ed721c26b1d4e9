import { promises as fs } from "node:fs";
import { parse } from "smol-toml";
import { sha256Hex } from "../../platform/crypto";
import type { ModelEndpoint } from "../model";
import { MAX_CATALOG_BUDGET } from "../runtime";
import { discoverLocalSkills, LocalSkillsError, type LocalSkillDir } from "./local-skills";

export class GatewayConfigError extends Error {}

/** A worker of a coordinator (GW-10): it runs per task with no chat history; its skill calls are never recorded. */
export interface ConfiguredWorker {
  name: string;
  description: string;
  prompt: string;
  model: ModelEndpoint | null;
  skills: LocalSkillDir[];
}

/** An agent of GATEWAY_CONFIG (GW-3), served by name. */
export interface ConfiguredAgent {
  name: string;
  prompt: string;
  model: ModelEndpoint | null;
  skills: LocalSkillDir[];
  workers: ConfiguredWorker[];
  /** CT-1: `[agent] catalog_budget` (characters), as an agent's `catalogBudget`; absent: the default. */
  catalogBudget?: number;
}

export interface GatewayConfigFile {
  agent: ConfiguredAgent;
  /** SHA-256 of the keys listed in `[gateway] api_keys`; the platform credential is always accepted too. */
  apiKeyHashes: string[];
  warnings: string[];
}

type Table = Record<string, unknown>;

function table(value: unknown, where: string): Table {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new GatewayConfigError(`${where} must be a table.`);
  return value as Table;
}

function text(value: unknown, where: string, fallback?: string): string {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "string") throw new GatewayConfigError(`${where} must be a string.`);
  return value;
}

/** `local = [{ source = "…" }, …]`; undefined when the table names no `local` (inherit, for workers). */
function sources(skills: unknown, where: string): string[] | undefined {
  const local = table(skills, where).local;
  if (local === undefined) return undefined;
  if (!Array.isArray(local)) throw new GatewayConfigError(`${where}.local must be an array of { source = "…" }.`);
  return local.map((entry, i) => text(table(entry, `${where}.local[${i}]`).source, `${where}.local[${i}].source`));
}

/** CT-1: `catalog_budget`, a whole number of characters as `AgentInput.catalogBudget` takes; absent: undefined. */
function catalogBudget(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  const budget = typeof value === "bigint" ? Number(value) : value;
  if (typeof budget !== "number" || !Number.isInteger(budget) || budget < 0 || budget > MAX_CATALOG_BUDGET)
    throw new GatewayConfigError(`${where} must be a whole number of characters from 0 to ${MAX_CATALOG_BUDGET}.`);
  return budget;
}

function model(value: unknown, where: string): ModelEndpoint | null {
  if (value === undefined) return null;
  const t = table(value, where);
  return {
    baseUrl: text(t.base_url, `${where}.base_url`),
    model: text(t.model, `${where}.model`),
    apiKey: t.api_key === undefined ? null : text(t.api_key, `${where}.api_key`),
  };
}

/**
 * Reads GATEWAY_CONFIG (the AURA form) and discovers every skill source at start (GW-3): `[agent]` with `name`,
 * `system_prompt`, `[agent.model]` and `[agent.skills] local = [{ source = "./skills" }]`;
 * `catalog_budget` (CT-1, characters; ours, not AURA's), `[orchestration.worker.<name>]` workers (GW-10) inheriting the agent's sources unless their `.skills` table gives
 * their own (an empty list disables them); `[gateway] api_keys` the keys that may use these agents.
 */
export async function loadGatewayConfig(file: string, cwd = process.cwd()): Promise<GatewayConfigFile> {
  let doc: Table;
  try {
    doc = parse(await fs.readFile(file, "utf8")) as Table;
  } catch (error) {
    throw new GatewayConfigError(`GATEWAY_CONFIG ${file} cannot be read as TOML: ${(error as Error).message}`);
  }
  const agentTable = table(doc.agent, "[agent]");
  const name = text(agentTable.name, "[agent] name").trim();
  if (!name || name.length > 200) throw new GatewayConfigError("[agent] name must have 1 to 200 characters.");
  const warnings: string[] = [];
  const discover = async (list: readonly string[], where: string): Promise<LocalSkillDir[]> => {
    try {
      const found = await discoverLocalSkills(list, cwd);
      warnings.push(...found.warnings);
      return found.skills;
    } catch (error) {
      if (error instanceof LocalSkillsError) throw new GatewayConfigError(`${where}: ${error.message}`);
      throw error;
    }
  };
  const agentSources = sources(agentTable.skills, "[agent.skills]") ?? [];
  const skills = await discover(agentSources, "[agent.skills]");
  const workersTable = table(table(doc.orchestration, "[orchestration]").worker, "[orchestration.worker]");
  const workers: ConfiguredWorker[] = [];
  for (const [workerName, value] of Object.entries(workersTable)) {
    const where = `[orchestration.worker.${workerName}]`;
    const worker = table(value, where);
    const own = sources(worker.skills, `${where.slice(0, -1)}.skills]`);
    workers.push({
      name: workerName,
      description: text(worker.description, `${where} description`, ""),
      prompt: text(worker.system_prompt ?? worker.prompt, `${where} system_prompt`, ""),
      model: model(worker.model, `${where.slice(0, -1)}.model]`),
      // GW-10: no own `local` inherits the agent's skills; an explicit empty list has none
      skills: own === undefined ? skills : await discover(own, `${where.slice(0, -1)}.skills]`),
    });
  }
  const keys = table(doc.gateway, "[gateway]").api_keys ?? [];
  if (!Array.isArray(keys) || keys.some((k) => typeof k !== "string" || k.length < 16))
    throw new GatewayConfigError("[gateway] api_keys must be a list of keys of at least 16 characters.");
  return {
    agent: {
      name,
      prompt: text(agentTable.system_prompt ?? agentTable.prompt, "[agent] system_prompt", ""),
      model: model(agentTable.model, "[agent.model]"),
      skills,
      workers,
      catalogBudget: catalogBudget(agentTable.catalog_budget, "[agent] catalog_budget"),
    },
    apiKeyHashes: (keys as string[]).map((k) => sha256Hex(k)),
    warnings,
  };
}
