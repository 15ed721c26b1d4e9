import { Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";

/** Append-only (AD-1): rows are inserted, never updated; they go only with a purged project. */
@Entity({ name: "audit_entries" })
@Index("idx_audit_project_id", ["projectId", "id"])
@Index("idx_audit_project_resource", ["projectId", "resourceType", "resourceId"])
export class AuditEntryEntity {
  /** Insertion order: ties between entries of the same millisecond break by id. */
  @PrimaryGeneratedColumn({ type: "integer" })
  id!: number;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("resource_type", { length: 32 })
  resourceType!: string;

  @TextColumn("resource_id", { length: 200 })
  resourceId!: string;

  @TextColumn("action", { length: 32 })
  action!: string;

  /** An API key id or "platform". */
  @TextColumn("actor", { length: 64 })
  actor!: string;

  @TimestampColumn("at")
  at!: Date;

  @JsonColumn("data", { nullable: true })
  data!: Record<string, unknown> | null;
}
