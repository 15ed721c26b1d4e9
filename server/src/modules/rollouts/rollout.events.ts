import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

/** A rollout started, moved or ended (resolution caches drop the project's rollouts; `rolloutUpdates` hears). */
export interface RolloutChanged extends DomainEvent {
  readonly type: "rollouts.changed";
  readonly projectId: string;
  readonly rolloutId: string;
}
export const RolloutChanged = eventKind<RolloutChanged>("rollouts.changed");
