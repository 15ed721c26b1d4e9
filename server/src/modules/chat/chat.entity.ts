import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import { ResolvedSkillColumns, ROLLOUT_ARM_CHECK, ToolRunColumns } from "../calls";
import type { ProjectEntity } from "../projects";
import type { ChatState } from "./chat-state";

/**
 * A chat session (TX-1..6): what its first message resolved, what is loaded now, and the counter that numbers its
 * messages. The row is locked (PostgreSQL) or written in the serialised transaction (SQLite) for every change.
 */
@Entity({ name: "chat_sessions" })
@Index("idx_chat_sessions_project_created", ["projectId", "createdAt"])
@Index("idx_chat_sessions_project_agent", ["projectId", "agentId"])
export class ChatSessionEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  /** The stored agent; null for an inline agent. */
  @IdColumn("agent_id", { nullable: true })
  agentId!: string | null;

  @TextColumn("agent_name", { length: 200 })
  agentName!: string;

  /** The resolved segment, the loaded set, the variables and what was ever loaded: see ChatState. */
  @JsonColumn("state")
  state!: ChatState;

  @JsonColumn("warnings")
  warnings!: string[];

  /** The agent's model endpoint without its key (sealed below); null: the process default answers. */
  @JsonColumn("model", { nullable: true })
  model!: { baseUrl: string; model: string } | null;

  /** Sealed secrets bound to the session: the model's API key, an inline agent's tool secrets and MCP headers. */
  @JsonColumn("sealed_secrets")
  sealedSecrets!: Record<string, string>;

  /** The number of the session's last message (messages are numbered 1, 2, … in the order they were stored). */
  @Column({ type: "integer", name: "message_seq" })
  messageSeq!: number;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("updated_at")
  updatedAt!: Date;
}

/** One message of a session: the user's, the model's (text and/or tool calls), or a tool's answer. */
@Entity({ name: "chat_messages" })
@Index("idx_chat_messages_session_seq", ["sessionId", "seq"], { unique: true })
export class ChatMessageEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("session_id")
  sessionId!: string;

  @ManyToOne("ChatSessionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "session_id" })
  session?: ChatSessionEntity;

  @IdColumn("project_id")
  projectId!: string;

  @Column({ type: "integer", name: "seq" })
  seq!: number;

  /** user | assistant | tool */
  @TextColumn("role", { length: 16 })
  role!: "user" | "assistant" | "tool";

  @TextColumn("content", { nullable: true })
  content!: string | null;

  /** An assistant message's tool calls, in OpenAI's form ({ id, type, function: { name, arguments } }). */
  @JsonColumn("tool_calls", { nullable: true })
  toolCalls!: unknown[] | null;

  /** A tool message: the tool call it answers (the model's id, kept whole: SEC-22). */
  @TextColumn("tool_call_id", { nullable: true })
  toolCallId!: string | null;

  /** The user message this one answers (null for a user message). */
  @IdColumn("reply_to", { nullable: true })
  replyTo!: string | null;

  @TimestampColumn("at")
  at!: Date;
}

/** One tool run in a session (TX-6: each load is a `load_skill` row); the same shape as a call's ToolInvocation. */
@Entity({ name: "chat_tool_invocations" })
@Index("idx_chat_tool_invocations_session", ["sessionId", "at"])
export class ChatToolInvocationEntity extends ToolRunColumns {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("session_id")
  sessionId!: string;

  @ManyToOne("ChatSessionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "session_id" })
  session?: ChatSessionEntity;

  @IdColumn("project_id")
  projectId!: string;

  /** The user message whose reply ran it. */
  @IdColumn("message_id")
  messageId!: string;
}

/** Every version a session resolved, in order (RO-3): the same columns as a call's `call_skills`, for the signals. */
@Entity({ name: "session_skills" })
@Index("idx_session_skills_version", ["versionId"])
@Index("idx_session_skills_project_name", ["projectId", "name"])
@Index("idx_session_skills_rollout", ["rolloutId", "arm"])
@Check("ck_session_skills_arm", ROLLOUT_ARM_CHECK)
export class SessionSkillEntity extends ResolvedSkillColumns {
  @PrimaryColumn({ type: "varchar", length: 36, name: "session_id" })
  sessionId!: string;

  @ManyToOne("ChatSessionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "session_id" })
  session?: ChatSessionEntity;

  @PrimaryColumn({ type: "integer", name: "position" })
  position!: number;
}
