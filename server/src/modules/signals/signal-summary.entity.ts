import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { BigIntColumn, integerFromBigint } from "../../platform/db/columns";

/**
 * OB-3 (unusedSkills): per project and skill, the first and the last hour in which the rollups hold a load. Kept by
 * the fold in the transaction that folds those loads (bounds only move outwards: a rollup's counts only grow), so it
 * always agrees with `skill_signal_hours`/`_days`: a range ending before the first or starting after the last has no
 * load of the skill, one holding either has one; only a range strictly inside the two needs the rollups themselves.
 * A skill never loaded has no row.
 */
@Entity({ name: "skill_load_bounds" })
export class SkillLoadBoundsEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "project_id" })
  projectId!: string;

  @PrimaryColumn({ type: "varchar", length: 64, name: "skill" })
  skill!: string;

  @BigIntColumn("first_hour")
  firstHour!: number;

  @BigIntColumn("last_hour")
  lastHour!: number;
}

/**
 * OB-3 (capAdvice): each stored agent's evictions (summed) and the most skills one of its calls or sessions had
 * loaded (a maximum), per hour, per UTC day and per block of 8 and of 64 days since the epoch (`period`: the length
 * in ms, `start`: its first hour) — the skill rows of the rollups summed over the skills, kept by the fold in the
 * same transaction. A year is read from ~5 blocks of 64 days and the finer periods at its ends, per agent.
 */
@Entity({ name: "agent_signal_periods" })
// the agents that evicted in a range: only the rows with evictions
@Index("idx_agent_signal_periods_evicted", ["projectId", "period", "start", "agentKey", "evictions"], {
  where: "evictions > 0",
})
export class AgentSignalPeriodEntity {
  /** The key is (project, agent, period, start): one agent's rows in a range are one index range per period. */
  @PrimaryColumn({ type: "varchar", length: 36, name: "project_id" })
  projectId!: string;

  @PrimaryColumn({ type: "varchar", length: 36, name: "agent_key" })
  agentKey!: string;

  @PrimaryColumn({ type: "bigint", name: "period", transformer: integerFromBigint })
  period!: number;

  @PrimaryColumn({ type: "bigint", name: "start", transformer: integerFromBigint })
  start!: number;

  @Column({ type: "integer", name: "evictions", default: 0 })
  evictions!: number;

  @Column({ type: "integer", name: "max_loaded", default: 0 })
  maxLoaded!: number;
}
