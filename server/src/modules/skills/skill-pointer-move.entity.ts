import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";

/** Every move of a skill's live pointer (SV-9), append-only: "which version was live at time T". */
@Entity({ name: "skill_pointer_moves" })
@Index("idx_skill_pointer_moves_lookup", ["projectId", "name", "at"])
export class SkillPointerMoveEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id!: number;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("name", { length: 64 })
  name!: string;

  /** The version live from `at` on; null when the move left no live version (the live one was deleted). */
  @IdColumn("version_id", { nullable: true })
  versionId!: string | null;

  @Column({ type: "integer", name: "version", nullable: true })
  version!: number | null;

  /** publish | rollback | delete */
  @TextColumn("action", { length: 16 })
  action!: string;

  @TextColumn("actor", { length: 64 })
  actor!: string;

  @TimestampColumn("at")
  at!: Date;
}
