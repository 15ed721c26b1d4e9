import type { RuntimeEvent } from "./loaded-set";
import type { ResolvedSkill } from "./types";

/** A call's `skills` entry (RT-10), as a call read and the `call.ended` webhook carry it. */
export interface CallSkillView {
  name: string;
  version: number;
  versionId: string;
  pinned: boolean;
  /** Loaded at any point of the call (an unloaded skill still reads true); null once the call's events expired. */
  loaded: boolean | null;
}

/**
 * RT-10, RT-11: every version the call resolved — the agent's in its order, then each handoff target's — a version
 * resolved twice listed once (where it first appears). `loadedEver` holds the version ids of the call's
 * `skill.loaded` events, or null when they expired.
 */
export function callSkills(
  records: ReadonlyArray<{ resolved: readonly ResolvedSkill[] }>,
  loadedEver: ReadonlySet<string> | null,
): CallSkillView[] {
  return resolvedOnce(records).map((skill) => ({
    name: skill.name,
    version: skill.version,
    versionId: skill.id,
    pinned: skill.pinned,
    loaded: loadedEver === null ? null : loadedEver.has(skill.id),
  }));
}

/** The versions of a call's segments in order — the agent's, then each handoff target's —, each where it first appears. */
export function resolvedOnce(records: ReadonlyArray<{ resolved: readonly ResolvedSkill[] }>): ResolvedSkill[] {
  const listed = new Set<string>();
  return records.flatMap((record) => record.resolved).filter((skill) => !listed.has(skill.id) && listed.add(skill.id));
}

/** The version ids a call's events show loaded at some point: `callSkills`'s `loadedEver`. */
export function loadedVersionIds(events: readonly RuntimeEvent[]): Set<string> {
  return new Set(events.filter((event) => event.type === "skill.loaded").map((event) => event.versionId));
}

/** The `data` of a `CallEvent` and of its webhook, in the seeds' snake_case (api.md), without `call_id`. */
export interface CallEventData {
  skill: string;
  version: number;
  version_id: string;
  reason?: "limit";
}

export function callEventData(event: RuntimeEvent): CallEventData {
  const data: CallEventData = { skill: event.skill, version: event.version, version_id: event.versionId };
  if (event.type === "skill.unloaded") data.reason = event.reason;
  return data;
}
