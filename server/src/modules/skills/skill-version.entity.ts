import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";
import type { SkillEntity } from "./skill.entity";

import type { VersionStateName } from "../versioning";

export type { VersionStateName };

/** A webhook tool as stored: the secret sealed by SecretBox, bound to the version id and tool name. */
export interface StoredTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  webhookUrl: string;
  sealedSecret: string | null;
}

export interface StoredKnowledgeRef {
  knowledgeBaseId: string;
  mode: "prompt" | "tool";
}

@Entity({ name: "skill_versions" })
@Unique("uq_skill_versions_number", ["projectId", "name", "version"])
// SV-3: the database itself allows one published version per skill
@Index("uq_skill_versions_one_published", ["projectId", "name"], { unique: true, where: "state = 'published'" })
@Index("idx_skill_versions_project_state", ["projectId", "state", "name"])
@Index("idx_skill_versions_skill", ["skillId"])
export class SkillVersionEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @IdColumn("skill_id")
  skillId!: string;

  @ManyToOne("SkillEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "skill_id" })
  skill?: SkillEntity;

  @TextColumn("name", { length: 64 })
  name!: string;

  @Column({ type: "integer", name: "version" })
  version!: number;

  @TextColumn("state", { length: 16 })
  state!: VersionStateName;

  @TextColumn("description")
  description!: string;

  @TextColumn("skill_md")
  skillMd!: string;

  @TextColumn("instructions")
  instructions!: string;

  @JsonColumn("frontmatter")
  frontmatter!: Record<string, unknown>;

  @JsonColumn("warnings")
  warnings!: string[];

  @JsonColumn("tools")
  tools!: StoredTool[];

  @JsonColumn("knowledge_bases")
  knowledgeBases!: StoredKnowledgeRef[];

  @TextColumn("created_by", { length: 64 })
  createdBy!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("updated_at")
  updatedAt!: Date;

  @TimestampColumn("published_at", { nullable: true })
  publishedAt!: Date | null;

  @TimestampColumn("archived_at", { nullable: true })
  archivedAt!: Date | null;
}
