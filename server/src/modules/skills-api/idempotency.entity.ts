import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";

/**
 * A Skills API write sent with an `Idempotency-Key` header: a retry with the same key gets the first answer instead
 * of a second version (EC-1, EC-2). `status` 0 while the first request runs; the answer once it succeeded.
 */
@Entity({ name: "skills_api_requests" })
export class IdempotentRequestEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "project_id" })
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @PrimaryColumn({ type: "varchar", length: 255, name: "idempotency_key" })
  idempotencyKey!: string;

  /** SHA-256 of the request as parsed (method, path, fields, files' digests): a key reused for another request is refused. */
  @TextColumn("request_hash", { length: 64 })
  requestHash!: string;

  /** Who runs the request now: a random token per attempt, so that one of two racing attempts knows it won. */
  @TextColumn("claim_token", { length: 36 })
  claimToken!: string;

  @Column({ type: "integer", name: "status" })
  status!: number;

  @TextColumn("response", { nullable: true })
  response!: string | null;

  @TimestampColumn("created_at")
  createdAt!: Date;
}
