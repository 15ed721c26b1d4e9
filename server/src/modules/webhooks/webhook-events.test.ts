import { describe, expect, it } from "vitest";
import {
  formatWebhookSecret,
  isWebhookEventType,
  retryDelayMs,
  webhookBody,
  WEBHOOK_EVENT_TYPES,
} from "./webhook-events";

describe("webhook events", () => {
  it("lists the subscribable event types", () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(["skill.loaded", "skill.unloaded", "call.ended"]);
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

  it("then grows exponentially from the base, jittered within the upper half", () => {
    expect(retryDelayMs(2, 1000, () => 0)).toBe(1000);
    expect(retryDelayMs(2, 1000, () => 1)).toBe(2000);
    expect(retryDelayMs(3, 1000, () => 0)).toBe(2000);
    expect(retryDelayMs(5, 1000, () => 1)).toBe(16_000);
    const samples = Array.from({ length: 50 }, () => retryDelayMs(4, 1000));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(8000);
  });

  it("never waits more than 6 hours", () => {
    expect(retryDelayMs(60, 3_600_000, () => 1)).toBe(6 * 3_600_000);
  });
});
