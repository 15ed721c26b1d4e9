import { Column } from "typeorm";
import { IdColumn, TextColumn } from "../../platform/db/columns";
import type { ResolvedSkill } from "../runtime";

/** A row has an arm exactly when it resolved under a rollout, and the arm is one of the two. */
export const ROLLOUT_ARM_CHECK =
  "(rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN ('live', 'candidate'))";

/**
 * The columns of one skill a call or a chat session resolved (RT-10, RO-3): the version it ran, whether it was ever
 * loaded, the rollout arm it came from, and its own tool runs (tools that come from that skill). The same in a
 * call's `call_skills` and a chat session's `session_skills`, so the per-skill signals (modules/signals) count both
 * from indexed columns, never from the owner's JSON. Two tables for the reason tool runs have two (each row goes
 * with its owner by its foreign key).
 */
export abstract class ResolvedSkillColumns {
  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("name", { length: 64 })
  name!: string;

  @Column({ type: "integer", name: "version" })
  version!: number;

  @IdColumn("version_id")
  versionId!: string;

  @Column({ type: "boolean", name: "pinned" })
  pinned!: boolean;

  /** Loaded at any point (an unloaded skill stays true). */
  @Column({ type: "boolean", name: "loaded" })
  loaded!: boolean;

  /** RO-2: the rollout the skill resolved under; null outside a rollout. */
  @IdColumn("rollout_id", { nullable: true })
  rolloutId!: string | null;

  /** RO-2: "live" | "candidate"; null outside a rollout. */
  @TextColumn("arm", { length: 16, nullable: true })
  arm!: "live" | "candidate" | null;

  /** RO-3: runs of the skill's own tools (source `skill:<name>`), and how many of them failed. */
  @Column({ type: "integer", name: "tool_runs", default: 0 })
  toolRuns!: number;

  @Column({ type: "integer", name: "tool_errors", default: 0 })
  toolErrors!: number;
}

/** The columns of a freshly resolved skill: not loaded yet, no tool runs, its rollout arm when it had one. */
export function resolvedSkillColumns(projectId: string, r: ResolvedSkill): ResolvedSkillColumns {
  return {
    projectId,
    name: r.name,
    version: r.version,
    versionId: r.id,
    pinned: r.pinned,
    loaded: false,
    rolloutId: r.rollout?.rolloutId ?? null,
    arm: r.rollout?.arm ?? null,
    toolRuns: 0,
    toolErrors: 0,
  };
}
