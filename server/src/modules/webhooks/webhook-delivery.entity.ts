import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";
import type { WebhookSubscriptionEntity } from "./webhook-subscription.entity";

export type DeliveryStatus = "pending" | "delivered" | "failed" | "cancelled";

/** One attempt, as stored (snake_case, like the webhook payloads). */
export interface StoredAttempt {
  at: number;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * The outbox: one row per subscription × event, written in the producer's transaction. The worker claims a due
 * row by setting a lease (locked_until, claimed_by); an expired lease is claimable again, so a crash loses nothing.
 */
@Entity({ name: "webhook_deliveries" })
@Unique("uq_webhook_deliveries_subscription_event", ["subscriptionId", "eventId"])
@Unique("uq_webhook_deliveries_webhook_id", ["webhookId"])
@Index("idx_webhook_deliveries_due", ["status", "nextAttemptAt"])
@Index("idx_webhook_deliveries_project", ["projectId", "createdAt"])
@Index("idx_webhook_deliveries_project_subscription", ["projectId", "subscriptionId", "createdAt"])
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @IdColumn("subscription_id")
  subscriptionId!: string;

  @ManyToOne("WebhookSubscriptionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "subscription_id" })
  subscription?: WebhookSubscriptionEntity;

  /** The `webhook-id` header: one per subscription × event, the same on every retry. */
  @TextColumn("webhook_id", { length: 64 })
  webhookId!: string;

  @TextColumn("event_id", { length: 64 })
  eventId!: string;

  @TextColumn("event_type", { length: 64 })
  eventType!: string;

  /** `{ type, timestamp, data }`; JSON.stringify of it is the exact body sent and signed. */
  @JsonColumn("payload")
  payload!: Record<string, unknown>;

  @TextColumn("status", { length: 16 })
  status!: DeliveryStatus;

  @Column({ type: "integer", name: "attempts", default: 0 })
  attempts!: number;

  @JsonColumn("attempt_log")
  attemptLog!: StoredAttempt[];

  @TextColumn("last_error", { nullable: true })
  lastError!: string | null;

  /** When the next attempt is due; null once the delivery is settled. */
  @TimestampColumn("next_attempt_at", { nullable: true })
  nextAttemptAt!: Date | null;

  @TimestampColumn("delivered_at", { nullable: true })
  deliveredAt!: Date | null;

  /** A worker's lease: until then no other worker claims the row. */
  @TimestampColumn("locked_until", { nullable: true })
  lockedUntil!: Date | null;

  /** The claim token of the worker holding the lease. */
  @TextColumn("claimed_by", { length: 64, nullable: true })
  claimedBy!: string | null;

  @TimestampColumn("created_at")
  createdAt!: Date;

  /** OB-1: the W3C traceparent of the change that queued it (null when tracing was off); every attempt sends it on. */
  @TextColumn("trace_parent", { length: 64, nullable: true })
  traceParent!: string | null;
}
