import { loadConfig } from "../../config";
import { describe, expect, it } from "vitest";
import {
  formatWebhookSecret,
  isWebhookEventType,
  retryDelayMs,
  webhookBody,
  WEBHOOK_EVENT_TYPES,
} from "./webhook-payloads";

describe("webhook events", () => {
  it("lists the subscribable event types", () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
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
    ]);
    expect(isWebhookEventType("call.ended")).toBe(true);
    expect(isWebhookEventType("call.started")).toBe(false);
  });

  it("the body is { type, timestamp, data } with an ISO timestamp", () => {
    const at = new Date("2030-01-02T03:04:05.678Z");
    expect(webhookBody({ id: "e1", type: "skill.loaded", timestamp: at, data: { skill: "a" } })).toEqual({
      type: "skill.loaded",
      timestamp: "2030-01-02T03:04:05.678Z",
      data: { skill: "a" },
    });
  });

  it("a secret is whsec_ and the base64 of its bytes", () => {
    expect(formatWebhookSecret(new Uint8Array(24))).toBe(`whsec_${"A".repeat(32)}`);
  });
});

describe("SEC-16 retry schedule", () => {
  it("the first retry comes within 5 s whatever the base", () => {
    for (const base of [1, 1000, 60_000]) {
      for (const r of [0, 0.5, 0.999]) expect(retryDelayMs(1, base, () => r)).toBeLessThanOrEqual(5000);
    }
  });

  it("SEC-16 then follows the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h) in base units, less up to 10 % jitter", () => {
    expect(retryDelayMs(2, 1000, () => 1)).toBe(300_000);
    expect(retryDelayMs(2, 1000, () => 0)).toBe(270_000);
    expect(retryDelayMs(4, 1000, () => 1)).toBe(7_200_000);
    expect(retryDelayMs(7, 1000, () => 1)).toBe(36_000_000);
    expect(retryDelayMs(30, 1000, () => 1)).toBe(36_000_000);
    expect(retryDelayMs(3, 20, () => 1)).toBe(36_000);
  });

  it("SEC-16 with the defaults (base 1000 ms, 8 attempts) the retries span at least a day, even at the lowest jitter", () => {
    const config = loadConfig({});
    let spanMs = 0;
    for (let failed = 1; failed < config.webhookMaxAttempts; failed++) {
      spanMs += retryDelayMs(failed, config.webhookRetryBaseMs, () => 0);
    }
    expect(spanMs).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it("never waits more than a day between two attempts", () => {
    expect(retryDelayMs(60, 3_600_000, () => 1)).toBe(24 * 3_600_000);
  });
});
