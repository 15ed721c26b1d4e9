import { SkillSignalDeltaEntity } from "./signal.entity";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/**
 * The periods `agent_signal_periods` keeps, finest first, each a whole number of the one before (blocks of 8 and 64
 * UTC days since the epoch): a year is ~5 blocks of 64 days, and a few blocks of 8, days and hours at its ends.
 */
export const AGENT_PERIODS = [HOUR_MS, DAY_MS, 8 * DAY_MS, 64 * DAY_MS] as const;

/** The hour (epoch ms, UTC) a time falls in: every signal counts in the start hour of its call or session. */
export const hourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;

/** The agent key of a signal: the stored agent's id, "" for an inline agent. */
export const agentKeyOf = (agentId: string | null): string => agentId ?? "";

/** Where a signal counts: the project, the skill, the agent that ran it, and its owner's start. */
export interface SignalKey {
  projectId: string;
  skill: string;
  agentId: string | null;
  startedAt: Date;
}

export type SignalCounts = Partial<
  Pick<
    SkillSignalDeltaEntity,
    "starts" | "loads" | "evictions" | "toolRuns" | "toolErrors" | "outcomes" | "successes" | "maxLoaded"
  >
>;

/** One delta row: the key and the counts it adds (absent counts add 0). */
export function deltaRow(key: SignalKey, counts: SignalCounts): SkillSignalDeltaEntity {
  return Object.assign(new SkillSignalDeltaEntity(), {
    projectId: key.projectId,
    skill: key.skill,
    agentKey: agentKeyOf(key.agentId),
    hour: hourOf(key.startedAt),
    starts: counts.starts ?? 0,
    loads: counts.loads ?? 0,
    evictions: counts.evictions ?? 0,
    toolRuns: counts.toolRuns ?? 0,
    toolErrors: counts.toolErrors ?? 0,
    outcomes: counts.outcomes ?? 0,
    successes: counts.successes ?? 0,
    maxLoaded: counts.maxLoaded ?? 0,
  });
}

/** A tool run's status counts as an error unless it is "ok" (error, timeout, refused). */
export const isToolError = (status: string): boolean => status !== "ok";

/** RO-3, OB-3: one start of each skill a call or session resolved (its agent, its start hour). */
export function startDeltas(
  owner: Omit<SignalKey, "skill">,
  skills: ReadonlyArray<{ name: string }>,
): SkillSignalDeltaEntity[] {
  // the key's fields only: `owner` is often a whole call (its state included), not worth copying once per skill
  const { projectId, agentId, startedAt } = owner;
  return [...new Set(skills.map((s) => s.name))].map((skill) =>
    deltaRow({ projectId, skill, agentId, startedAt }, { starts: 1 }),
  );
}
