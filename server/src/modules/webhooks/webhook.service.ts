import { randomBytes, randomUUID } from "node:crypto";
import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import type { SecretBox } from "../../platform/crypto";
import type { TraceSpan, Tracing } from "../../platform/telemetry";
import { timeOrderedId } from "../../platform/db/time-ordered-id";
import type { Database, Dialect, SqlStatement, Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound, type Problem } from "../../platform/errors";
import type { DomainEvent } from "../../platform/events/domain-events";
import { filterValue, pageWindow, type Page } from "../../platform/graphql/page";
import { outboundUrlRefusal } from "../../platform/outbound/address-policy";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import { WebhookDeliveryEntity, type DeliveryStatus } from "./webhook-delivery.entity";
import {
  formatWebhookSecret,
  isWebhookEventType,
  webhookBody,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
} from "./webhook-payloads";
import { WebhookSubscriptionEntity } from "./webhook-subscription.entity";
import { WebhookDeliveriesQueued } from "./webhook.events";
import { WebhookRepository } from "./webhook.repository";

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["pending", "delivered", "failed", "cancelled"];

const MAX_URL_LENGTH = 2000;

/** A subscription change publishes its project's id here; every instance drops that project's cached list. */
export const WEBHOOK_SUBSCRIPTIONS_TOPIC = "webhook_subscriptions";

/** What the producer needs of a live subscription (no secret is cached). */
type Subscriber = Pick<WebhookSubscriptionEntity, "id" | "eventTypes">;

/** The deliveries of a change's events, as the statement that queues them and the event its commit announces. */
export type WebhookOutbox = (
  events: readonly WebhookEvent[],
) => { statement: SqlStatement; queued: DomainEvent } | null;

export interface CreatedSubscription {
  subscription: WebhookSubscriptionEntity;
  /** The `whsec_…` secret, in plain text only here (shown once). */
  secret: string;
}

export interface DeliveryQuery {
  subscriptionId?: string | null;
  status?: string | null;
  projectId?: string | null;
}

function secretBinding(subscriptionId: string): string {
  return `webhook_subscription:${subscriptionId}`;
}

/**
 * Webhook subscriptions and the outbox (SEC-16): producers call `enqueue` inside their own transaction, so a
 * delivery exists exactly when the event does; the WebhookWorker sends it.
 */
export class WebhookService {
  /** The live subscriptions of a project, as the call path's producers read them on every event. */
  private readonly subscribers: InvalidatedCache<string, Subscriber[]>;

  constructor(
    private readonly db: Database,
    bus: InvalidationBus,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly secrets: SecretBox,
    private readonly outbound: { allowList: readonly string[]; tracing?: Tracing },
  ) {
    this.subscribers = new InvalidatedCache(bus, WEBHOOK_SUBSCRIPTIONS_TOPIC, 10_000);
  }

  async createSubscription(
    ctx: AuthContext,
    url: string,
    eventTypes: readonly string[],
    projectId?: string | null,
  ): Promise<CreatedSubscription> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    const target = url.trim();
    const problems = [...(await this.checkUrl(target)), ...checkEventTypes(eventTypes)];
    if (problems.length > 0) throw Invalid.of(problems);
    const id = randomUUID();
    const secret = formatWebhookSecret(randomBytes(24));
    const subscription = Object.assign(new WebhookSubscriptionEntity(), {
      id,
      projectId: scope.projectId,
      url: target,
      eventTypes: [...new Set(eventTypes)],
      sealedSecret: this.secrets.seal(secret, secretBinding(id)),
      createdAt: new Date(),
      deletedAt: null,
    });
    await this.db.write(async (tx) => {
      await new WebhookRepository(tx.manager).insertSubscription(subscription);
      tx.afterCommit(() => this.subscribers.invalidate(scope.projectId));
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "webhook",
        resourceId: id,
        action: "create",
        actor: scope.actor,
        data: { url: subscription.url, event_types: subscription.eventTypes },
      });
    });
    return { subscription, secret };
  }

  /** Deletes a subscription and cancels its pending deliveries, in one transaction. */
  async deleteSubscription(ctx: AuthContext, id: string, projectId?: string | null): Promise<string> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    return this.db.write(async (tx) => {
      const repo = new WebhookRepository(tx.manager);
      const subscription = await repo.findSubscription(scope.projectId, id);
      // The UPDATE decides, not the read before it: another request may have deleted it meanwhile (PostgreSQL).
      if (!subscription || !(await repo.markSubscriptionDeleted(id, new Date()))) {
        throw new NotFound("The webhook subscription");
      }
      tx.afterCommit(() => this.subscribers.invalidate(scope.projectId));
      const cancelled = await repo.cancelPending(id);
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "webhook",
        resourceId: id,
        action: "delete",
        actor: scope.actor,
        data: { url: subscription.url, cancelled_deliveries: cancelled },
      });
      return id;
    });
  }

  async listSubscriptions(ctx: AuthContext, projectId?: string | null): Promise<WebhookSubscriptionEntity[]> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    return this.db.read((m) => new WebhookRepository(m).listSubscriptions(scope.projectId));
  }

  /** Newest first; another project's subscription id simply matches nothing (PJ-1). */
  async listDeliveries(
    ctx: AuthContext,
    query: DeliveryQuery,
    page: number,
    limit: number,
  ): Promise<Page<WebhookDeliveryEntity>> {
    const scope = await this.auth.authorize(ctx, "admin", query.projectId);
    const status = filterValue("status", query.status, DELIVERY_STATUSES);
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) =>
      new WebhookRepository(m).pageDeliveries(
        { projectId: scope.projectId, subscriptionId: query.subscriptionId, status },
        window,
      ),
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  /**
   * SEC-16: sends a delivery again as a new attempt series with the same webhook-id (receivers deduplicate on it).
   * A delivery still pending is returned as it is; one whose subscription was deleted cannot be sent.
   */
  async redeliver(ctx: AuthContext, deliveryId: string, projectId?: string | null): Promise<WebhookDeliveryEntity> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    const delivery = await this.db.write(async (tx) => {
      const repo = new WebhookRepository(tx.manager);
      const found = await repo.findProjectDelivery(scope.projectId, deliveryId);
      if (!found) throw new NotFound("The webhook delivery");
      if (found.status === "pending") return found;
      const subscription = await repo.findSubscription(scope.projectId, found.subscriptionId);
      if (!subscription) {
        throw new Conflict(
          `The delivery ${deliveryId} belongs to a deleted webhook subscription; it cannot be sent again.`,
        );
      }
      await repo.requeue([found.id], new Date());
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "webhook",
        resourceId: found.subscriptionId,
        action: "redeliver",
        actor: scope.actor,
        data: { delivery_id: found.id, webhook_id: found.webhookId, previous_status: found.status },
      });
      tx.emit(WebhookDeliveriesQueued({ projectId: scope.projectId }));
      return repo.findProjectDelivery(scope.projectId, deliveryId);
    }, scope);
    return delivery!;
  }

  /** SEC-16: every failed delivery of a subscription created since `since`, queued again; returns how many. */
  async redeliverFailed(
    ctx: AuthContext,
    subscriptionId: string,
    since: Date,
    projectId?: string | null,
  ): Promise<number> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    return this.db.write(async (tx) => {
      const repo = new WebhookRepository(tx.manager);
      const subscription = await repo.findSubscription(scope.projectId, subscriptionId);
      if (!subscription) throw new NotFound("The webhook subscription");
      const queued = await repo.requeue(await repo.failedSince(scope.projectId, subscriptionId, since), new Date());
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "webhook",
        resourceId: subscriptionId,
        action: "redeliver_failed",
        actor: scope.actor,
        data: { since: since.toISOString(), queued },
      });
      if (queued > 0) tx.emit(WebhookDeliveriesQueued({ projectId: scope.projectId }));
      return queued;
    }, scope);
  }

  /**
   * The producer API: inside the caller's transaction, one pending delivery per live subscription of the project
   * that asked for this event type. Idempotent per (subscription, event id). WebhookDeliveriesQueued after commit.
   */
  async enqueue(tx: Tx, projectId: string, event: WebhookEvent, trace?: TraceSpan): Promise<void> {
    await this.enqueueAll(tx, projectId, [event], trace);
  }

  /** Several events of one transaction: one read of the project's subscriptions, one insert of every delivery. */
  /** `trace`: the span of the change (OB-1): each delivery keeps its traceparent and every attempt sends it on. */
  async enqueueAll(tx: Tx, projectId: string, events: readonly WebhookEvent[], trace?: TraceSpan): Promise<void> {
    const repo = new WebhookRepository(tx.manager);
    const deliveries = this.deliveriesOf(projectId, await this.subscribersOf(projectId, repo), events, trace);
    if (deliveries.length === 0) return;
    await repo.insertDeliveries(deliveries);
    tx.emit(WebhookDeliveriesQueued({ projectId }));
  }

  /**
   * The producer API for a change written through the driver (no TypeORM transaction): the project's live
   * subscriptions read (cached) before the transaction, then, inside it, the statement inserting the deliveries of
   * its events (idempotent per subscription and event id) and the event to emit with the commit — or null when no
   * live subscription asked for any of them.
   */
  async outbox(projectId: string, dialect: Dialect, trace?: TraceSpan): Promise<WebhookOutbox> {
    const subscribers = await this.db.read((m) => this.subscribersOf(projectId, new WebhookRepository(m)));
    return (events) => {
      const deliveries = this.deliveriesOf(projectId, subscribers, events, trace);
      if (deliveries.length === 0) return null;
      return {
        statement: WebhookRepository.deliveriesInsert(dialect, deliveries),
        queued: WebhookDeliveriesQueued({ projectId }),
      };
    };
  }

  private subscribersOf(projectId: string, repo: WebhookRepository): Promise<Subscriber[]> {
    return this.subscribers.getOrLoad(projectId, async () =>
      (await repo.listSubscriptions(projectId)).map((s) => ({ id: s.id, eventTypes: s.eventTypes })),
    );
  }

  /** One pending delivery per event and live subscription that asked for its type. */
  private deliveriesOf(
    projectId: string,
    subscriptions: readonly Subscriber[],
    events: readonly WebhookEvent[],
    trace: TraceSpan | undefined,
  ): WebhookDeliveryEntity[] {
    for (const event of events) {
      if (!isWebhookEventType(event.type)) {
        throw new Error(`'${event.type}' is not a webhook event type; add it to WEBHOOK_EVENT_TYPES first.`);
      }
    }
    const now = new Date();
    const traceParent = this.traceParent(trace);
    return events.flatMap((event) =>
      subscriptions
        .filter((s) => s.eventTypes.includes(event.type))
        .map((subscription) =>
          Object.assign(new WebhookDeliveryEntity(), {
            id: timeOrderedId(),
            projectId,
            subscriptionId: subscription.id,
            webhookId: `msg_${randomUUID().replace(/-/g, "")}`,
            eventId: event.id,
            eventType: event.type,
            payload: webhookBody(event),
            status: "pending",
            attempts: 0,
            attemptLog: [],
            lastError: null,
            nextAttemptAt: now,
            deliveredAt: null,
            lockedUntil: null,
            claimedBy: null,
            createdAt: now,
            traceParent,
          }),
        ),
    );
  }

  /** OB-1: the traceparent of the change queuing deliveries, for the worker to send on; null when nobody traces. */
  private traceParent(trace: TraceSpan | undefined): string | null {
    if (!trace || !this.outbound.tracing?.enabled) return null;
    const carrier: Record<string, string> = {};
    trace.inject(carrier);
    return carrier.traceparent ?? null;
  }

  /** The subscription's plain secret, for signing (the worker only). */
  secretOf(subscription: WebhookSubscriptionEntity): string {
    return this.secrets.open(subscription.sealedSecret, secretBinding(subscription.id));
  }

  private async checkUrl(url: string): Promise<Problem[]> {
    if (url.length === 0 || url.length > MAX_URL_LENGTH) {
      return [{ path: "url", message: `url must have 1 to ${MAX_URL_LENGTH} characters; it has ${url.length}.` }];
    }
    const refusal = await outboundUrlRefusal(url, this.outbound.allowList);
    return refusal ? [{ path: "url", message: `The webhook URL '${url}' is refused: ${refusal}` }] : [];
  }
}

function checkEventTypes(eventTypes: readonly string[]): Problem[] {
  if (eventTypes.length === 0) {
    return [
      { path: "event_types", message: `eventTypes must name at least one of ${WEBHOOK_EVENT_TYPES.join(", ")}.` },
    ];
  }
  return eventTypes.flatMap((type, i) =>
    isWebhookEventType(type)
      ? []
      : [
          {
            path: `event_types[${i}]`,
            message: `'${type}' is not a webhook event type; use one of ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
          },
        ],
  );
}
