/** The event types a subscription may ask for (api.md "Webhooks"); more as they come. */
export const WEBHOOK_EVENT_TYPES = [
  "skill.loaded",
  "skill.unloaded",
  "call.ended",
  "rollout.started",
  "rollout.advanced",
  "rollout.rolled_back",
  "rollout.aborted",
  "rollout.completed",
  "version.approved",
  "version.flagged",
  "version.revoked",
] as const;
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

/**
 * The retry schedule after each failure, in units of `WEBHOOK_RETRY_BASE_MS` (default 1000 ms: seconds), as
 * Standard Webhooks senders do: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 10 h. With the default 8 attempts the
 * retries span 27.6 h at most and, with the jitter below, never less than 24.8 h (SEC-16: at least a day).
 */
export const RETRY_SCHEDULE_UNITS = [5, 300, 1_800, 7_200, 18_000, 36_000] as const;
const MAX_DELAY_MS = 24 * 60 * 60 * 1000;
/** api.md: the first retry within 5 s, whatever the base. */
const FIRST_RETRY_MAX_MS = 5_000;

/**
 * How long to wait after the `failedAttempts`-th failure: the schedule's step times `baseMs`, less up to 10 %
 * jitter (never more, so the first retry stays within 5 s and the span at least a day), so that receivers coming
 * back are not hit by every delivery at once.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, random: () => number = Math.random): number {
  const step = RETRY_SCHEDULE_UNITS[Math.min(Math.max(failedAttempts, 1), RETRY_SCHEDULE_UNITS.length) - 1]!;
  const ceiling = Math.min(step * baseMs, failedAttempts <= 1 ? FIRST_RETRY_MAX_MS : MAX_DELAY_MS);
  return Math.round(ceiling * (0.9 + 0.1 * random()));
}
