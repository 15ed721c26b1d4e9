import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

/** PV-3: a skill version was revoked (the caches that keep versions by id drop it on every instance). */
export interface SkillVersionRevoked extends DomainEvent {
  readonly type: "revocation.version_revoked";
  readonly projectId: string;
  readonly name: string;
  readonly versionId: string;
}
export const SkillVersionRevoked = eventKind<SkillVersionRevoked>("revocation.version_revoked");
