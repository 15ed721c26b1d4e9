import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { SkillVersionEntity } from "../skills";
import type { Finding, Severity } from "./scanner";

/** CR-1: the review of a skill version's content, replaced on each edit and on each new rules version (CR-5). */
@Entity({ name: "content_reviews" })
@Index("idx_content_reviews_rules", ["rulesVersion"])
export class ContentReviewEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "version_id" })
  versionId!: string;

  @ManyToOne("SkillVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "version_id" })
  version?: SkillVersionEntity;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("rules_version", { length: 32 })
  rulesVersion!: string;

  /** The highest severity of all findings, suppressed or not (null: none). */
  @TextColumn("highest", { length: 8, nullable: true })
  highest!: Severity | null;

  @JsonColumn("findings")
  findings!: Finding[];

  @TimestampColumn("reviewed_at")
  reviewedAt!: Date;
}

/** CR-3: an admin's suppression of one finding, bound to the version's digest when it was given (an edit drops it). */
@Entity({ name: "finding_suppressions" })
export class FindingSuppressionEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "version_id" })
  versionId!: string;

  @ManyToOne("SkillVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "version_id" })
  version?: SkillVersionEntity;

  @PrimaryColumn({ type: "varchar", length: 32, name: "finding_id" })
  findingId!: string;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("digest", { length: 80 })
  digest!: string;

  @TextColumn("reason", { length: 1000 })
  reason!: string;

  @TextColumn("suppressed_by", { length: 64 })
  suppressedBy!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;
}
