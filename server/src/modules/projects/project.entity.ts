import { Entity, Index, PrimaryColumn } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";

/** The longest project name (the column's length: SEC-22, one source for the input policy and the service). */
export const PROJECT_NAME_LENGTH = 200;

@Entity({ name: "projects" })
export class ProjectEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @TextColumn("name", { length: PROJECT_NAME_LENGTH })
  name!: string;

  /** The project this one reads its skills from (LB-1); null when it reads its own. */
  @Index("idx_projects_skill_library")
  @IdColumn("skill_library_id", { nullable: true })
  skillLibraryId!: string | null;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("deleted_at", { nullable: true })
  deletedAt!: Date | null;
}
