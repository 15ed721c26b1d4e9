import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import type { AuthContext } from "../auth";
import type { WebhookDeliveryEntity } from "./webhook-delivery.entity";
import type { WebhookSubscriptionEntity } from "./webhook-subscription.entity";
import type { WebhookService } from "./webhook.service";
import {
  CreateWebhookSubscriptionPayload,
  WebhookDeliveryPage,
  WebhookDeliveryType,
  WebhookSubscriptionType,
} from "./webhook.types";

function subscriptionView(s: WebhookSubscriptionEntity): WebhookSubscriptionType {
  return { id: s.id, url: s.url, eventTypes: s.eventTypes, createdAt: s.createdAt };
}

function deliveryView(d: WebhookDeliveryEntity): WebhookDeliveryType {
  return {
    id: d.id,
    webhookId: d.webhookId,
    subscriptionId: d.subscriptionId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    attemptLog: d.attemptLog.map((a) => ({
      at: new Date(a.at),
      httpStatus: a.http_status,
      error: a.error,
      durationMs: a.duration_ms,
    })),
    lastError: d.lastError,
    nextAttemptAt: d.nextAttemptAt,
    deliveredAt: d.deliveredAt,
    payload: d.payload,
    createdAt: d.createdAt,
  };
}

@Resolver()
export class WebhookResolver {
  constructor(private readonly webhooks: WebhookService) {}

  @Query(() => [WebhookSubscriptionType], { description: "Admin. The project's webhook subscriptions, newest first." })
  async webhookSubscriptions(
    @Ctx() ctx: AuthContext,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<WebhookSubscriptionType[]> {
    return (await this.webhooks.listSubscriptions(ctx, projectId)).map(subscriptionView);
  }

  @Query(() => WebhookDeliveryPage, { description: "Admin. Deliveries, newest first, with every attempt." })
  async webhookDeliveries(
    @Ctx() ctx: AuthContext,
    @Arg("subscriptionId", () => ID, { nullable: true }) subscriptionId: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<Page<WebhookDeliveryType>> {
    const found = await this.webhooks.listDeliveries(ctx, { subscriptionId, status, projectId }, page, limit);
    return { ...found, items: found.items.map(deliveryView) };
  }

  @Mutation(() => CreateWebhookSubscriptionPayload, {
    description: "Admin. The URL must pass SEC-13; the secret is shown once.",
  })
  async createWebhookSubscription(
    @Ctx() ctx: AuthContext,
    @Arg("url", () => String) url: string,
    @Arg("eventTypes", () => [String]) eventTypes: string[],
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<CreateWebhookSubscriptionPayload> {
    const created = await this.webhooks.createSubscription(ctx, url, eventTypes, projectId);
    return { subscription: subscriptionView(created.subscription), secret: created.secret };
  }

  @Mutation(() => WebhookDeliveryType, {
    description: "Admin. Sends a delivery again: a new attempt series with the same webhook-id (SEC-16).",
  })
  async redeliverWebhook(
    @Ctx() ctx: AuthContext,
    @Arg("deliveryId", () => ID) deliveryId: string,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<WebhookDeliveryType> {
    return deliveryView(await this.webhooks.redeliver(ctx, deliveryId, projectId));
  }

  @Mutation(() => Int, {
    description: "Admin. Queues again every failed delivery of the subscription created since then; how many (SEC-16).",
  })
  redeliverFailedWebhooks(
    @Ctx() ctx: AuthContext,
    @Arg("subscriptionId", () => ID) subscriptionId: string,
    @Arg("since", () => Date) since: Date,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<number> {
    return this.webhooks.redeliverFailed(ctx, subscriptionId, since, projectId);
  }

  @Mutation(() => ID, { description: "Admin. Cancels the subscription's pending deliveries." })
  deleteWebhookSubscription(
    @Ctx() ctx: AuthContext,
    @Arg("id", () => ID) id: string,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<string> {
    return this.webhooks.deleteSubscription(ctx, id, projectId);
  }
}
