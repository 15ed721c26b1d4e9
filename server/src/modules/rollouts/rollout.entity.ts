import { randomUUID } from "node:crypto";
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";

export const ROLLOUT_STATUSES = ["running", "paused", "completed", "rolled_back", "aborted"] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];
export type RolloutMetricName = "LOAD_RATE" | "TOOL_ERROR_RATE" | "SUCCESS_RATE" | "EVAL_PASS_RATE";

export interface StoredGuard {
  metric: RolloutMetricName;
  maxDegradation: number;
  minSamples: number;
  /** RO-4: the test's error rate over the whole rollout; absent on guards stored before it existed (0.05). */
  alpha?: number;
  /** Set on the guard that rolled the rollout back. */
  tripped?: boolean;
}

export type RolloutEventKind =
  | "started"
  | "advanced"
  | "paused"
  | "resumed"
  | "guard_tripped"
  | "rolled_back"
  | "aborted"
  | "completed"
  | "evaluated"
  | "eval_failed";

/** The longest abort reason (the column's length). */
export const ROLLOUT_REASON_LENGTH = 1000;

/**
 * A staged rollout (RO-1..6): a draft skill version, the candidate, beside the live version it started with. At most
 * one running or paused rollout per skill, by a partial unique index; every decision updates the row under its lock.
 */
@Entity({ name: "rollouts" })
@Index("uq_rollouts_one_active", ["projectId", "skillName"], {
  unique: true,
  where: "status IN ('running', 'paused')",
})
@Index("idx_rollouts_status", ["status"])
@Index("idx_rollouts_project_started", ["projectId", "startedAt"])
export class RolloutEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("skill_name", { length: 64 })
  skillName!: string;

  /** No foreign key: a deleted candidate ends the rollout `aborted` with the reason, and its history stays. */
  @IdColumn("candidate_version_id")
  candidateVersionId!: string;

  /** The candidate's number (kept: webhooks and the audit name it even after the version is deleted). */
  @Column({ type: "integer", name: "candidate_version" })
  candidateVersion!: number;

  @IdColumn("live_version_id")
  liveVersionId!: string;

  @Column({ type: "integer", name: "live_version" })
  liveVersion!: number;

  @TextColumn("status", { length: 16 })
  status!: RolloutStatus;

  /** The candidate's share now; 0 once the rollout ended without completing. */
  @Column({ type: "integer", name: "percent" })
  percent!: number;

  @JsonColumn("steps")
  steps!: number[];

  @Column({ type: "integer", name: "step_index" })
  stepIndex!: number;

  @Column({ type: "integer", name: "step_minutes" })
  stepMinutes!: number;

  @JsonColumn("guards")
  guards!: StoredGuard[];

  @TextColumn("eval_tag", { length: 200, nullable: true })
  evalTag!: string | null;

  /** When the current step began (a resume starts its duration again). */
  @TimestampColumn("step_started_at")
  stepStartedAt!: Date;

  @TextColumn("started_by", { length: 200 })
  startedBy!: string;

  @TimestampColumn("started_at")
  startedAt!: Date;

  @TimestampColumn("ended_at", { nullable: true })
  endedAt!: Date | null;

  @TextColumn("end_reason", { length: ROLLOUT_REASON_LENGTH, nullable: true })
  endReason!: string | null;

  @TimestampColumn("updated_at")
  updatedAt!: Date;
}

/** What happened to a rollout, in order (RO-5): the page's event list and the audit's twin. */
@Entity({ name: "rollout_events" })
@Index("idx_rollout_events_rollout_seq", ["rolloutId", "seq"], { unique: true })
export class RolloutEventEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("rollout_id")
  rolloutId!: string;

  @ManyToOne("RolloutEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "rollout_id" })
  rollout?: RolloutEntity;

  @Column({ type: "integer", name: "seq" })
  seq!: number;

  @TextColumn("kind", { length: 32 })
  kind!: RolloutEventKind;

  @Column({ type: "integer", name: "percent" })
  percent!: number;

  @JsonColumn("detail", { nullable: true })
  detail!: Record<string, unknown> | null;

  @TimestampColumn("at")
  at!: Date;
}

/**
 * RO-3: a step's eval pass (the rollout's tagged scenarios on both arms), one row per (rollout, step). `pending` while
 * not counted: whoever holds the claim (token, lease) runs it; a lease that expired (a crashed instance) or a failure
 * (claim released, `error` kept) lets the next check claim it again. `done` carries both arms' counts, once (RO-6).
 */
@Entity({ name: "rollout_evals" })
export class RolloutEvalEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "rollout_id" })
  rolloutId!: string;

  @ManyToOne("RolloutEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "rollout_id" })
  rollout?: RolloutEntity;

  @PrimaryColumn({ type: "integer", name: "step_index" })
  stepIndex!: number;

  @TextColumn("status", { length: 16 })
  status!: "pending" | "done";

  @TextColumn("claimed_by", { length: 36, nullable: true })
  claimedBy!: string | null;

  @TimestampColumn("lease_until", { nullable: true })
  leaseUntil!: Date | null;

  @Column({ type: "integer", name: "live_runs", default: 0 })
  liveRuns!: number;

  @Column({ type: "integer", name: "live_passes", default: 0 })
  livePasses!: number;

  @Column({ type: "integer", name: "candidate_runs", default: 0 })
  candidateRuns!: number;

  @Column({ type: "integer", name: "candidate_passes", default: 0 })
  candidatePasses!: number;

  /** The last failure's reason (model down, …), until the step is counted. */
  @TextColumn("error", { length: ROLLOUT_REASON_LENGTH, nullable: true })
  error!: string | null;

  @TimestampColumn("updated_at")
  updatedAt!: Date;
}

/** A new event row of a rollout (its place in the rollout's sequence given). */
export function rolloutEventRow(
  rollout: Pick<RolloutEntity, "id">,
  seq: number,
  kind: RolloutEventKind,
  percent: number,
  detail: Record<string, unknown>,
  at: Date,
): RolloutEventEntity {
  return Object.assign(new RolloutEventEntity(), {
    id: randomUUID(),
    rolloutId: rollout.id,
    seq,
    kind,
    percent,
    detail,
    at,
  });
}
