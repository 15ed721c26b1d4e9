import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";

/**
 * SEC-8, SEC-13: TRUST_PROXY decides whose X-Forwarded-For names the client the auth-failure limit counts. Off,
 * a client cannot dodge the limit by sending a new X-Forwarded-For with every attempt.
 */

const LIMIT = 3;

async function failedAttempt(t: TestApp, forwardedFor: string): Promise<number> {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer sgk_not-a-real-key",
      "x-forwarded-for": forwardedFor,
    },
    body: JSON.stringify({ query: "{ __typename }" }),
  });
  await res.body?.cancel();
  return res.status;
}

describeEachDialect.withOwnApps("TRUST_PROXY", (dialect) => {
  let trusting: TestApp;
  let untrusting: TestApp;

  beforeAll(async () => {
    trusting = await createTestApp(dialect, { authFailuresPerMinute: LIMIT, trustProxy: "loopback" });
    untrusting = await createTestApp(dialect, { authFailuresPerMinute: LIMIT, trustProxy: false });
  });
  afterAll(async () => {
    await trusting?.close();
    await untrusting?.close();
  });

  it("SEC-8 TRUST_PROXY=false counts the peer address: a new X-Forwarded-For per attempt is still limited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push(await failedAttempt(untrusting, `198.51.100.${i + 1}`));
    expect(statuses.at(-1)).toBe(429);
  });

  it("SEC-8 TRUST_PROXY=loopback (the default) counts the address a loopback proxy forwards", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push(await failedAttempt(trusting, `198.51.100.${i + 1}`));
    expect(statuses).not.toContain(429);
  });

  it("TRUST_PROXY is read as false, true, a hop count or addresses, and refuses anything else", () => {
    expect(loadConfig({}).trustProxy).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).trustProxy).toBe("10.0.0.0/8, loopback");
    expect(() => loadConfig({ TRUST_PROXY: "<script>" })).toThrow(/TRUST_PROXY/);
  });
});
