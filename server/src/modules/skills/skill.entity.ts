import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";

/**
 * One row per skill name in a project: the row publishes and rollbacks lock, the counter that keeps version
 * numbers from ever repeating (SV-1), and the live pointer.
 */
@Entity({ name: "skills" })
@Unique("uq_skills_project_name", ["projectId", "name"])
export class SkillEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("name", { length: 64 })
  name!: string;

  /**
   * EC-2: Anthropic's `display_name`, a free label (not unique, ≤ 255 characters); null reads as the name, so a skill
   * made through any other door needs no label.
   */
  @TextColumn("display_name", { length: 255, nullable: true })
  displayName!: string | null;

  @Column({ type: "integer", name: "last_version" })
  lastVersion!: number;

  @IdColumn("live_version_id", { nullable: true })
  liveVersionId!: string | null;

  @TimestampColumn("created_at")
  createdAt!: Date;
}
