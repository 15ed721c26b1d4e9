import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";

/**
 * SEC-16: a receiver that was down long enough for its deliveries to fail gets every event once it is back, through
 * redeliverWebhook (one delivery) and redeliverFailedWebhooks (all failed since a time): a new attempt series with
 * the same webhook-id, audited, admin only, another project's delivery NOT_FOUND.
 */

/** A receiver that answers 503 while `down`, else 200, and records the webhook-id of every request. */
async function startReceiver() {
  const state = { down: true, accepted: [] as string[], refused: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (state.down) {
        state.refused += 1;
        res.writeHead(503).end();
      } else {
        state.accepted.push(String(req.headers["webhook-id"]));
        res.writeHead(200).end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () => new Promise<void>((ok) => server.close(() => ok()));
  return { state, url, close };
}

const DELIVERIES = `query($sub: ID) { webhookDeliveries(subscriptionId: $sub, limit: 100) { items { id webhookId status attempts attemptLog { httpStatus } } } }`;
type Delivery = { id: string; webhookId: string; status: string; attempts: number; attemptLog: unknown[] };

describeEachDialect.withOwnApps("webhook redelivery", (dialect) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let project: { id: string; adminKey: string };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      webhookRetryBaseMs: 1,
      webhookMaxAttempts: 2,
    });
    t.app.webhookWorker.start({ pollIntervalMs: 20 });
    receiver = await startReceiver();
    project = await t.project("Redelivery");
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const deliveries = async (sub: string) =>
    (await t.ok<{ webhookDeliveries: { items: Delivery[] } }>(DELIVERIES, { sub }, project.adminKey)).webhookDeliveries
      .items;

  it("SEC-16 a receiver that comes back gets every event: redeliverWebhook and redeliverFailedWebhooks, same webhook-id, audited", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const { createWebhookSubscription } = await t.ok<{ createWebhookSubscription: { subscription: { id: string } } }>(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["call.ended"]) { subscription { id } } }`,
      { url: receiver.url },
      project.adminKey,
    );
    const sub = createWebhookSubscription.subscription.id;
    for (let i = 0; i < 5; i++) {
      await t.app.db.write((tx) =>
        t.app.services.webhooks.enqueue(tx, project.id, {
          id: randomUUID(),
          type: "call.ended",
          timestamp: new Date(),
          data: { call_id: `c-${i}`, skills: [] },
        }),
      );
    }
    // Down for every attempt: each delivery is given up.
    const failed = await until(async () => {
      const items = await deliveries(sub);
      return items.length === 5 && items.every((d) => d.status === "failed") && items;
    });
    expect(receiver.state.refused).toBe(10);

    receiver.state.down = false;
    const [first, ...rest] = failed;
    const one = await t.ok<{ redeliverWebhook: Delivery }>(
      `mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id webhookId status attempts attemptLog { httpStatus } } }`,
      { id: first!.id },
      project.adminKey,
    );
    expect(one.redeliverWebhook).toMatchObject({ id: first!.id, webhookId: first!.webhookId, status: "pending" });
    expect(one.redeliverWebhook.attemptLog).toHaveLength(2); // the first series is kept

    const bulk = await t.ok<{ redeliverFailedWebhooks: number }>(
      `mutation($sub: ID!, $since: DateTime!) { redeliverFailedWebhooks(subscriptionId: $sub, since: $since) }`,
      { sub, since },
      project.adminKey,
    );
    expect(bulk.redeliverFailedWebhooks).toBe(rest.length);

    const delivered = await until(async () => {
      const items = await deliveries(sub);
      return items.every((d) => d.status === "delivered") && items;
    });
    expect(new Set(receiver.state.accepted)).toEqual(new Set(failed.map((d) => d.webhookId)));
    expect(delivered.map((d) => d.webhookId).sort()).toEqual(failed.map((d) => d.webhookId).sort());

    const audit = await t.ok<{ auditLog: { items: Array<{ action: string }> } }>(
      `{ auditLog(resourceType: "webhook", limit: 20) { items { action } } }`,
      {},
      project.adminKey,
    );
    expect(audit.auditLog.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(["redeliver", "redeliver_failed"]),
    );
  });

  it("SEC-16 SEC-9 SEC-7 redelivery is admin only, and another project's delivery or subscription is NOT_FOUND", async () => {
    const [delivery] = await t
      .ok<{ webhookDeliveries: { items: Delivery[] } }>(DELIVERIES, {}, project.adminKey)
      .then((d) => d.webhookDeliveries.items);
    const subscriptions = await t.ok<{ webhookSubscriptions: Array<{ id: string }> }>(
      `{ webhookSubscriptions { id } }`,
      {},
      project.adminKey,
    );
    const other = await t.project("Someone else");
    const redeliver = `mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }`;
    const bulk = `mutation($sub: ID!) { redeliverFailedWebhooks(subscriptionId: $sub, since: "2000-01-01T00:00:00Z") }`;
    const code = async (query: string, variables: Record<string, unknown>, key: string) =>
      (await t.gql(query, variables, key)).errors?.[0]?.extensions?.code;
    expect(await code(redeliver, { id: delivery!.id }, other.adminKey)).toBe("NOT_FOUND");
    expect(await code(redeliver, { id: randomUUID() }, other.adminKey)).toBe("NOT_FOUND");
    expect(await code(bulk, { sub: subscriptions.webhookSubscriptions[0]!.id }, other.adminKey)).toBe("NOT_FOUND");
    const editor = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(role: EDITOR) { key } }`,
      {},
      project.adminKey,
    );
    expect(await code(redeliver, { id: delivery!.id }, editor.createApiKey.key)).toBe("FORBIDDEN");
    expect(await code(bulk, { sub: subscriptions.webhookSubscriptions[0]!.id }, editor.createApiKey.key)).toBe(
      "FORBIDDEN",
    );
  });
});
