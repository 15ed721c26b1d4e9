// What other modules may use: the producer API (enqueue inside your transaction) and the event types.
export { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEvent, type WebhookEventType } from "./webhook-payloads";
export { WebhookService, type WebhookOutbox } from "./webhook.service";
export { WebhookDeliveriesQueued } from "./webhook.events";
export { WebhookDeliveryEntity } from "./webhook-delivery.entity";
export { WebhookSubscriptionEntity } from "./webhook-subscription.entity";
export { WebhookWorker } from "./webhook-worker";
export { WebhookResolver } from "./webhook.resolver";
