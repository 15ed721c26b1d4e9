import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

/** A publish, rollback or delete moved a skill's live pointer (caches of what is live drop it; MCP sessions hear). */
export interface SkillLiveMoved extends DomainEvent {
  readonly type: "skills.live_moved";
  readonly projectId: string;
  readonly name: string;
}
export const SkillLiveMoved = eventKind<SkillLiveMoved>("skills.live_moved");
