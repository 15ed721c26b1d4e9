import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

// The webhooks module's domain events (what the event types subscribers receive are: webhook-events.ts).

/** Deliveries were queued or queued again (the worker of this instance looks at once). */
export interface WebhookDeliveriesQueued extends DomainEvent {
  readonly type: "webhooks.deliveries_queued";
  readonly projectId: string;
}
export const WebhookDeliveriesQueued = eventKind<WebhookDeliveriesQueued>("webhooks.deliveries_queued");
