import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";
import type { StoredExpectation, StoredMock } from "./eval-scenario-check";
import type { EvalPlan, EvalTargetSpec } from "./eval-plan";

/** A scenario (EV-4): user turns, what to expect of the replies, tool mocks. */
/** The longest scenario name (the column's length; SEC-22: one source for the input policy and the checks). */
export const SCENARIO_NAME_LENGTH = 200;

@Entity({ name: "eval_scenarios" })
@Index("idx_eval_scenarios_project_created", ["projectId", "createdAt"])
export class EvalScenarioEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("name", { length: SCENARIO_NAME_LENGTH })
  name!: string;

  /** e.g. `["skill:explain_bill"]`; filtered on its JSON text (`"tag"` with quotes). */
  @JsonColumn("tags")
  tags!: string[];

  @JsonColumn("turns")
  turns!: string[];

  @JsonColumn("expectations")
  expectations!: StoredExpectation[];

  @JsonColumn("mocks")
  mocks!: StoredMock[];

  @Column({ type: "boolean", name: "mock_only", default: false })
  mockOnly!: boolean;

  @JsonColumn("variables", { nullable: true })
  variables!: Record<string, unknown> | null;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("updated_at")
  updatedAt!: Date;
}

export type EvalRunStatus = "queued" | "running" | "done" | "failed";

/**
 * An eval run: queued by startEvalRun, then claimed by one worker with a lease (locked_until, claimed_by) that it
 * renews after every iteration; a lease that expires (the worker's process died) lets another worker resume it.
 */
@Entity({ name: "eval_runs" })
@Index("idx_eval_runs_project_created", ["projectId", "createdAt"])
@Index("idx_eval_runs_status", ["status", "lockedUntil"])
export class EvalRunEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("status", { length: 16 })
  status!: EvalRunStatus;

  /** The target as asked (stored agent, inline agent — its config sealed —, or a skill's usage). */
  @JsonColumn("target")
  target!: EvalTargetSpec;

  /** The scenarios as they stood when the run was started. */
  @JsonColumn("scenarios")
  scenarios!: Array<
    Pick<EvalScenarioEntity, "id" | "name" | "turns" | "expectations" | "mocks" | "mockOnly" | "variables">
  >;

  @Column({ type: "integer", name: "iterations" })
  iterations!: number;

  /** What the worker resolved before the first iteration (EV-1); null until then. */
  @JsonColumn("plan", { nullable: true })
  plan!: EvalPlan | null;

  /** `{ resolved_skills: [...] }` (api.md); `{}` until the worker resolved the target. */
  @JsonColumn("resolved_config")
  resolvedConfig!: Record<string, unknown>;

  @JsonColumn("warnings")
  warnings!: string[];

  /** Results expected: agents × scenarios × iterations (0 until resolved). */
  @Column({ type: "integer", name: "total", default: 0 })
  total!: number;

  @Column({ type: "integer", name: "completed", default: 0 })
  completed!: number;

  @Column({ type: "integer", name: "passed", default: 0 })
  passed!: number;

  /** Why the run failed. */
  @TextColumn("error", { nullable: true })
  error!: string | null;

  @TimestampColumn("locked_until", { nullable: true })
  lockedUntil!: Date | null;

  @TextColumn("claimed_by", { length: 64, nullable: true })
  claimedBy!: string | null;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("finished_at", { nullable: true })
  finishedAt!: Date | null;

  /** Its results, when read in the same statement as the counters above (one snapshot); not a column. */
  results?: EvalResultEntity[];
}

/** One iteration of one scenario against one agent of a run. */
@Entity({ name: "eval_results" })
@Index("idx_eval_results_run", ["runId", "seq"], { unique: true })
export class EvalResultEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("run_id")
  runId!: string;

  @ManyToOne("EvalRunEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "run_id" })
  run?: EvalRunEntity;

  /** The result's place in the run's plan (agent, scenario, iteration): a resumed run skips the ones stored. */
  @Column({ type: "integer", name: "seq" })
  seq!: number;

  @IdColumn("scenario_id")
  scenarioId!: string;

  @IdColumn("agent_id", { nullable: true })
  agentId!: string | null;

  @Column({ type: "integer", name: "iteration" })
  iteration!: number;

  @Column({ type: "boolean", name: "passed" })
  passed!: boolean;

  @JsonColumn("transcript")
  transcript!: unknown[];

  @JsonColumn("tool_calls")
  toolCalls!: unknown[];

  @JsonColumn("expectations")
  expectations!: unknown[];

  @TimestampColumn("at")
  at!: Date;
}
