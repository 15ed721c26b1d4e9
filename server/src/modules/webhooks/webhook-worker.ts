import { Webhook } from "standardwebhooks";
import { randomToken } from "../../platform/crypto";
import type { Database } from "../../platform/db/database";
import { OutboundError } from "../../platform/outbound/outbound-error";
import { outboundFetch } from "../../platform/outbound/outbound-fetch";
import type { Logger } from "../../platform/logger";
import type { OutageLog } from "../../platform/db/outage-log";
import { PollingWorker } from "../../platform/jobs/polling-worker";
import { AgentTelemetry, NO_SPAN, type TraceSpan } from "../../platform/telemetry";
import type { StoredAttempt, WebhookDeliveryEntity } from "./webhook-delivery.entity";
import { retryDelayMs } from "./webhook-payloads";
import type { WebhookSubscriptionEntity } from "./webhook-subscription.entity";
import { WebhookRepository, type AttemptOutcome } from "./webhook.repository";
import type { WebhookService } from "./webhook.service";

export interface WebhookWorkerOptions {
  /** OUTBOUND_ALLOW_HOSTS: SEC-13 is checked again on every attempt. */
  allowList: readonly string[];
  retryBaseMs: number;
  maxAttempts: number;
  /** How often to look for due deliveries when nothing woke the worker (other instances' events, retries). */
  pollIntervalMs?: number;
  /** The process's database outage log (SEC-20): a pass that meets an outage adds no line of its own. */
  outage?: OutageLog;
  /** One attempt, name resolution to last byte. */
  attemptTimeoutMs?: number;
  batchSize?: number;
  /** How long a claim holds; longer than an attempt, so only a crashed worker's claims expire. */
  leaseMs?: number;
  /** OB-1: each attempt a span in the trace that queued it (its traceparent sent on); OB-2: attempts counted. */
  telemetry?: AgentTelemetry;
}

const RESPONSE_BODY_LIMIT = 64 * 1024;

/**
 * Delivers the outbox (SEC-16). Each pass claims due deliveries with a lease (FOR UPDATE SKIP LOCKED on
 * PostgreSQL, compare-and-set on both), so several instances never send one delivery twice; signs them with
 * Standard Webhooks headers; records every attempt; schedules retries with backoff. Pending rows live in the
 * database, so a restart loses nothing, and a crashed worker's lease expires and the row is claimed again.
 */
export class WebhookWorker extends PollingWorker {
  readonly id = `wh_${randomToken(16)}`;
  private readonly options: Required<Omit<WebhookWorkerOptions, "outage" | "telemetry">>;
  private readonly outage: OutageLog | undefined;
  private readonly telemetry: AgentTelemetry;

  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookService,
    private readonly logger: Logger,
    options: WebhookWorkerOptions,
  ) {
    // `wake` after a transaction enqueued deliveries; `stop` (SEC-18) claims nothing more and waits for the
    // attempts in flight to finish and be recorded.
    super({ logger, what: "webhook worker", pollIntervalMs: options.pollIntervalMs ?? 1000, outage: options.outage });
    const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
    this.telemetry = options.telemetry ?? AgentTelemetry.detached();
    this.options = {
      allowList: options.allowList,
      retryBaseMs: options.retryBaseMs,
      maxAttempts: options.maxAttempts,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      attemptTimeoutMs,
      batchSize: options.batchSize ?? 10,
      leaseMs: options.leaseMs ?? attemptTimeoutMs + 30_000,
    };
    this.outage = options.outage;
  }

  protected override logContext(): Record<string, unknown> {
    return { worker: this.id };
  }

  /** A full batch: more may be due at once. */
  protected async pass(): Promise<boolean> {
    return (await this.runPass()) === this.options.batchSize;
  }

  /** OB-2: deliveries waiting for an attempt. */
  pendingCount(): Promise<number> {
    return this.db.read((m) => new WebhookRepository(m).countPending());
  }

  /** One pass: claims due deliveries and attempts each; returns how many it claimed. */
  private async runPass(): Promise<number> {
    const now = new Date();
    if (!(await this.db.read((m) => new WebhookRepository(m).hasDue(now)))) return 0;
    if (!this.running) return 0; // stopped meanwhile: claim nothing more
    const token = `${this.id}:${randomToken(12)}`;
    const claimed = await this.db.write((tx) =>
      new WebhookRepository(tx.manager).claimDue(
        now,
        new Date(now.getTime() + this.options.leaseMs),
        token,
        this.options.batchSize,
      ),
    );
    if (claimed.length === 0) return 0;
    const subscriptionIds = [...new Set(claimed.map((d) => d.subscriptionId))];
    const subscriptions = new Map(
      (await this.db.read((m) => new WebhookRepository(m).subscriptionsByIds(subscriptionIds))).map((s) => [s.id, s]),
    );
    await Promise.all(
      claimed.map((delivery) =>
        this.attempt(delivery, subscriptions.get(delivery.subscriptionId), token).catch((error: unknown) => {
          // The lease expires and another pass retries it.
          if (!this.outage?.noteIfUnavailable(error))
            this.logger.error({ err: error, delivery: delivery.id }, "webhook attempt could not be recorded");
        }),
      ),
    );
    return claimed.length;
  }

  private async attempt(
    delivery: WebhookDeliveryEntity,
    subscription: WebhookSubscriptionEntity | undefined,
    token: string,
  ): Promise<void> {
    if (!subscription || subscription.deletedAt) {
      await this.db.write((tx) => new WebhookRepository(tx.manager).cancelClaimed(delivery.id, token));
      return;
    }
    const at = new Date();
    const { httpStatus, error, durationMs } = await this.tracedSend(delivery, subscription, at);
    const attempts = delivery.attempts + 1;
    const entry: StoredAttempt = { at: at.getTime(), http_status: httpStatus, error, duration_ms: durationMs };
    const attemptLog = [...delivery.attemptLog, entry];
    const outcome: AttemptOutcome =
      error === null
        ? { attempts, attemptLog, lastError: null, status: "delivered", nextAttemptAt: null, deliveredAt: new Date() }
        : attempts >= this.options.maxAttempts
          ? { attempts, attemptLog, lastError: error, status: "failed", nextAttemptAt: null, deliveredAt: null }
          : {
              attempts,
              attemptLog,
              lastError: error,
              status: "pending",
              nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, this.options.retryBaseMs)),
              deliveredAt: null,
            };
    const settled = await this.db.write((tx) => new WebhookRepository(tx.manager).settle(delivery.id, token, outcome));
    if (!settled) {
      await this.db.write((tx) =>
        new WebhookRepository(tx.manager).recordLateAttempt(delivery.id, token, {
          attempts,
          attemptLog,
          lastError: error,
        }),
      );
    }
    this.telemetry.metrics.webhookDelivery(outcome.status);
    this.logger.debug(
      { delivery: delivery.id, webhookId: delivery.webhookId, status: outcome.status, httpStatus, attempts },
      "webhook attempt",
    );
  }

  /** OB-1: an attempt is a client span in the trace of the change that queued it, which the request carries on. */
  private tracedSend(delivery: WebhookDeliveryEntity, subscription: WebhookSubscriptionEntity, at: Date) {
    const tracing = this.telemetry.tracing;
    const parent = delivery.traceParent ? tracing.remoteParent({ traceparent: delivery.traceParent }) : null;
    if (!parent) return this.send(delivery, subscription, at, NO_SPAN);
    return tracing.inSpan(
      `webhook ${delivery.eventType}`,
      { "skillgraph.webhook.event_type": delivery.eventType, "skillgraph.webhook.attempt": delivery.attempts + 1 },
      parent,
      async (span) => {
        const sent = await this.send(delivery, subscription, at, span);
        span.set({ "http.response.status_code": sent.httpStatus });
        if (sent.error) span.fail(sent.httpStatus === null ? "network" : String(sent.httpStatus));
        return sent;
      },
      "client",
    );
  }

  /** One signed POST; any non-2xx answer, refusal (SEC-13), timeout or network failure is an error. */
  private async send(
    delivery: WebhookDeliveryEntity,
    subscription: WebhookSubscriptionEntity,
    at: Date,
    span: TraceSpan,
  ): Promise<{ httpStatus: number | null; error: string | null; durationMs: number }> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let signature: string;
    const body = JSON.stringify(delivery.payload);
    try {
      signature = new Webhook(this.webhooks.secretOf(subscription)).sign(delivery.webhookId, at, body);
    } catch {
      return { httpStatus: null, error: "The subscription's secret could not be read.", durationMs: elapsed() };
    }
    try {
      const response = await outboundFetch(
        subscription.url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "Skillgraph-Webhooks/1",
            "webhook-id": delivery.webhookId,
            "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
            "webhook-signature": signature,
          },
          body,
        },
        {
          allowList: this.options.allowList,
          timeoutMs: this.options.attemptTimeoutMs,
          // A redirected POST would lose its body or method: a redirect is a failed attempt, never followed.
          maxRedirects: 0,
          maxBodyBytes: RESPONSE_BODY_LIMIT,
          traceHeaders: (headers) => span.inject(headers),
        },
      );
      const ok = response.status >= 200 && response.status < 300;
      const redirect = response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : "";
      return {
        httpStatus: response.status,
        error: ok ? null : `The receiver answered HTTP ${response.status}${redirect}.`,
        durationMs: response.durationMs,
      };
    } catch (error) {
      const message = error instanceof OutboundError ? `${error.kind}: ${error.message}` : `error: ${String(error)}`;
      return { httpStatus: null, error: message, durationMs: elapsed() };
    }
  }
}
