import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type ValueTransformer,
} from "typeorm";
import { BigIntColumn, IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";

/** The longest note an outcome keeps (SEC-22: the column's length is the input's limit). */
export const OUTCOME_NOTE_LENGTH = 2000;

/**
 * RO-3: how a call or a chat session ended, as its caller reported it; one per owner, the last report wins. Exactly
 * one owner is set (a check), and the row goes with it (a foreign key each).
 */
@Entity({ name: "outcomes" })
@Index("uq_outcomes_call", ["callId"], { unique: true })
@Index("uq_outcomes_session", ["sessionId"], { unique: true })
@Check("ck_outcomes_one_owner", "(call_id IS NULL) <> (session_id IS NULL)")
@Check("ck_outcomes_score", "score IS NULL OR (score >= 0 AND score <= 1)")
export class OutcomeEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @IdColumn("call_id", { nullable: true })
  callId!: string | null;

  @ManyToOne("CallEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "call_id" })
  call?: unknown;

  @IdColumn("session_id", { nullable: true })
  sessionId!: string | null;

  @ManyToOne("ChatSessionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "session_id" })
  session?: unknown;

  @Column({ type: "boolean", name: "success" })
  success!: boolean;

  @Column({ type: "double precision", name: "score", nullable: true })
  score!: number | null;

  @TextColumn("note", { length: OUTCOME_NOTE_LENGTH, nullable: true })
  note!: string | null;

  @TimestampColumn("reported_at")
  reportedAt!: Date;
}

/** The counters of the per-skill signals (OB-3), the same in a delta and in an hour of the rollup. */
export abstract class SignalCounters {
  @Column({ type: "integer", name: "starts", default: 0 })
  starts!: number;

  @Column({ type: "integer", name: "loads", default: 0 })
  loads!: number;

  @Column({ type: "integer", name: "evictions", default: 0 })
  evictions!: number;

  @Column({ type: "integer", name: "tool_runs", default: 0 })
  toolRuns!: number;

  @Column({ type: "integer", name: "tool_errors", default: 0 })
  toolErrors!: number;

  @Column({ type: "integer", name: "outcomes", default: 0 })
  outcomes!: number;

  @Column({ type: "integer", name: "successes", default: 0 })
  successes!: number;

  /** The most distinct skills one call or session of this agent had loaded (a maximum, not a sum). */
  @Column({ type: "integer", name: "max_loaded", default: 0 })
  maxLoaded!: number;
}

const hourMs: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};

/**
 * Insert-only changes of the signals, written in the transaction of what they count (a call start, a load, a tool
 * run, an outcome); the fold (SignalRollup) moves them into `skill_signal_hours` and deletes them in one
 * transaction, and every read adds those not folded yet: nothing is counted twice or lost, whenever a process dies.
 * Keys: the project, the skill, the stored agent that ran it ("" for an inline agent: a key column is never NULL)
 * and the hour (epoch ms, UTC) its call or session started in — every signal counts in its owner's start hour.
 */
@Entity({ name: "skill_signal_deltas" })
export class SkillSignalDeltaEntity extends SignalCounters {
  /** 64-bit: deltas come 7 or more per call start, a 32-bit serial runs out in days at a busy hour's rate. */
  @PrimaryGeneratedColumn({ type: "bigint" })
  id!: number;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("skill", { length: 64 })
  skill!: string;

  @TextColumn("agent_key", { length: 36 })
  agentKey!: string;

  @BigIntColumn("hour")
  hour!: number;
}

/** The per-skill signals by project, skill, agent and hour (OB-3): what insights read instead of the calls. */
@Entity({ name: "skill_signal_hours" })
// Each fold writes every index of both rollups: one stays only while a statement needs it (capAdvice, which had two
// partial indexes WHERE evictions > 0 here, reads `agent_signal_periods` since). A range's rows of every skill:
@Index("idx_skill_signal_hours_project_hour", ["projectId", "hour"])
// unusedSkills: whether a skill loaded in a range is one probe, however many rows without loads it has (through the
// series indexes instead, 300 probes at 100x took 33 ms, not 5)
@Index("idx_skill_signal_hours_loaded", ["projectId", "skill", "hour"], { where: "loads > 0" })
// skillInsights for one agent (`agentId`): its hours in a range (7 days by hour at 100x: 5 ms, 229 ms without)
@Index("idx_skill_signal_hours_agent", ["projectId", "agentKey", "hour"])
// a page of skills' insights: each skill's hours in a range
@Index("idx_skill_signal_hours_series", ["projectId", "skill", "hour"])
export class SkillSignalHourEntity extends SignalCounters {
  @PrimaryColumn({ type: "varchar", length: 36, name: "project_id" })
  projectId!: string;

  @PrimaryColumn({ type: "varchar", length: 64, name: "skill" })
  skill!: string;

  @PrimaryColumn({ type: "varchar", length: 36, name: "agent_key" })
  agentKey!: string;

  @PrimaryColumn({ type: "bigint", name: "hour", transformer: hourMs })
  hour!: number;
}

/** The same signals by UTC day (OB-3): year-long ranges read 24 times fewer rows. Folded with the hours. */
@Entity({ name: "skill_signal_days" })
@Index("idx_skill_signal_days_project_day", ["projectId", "day"])
// unusedSkills' probe, as on the hours
@Index("idx_skill_signal_days_loaded", ["projectId", "skill", "day"], { where: "loads > 0" })
// one agent's days: call start's catalog ranking (`loadsSince`, 30 days: 1.4 ms at 100x, 119 ms without) and
// skillInsights for one agent (a year by day: 13 ms, 162 ms without)
@Index("idx_skill_signal_days_agent_max", ["projectId", "agentKey", "maxLoaded", "day"])
// a page of skills' insights: each skill's days with their counts, from the index alone (on PostgreSQL the counts are
// INCLUDEd, not keys: the migration's statement, which the schema comparison sees as these columns)
@Index("idx_skill_signal_days_series", [
  "projectId",
  "skill",
  "day",
  "starts",
  "loads",
  "evictions",
  "toolRuns",
  "toolErrors",
  "outcomes",
  "successes",
])
export class SkillSignalDayEntity extends SignalCounters {
  @PrimaryColumn({ type: "varchar", length: 36, name: "project_id" })
  projectId!: string;

  @PrimaryColumn({ type: "varchar", length: 64, name: "skill" })
  skill!: string;

  @PrimaryColumn({ type: "varchar", length: 36, name: "agent_key" })
  agentKey!: string;

  /** The day's first hour (epoch ms, UTC midnight). */
  @PrimaryColumn({ type: "bigint", name: "day", transformer: hourMs })
  day!: number;
}
