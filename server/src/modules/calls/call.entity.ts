import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";
import type { CallState } from "./call-state";
import { ResolvedSkillColumns, ROLLOUT_ARM_CHECK } from "./skill-row.entity";
import { ToolRunColumns } from "./tool-run.entity";

export const CALL_STATUSES = ["active", "ended"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A call: what it resolved at start (and at each handoff), what is loaded now, and its status (RT-10). */
@Entity({ name: "calls" })
@Index("idx_calls_project_started", ["projectId", "startedAt"])
@Index("idx_calls_project_agent", ["projectId", "agentId"])
export class CallEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  /** The stored agent that answers now (changes at a handoff); null for an inline agent. */
  @IdColumn("agent_id", { nullable: true })
  agentId!: string | null;

  @TextColumn("agent_name", { length: 200 })
  agentName!: string;

  /** active | ended */
  @TextColumn("status", { length: 16 })
  status!: CallStatus;

  /** The resolved context of each segment (start, then each handoff) and the loaded set: see CallState. */
  @JsonColumn("state")
  state!: CallState;

  @JsonColumn("warnings")
  warnings!: string[];

  /** Sealed secrets of an inline agent's own tools, bound to the call: tool name → sealed secret. */
  @JsonColumn("sealed_secrets")
  sealedSecrets!: Record<string, string>;

  @TimestampColumn("started_at")
  startedAt!: Date;

  @TimestampColumn("ended_at", { nullable: true })
  endedAt!: Date | null;

  /** When the call's events are deleted (RT-11); afterwards `loaded` reads null. */
  @TimestampColumn("events_expire_at")
  eventsExpireAt!: Date;

  @Column({ type: "boolean", name: "events_expired", default: false })
  eventsExpired!: boolean;

  /**
   * UX-5: open live timelines of this call, on every instance, where a load's own statement sends the
   * timeline's notice (PostgreSQL NOTIFY): it sends it only while this is above 0. Written only by
   * `CallRepository.follow` (never read, inserted or updated through the entity).
   */
  @Column({ type: "integer", name: "followers", default: 0, select: false, insert: false, update: false })
  followers?: number;
}

/** Every version a call resolved, in order (RT-10), indexed so "which calls ran version V" is one query. */
@Entity({ name: "call_skills" })
@Index("idx_call_skills_version", ["versionId"])
@Index("idx_call_skills_project_name", ["projectId", "name"])
@Index("idx_call_skills_rollout", ["rolloutId", "arm"])
@Check("ck_call_skills_arm", ROLLOUT_ARM_CHECK)
export class CallSkillEntity extends ResolvedSkillColumns {
  @PrimaryColumn({ type: "varchar", length: 36, name: "call_id" })
  callId!: string;

  @ManyToOne("CallEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "call_id" })
  call?: CallEntity;

  @PrimaryColumn({ type: "integer", name: "position" })
  position!: number;
}

/** Append-only call events (RT-11): skill.loaded, skill.unloaded, call.started, call.handoff, call.ended. */
@Entity({ name: "call_events" })
@Index("idx_call_events_call_seq", ["callId", "seq"], { unique: true })
@Index("idx_call_events_expiry", ["expiresAt"])
export class CallEventEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("call_id")
  callId!: string;

  @ManyToOne("CallEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "call_id" })
  call?: CallEntity;

  @IdColumn("project_id")
  projectId!: string;

  /** Order within the call. */
  @Column({ type: "integer", name: "seq" })
  seq!: number;

  @TextColumn("type", { length: 32 })
  type!: string;

  @JsonColumn("data")
  data!: Record<string, unknown>;

  /** The loaded set right after this event, oldest load first: the timeline can be replayed exactly. */
  @JsonColumn("loaded_after")
  loadedAfter!: string[];

  /** Which segment (0 = start, then one per handoff) was answering after this event. */
  @Column({ type: "integer", name: "segment" })
  segment!: number;

  @TimestampColumn("at")
  at!: Date;

  @TimestampColumn("expires_at")
  expiresAt!: Date;
}

/** One tool call on a call (RT-7): what ran, with what, and how it went. */
@Entity({ name: "tool_invocations" })
@Index("idx_tool_invocations_call", ["callId", "at"])
export class ToolInvocationEntity extends ToolRunColumns {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("call_id")
  callId!: string;

  @ManyToOne("CallEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "call_id" })
  call?: CallEntity;

  @IdColumn("project_id")
  projectId!: string;
}

/**
 * What a call segment resolved, stored once per project and content (RT-8, RT-10): calls reference it by `hash`
 * from their state. Immutable: the key is a hash of the body.
 */
@Entity({ name: "call_contexts" })
@Index("idx_call_contexts_project", ["projectId"])
export class CallContextEntity {
  @PrimaryColumn({ type: "varchar", length: 64 })
  hash!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("body")
  body!: string;
}
