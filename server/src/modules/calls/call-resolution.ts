import { LruCache } from "../../platform/cache/lru-cache";
import { Invalid } from "../../platform/errors";
import type { AgentDirectory, CallAgent } from "../agents";
import type { ProjectScope } from "../auth";
import type { SkillSourceCache } from "../libraries";
import {
  applyRollouts,
  IN_THE_SKILL_LIBRARY,
  IN_THIS_PROJECT,
  resolveSkillEntries,
  type Resolution,
  type ResolvedSkill,
  type SkillCatalog,
} from "../runtime";
import type { SkillCatalogService, SkillVersionEntity } from "../skills";
import { CallCatalog, type RecentLoads } from "./call-catalog";
import { segmentFrom, type SegmentContext } from "./call-contexts";
import type { CallSegment } from "./call-state";
import type { McpConnector } from "./mcp-connector";

/** A running (or paused) staged rollout as resolutions use it (RO-2): its share now and its frozen candidate. */
export interface RolloutCandidate {
  rolloutId: string;
  name: string;
  percent: number;
  liveVersionId: string;
  candidate: SkillVersionEntity;
}

/** The running rollouts of a source project, cached (the rollouts module provides it through the composition root). */
export type RunningRolloutsOf = (sourceProjectId: string) => Promise<readonly RolloutCandidate[]>;

/**
 * What an agent resolves to when something starts running it — a call's start or handoff, a chat session's first
 * message or handoff, an eval run, a gateway turn (RT-1, LB-5): the one resolution every runner asks.
 */
export class CallResolution {
  /**
   * The context a stored agent version resolved to, per (project, agent version, source, versions), reused by
   * the next start that resolves the same versions (ids, pins, rollout arms) with the same tools and knowledge (by
   * identity: the catalog keeps its objects while they hold), so what is derived from it (its stored hash, the
   * prompt and tools) is derived once. A rollout's per-call arm or a publish resolves differently and replaces it.
   */
  private readonly contexts = new LruCache<string, SegmentContext>(10_000);

  /** CT-1: the catalog each segment shows, decided when it starts (every runner asks this resolution for both). */
  readonly callCatalog: CallCatalog;

  constructor(
    private readonly agents: AgentDirectory,
    private readonly catalog: SkillCatalogService,
    private readonly sources: SkillSourceCache,
    private readonly mcp: McpConnector,
    private readonly rollouts: RunningRolloutsOf = async () => [],
    recentLoads?: RecentLoads,
  ) {
    this.callCatalog = new CallCatalog(recentLoads);
  }

  /** The agent's published version in the scope's project; `field` names the input a refusal points at. */
  async publishedAgent(scope: ProjectScope, agentId: string, field: string): Promise<CallAgent> {
    const agent = await this.agents.published(scope.projectId, agentId);
    if (!agent)
      throw Invalid.field(field, `The agent ${agentId} is not an agent of this project with a published version.`, {
        agent_id: agentId,
      });
    return agent;
  }

  /**
   * RT-1, LB-5: the agent's skills resolved in the project it reads skills from, and its MCP tools listed. RO-2:
   * `rolloutKey` (a call's `rolloutKey` or id, a chat session's id, a gateway conversation's key; null for evals)
   * decides the arm of each follow-live skill under a running rollout — one hash, no query (the rollouts are cached).
   */
  async segmentFor(
    projectId: string,
    agent: CallAgent,
    rolloutKey: string | null = null,
  ): Promise<{ segment: CallSegment; warnings: string[] }> {
    const { context, warnings } = await this.contextFor(projectId, agent, rolloutKey);
    return { segment: segmentFrom(context, new Date().toISOString()), warnings };
  }

  /**
   * What segmentFor resolves, without making it a call's segment (a gateway turn stores no call). The context is the
   * same object while the resolution is the same (see `contexts`).
   */
  async contextFor(
    projectId: string,
    agent: CallAgent,
    rolloutKey: string | null = null,
  ): Promise<{ context: SegmentContext; warnings: string[] }> {
    const { sourceProjectId, resolved, warnings } = await this.skillsResolved(projectId, agent, rolloutKey);
    // MCP tools are listed live at every start, and an inline agent is new every time: neither is kept.
    // Keyed by the versions resolved too: under a rollout (RO-2) both arms' resolutions are kept.
    const key =
      agent.versionId && agent.mcpServers.length === 0
        ? contextKey(projectId, agent.versionId, sourceProjectId, resolved)
        : null;
    const known = key ? this.contexts.get(key) : undefined;
    if (known && known.agent === agent.snapshot && sameResolution(known.resolved, resolved))
      return { context: known, warnings };
    const mcp = await this.mcp.listTools(agent.mcpServers);
    const context: SegmentContext = {
      agent: agent.snapshot,
      agentVersionId: agent.versionId,
      sourceProjectId,
      resolved,
      mcpTools: mcp.tools,
      mcpServers: agent.mcpServers.map((s) => ({ name: s.name, url: s.url })),
    };
    if (key) this.contexts.set(key, context);
    return { context, warnings: [...warnings, ...mcp.warnings] };
  }

  /** The agent's skills as a start outside any rollout's arms resolves them, no MCP server asked (CT-2's warm-up). */
  async skillsOf(projectId: string, agent: CallAgent): Promise<readonly ResolvedSkill[]> {
    return (await this.skillsResolved(projectId, agent, null)).resolved;
  }

  private async skillsResolved(
    projectId: string,
    agent: CallAgent,
    rolloutKey: string | null,
  ): Promise<{ sourceProjectId: string; resolved: ResolvedSkill[]; warnings: string[] }> {
    const source = await this.sources.sourceOf(projectId);
    // AG-4: a speech-to-speech agent runs without skills; the runtime says why, so no catalog is read for it.
    const entries = agent.snapshot.mode === "speech_to_speech" ? [] : agent.snapshot.skills;
    const running = source.holdsSkills && rolloutKey !== null ? await this.rollouts(source.projectId) : [];
    const rollouts = running.filter((r) => entries.some((e) => !e.versionId && e.name === r.name));
    const catalog = source.holdsSkills
      ? await this.catalog.catalogFor(
          source.projectId,
          entries,
          rollouts.map((r) => r.candidate),
        )
      : null;
    const place = source.viaLibrary ? IN_THE_SKILL_LIBRARY : IN_THIS_PROJECT;
    const resolution = catalog
      ? this.resolutionOf(agent.snapshot, catalog, place)
      : resolveSkillEntries(agent.snapshot, null, { place });
    let resolved = resolution.resolved;
    if (rollouts.length > 0 && catalog) {
      const shares = rollouts.flatMap((r) => {
        const candidate = catalog.versionsById.get(r.candidate.id);
        return candidate && !candidate.revoked ? [{ ...r, candidate }] : [];
      });
      resolved = applyRollouts(resolved, shares, rolloutKey);
    }
    return { sourceProjectId: source.projectId, resolved, warnings: resolution.warnings };
  }

  /**
   * resolveSkillEntries is a pure function of the agent, the catalog and the place, and the catalog is the
   * same object while its lookups answer the same (SkillCatalogService.catalogFor): resolved once per catalog.
   * The resolution is shared, so it is never changed (a rollout's arms make a new list).
   */
  private resolutionOf(agent: CallAgent["snapshot"], catalog: SkillCatalog, place: string): Resolution {
    const known = this.resolutions.get(catalog);
    if (known && known.agent === agent && known.place === place) return known.resolution;
    const resolution = resolveSkillEntries(agent, catalog, { place });
    this.resolutions.set(catalog, { agent, place, resolution });
    return resolution;
  }

  private readonly resolutions = new WeakMap<
    SkillCatalog,
    { agent: CallAgent["snapshot"]; place: string; resolution: Resolution }
  >();
}

/** `contexts`' key: the project, agent version, source and the versions resolved (kept per resolved list). */
const contextKeys = new WeakMap<
  readonly ResolvedSkill[],
  { projectId: string; versionId: string; sourceProjectId: string; key: string }
>();
function contextKey(
  projectId: string,
  versionId: string,
  sourceProjectId: string,
  resolved: readonly ResolvedSkill[],
): string {
  const known = contextKeys.get(resolved);
  if (
    known &&
    known.projectId === projectId &&
    known.versionId === versionId &&
    known.sourceProjectId === sourceProjectId
  )
    return known.key;
  const key = `${projectId}\u0000${versionId}\u0000${sourceProjectId}\u0000${resolved.map(keyOf).join(",")}`;
  contextKeys.set(resolved, { projectId, versionId, sourceProjectId, key });
  return key;
}
/** A resolved skill's part of a resolution's key (the resolver gives the same object for the same version and pin). */
const keys = new WeakMap<ResolvedSkill, string>();
function keyOf(r: ResolvedSkill): string {
  let key = keys.get(r);
  if (key === undefined)
    keys.set(r, (key = `${r.id}${r.pinned ? "!" : ""}${r.rollout ? `@${r.rollout.rolloutId}:${r.rollout.arm}` : ""}`));
  return key;
}

/** The same versions (pins and rollout arms included) with the same tools and knowledge objects. */
function sameResolution(a: readonly ResolvedSkill[], b: readonly ResolvedSkill[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    return (
      x === y ||
      (x.id === y.id &&
        x.pinned === y.pinned &&
        x.rollout?.rolloutId === y.rollout?.rolloutId &&
        x.rollout?.arm === y.rollout?.arm &&
        x.tools === y.tools &&
        x.knowledgeBases === y.knowledgeBases &&
        x.description === y.description &&
        x.instructions === y.instructions &&
        x.version === y.version &&
        x.name === y.name)
    );
  });
}
