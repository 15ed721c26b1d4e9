import { Column, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";
import type { VersionStateName } from "./live-pointer";

/**
 * The columns every version of a versioned document has (`skill_versions`, `agent_versions`): its project, its
 * number, its place in the lifecycle (draft → published → archived), who saved it, and when it moved.
 */
export abstract class VersionColumns {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @Column({ type: "integer", name: "version" })
  version!: number;

  @TextColumn("state", { length: 16 })
  state!: VersionStateName;

  @JsonColumn("warnings")
  warnings!: string[];

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
