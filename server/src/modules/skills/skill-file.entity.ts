import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { SkillVersionEntity } from "./skill-version.entity";
import { FILE_PATH_MAX_LENGTH } from "./skill-files";

/** Content-addressed file content, shared by every version (and project) that holds the same bytes. */
@Entity({ name: "blobs" })
export class BlobEntity {
  @PrimaryColumn({ type: "varchar", length: 64, name: "sha256" })
  sha256!: string;

  @Column({ type: "integer", name: "size" })
  size!: number;

  /** base64: the one binary representation SQLite and PostgreSQL columns share. */
  @TextColumn("content_base64")
  contentBase64!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;
}

/** A file of a version: a path pointing at content stored once by its SHA-256 (SK-2). */
@Entity({ name: "skill_version_files" })
@Index("idx_skill_version_files_sha", ["sha256"])
export class SkillFileEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "version_id" })
  versionId!: string;

  @ManyToOne("SkillVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "version_id" })
  skillVersion?: SkillVersionEntity;

  @PrimaryColumn({ type: "varchar", length: FILE_PATH_MAX_LENGTH, name: "path" })
  path!: string;

  @TextColumn("sha256", { length: 64 })
  sha256!: string;

  // The content must exist while a file points at it: a purge's clean-up cannot remove it under a new version.
  @ManyToOne("BlobEntity", { onDelete: "RESTRICT" })
  @JoinColumn({ name: "sha256", referencedColumnName: "sha256" })
  blob?: BlobEntity;

  @Column({ type: "integer", name: "size" })
  size!: number;
}
