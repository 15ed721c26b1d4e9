import { LruCache } from "../../platform/cache/lru-cache";
import type { AgentCallDirectory, CallAgent } from "../agents";
import { analyseInTurns, skillIndexOf, type CallResolution } from "../calls";
import { assembleSystemPrompt, type ResolvedSkill } from "../runtime";
import type { SkillReader } from "../skills";
import type { GatewayConfigFile } from "./gateway-config";
import type { GatewaySkill } from "./gateway-skills";
import { localSkill } from "./local-skills";
import { registrySkill } from "./registry-skills";
import type { ServedAgent } from "./served-agent";

/** Logs of GATEWAY_CONFIG agents live apart from every project's. */
export const CONFIG_NAMESPACE = "gateway-config";

/** Whom a request may talk to: a project's agents, and GATEWAY_CONFIG's agents when the credential is listed. */
export interface GatewayAccess {
  projectId: string | null;
  configAgents: boolean;
}

/** GW-1, GW-3: finds the agent a request's `model` names, from the registry or from GATEWAY_CONFIG. */
export class GatewayAgents {
  /** Published versions never change, so the skills built from one are kept (files are read per version anyway). */
  private readonly registrySkills = new LruCache<string, GatewaySkill>(20_000);
  private readonly configured: ServedAgent | null;
  /**
   * The agent served from one resolution, built once. CallResolution hands out the same skill list while
   * a start resolves the same versions, tools and knowledge, so the list (with the same agent, model and name)
   * identifies what was built from it.
   */
  private readonly served = new WeakMap<readonly ResolvedSkill[], { key: readonly unknown[]; agent: ServedAgent }>();
  /** The directory's agent as the gateway resolves it (no MCP servers), one per agent object the directory keeps. */
  private readonly withoutMcp = new WeakMap<CallAgent, CallAgent>();

  constructor(
    private readonly agents: AgentCallDirectory,
    private readonly calls: CallResolution,
    private readonly skills: SkillReader,
    config: GatewayConfigFile | null,
  ) {
    this.configured = config ? configuredAgent(config) : null;
  }

  /** `conversationKey`: the conversation's session id, which decides a staged rollout's arm (RO-2). */
  async find(access: GatewayAccess, model: string, conversationKey: string | null = null): Promise<ServedAgent | null> {
    if (access.configAgents && this.configured?.gatewayName === model) return this.configured;
    if (!access.projectId) return null;
    return this.registryAgent(access.projectId, model, conversationKey);
  }

  async names(access: GatewayAccess): Promise<string[]> {
    const names = access.projectId ? await this.agents.gatewayNames(access.projectId) : [];
    if (access.configAgents && this.configured) names.push(this.configured.gatewayName);
    return [...new Set(names)].sort();
  }

  /** GW-3: a stored agent's published version, its skills resolved in the registry as a call's start resolves them. */
  private async registryAgent(
    projectId: string,
    gatewayName: string,
    conversationKey: string | null,
  ): Promise<ServedAgent | null> {
    const found = await this.agents.byGatewayName(projectId, gatewayName);
    if (!found) return null;
    // MCP servers are not listed: the gateway offers the agent's webhook tools and its skills' (GW-2).
    let withoutMcp = this.withoutMcp.get(found.agent);
    if (!withoutMcp) this.withoutMcp.set(found.agent, (withoutMcp = { ...found.agent, mcpServers: [] }));
    const { context, warnings } = await this.calls.contextFor(projectId, withoutMcp, conversationKey);
    const snapshot = found.agent.snapshot;
    const key = [projectId, gatewayName, snapshot, found.model, context.sourceProjectId, warnings.join("\n")];
    const known = this.served.get(context.resolved);
    if (known && known.key.every((part, i) => part === key[i])) return known.agent;
    const prompt = assembleSystemPrompt({ agent: snapshot, resolved: [], loaded: [], variables: {} });
    const versionId = found.agent.versionId;
    const agent: ServedAgent = {
      logNamespace: projectId,
      gatewayName,
      agentId: snapshot.agentId,
      resolved: context.resolved,
      prompt: prompt.prompt,
      model: found.model,
      skills: context.resolved.map((resolved) => {
        let skill = this.registrySkills.get(resolved.id);
        if (!skill) {
          skill = registrySkill(resolved, context.sourceProjectId, this.skills);
          // A rollout's candidate is a draft, frozen only while the rollout runs: never kept beyond this turn.
          if (resolved.rollout?.arm !== "candidate") this.registrySkills.set(resolved.id, skill);
        }
        return skill;
      }),
      tools: snapshot.tools,
      workers: [],
      warnings,
      toolSecret: async (skill, tool) =>
        skill ? skill.toolSecret(tool) : versionId ? this.agents.toolSecret(versionId, tool) : null,
      catalogBudget: snapshot.catalogBudget,
      // CT-2: the resolution's own index, so find_skills answers here what it answers in calls
      skillIndex: () => skillIndexOf(context.resolved),
      prepareSkillIndex: () => analyseInTurns(context.resolved),
      searchSkills: (search, query, limit) => search.searchResolved(context.resolved, query, limit),
    };
    this.served.set(context.resolved, { key, agent });
    return agent;
  }
}

function configuredAgent(config: GatewayConfigFile): ServedAgent {
  return {
    logNamespace: CONFIG_NAMESPACE,
    gatewayName: config.agent.name,
    agentId: null,
    prompt: config.agent.prompt,
    model: config.agent.model,
    skills: config.agent.skills.map(localSkill),
    catalogBudget: config.agent.catalogBudget,
    tools: [],
    workers: config.agent.workers.map((w) => ({ ...w, skills: w.skills.map(localSkill) })),
    warnings: config.warnings,
    toolSecret: async () => null,
  };
}
