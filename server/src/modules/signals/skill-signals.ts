import type { Database, DbManager } from "../../platform/db/database";
import type { RolloutArms } from "./arm-counts";
import type { SkillSignalDeltaEntity } from "./signal.entity";
import { agentKeyOf, DAY_MS } from "./signal-delta";
import { SignalsRepository } from "./signals.repository";

/**
 * The one place the per-skill signals are computed (RO-3, OB-3): per rollout arm for the rollouts' guards and
 * pages, and (through the rollup) per skill, agent and hour for insights. Writers record deltas inside the
 * transaction of what they count (`record`).
 */
export class SkillSignals {
  constructor(private readonly db: Database) {}

  /** RO-3: both arms of a rollout, from the calls and sessions that resolved its skill under it. */
  async forRollout(rolloutId: string): Promise<RolloutArms> {
    return (await this.forRollouts([rolloutId])).get(rolloutId)!;
  }

  /** RO-3: the arms of many rollouts in one query (a page of rollouts, no N+1). */
  forRollouts(rolloutIds: readonly string[]): Promise<Map<string, RolloutArms>> {
    const ids = [...new Set(rolloutIds)];
    return this.db.read((m) => new SignalsRepository(m).rolloutArms(ids));
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
