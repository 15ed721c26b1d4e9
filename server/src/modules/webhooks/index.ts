// What other modules may use: the producer API (enqueue inside your transaction) and the event types.
export { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEvent, type WebhookEventType } from "./webhook-events";
export type { WebhookService } from "./webhook.service";
