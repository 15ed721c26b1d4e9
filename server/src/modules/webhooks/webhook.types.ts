import { Field, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";

@ObjectType("WebhookSubscription")
export class WebhookSubscriptionType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  url!: string;

  @Field(() => [String])
  eventTypes!: string[];

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType("CreateWebhookSubscriptionPayload")
export class CreateWebhookSubscriptionPayload {
  @Field(() => WebhookSubscriptionType)
  subscription!: WebhookSubscriptionType;

  @Field(() => String, { description: 'The signing secret ("whsec_…"): shown once, stored encrypted.' })
  secret!: string;
}

@ObjectType("WebhookAttempt")
export class WebhookAttemptType {
  @Field(() => Date)
  at!: Date;

  @Field(() => Int, { nullable: true, description: "null when no HTTP answer came (refused, timeout, network)." })
  httpStatus!: number | null;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field(() => Int)
  durationMs!: number;
}

@ObjectType("WebhookDelivery")
export class WebhookDeliveryType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "The webhook-id header: one per subscription × event, kept across retries." })
  webhookId!: string;

  @Field(() => ID)
  subscriptionId!: string;

  @Field(() => ID)
  eventId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => String, {
    description: '"pending" | "delivered" | "failed" (gave up) | "cancelled" (subscription deleted)',
  })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => [WebhookAttemptType], { description: "Every attempt, oldest first." })
  attemptLog!: WebhookAttemptType[];

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => Date, { nullable: true })
  nextAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => JSONScalar, { description: "The body sent: { type, timestamp, data }." })
  payload!: Record<string, unknown>;

  @Field(() => Date)
  createdAt!: Date;
}

export const WebhookDeliveryPage = PageOf(WebhookDeliveryType, "WebhookDeliveryPage");
