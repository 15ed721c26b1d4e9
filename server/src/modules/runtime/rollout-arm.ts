import type { CatalogVersion, ResolvedSkill, SkillRollout } from "./types";

/** A staged rollout as a resolution needs it (RO-2): whose skill, the candidate's share now, both versions. */
export interface RolloutShare {
  rolloutId: string;
  name: string;
  /** The candidate's share, 0–100. */
  percent: number;
  /** The live version the rollout started beside; a resolution that gave another version is left alone. */
  liveVersionId: string;
  candidate: CatalogVersion;
}

/**
 * RO-2: the bucket of a resolution key in a rollout, a stable hash of (rollout id, key) in [0, 100). FNV-1a over the
 * UTF-16 code units, then murmur3's finaliser so that nearby keys spread evenly; the same on every instance and
 * every release (changing it would move callers between arms).
 */
export function rolloutBucket(rolloutId: string, key: string): number {
  let hash = 0x811c9dc5;
  const text = `${rolloutId}\u0000${key}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 100;
}

/** RO-2: candidate when the key's bucket is below the percentage — so raising it only moves keys to the candidate. */
export function rolloutArm(rolloutId: string, key: string, percent: number): SkillRollout["arm"] {
  return rolloutBucket(rolloutId, key) < percent ? "candidate" : "live";
}

/**
 * RO-2: a resolution under the running rollouts. A follow-live entry that resolved to the rollout's live version
 * gets the candidate when its key falls in the candidate's share, else keeps live; either way it records the
 * rollout and the arm. Pinned entries, skills without a rollout and resolutions without a key (evals) are untouched.
 */
export function applyRollouts(
  resolved: readonly ResolvedSkill[],
  shares: readonly RolloutShare[],
  key: string | null,
): ResolvedSkill[] {
  if (shares.length === 0 || key === null) return [...resolved];
  return resolved.map((skill) => {
    if (skill.pinned) return skill;
    const share = shares.find((s) => s.name === skill.name && s.liveVersionId === skill.id);
    if (!share) return skill;
    const arm = rolloutArm(share.rolloutId, key, share.percent);
    const rollout: SkillRollout = { rolloutId: share.rolloutId, arm };
    return arm === "candidate" ? { ...share.candidate, pinned: false, rollout } : { ...skill, rollout };
  });
}
