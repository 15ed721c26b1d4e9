import { Entity, Index, ManyToOne, JoinColumn, PrimaryColumn } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";

export type ApiKeyRoleName = "admin" | "editor" | "viewer";

@Entity({ name: "api_keys" })
export class ApiKeyEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @Index("idx_api_keys_project")
  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("name", { length: 200, nullable: true })
  name!: string | null;

  @TextColumn("role", { length: 16 })
  role!: ApiKeyRoleName;

  /** The key's public lookup part (prefix + first characters); the secret part is only hashed. */
  @Index("uq_api_keys_lookup", { unique: true })
  @TextColumn("lookup", { length: 32 })
  lookup!: string;

  /** SHA-256 of the whole key, hex. */
  @TextColumn("key_hash", { length: 64 })
  keyHash!: string;

  @TextColumn("created_by", { length: 64 })
  createdBy!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("revoked_at", { nullable: true })
  revokedAt!: Date | null;
}
