import { Invalid } from "../../platform/errors";
import type { AgentDirectory, CallAgent } from "../agents";
import type { ProjectScope } from "../auth";
import type { SkillSourceCache } from "../libraries";
import { applyRollouts, IN_THE_SKILL_LIBRARY, IN_THIS_PROJECT, resolveSkillEntries } from "../runtime";
import type { SkillCatalogService, SkillVersionEntity } from "../skills";
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
  constructor(
    private readonly agents: AgentDirectory,
    private readonly catalog: SkillCatalogService,
    private readonly sources: SkillSourceCache,
    private readonly mcp: McpConnector,
    private readonly rollouts: RunningRolloutsOf = async () => [],
  ) {}

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
    const resolution = resolveSkillEntries(agent.snapshot, catalog, {
      place: source.viaLibrary ? IN_THE_SKILL_LIBRARY : IN_THIS_PROJECT,
    });
    if (rollouts.length > 0 && catalog) {
      const shares = rollouts.flatMap((r) => {
        const candidate = catalog.versionsById.get(r.candidate.id);
        return candidate ? [{ ...r, candidate }] : [];
      });
      resolution.resolved = applyRollouts(resolution.resolved, shares, rolloutKey);
    }
    const mcp = await this.mcp.listTools(agent.mcpServers);
    const segment: CallSegment = {
      agent: agent.snapshot,
      agentVersionId: agent.versionId,
      sourceProjectId: source.projectId,
      resolved: resolution.resolved,
      mcpTools: mcp.tools,
      mcpServers: agent.mcpServers.map((s) => ({ name: s.name, url: s.url })),
      startedAt: new Date().toISOString(),
    };
    return { segment, warnings: [...resolution.warnings, ...mcp.warnings] };
  }
}
