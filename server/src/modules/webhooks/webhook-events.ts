/** The event types a subscription may ask for (api.md "Webhooks"); more as they come. */
export const WEBHOOK_EVENT_TYPES = ["skill.loaded", "skill.unloaded", "call.ended"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** An event a producer hands to the outbox; `data` is snake_case, as receivers get it. */
export interface WebhookEvent {
  id: string;
  type: string;
  timestamp: Date;
  data: Record<string, unknown>;
}

/** The JSON body receivers get: `{ type, timestamp, data }`. */
export function webhookBody(event: WebhookEvent): Record<string, unknown> {
  return { type: event.type, timestamp: event.timestamp.toISOString(), data: event.data };
}

/** A new subscription's secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks). */
export function formatWebhookSecret(bytes: Uint8Array): string {
  return `whsec_${Buffer.from(bytes).toString("base64")}`;
}

const FIRST_RETRY_MAX_MS = 5_000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * How long to wait after the `failedAttempts`-th failure: the first retry within 5 s, then exponential from
 * `baseMs` (base, 2×base, 4×base, …, at most 6 h) with jitter in the upper half, so receivers coming back are not
 * hit by every delivery at once.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
  const ceiling = failedAttempts <= 1 ? Math.min(exponential, FIRST_RETRY_MAX_MS) : exponential;
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
