import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";

/** A project's webhook endpoint. Deleting one sets deleted_at: its deliveries stay readable. */
@Entity({ name: "webhook_subscriptions" })
@Index("idx_webhook_subscriptions_project", ["projectId", "createdAt"])
export class WebhookSubscriptionEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("url")
  url!: string;

  @JsonColumn("event_types")
  eventTypes!: string[];

  /** The `whsec_…` secret sealed with SecretBox, bound to this row (SEC-10). */
  @TextColumn("sealed_secret")
  sealedSecret!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;

  @TimestampColumn("deleted_at", { nullable: true })
  deletedAt!: Date | null;
}
