import type { DomainEvents } from "./platform/events/domain-events";
import { AgentPublishedChanged } from "./modules/agents";
import type { CallTimelineService } from "./modules/call-timeline";
import { CallRecorded } from "./modules/calls";
import { EvalRunQueued, type EvalWorker } from "./modules/evals";
import type { McpSkillsEndpoint } from "./modules/mcp-skills";
import { SkillVersionRevoked } from "./modules/revocation";
import { RolloutChanged, type RolloutUpdates } from "./modules/rollouts";
import { SkillLiveMoved } from "./modules/skills";
import { WebhookDeliveriesQueued, type WebhookWorker } from "./modules/webhooks";
import type { Services } from "./app-services";

/** What listens besides the services: the workers and the endpoints app.ts starts. */
export interface Listeners {
  webhookWorker: WebhookWorker;
  evalWorker: EvalWorker;
  mcpSkills: McpSkillsEndpoint;
  timeline: CallTimelineService;
  rolloutUpdates: RolloutUpdates;
}

/**
 * Every listener of a domain event, in one place. An event's listeners run in the order written here, each on its
 * own (one that fails is logged; the others still run), once the change committed.
 */
export function subscribeListeners(events: DomainEvents, services: Services, listeners: Listeners): void {
  const { catalog, agentDirectory, rollouts, runningRollouts } = services;
  // Caches first: what runs after them reads the moved pointer.
  events.on(SkillLiveMoved, (moved) => catalog.liveMoved(moved.projectId, moved.name));
  // PV-3: a revoked version leaves every instance's version cache (an agent pinned to it stops getting it)
  events.on(SkillVersionRevoked, (revoked) => catalog.versionRevoked(revoked.versionId));
  events.on(AgentPublishedChanged, (changed) => agentDirectory.agentChanged(changed.projectId, changed.agentId));
  events.on(RolloutChanged, (changed) => runningRollouts.changed(changed.projectId));
  // RO-1: a live pointer moved by hand (rollback, publish, delete) ends the skill's rollout, aborted with the reason
  events.on(SkillLiveMoved, (moved) => rollouts.checkSkill(moved.projectId, moved.name));
  // GW-11: open MCP sessions hear of a publish, rollback or library change (every instance)
  events.on(SkillLiveMoved, (moved) => listeners.mcpSkills.liveMoved(moved.projectId));
  // UX-5: call events and tool runs reach subscribers after their rows committed
  events.on(CallRecorded, (recorded) => listeners.timeline.recorded(recorded.callId, recorded.toldOthers));
  events.on(RolloutChanged, (changed) => listeners.rolloutUpdates.changed(changed.rolloutId));
  // Queued work wakes its worker at once instead of at its next poll.
  events.on(WebhookDeliveriesQueued, () => listeners.webhookWorker.wake());
  events.on(EvalRunQueued, () => listeners.evalWorker.wake());
}
