import { alreadyLoadedMessage, loadedMessage, unknownSkillMessage } from "./load-skill-message";
import type { CatalogShown } from "./catalog-budget";
import type { ResolvedSkill } from "./types";

/** What a call (or a chat session) holds: the skills it resolved, those loaded now, and the cap (RT-3, RT-4, TX-2). */
export interface LoadedState {
  resolved: readonly ResolvedSkill[];
  /** Names, oldest load first. */
  loaded: readonly string[];
  /** The agent's `max_loaded_skills`. */
  cap: number;
  /** CT-1: the skills the catalog lists when it leaves some out (null or absent: all); any skill can be loaded. */
  shown?: CatalogShown;
}

export type RuntimeEvent =
  | { type: "skill.loaded"; skill: string; version: number; versionId: string }
  | { type: "skill.unloaded"; skill: string; version: number; versionId: string; reason: "limit" };

export type LoadStatus = "LOADED" | "ALREADY_LOADED" | "UNKNOWN_SKILL";

export interface LoadOutcome {
  status: LoadStatus;
  /** The skill asked for, when it is one of the resolved skills. */
  skill: string | null;
  /** The skill unloaded to respect the cap, if any. */
  unloaded: string | null;
  /** Every resolved skill's name, loaded or not, in the agent's order; the catalog's when it leaves some out. */
  available: string[];
  /** The `load_skill` result the model reads. */
  message: string;
  /** The loaded set after this load, oldest load first. */
  loaded: string[];
  /** To record in this order: the unload before the load that made room (RT-11). */
  events: RuntimeEvent[];
}

/**
 * `load_skill {"name"}` (RT-3, RT-4, RT-11). Loading an already loaded skill changes nothing; an unknown name changes
 * nothing and lists the skills that can be loaded; a load past the cap unloads the skill loaded longest ago in the
 * same switch.
 */
export function loadSkill(state: LoadedState, name: string): LoadOutcome {
  const available = state.shown ? [...state.shown] : state.resolved.map((skill) => skill.name);
  const loaded = currentlyLoaded(state);
  // SK-1: names are stored in NFKC; a model that writes the decomposed spelling still names the skill.
  const wanted = name.trim().normalize("NFKC");
  const skill = state.resolved.find((candidate) => candidate.name === wanted);
  if (!skill) {
    return {
      status: "UNKNOWN_SKILL",
      skill: null,
      unloaded: null,
      available,
      message: unknownSkillMessage(name, available, loaded, Boolean(state.shown)),
      loaded,
      events: [],
    };
  }
  if (loaded.includes(skill.name)) {
    return {
      status: "ALREADY_LOADED",
      skill: skill.name,
      unloaded: null,
      available,
      message: alreadyLoadedMessage(skill.name),
      loaded,
      events: [],
    };
  }
  const cap = effectiveCap(state.cap);
  const events: RuntimeEvent[] = [];
  const remaining = [...loaded];
  const evicted: string[] = [];
  // A consistent state evicts at most one; the loop only matters for a stored state already past its cap.
  while (remaining.length >= cap) {
    const oldest = remaining.shift() as string;
    evicted.push(oldest);
    const version = byName(state.resolved, oldest);
    events.push({
      type: "skill.unloaded",
      skill: oldest,
      version: version.version,
      versionId: version.id,
      reason: "limit",
    });
  }
  events.push({ type: "skill.loaded", skill: skill.name, version: skill.version, versionId: skill.id });
  return {
    status: "LOADED",
    skill: skill.name,
    unloaded: evicted[0] ?? null,
    available,
    message: loadedMessage(skill.name, evicted, cap),
    loaded: [...remaining, skill.name],
    events,
  };
}

/** The loaded names that are resolved skills, each once, oldest load first. */
export function currentlyLoaded(state: Pick<LoadedState, "resolved" | "loaded">): string[] {
  const names = new Set(state.resolved.map((skill) => skill.name));
  return [...new Set(state.loaded)].filter((name) => names.has(name));
}

/** The loaded skills themselves, oldest load first. */
export function loadedSkills(state: Pick<LoadedState, "resolved" | "loaded">): ResolvedSkill[] {
  return currentlyLoaded(state).map((name) => byName(state.resolved, name));
}

function effectiveCap(cap: number): number {
  return Number.isFinite(cap) ? Math.max(1, Math.floor(cap)) : 1;
}

function byName(resolved: readonly ResolvedSkill[], name: string): ResolvedSkill {
  const skill = resolved.find((candidate) => candidate.name === name);
  if (!skill) throw new Error(`No resolved skill is named '${name}'.`);
  return skill;
}
