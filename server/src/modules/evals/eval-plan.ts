import type { SecretBox } from "../../platform/crypto";
import type { AgentDirectory, CallAgent } from "../agents";
import { AgentSecretSeal, type CallResolution, type CallSegment, type SecretOpener } from "../calls";
import type { CatalogVersion } from "../runtime";

/** A run's target as stored: stored agents (one, or every one a skill's usage lists), or a sealed inline agent. */
export type EvalTargetSpec =
  { kind: "agents"; agentIds: string[]; skillUsage: string | null } | { kind: "inline"; sealedConfig: string };

/** One agent as the run resolved it (EV-1): its segment (skills, tools) and its model, secrets sealed to the run. */
export interface PlannedAgent {
  agentId: string | null;
  agentName: string;
  segment: CallSegment;
  model: { baseUrl: string; model: string } | null;
  /** Sealed: `model` (the API key), `tool:<name>` and `mcp:<server>` (inline agents). */
  sealed: Record<string, string>;
}

export interface EvalPlan {
  agents: PlannedAgent[];
}

/** A run's secrets are bound to the run (or the gate's comparison), the agent's index and the key. */
const owner = (ownerId: string, index: number) => `${ownerId}:${index}`;
const INLINE_CONFIG = -1;

/**
 * Resolves the agents of a target once (EV-1): each one's skills as a call's start resolves them (the calls module's
 * segment resolution), with the warnings (`skills_skipped: …`). `candidate` stands in for the live version of its
 * name wherever an agent follows it (the publish gate).
 */
export class EvalPlanner {
  /** The model's key (`model`), and an inline agent's tool secrets (`tool:<name>`) and MCP headers (`mcp:<server>`). */
  private readonly secrets: AgentSecretSeal;

  constructor(
    private readonly calls: CallResolution,
    private readonly agents: AgentDirectory,
    secretBox: SecretBox,
  ) {
    this.secrets = new AgentSecretSeal(secretBox, {
      binding: (agentOwner, key) => `eval:${agentOwner}:${key}`,
      modelKey: "model",
      toolKey: (tool) => `tool:${tool}`,
    });
  }

  async inlineAgent(projectId: string, config: unknown): Promise<CallAgent> {
    return this.agents.inline(projectId, config);
  }

  sealConfig(ownerId: string, config: unknown): string {
    return this.secrets.sealValue(owner(ownerId, INLINE_CONFIG), "inline", JSON.stringify(config));
  }

  async plan(
    ownerId: string,
    projectId: string,
    target: EvalTargetSpec,
    candidate: CatalogVersion | null = null,
  ): Promise<{ plan: EvalPlan; warnings: string[] }> {
    const warnings: string[] = [];
    const found: CallAgent[] = [];
    if (target.kind === "inline") {
      const sealed = { inline: target.sealedConfig };
      const config: unknown = JSON.parse(this.secrets.open(owner(ownerId, INLINE_CONFIG), sealed, "inline") ?? "null");
      found.push(await this.agents.inline(projectId, config));
    } else {
      for (const agentId of target.agentIds) {
        const agent = await this.agents.published(projectId, agentId);
        if (agent) found.push(agent);
        else warnings.push(`agent_skipped: the agent ${agentId} has no published version now`);
      }
    }
    const agents: PlannedAgent[] = [];
    for (const [index, agent] of found.entries()) {
      const { segment, warnings: resolution } = await this.calls.segmentFor(projectId, agent);
      // api.md: an eval run's unresolved skill is a warning starting "skills_skipped".
      warnings.push(...resolution.map((w) => (/^skill '.*' skipped: /.test(w) ? `skills_skipped: ${w}` : w)));
      if (candidate) {
        segment.resolved = segment.resolved.map((r) =>
          r.name === candidate.name && !r.pinned ? { ...candidate, pinned: false } : r,
        );
      }
      agents.push({
        agentId: agent.snapshot.agentId,
        agentName: agent.snapshot.name,
        segment,
        model: agent.model ? { baseUrl: agent.model.baseUrl, model: agent.model.model } : null,
        sealed: this.secrets.seal(owner(ownerId, index), agent),
      });
    }
    return { plan: { agents }, warnings: [...new Set(warnings)] };
  }

  opener(ownerId: string, index: number, planned: PlannedAgent): SecretOpener {
    return this.secrets.opener(owner(ownerId, index), planned.sealed);
  }

  /** `resolvedConfig.resolved_skills` (api.md, snake_case). */
  static resolvedConfig(plan: EvalPlan): Record<string, unknown> {
    return {
      resolved_skills: plan.agents.flatMap((a) =>
        a.segment.resolved.map((r) => ({
          name: r.name,
          version: r.version,
          version_id: r.id,
          pinned: r.pinned,
          agent_id: a.agentId,
        })),
      ),
    };
  }
}
