import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

/** A publish or delete changed what calls of an agent run (the agent directory drops it). */
export interface AgentPublishedChanged extends DomainEvent {
  readonly type: "agents.published_changed";
  readonly projectId: string;
  readonly agentId: string;
}
export const AgentPublishedChanged = eventKind<AgentPublishedChanged>("agents.published_changed");
