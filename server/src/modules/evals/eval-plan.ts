import type { SecretBox } from "../../platform/crypto";
import type { AgentDirectory, CallAgent } from "../agents";
import type { CallSegment, CallService } from "../calls";
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

/** Opens a planned agent's sealed secrets. */
export type SecretOpener = (key: string) => string | null;

export const binding = (ownerId: string, index: number, key: string) => `eval:${ownerId}:${index}:${key}`;

/**
 * Resolves the agents of a target once (EV-1): each one's skills as a call's start resolves them (the calls module's
 * segment resolution), with the warnings (`skills_skipped: …`). `candidate` stands in for the live version of its
 * name wherever an agent follows it (the publish gate).
 */
export class EvalPlanner {
  constructor(
    private readonly calls: CallService,
    private readonly agents: AgentDirectory,
    private readonly secrets: SecretBox,
  ) {}

  async inlineAgent(projectId: string, config: unknown): Promise<CallAgent> {
    return this.agents.inline(projectId, config);
  }

  sealConfig(ownerId: string, config: unknown): string {
    return this.secrets.seal(JSON.stringify(config), binding(ownerId, -1, "inline"));
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
      const config: unknown = JSON.parse(this.secrets.open(target.sealedConfig, binding(ownerId, -1, "inline")));
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
        sealed: this.seal(ownerId, index, agent),
      });
    }
    return { plan: { agents }, warnings: [...new Set(warnings)] };
  }

  opener(ownerId: string, index: number, planned: PlannedAgent): SecretOpener {
    return (key) => {
      const sealed = planned.sealed[key];
      return sealed ? this.secrets.open(sealed, binding(ownerId, index, key)) : null;
    };
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

  private seal(ownerId: string, index: number, agent: CallAgent): Record<string, string> {
    const entries: Array<[string, string]> = [
      ...(agent.model?.apiKey ? [["model", agent.model.apiKey] as [string, string]] : []),
      ...(agent.versionId
        ? []
        : Object.entries(agent.toolSecrets).map(([tool, secret]): [string, string] => [`tool:${tool}`, secret])),
      ...(agent.versionId
        ? []
        : agent.mcpServers.map((s): [string, string] => [`mcp:${s.name}`, JSON.stringify(s.headers)])),
    ];
    return Object.fromEntries(
      entries.map(([key, value]) => [key, this.secrets.seal(value, binding(ownerId, index, key))]),
    );
  }
}
