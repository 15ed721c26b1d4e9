import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import { EVERY_KEY, type InvalidationBus } from "../../platform/cache/invalidation-bus";
import type { Database } from "../../platform/db/database";
import { Invalid } from "../../platform/errors";
import type { AgentDirectory, CallAgent } from "./call-agent";
import type { KnowledgeService } from "../knowledge";
import type { SkillSourceCache } from "../libraries";
import { catalogRowsOf, type SkillCatalogService } from "../skills";
import type { AgentSnapshot, RuntimeTool } from "../runtime";
import { checkAgentConfig, type AgentConfigInput } from "./agent-config";
import type { AgentSecrets } from "./agent-secrets";
import {
  AgentRepository,
  PUBLISHED_AGENT_STATEMENT,
  publishedAgentOf,
  publishedAgentStatement,
  type CallAgentVersion,
  type PublishedAgentRow,
} from "./agent.repository";

export const AGENT_LIVE_TOPIC = "agent_live";
export const AGENT_GATEWAY_NAME_TOPIC = "agent_gateway_name";
const agentKey = (projectId: string, agentId: string) => `${projectId}\u0000${agentId}`;

const runtimeTool = (t: {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  webhookUrl: string;
}): RuntimeTool => ({
  name: t.name,
  description: t.description,
  parameters: t.parameters,
  webhookUrl: t.webhookUrl,
});

/**
 * Agents as calls run them. A published version never changes, so it is cached by agent until the agent publishes
 * again or is deleted (on every instance, through the invalidation bus).
 */
export class AgentCallDirectory implements AgentDirectory {
  /** Without knowledge documents: those are read per call (RT-8), from the knowledge module's own cache. */
  /** GW-1: (project, gateway name) → the published version answering it (null: none), until any agent changes. */
  private readonly byName: InvalidatedCache<
    string,
    { agentId: string; model: { baseUrl: string; model: string; apiKey: string | null } | null } | null
  >;
  private readonly publishedByAgent: InvalidatedCache<string, { agent: CallAgent; knowledgeBaseIds: string[] } | null>;

  constructor(
    private readonly db: Database,
    private readonly secrets: AgentSecrets,
    private readonly knowledge: KnowledgeService,
    bus: InvalidationBus,
    /** Filled from the agent's statement on a miss: what the call start reads next. */
    private readonly next: { sources: SkillSourceCache; catalog: SkillCatalogService },
  ) {
    this.publishedByAgent = new InvalidatedCache(bus, AGENT_LIVE_TOPIC, 10_000);
    this.byName = new InvalidatedCache(bus, AGENT_GATEWAY_NAME_TOPIC, 10_000);
  }

  /** After an agent's published version changed (publish, delete): every instance forgets it. */
  async agentChanged(projectId: string, agentId: string): Promise<void> {
    // Any publish or delete may move a gateway name to another agent: every name is read again (GW-1).
    await this.byName.invalidate(EVERY_KEY);
    return this.publishedByAgent.invalidate(agentKey(projectId, agentId));
  }

  async published(projectId: string, agentId: string): Promise<CallAgent | null> {
    const cached = await this.publishedByAgent.getOrLoad(agentKey(projectId, agentId), async () => {
      const statement = publishedAgentStatement(this.db.dialect, projectId, agentId);
      // the project's skill source and the entries' versions come in the same row: their caches are filled from it
      // under their own invalidation (a read that overlapped a link change or a publish is not kept)
      const primeSource = this.next.sources.primer(projectId);
      const primeCatalog = this.next.catalog.primer();
      const [row] = await this.db.rows<PublishedAgentRow>(PUBLISHED_AGENT_STATEMENT, statement);
      if (!row) return null;
      const { version, entries, handoffNames } = publishedAgentOf(row);
      const source = primeSource(row);
      if (source?.holdsSkills && version.mode !== "speech_to_speech") {
        const names = entries.filter((e) => !e.pinnedVersionId).map((e) => e.name);
        primeCatalog(source.projectId, names, catalogRowsOf(row.skill_catalog));
      }
      return { agent: this.fromVersion(version, entries, handoffNames), knowledgeBaseIds: version.knowledgeBaseIds };
    });
    if (!cached) return null;
    const knowledgeBases = await this.knowledge.basesWithDocuments(projectId, cached.knowledgeBaseIds);
    // The same agent object while its knowledge is the same snapshots (a changed base comes back with a new
    // document list), so a call start can tell by identity that it runs what the previous one ran.
    const documents = knowledgeBases.map((b) => b.documents);
    const known = this.withKnowledge.get(cached);
    if (known && known.documents.length === documents.length && known.documents.every((d, i) => d === documents[i]))
      return known.agent;
    const agent = { ...cached.agent, snapshot: { ...cached.agent.snapshot, knowledgeBases } };
    this.withKnowledge.set(cached, { documents, agent });
    return agent;
  }

  private readonly withKnowledge = new WeakMap<
    object,
    { documents: ReadonlyArray<AgentSnapshot["knowledgeBases"][number]["documents"]>; agent: CallAgent }
  >();

  private fromVersion(
    version: CallAgentVersion,
    entries: ReadonlyArray<{ name: string; pinnedVersionId: string | null }>,
    names: ReadonlyMap<string, string>,
  ): CallAgent {
    const snapshot: AgentSnapshot = {
      agentId: version.agentId,
      name: version.alias ?? version.name,
      mode: version.mode,
      prompt: version.prompt,
      maxLoadedSkills: version.maxLoadedSkills,
      catalogBudget: version.catalogBudget,
      tools: version.tools.map(runtimeTool),
      knowledgeBases: [],
      skills: entries.map((e) => ({ name: e.name, versionId: e.pinnedVersionId })),
      handoffTargets: version.handoffTargets.flatMap((id) =>
        names.has(id) ? [{ agentId: id, name: names.get(id)! }] : [],
      ),
    };
    return {
      snapshot,
      versionId: version.id,
      mcpServers: version.mcpServers.map((s) => ({
        name: s.name,
        url: s.url,
        headers: this.secrets.openMcpHeaders(version, s.name),
      })),
      toolSecrets: {},
      model: version.model
        ? {
            baseUrl: version.model.baseUrl,
            model: version.model.model,
            apiKey: this.secrets.openModelApiKey(version),
          }
        : null,
    };
  }

  /** RT-1: an inline agent is checked for shape only; its skill entries become warnings or skips at resolution. */
  async inline(projectId: string, input: unknown): Promise<CallAgent> {
    const config = checkAgentConfig(input as AgentConfigInput);
    if (config.problems.length > 0) {
      throw Invalid.of(
        config.problems.map((p) => ({ ...p, path: `inline_agent.${p.path}` })),
        `The inline agent was refused: ${config.problems.map((p) => p.message).join(" ")}`,
      );
    }
    const bases = await this.knowledge.basesWithDocuments(projectId, config.knowledgeBaseIds);
    const names = await this.db.read((m) => new AgentRepository(m).namesOf(projectId, config.handoffTargets));
    return {
      snapshot: {
        agentId: null,
        name: config.gatewayName,
        mode: config.mode,
        prompt: config.prompt,
        maxLoadedSkills: config.maxLoadedSkills,
        catalogBudget: config.catalogBudget,
        tools: config.tools.map(runtimeTool),
        knowledgeBases: bases,
        skills: config.skills.map((e) => ({ name: e.name, versionId: e.versionId })),
        handoffTargets: config.handoffTargets.flatMap((id) =>
          names.has(id) ? [{ agentId: id, name: names.get(id)! }] : [],
        ),
      },
      versionId: null,
      mcpServers: config.mcpServers.map((s) => ({
        name: s.name,
        url: s.url,
        headers: Object.fromEntries(
          Object.entries(s.headers).filter((e): e is [string, string] => typeof e[1] === "string"),
        ),
      })),
      toolSecrets: Object.fromEntries(
        config.tools.flatMap((t) => (typeof t.webhookSecret === "string" ? [[t.name, t.webhookSecret]] : [])),
      ),
      model: config.model
        ? {
            baseUrl: config.model.baseUrl,
            model: config.model.model,
            apiKey: typeof config.model.apiKey === "string" ? config.model.apiKey : null,
          }
        : null,
    };
  }

  /**
   * GW-1: the agent a gateway request names by its gateway name (alias, else name), as calls run it, with the
   * upstream model of its published config (its key in clear; null: the process default answers).
   */
  async byGatewayName(
    projectId: string,
    gatewayName: string,
  ): Promise<{ agent: CallAgent; model: { baseUrl: string; model: string; apiKey: string | null } | null } | null> {
    const found = await this.byName.getOrLoad(agentKey(projectId, gatewayName), async () => {
      const version = await this.db.read((m) =>
        new AgentRepository(m).findPublishedByGatewayName(projectId, gatewayName),
      );
      if (!version) return null;
      return {
        agentId: version.agentId,
        model: version.model
          ? {
              baseUrl: version.model.baseUrl,
              model: version.model.model,
              apiKey: this.secrets.openModelApiKey(version),
            }
          : null,
      };
    });
    if (!found) return null;
    const agent = await this.published(projectId, found.agentId);
    return agent ? { agent, model: found.model } : null;
  }

  mostSkilledPublished(minEntries: number, limit: number): Promise<Array<{ projectId: string; agentId: string }>> {
    return this.db.read((m) => new AgentRepository(m).mostSkilledPublished(minEntries, limit));
  }

  /** GW-1: what `GET /v1/models` lists for a project. */
  gatewayNames(projectId: string): Promise<string[]> {
    return this.db.read((m) => new AgentRepository(m).publishedGatewayNames(projectId));
  }

  async toolSecret(agentVersionId: string, tool: string): Promise<string | null> {
    const version = await this.db.read((m) => new AgentRepository(m).findVersionById(agentVersionId));
    return version ? this.secrets.openToolSecret(version, tool) : null;
  }

  async mcpServer(
    agentVersionId: string,
    server: string,
  ): Promise<{ name: string; url: string; headers: Record<string, string> } | null> {
    const version = await this.db.read((m) => new AgentRepository(m).findVersionById(agentVersionId));
    const found = version?.mcpServers.find((s) => s.name === server);
    return version && found
      ? { name: found.name, url: found.url, headers: this.secrets.openMcpHeaders(version, server) }
      : null;
  }
}
