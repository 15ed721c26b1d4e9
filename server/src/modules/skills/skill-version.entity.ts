import { Entity, Index, JoinColumn, ManyToOne, Unique } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import { VersionColumns, type VersionStateName } from "../versioning";
import type { SkillEntity } from "./skill.entity";

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
// the skills list, newest first, all versions or one state: read in index order (scanned backwards), not sorted
@Index("idx_skill_versions_project_created", ["projectId", "createdAt", "version", "id"])
@Index("idx_skill_versions_project_state_created", ["projectId", "state", "createdAt", "version", "id"])
// PV-3: a revoked version is never live, whichever path tries: the migrations add that refusal (a check on
// PostgreSQL, triggers on SQLite, whose CHECK needs a table rebuild)
export class SkillVersionEntity extends VersionColumns {
  @IdColumn("skill_id")
  skillId!: string;

  @ManyToOne("SkillEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "skill_id" })
  skill?: SkillEntity;

  @TextColumn("name", { length: 64 })
  name!: string;

  @TextColumn("description")
  description!: string;

  @TextColumn("skill_md")
  skillMd!: string;

  @TextColumn("instructions")
  instructions!: string;

  @JsonColumn("frontmatter")
  frontmatter!: Record<string, unknown>;

  @JsonColumn("tools")
  tools!: StoredTool[];

  @JsonColumn("knowledge_bases")
  knowledgeBases!: StoredKnowledgeRef[];

  /** The key that last edited the draft (null: never edited); AP-2 refuses its approval as the author's. */
  @TextColumn("updated_by", { length: 64, nullable: true })
  updatedBy!: string | null;

  /** PV-3: when it was revoked (null: never); a revoked version is never served, published or rolled back to. */
  @TimestampColumn("revoked_at", { nullable: true })
  revokedAt!: Date | null;

  @TextColumn("revoked_reason", { length: 1000, nullable: true })
  revokedReason!: string | null;

  /** The key (or `platform`) that revoked it. */
  @TextColumn("revoked_by", { length: 64, nullable: true })
  revokedBy!: string | null;

  /** The version's digest (AP-2) when it was revoked: what revocations.json lists. */
  @TextColumn("revoked_digest", { length: 80, nullable: true })
  revokedDigest!: string | null;
}
