import type { Database, DbManager } from "../../platform/db/database";
import type { ArmCounts, RolloutArms } from "./arm-counts";
import { InsightsRepository } from "./insights.repository";
import { agentKeyOf, DAY_MS, hourOf } from "./signal-delta";
import type { SkillSignalDeltaEntity } from "./signal.entity";
import { SignalsRepository } from "./signals.repository";

/** A rollout as its arms' signals need it: outcomes count only from its own project (SEC-27). */
export interface RolloutRef {
  id: string;
  projectId: string;
}

/**
 * The one place the per-skill signals are computed (RO-3, OB-3): per rollout arm for the rollouts' guards and
 * pages, and (through the rollup) per skill, agent and hour for insights. Writers record deltas inside the
 * transaction of what they count (`record`).
 */
export class SkillSignals {
  constructor(private readonly db: Database) {}

  /** RO-3: both arms of a rollout, from the calls and sessions that resolved its skill under it. */
  async forRollout(rollout: RolloutRef): Promise<RolloutArms> {
    return (await this.forRollouts([rollout])).get(rollout.id)!;
  }

  /** RO-3, SEC-27: the arms of many rollouts in one query (a page of rollouts, no N+1). */
  forRollouts(rollouts: readonly RolloutRef[]): Promise<Map<string, RolloutArms>> {
    const unique = [...new Map(rollouts.map((r) => [r.id, { id: r.id, projectId: r.projectId }])).values()];
    return this.db.read((m) => new SignalsRepository(m).rolloutArms(unique));
  }

  /**
   * A skill's signals over [from, to) from the calls and sessions of the given agents (the traffic a rollout of the
   * skill would split: its start form's forecast).
   */
  trafficOf(
    projectId: string,
    skill: string,
    agentIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<ArmCounts & { evictions: number }> {
    return this.db.read((m) =>
      new InsightsRepository(m).totals({
        projectId,
        skill,
        agentKeys: agentIds,
        fromHour: hourOf(from),
        to: to.getTime(),
      }),
    );
  }

  /**
   * CT-1: how often the agent's calls and sessions loaded each of its skills over the last `days` whole days (the day
   * rollup as last folded): the catalog's second ranking, after relevance to the conversation.
   */
  recentLoads(projectId: string, agentId: string, days = 30): Promise<Map<string, number>> {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    return this.db.read((m) =>
      new SignalsRepository(m).loadsSince(projectId, agentKeyOf(agentId), today - days * DAY_MS),
    );
  }

  /** Adds signal deltas inside the caller's transaction (never on their own: they count what that writes). */
  record(m: DbManager, deltas: readonly SkillSignalDeltaEntity[]): Promise<void> {
    return new SignalsRepository(m).insertDeltas(deltas);
  }
}
