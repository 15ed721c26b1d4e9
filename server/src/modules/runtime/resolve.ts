import type { AgentSnapshot, CatalogVersion, ResolvedSkill, SkillCatalog, SkillEntry } from "./types";

/** The warning an S2S agent's read and calls carry when it lists skills (AG-4). */
export const SKILLS_IGNORED_ON_S2S = "skills_ignored_on_s2s";

/** Where the skills were looked up, as messages say it (LB-4). */
export const IN_THIS_PROJECT = "in this project";
export const IN_THE_SKILL_LIBRARY = "in this project's skill library";

export interface ResolveOptions {
  /** How warnings name the place the skills come from; default `IN_THIS_PROJECT`. */
  place?: string;
}

export interface Resolution {
  resolved: ResolvedSkill[];
  warnings: string[];
}

/**
 * RT-1, AG-4, LB-5, LB-7: each entry resolves once to its pinned version or the live one. What does not resolve is a
 * warning and a skip, never an error: inline agents and handoff targets were not checked at save, and the call starts
 * either way. `catalog` null is a deleted library, which holds no skills.
 */
export function resolveSkillEntries(
  agent: AgentSnapshot,
  catalog: SkillCatalog | null,
  options: ResolveOptions = {},
): Resolution {
  if (agent.mode === "speech_to_speech") {
    return { resolved: [], warnings: agent.skills.length > 0 ? [SKILLS_IGNORED_ON_S2S] : [] };
  }
  const place = options.place ?? IN_THIS_PROJECT;
  const resolved: ResolvedSkill[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const entry of agent.skills) {
    // The first entry of a name decides, whether it resolves or not: a later entry never stands in for it.
    if (seen.has(entry.name)) {
      warnings.push(skipped(entry.name, "listed more than once; only its first entry is used"));
      continue;
    }
    seen.add(entry.name);
    const outcome = catalog === null ? deletedLibrary(entry) : resolveEntry(entry, catalog, place);
    if (typeof outcome === "string") warnings.push(outcome);
    else resolved.push(outcome);
  }
  return { resolved, warnings };
}

function resolveEntry(entry: SkillEntry, catalog: SkillCatalog, place: string): ResolvedSkill | string {
  const pin = entry.versionId ?? null;
  if (pin !== null) {
    const version = catalog.versionsById.get(pin);
    if (!version || version.name !== entry.name) {
      return skipped(entry.name, `pinned version '${pin}' is not a version of '${entry.name}' ${place}`);
    }
    if (version.revoked) {
      return skipped(entry.name, `pinned version ${version.version} ('${pin}') was revoked and is never served`);
    }
    if (version.state === "draft") {
      return skipped(
        entry.name,
        `pinned version '${pin}' is a draft; only a published or archived version can be pinned`,
      );
    }
    return asResolved(version, true);
  }
  const liveId = catalog.liveVersionIdByName.get(entry.name);
  const live = liveId === undefined ? undefined : catalog.versionsById.get(liveId);
  if (!live || live.name !== entry.name || live.state === "draft" || live.revoked) {
    return skipped(entry.name, `no published version ${place}`);
  }
  return asResolved(live, false);
}

function deletedLibrary(entry: SkillEntry): string {
  return skipped(entry.name, "the skill library was deleted and holds no skills");
}

/**
 * One resolved skill per catalog version and pin: the catalog keeps a version's object while it holds, so resolving
 * the same versions again gives the same objects, which a caller can compare by identity (a call start
 * checks that it resolved what the previous one did). Resolved skills are never changed after they are made.
 */
const resolvedOf = new WeakMap<CatalogVersion, { pinned?: ResolvedSkill; live?: ResolvedSkill }>();

function asResolved(version: CatalogVersion, pinned: boolean): ResolvedSkill {
  let made = resolvedOf.get(version);
  if (!made) resolvedOf.set(version, (made = {}));
  return pinned ? (made.pinned ??= { ...version, pinned }) : (made.live ??= { ...version, pinned });
}

function skipped(name: string, why: string): string {
  return `skill '${name}' skipped: ${why}`;
}
