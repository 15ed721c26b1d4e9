import { In, IsNull, type QueryDeepPartialEntity } from "typeorm";
import type { Dialect, SqlStatement } from "../../platform/db/database";
import type { PageWindow } from "../../platform/graphql/page";
import { WebhookDeliveryEntity, type DeliveryStatus, type StoredAttempt } from "./webhook-delivery.entity";
import { WebhookSubscriptionEntity } from "./webhook-subscription.entity";
import { BaseRepository } from "../../platform/db/repository";

export interface DeliveryFilter {
  projectId: string;
  subscriptionId?: string | null;
  status?: DeliveryStatus | null;
}

/** What settling an attempt writes. */
export interface AttemptOutcome {
  attempts: number;
  attemptLog: StoredAttempt[];
  lastError: string | null;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** The only place that builds webhook queries. */
export class WebhookRepository extends BaseRepository {
  private get subscriptions() {
    return this.m.getRepository(WebhookSubscriptionEntity);
  }

  private get deliveries() {
    return this.m.getRepository(WebhookDeliveryEntity);
  }

  async insertSubscription(subscription: WebhookSubscriptionEntity): Promise<void> {
    await this.subscriptions.insert(subscription);
  }

  /** A live subscription of the project. */
  findSubscription(projectId: string, id: string): Promise<WebhookSubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ projectId, id, deletedAt: IsNull() });
  }

  /** Live subscriptions, newest first. */
  listSubscriptions(projectId: string): Promise<WebhookSubscriptionEntity[]> {
    return this.subscriptions.find({
      where: { projectId, deletedAt: IsNull() },
      order: { createdAt: "DESC", id: "ASC" },
    });
  }

  /** Subscriptions by id, deleted ones included (the worker decides what a deleted one means). */
  subscriptionsByIds(ids: readonly string[]): Promise<WebhookSubscriptionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.subscriptions.findBy({ id: In([...ids]) });
  }

  /** Whether this statement deleted it: of requests racing to delete one subscription, exactly one does (SEC-15). */
  async markSubscriptionDeleted(id: string, at: Date): Promise<boolean> {
    const result = await this.subscriptions.update({ id, deletedAt: IsNull() }, { deletedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /** Cancels every pending delivery of a subscription; returns how many. */
  async cancelPending(subscriptionId: string): Promise<number> {
    const result = await this.m
      .createQueryBuilder()
      .update(WebhookDeliveryEntity)
      .set({ status: "cancelled", nextAttemptAt: null })
      .where("subscription_id = :subscriptionId AND status = :pending", { subscriptionId, pending: "pending" })
      .execute();
    return result.affected ?? 0;
  }

  /** Inserts deliveries; one that exists for the same (subscription, event) is left as it is. */
  /** The same insert as `insertDeliveries`, as one statement for a transaction written through the driver. */
  static deliveriesInsert(dialect: Dialect, rows: readonly WebhookDeliveryEntity[]): SqlStatement {
    const time = (d: Date | null) => d?.getTime() ?? null;
    const params = rows.flatMap((r) => [
      r.id,
      r.projectId,
      r.subscriptionId,
      r.webhookId,
      r.eventId,
      r.eventType,
      JSON.stringify(r.payload),
      r.status,
      r.attempts,
      JSON.stringify(r.attemptLog),
      r.lastError,
      time(r.nextAttemptAt),
      time(r.deliveredAt),
      time(r.lockedUntil),
      r.claimedBy,
      time(r.createdAt),
      r.traceParent,
    ]);
    const width = params.length / Math.max(rows.length, 1);
    let n = 0;
    const slot = () => (dialect === "postgres" ? `$${++n}` : "?");
    const values = rows.map(() => `(${Array.from({ length: width }, slot).join(", ")})`).join(", ");
    return [
      `INSERT INTO webhook_deliveries (id, project_id, subscription_id, webhook_id, event_id, event_type, payload, status,
         attempts, attempt_log, last_error, next_attempt_at, delivered_at, locked_until, claimed_by, created_at,
         trace_parent) VALUES ${values} ON CONFLICT DO NOTHING`,
      params,
    ];
  }

  async insertDeliveries(rows: WebhookDeliveryEntity[]): Promise<void> {
    if (rows.length === 0) return;
    await this.m
      .createQueryBuilder()
      .insert()
      .into(WebhookDeliveryEntity)
      .values(rows as QueryDeepPartialEntity<WebhookDeliveryEntity>[])
      .orIgnore()
      .execute();
  }

  /** Newest first. */
  pageDeliveries(filter: DeliveryFilter, window: PageWindow): Promise<[WebhookDeliveryEntity[], number]> {
    return this.deliveries.findAndCount({
      where: {
        projectId: filter.projectId,
        ...(filter.subscriptionId ? { subscriptionId: filter.subscriptionId } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      },
      order: { createdAt: "DESC", id: "DESC" },
      skip: window.offset,
      take: window.limit,
    });
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ id });
  }

  /** A delivery of this project, or null (another project's is as good as none: SEC-9). */
  findProjectDelivery(projectId: string, id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ projectId, id });
  }

  /** Ids of a subscription's failed deliveries created at or after `since`. */
  async failedSince(projectId: string, subscriptionId: string, since: Date): Promise<string[]> {
    const rows = await this.deliveries
      .createQueryBuilder("d")
      .select("d.id", "id")
      .where("d.project_id = :projectId AND d.subscription_id = :subscriptionId AND d.status = :failed", {
        projectId,
        subscriptionId,
        failed: "failed",
      })
      .andWhere("d.created_at >= :since", { since: since.getTime() })
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /**
   * SEC-16: a new attempt series for settled deliveries (same webhook-id): pending and due now, the attempt count
   * starting again, the attempt log kept. A delivery still pending is left alone. Returns how many were queued.
   */
  async requeue(ids: readonly string[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    let queued = 0;
    // In slices: one statement per 500 ids keeps within every driver's parameter limit.
    for (let i = 0; i < ids.length; i += 500) {
      const result = await this.m
        .createQueryBuilder()
        .update(WebhookDeliveryEntity)
        .set({
          status: "pending",
          attempts: 0,
          lastError: null,
          nextAttemptAt: now,
          deliveredAt: null,
          lockedUntil: null,
          claimedBy: null,
        })
        .where("id IN (:...ids) AND status <> :pending", { ids: ids.slice(i, i + 500), pending: "pending" })
        .execute();
      queued += result.affected ?? 0;
    }
    return queued;
  }

  /** OB-2: deliveries waiting for an attempt (due now or later), over the status index. */
  countPending(): Promise<number> {
    return this.deliveries.countBy({ status: "pending" });
  }

  /** Whether anything is due: a cheap read, so an idle worker never opens a write transaction. */
  async hasDue(now: Date): Promise<boolean> {
    const row: unknown = await this.deliveries
      .createQueryBuilder("d")
      .select("d.id", "id")
      .where("d.status = :pending AND d.next_attempt_at <= :now", { pending: "pending", now: now.getTime() })
      .andWhere("(d.locked_until IS NULL OR d.locked_until < :now)")
      .limit(1)
      .getRawOne();
    return row !== undefined && row !== null;
  }

  /**
   * Claims up to `limit` due deliveries for one worker by giving them a lease (call inside a short transaction).
   * PostgreSQL: the candidates are row-locked with SKIP LOCKED, so concurrent claimers pass over each other's rows.
   * Both databases: the lease is set by compare-and-set (still pending, lease free), and only rows that now carry
   * this claim's token are returned.
   */
  async claimDue(now: Date, leaseUntil: Date, token: string, limit: number): Promise<WebhookDeliveryEntity[]> {
    const due =
      "d.status = :pending AND d.next_attempt_at <= :now AND (d.locked_until IS NULL OR d.locked_until < :now)";
    const candidates = this.deliveries
      .createQueryBuilder("d")
      .select("d.id", "id")
      .where(due, { pending: "pending", now: now.getTime() })
      .orderBy("d.next_attempt_at", "ASC")
      .limit(limit);
    this.claimable(candidates);
    const ids = ((await candidates.getRawMany()) as Array<{ id: string }>).map((r) => r.id);
    if (ids.length === 0) return [];
    await this.m
      .createQueryBuilder()
      .update(WebhookDeliveryEntity)
      .set({ lockedUntil: leaseUntil, claimedBy: token })
      .where("id IN (:...ids) AND status = :pending AND (locked_until IS NULL OR locked_until < :now)", {
        ids,
        pending: "pending",
        now: now.getTime(),
      })
      .execute();
    return this.deliveries.find({ where: { id: In(ids), claimedBy: token }, order: { nextAttemptAt: "ASC" } });
  }

  /**
   * Writes an attempt's outcome if this claim still holds the lease and the delivery is still pending; releases
   * the lease. False when the delivery was cancelled meanwhile or the lease was lost.
   */
  async settle(id: string, token: string, outcome: AttemptOutcome): Promise<boolean> {
    const result = await this.m
      .createQueryBuilder()
      .update(WebhookDeliveryEntity)
      .set({ ...outcome, lockedUntil: null, claimedBy: null })
      .where("id = :id AND claimed_by = :token AND status = :pending", { id, token, pending: "pending" })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Records an attempt on a delivery that is no longer pending (cancelled during the attempt); keeps its status. */
  async recordLateAttempt(
    id: string,
    token: string,
    outcome: Pick<AttemptOutcome, "attempts" | "attemptLog" | "lastError">,
  ): Promise<void> {
    await this.m
      .createQueryBuilder()
      .update(WebhookDeliveryEntity)
      .set({ ...outcome, lockedUntil: null, claimedBy: null })
      .where("id = :id AND claimed_by = :token", { id, token })
      .execute();
  }

  /** Cancels a claimed delivery (its subscription is gone). */
  async cancelClaimed(id: string, token: string): Promise<void> {
    await this.m
      .createQueryBuilder()
      .update(WebhookDeliveryEntity)
      .set({ status: "cancelled", nextAttemptAt: null, lockedUntil: null, claimedBy: null })
      .where("id = :id AND claimed_by = :token AND status = :pending", { id, token, pending: "pending" })
      .execute();
  }
}
