import type { SecretBox } from "../../platform/crypto";
import type { DbManager } from "../../platform/db/database";
import type { AuthContext } from "../auth";
import { AgentRepository } from "./agent.repository";
import { AGENT_SKILL_ENTRIES_BY_VERSION } from "./agent.loaders";
import { DEFAULT_CATALOG_BUDGET } from "../runtime";
import { canonicalTools, contentDigest, type DigestedTool } from "../skills";
import type { AgentSecrets } from "./agent-secrets";
import type { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
import type { AgentVersionEntity } from "./agent-version.entity";

/** The parts of an agent version its digest covers: its whole config, secrets only by keyed fingerprint. */
export interface DigestedAgent {
  name: string;
  alias: string | null;
  mode: string;
  prompt: string;
  maxLoadedSkills: number;
  /** CT-1; absent is the default budget. */
  catalogBudget?: number;
  /** In order: the first entry of a name wins (AG-2). */
  skills: ReadonlyArray<{ name: string; pinnedVersionId: string | null }>;
  tools: readonly DigestedTool[];
  knowledgeBaseIds: readonly string[];
  model: { baseUrl: string; model: string; apiKeyFingerprint: string | null } | null;
  mcpServers: ReadonlyArray<{ name: string; url: string; headerFingerprints: Record<string, string> }>;
  handoffTargets: readonly string[];
}

/** AP-2: `sha256:<hex>` over a canonical form of an agent version's whole config (what a call of it would get). */
export function agentVersionDigest(agent: DigestedAgent): string {
  return contentDigest({
    form: "skillgraph.agent-version.v1",
    name: agent.name,
    alias: agent.alias,
    mode: agent.mode,
    prompt: agent.prompt,
    max_loaded_skills: agent.maxLoadedSkills,
    // CT-1: only a budget other than the default is part of the form, so versions saved before it keep their digest.
    ...(agent.catalogBudget !== undefined && agent.catalogBudget !== DEFAULT_CATALOG_BUDGET
      ? { catalog_budget: agent.catalogBudget }
      : {}),
    skills: agent.skills.map((s) => ({ name: s.name, version_id: s.pinnedVersionId })),
    tools: canonicalTools(agent.tools),
    knowledge_base_ids: agent.knowledgeBaseIds,
    model: agent.model && {
      base_url: agent.model.baseUrl,
      model: agent.model.model,
      api_key: agent.model.apiKeyFingerprint,
    },
    // Servers are kept in order (tools of the first win a clash); headers are a map, sorted by the canonical form.
    mcp_servers: agent.mcpServers.map((s) => ({ name: s.name, url: s.url, headers: s.headerFingerprints })),
    handoff_targets: agent.handoffTargets,
  });
}

/** AP-2: a stored agent version's digest; its secrets are opened only to fingerprint them (SecretBox.fingerprint). */
export class AgentDigests {
  constructor(
    private readonly secrets: AgentSecrets,
    private readonly box: SecretBox,
  ) {}

  /**
   * A version of the project and its digest, read through the caller's manager (its transaction's) (null: no such
   * version). `lock`: its agent's row is locked first (as publishes and deletes lock it) and the version read under
   * the lock.
   */
  async current(
    manager: DbManager,
    projectId: string,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<{ version: AgentVersionEntity; digest: string } | null> {
    const repo = new AgentRepository(manager);
    let version = await repo.findVersion(projectId, id);
    if (version && options.lock) {
      await repo.lockAgent(projectId, version.agentId);
      version = await repo.findVersion(projectId, id);
    }
    return version && { version, digest: this.digestOf(version, await repo.entriesOf([id])) };
  }

  /** The digest of a version a request read; its skill entries come through the request's loader. */
  async inRequest(ctx: AuthContext, version: AgentVersionEntity): Promise<string> {
    return this.digestOf(version, await ctx.loaders.of(AGENT_SKILL_ENTRIES_BY_VERSION).load(version.id));
  }

  /** `entries`: the version's skill entries (any order; sorted by position here). */
  digestOf(version: AgentVersionEntity, entries: readonly AgentSkillEntryEntity[]): string {
    const print = (secret: string | null) => (secret === null ? null : this.box.fingerprint(secret));
    return agentVersionDigest({
      name: version.name,
      alias: version.alias,
      mode: version.mode,
      prompt: version.prompt,
      maxLoadedSkills: version.maxLoadedSkills,
      catalogBudget: version.catalogBudget,
      skills: [...entries].sort((a, b) => a.position - b.position),
      tools: version.tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        webhookUrl: tool.webhookUrl,
        secretFingerprint: print(this.secrets.openToolSecret(version, tool.name)),
      })),
      knowledgeBaseIds: version.knowledgeBaseIds,
      model: version.model && {
        baseUrl: version.model.baseUrl,
        model: version.model.model,
        apiKeyFingerprint: print(this.secrets.openModelApiKey(version)),
      },
      mcpServers: version.mcpServers.map((server) => ({
        name: server.name,
        url: server.url,
        headerFingerprints: Object.fromEntries(
          Object.entries(this.secrets.openMcpHeaders(version, server.name)).map(([h, v]) => [h, print(v)!]),
        ),
      })),
      handoffTargets: version.handoffTargets,
    });
  }
}
