import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { AgentVersionEntity } from "../agents";
import type { ProjectEntity } from "../projects";
import type { Severity } from "../review";
import type { SkillVersionEntity } from "../skills";

export type ApprovalKind = "skill" | "agent";

/** AP-1: the most approvals a policy may require. */
export const MAX_REQUIRED_APPROVALS = 5;

/** AP-1: a project's publish policy; a project without a row has the default (0 approvals, no self-approval). */
@Entity({ name: "publish_policies" })
@Check(
  "ck_publish_policies_required",
  `"required_approvals" >= 0 AND "required_approvals" <= ${MAX_REQUIRED_APPROVALS}`,
)
export class PublishPolicyEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "project_id" })
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @Column({ type: "integer", name: "required_approvals" })
  requiredApprovals!: number;

  @Column({ type: "boolean", name: "allow_self_approval" })
  allowSelfApproval!: boolean;

  /** CR-3: the lowest severity of a content-review finding that keeps a version from going live; null: none does. */
  @TextColumn("block_severity", { length: 8, nullable: true, default: "HIGH" })
  blockSeverity!: Severity | null;

  @TextColumn("updated_by", { length: 64 })
  updatedBy!: string;

  @TimestampColumn("updated_at")
  updatedAt!: Date;
}

/**
 * AP-2: one key's approval of one digest of a skill or an agent version. A version is a row of one of two tables, so
 * an approval names it in the column of its kind (each with its foreign key: approvals go with their version) and
 * the database holds exactly one of the two set, and one approval per version, key and digest.
 */
@Entity({ name: "version_approvals" })
@Unique("uq_version_approvals_skill", ["skillVersionId", "approvedBy", "digest"])
@Unique("uq_version_approvals_agent", ["agentVersionId", "approvedBy", "digest"])
@Index("idx_version_approvals_project", ["projectId"])
@Check(
  "ck_version_approvals_kind",
  `("kind" = 'skill' AND "skill_version_id" IS NOT NULL AND "agent_version_id" IS NULL) OR ("kind" = 'agent' AND "agent_version_id" IS NOT NULL AND "skill_version_id" IS NULL)`,
)
export class VersionApprovalEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("kind", { length: 8 })
  kind!: ApprovalKind;

  @IdColumn("skill_version_id", { nullable: true })
  skillVersionId!: string | null;

  @ManyToOne("SkillVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "skill_version_id" })
  skillVersion?: SkillVersionEntity;

  @IdColumn("agent_version_id", { nullable: true })
  agentVersionId!: string | null;

  @ManyToOne("AgentVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "agent_version_id" })
  agentVersion?: AgentVersionEntity;

  /** "sha256:<64 hex>": the digest the reviewer saw. */
  @TextColumn("digest", { length: 71 })
  digest!: string;

  /** The API key id that approved, or "platform". */
  @TextColumn("approved_by", { length: 64 })
  approvedBy!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;
}
