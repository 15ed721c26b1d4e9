import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import type { Config } from "../../config";
import { entities } from "../../entities";
import { Database, type Dialect } from "../../platform/db/database";
import { createScratchPostgres } from "../../platform/db/scratch-postgres";
import { describeEachDialect, startTestApp, testCredentials, type TestApp } from "../../../test/support/test-app";
import { WebhookWorker } from "./webhook-worker";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { sleep, until } from "../../../test/support/wait";

// ---- a real receiver that verifies Standard Webhooks signatures; unknown or unsigned requests get 401 -------------

const startSignedReceiver = (host = "127.0.0.1") => startReceiver({ host, respond: () => 401 });

// ---- GraphQL over HTTP against an App ---------------------------------------------------------------------------

const CREATE = `mutation($url: String!, $types: [String!]!) {
  createWebhookSubscription(url: $url, eventTypes: $types) { secret subscription { id } } }`;
const DELIVERIES = `query($sub: ID) { webhookDeliveries(subscriptionId: $sub, limit: 200) { total items {
  webhookId eventId status attempts lastError nextAttemptAt deliveredAt attemptLog { at httpStatus error durationMs } } } }`;
type Delivery = {
  webhookId: string;
  eventId: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  attemptLog: Array<{ at: string; httpStatus: number | null; error: string | null; durationMs: number }>;
};

/** Subscriptions and their deliveries, through GraphQL on `t`. */
function client(t: TestApp) {
  type Created = { createWebhookSubscription: { secret: string; subscription: { id: string } } };
  type Page = { webhookDeliveries: { items: Delivery[] } };
  const deliveries = (sub: string, key: string) =>
    t.ok<Page>(DELIVERIES, { sub }, key).then((d) => d.webhookDeliveries.items);
  return {
    subscribe: (url: string, types: string[], key: string) =>
      t.ok<Created>(CREATE, { url, types }, key).then((d) => d.createWebhookSubscription),
    deliveries,
    /** The subscription's deliveries once every one has this status. */
    settled: (sub: string, key: string, status: string) =>
      until(async () => {
        const items = await deliveries(sub, key);
        return items.length > 0 && items.every((d) => d.status === status) && items;
      }),
  };
}

function emit(app: App, projectId: string, type = "skill.loaded", id = randomUUID()) {
  return app.db.write((tx) =>
    app.services.webhooks.enqueue(tx, projectId, {
      id,
      type,
      timestamp: new Date(),
      data: { call_id: "c-1", skill: "explain_bill", version: 3, version_id: "v-3" },
    }),
  );
}

const RETRY = { outboundAllowHosts: ["127.0.0.1"], webhookRetryBaseMs: 20, webhookMaxAttempts: 3 };

describeEachDialect("webhook delivery", RETRY, (t) => {
  let project: { id: string; adminKey: string };
  let receiver: Receiver;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    project = await t.project("Deliveries");
    receiver = await startSignedReceiver();
    api = client(t);
    t.app.webhookWorker.start({ pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("SEC-16 RT-11 an event reaches the receiver signed with Standard Webhooks headers and the { type, timestamp, data } body", async () => {
    const sub = await api.subscribe(`${receiver.url}/signed`, ["skill.loaded"], project.adminKey);
    receiver.signed("/signed", sub.secret);
    const eventId = randomUUID();
    await emit(t.app, project.id, "skill.unloaded"); // not subscribed: never sent
    await emit(t.app, project.id, "skill.loaded", eventId);
    const hit = await until(() => receiver.requests.find((h) => h.path === "/signed"));
    expect(hit.verified).toBe(true);
    expect(Math.abs(hit.timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(hit.body).toEqual({
      type: "skill.loaded",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      data: { call_id: "c-1", skill: "explain_bill", version: 3, version_id: "v-3" },
    });
    const [delivery] = await api.settled(sub.subscription.id, project.adminKey, "delivered");
    expect(delivery).toMatchObject({
      webhookId: hit.webhookId,
      eventId,
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery!.deliveredAt).not.toBeNull();
    expect(delivery!.attemptLog).toEqual([expect.objectContaining({ httpStatus: 200, error: null })]);
    expect(receiver.requests.filter((h) => h.path === "/signed")).toHaveLength(1);
  });

  it("SEC-16 a receiver that is down (HTTP 500) gets the event later, same webhook-id, every attempt recorded", async () => {
    const sub = await api.subscribe(`${receiver.url}/flaky`, ["call.ended"], project.adminKey);
    receiver.signed("/flaky", sub.secret, ({ n }) => (n < 3 ? 500 : 204));
    await emit(t.app, project.id, "call.ended");
    const [delivery] = await api.settled(sub.subscription.id, project.adminKey, "delivered");
    expect(delivery!.attempts).toBe(3);
    expect(delivery!.attemptLog.map((a) => a.httpStatus)).toEqual([500, 500, 204]);
    expect(delivery!.attemptLog[0]!.error).toContain("HTTP 500");
    const hits = receiver.requests.filter((h) => h.path === "/flaky");
    expect(hits.map((h) => h.webhookId)).toEqual(Array(3).fill(delivery!.webhookId));
    expect(hits.every((h) => h.verified)).toBe(true);
    // The first retry comes within 5 s.
    expect(hits[1]!.at - hits[0]!.at).toBeLessThan(5000);
  });

  it("SEC-16 a receiver that refuses connections: retried with backoff, then failed after webhookMaxAttempts", async () => {
    const closed = await startSignedReceiver();
    await closed.close();
    const sub = await api.subscribe(`${closed.url}/down`, ["call.ended"], project.adminKey);
    await emit(t.app, project.id, "call.ended");
    const [delivery] = await api.settled(sub.subscription.id, project.adminKey, "failed");
    expect(delivery).toMatchObject({ attempts: 3, nextAttemptAt: null, deliveredAt: null });
    expect(delivery!.lastError).toMatch(/^network: .*ECONNREFUSED/);
    expect(delivery!.attemptLog).toHaveLength(3);
    expect(delivery!.attemptLog.every((a) => a.httpStatus === null && a.error?.startsWith("network:"))).toBe(true);
    const times = delivery!.attemptLog.map((a) => Date.parse(a.at));
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(20); // backoff: base, then 2× base, jittered in the upper half
  });

  it("SEC-13 at call time: a redirect to an address that is not allow-listed is not followed", async () => {
    const inside = await startSignedReceiver("127.0.0.2");
    try {
      inside.signed("/internal", "whsec_" + randomBytes(24).toString("base64"));
      const sub = await api.subscribe(`${receiver.url}/redirect`, ["call.ended"], project.adminKey);
      receiver.signed("/redirect", sub.secret, () => ({
        status: 307,
        headers: { location: `${inside.url}/internal` },
      }));
      await emit(t.app, project.id, "call.ended");
      const [delivery] = await api.settled(sub.subscription.id, project.adminKey, "failed");
      expect(delivery!.attemptLog.map((a) => a.httpStatus)).toEqual([307, 307, 307]);
      expect(delivery!.lastError).toContain("redirects are not followed");
      expect(inside.requests).toEqual([]);
    } finally {
      await inside.close();
    }
  });

  it("SEC-18 stopping the worker waits for the attempt in flight and records it", async () => {
    const sub = await api.subscribe(`${receiver.url}/slow`, ["call.ended"], project.adminKey);
    let started = false;
    receiver.signed("/slow", sub.secret, async () => {
      started = true;
      await sleep(400);
      return 200;
    });
    await emit(t.app, project.id, "call.ended");
    await until(() => started);
    await t.app.webhookWorker.stop();
    const [delivery] = await api.deliveries(sub.subscription.id, project.adminKey);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1 });
    t.app.webhookWorker.start({ pollIntervalMs: 50 });
  });
});

// ---- several instances and restarts on one database -------------------------------------------------------------

async function sharedDatabase(dialect: Dialect): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  if (dialect === "postgres") {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
    return { open: () => Database.open({ url: scratch.url, entities }), drop: scratch.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-webhooks-"));
  return {
    open: () => Database.open({ url: undefined, sqlitePath: path.join(dir, "db.sqlite"), entities }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every instance on one database has the same secret key and platform token. */
const credentials = testCredentials();

async function instance(db: Database, overrides: Partial<Config> = {}, startWorkers = false) {
  const overridesWithRetry = { ...RETRY, ...overrides };
  const t = await startTestApp(db, {
    overrides: overridesWithRetry,
    credentials,
    startWorkers,
    webhookPollIntervalMs: 30,
  });
  const project = await t.project("Instances");
  return { app: t.app, url: t.url, api: client(t), project: { id: project.id, key: project.adminKey } };
}

describeEachDialect.withOwnApps("webhook delivery across restarts and instances", (dialect) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startSignedReceiver();
  });
  afterAll(async () => receiver?.close());

  it("SEC-16 a restart loses no queued delivery, and a crashed worker's claim is delivered once its lease expires", async () => {
    const shared = await sharedDatabase(dialect);
    try {
      const first = await instance(await shared.open());
      const sub = await first.api.subscribe(`${receiver.url}/restart`, ["skill.loaded"], first.project.key);
      receiver.signed("/restart", sub.secret);
      const events = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of events) await emit(first.app, first.project.id, "skill.loaded", id);
      const leaseEnds = Date.now() + 500;
      await first.app.db.write((tx) =>
        tx.manager.query(
          `UPDATE webhook_deliveries SET claimed_by = 'crashed-worker', locked_until = ${leaseEnds} WHERE event_id = '${events[0]}'`,
        ),
      );
      await first.app.close();

      const second = await instance(await shared.open(), {}, true);
      try {
        await until(
          () => new Set(receiver.requests.filter((h) => h.path === "/restart").map((h) => h.webhookId)).size === 3,
        );
        await sleep(200);
        const hits = receiver.requests.filter((h) => h.path === "/restart");
        expect(hits).toHaveLength(3);
        expect(hits.every((h) => h.verified)).toBe(true);
        const items = await second.api.settled(sub.subscription.id, first.project.key, "delivered");
        expect(items.map((d) => d.eventId).sort()).toEqual([...events].sort());
        expect(items.every((d) => d.attempts === 1)).toBe(true);
        const leased = items.find((d) => d.eventId === events[0])!;
        expect(hits.find((h) => h.webhookId === leased.webhookId)!.at).toBeGreaterThanOrEqual(leaseEnds);
      } finally {
        await second.app.close();
      }
    } finally {
      await shared.drop();
    }
  });

  it("SEC-13 a URL allowed when saved is checked again when called: refused under a stricter allow-list", async () => {
    const shared = await sharedDatabase(dialect);
    try {
      const first = await instance(await shared.open());
      const sub = await first.api.subscribe(`${receiver.url}/recheck`, ["call.ended"], first.project.key);
      receiver.signed("/recheck", sub.secret);
      await emit(first.app, first.project.id, "call.ended");
      await first.app.close();
      const strict = await instance(await shared.open(), { outboundAllowHosts: [], webhookMaxAttempts: 1 }, true);
      try {
        const [delivery] = await strict.api.settled(sub.subscription.id, first.project.key, "failed");
        expect(delivery!.lastError).toMatch(/^refused: .*127\.0\.0\.1/);
        expect(receiver.requests.filter((h) => h.path === "/recheck")).toEqual([]);
      } finally {
        await strict.app.close();
      }
    } finally {
      await shared.drop();
    }
  });

  it("SEC-16 two workers (two instances on PostgreSQL) deliver each event exactly once", async () => {
    const shared = await sharedDatabase(dialect);
    const one = await instance(await shared.open());
    // PostgreSQL: a second instance with its own Database. SQLite (one process per file): a second worker.
    const two = dialect === "postgres" ? await instance(await shared.open()) : null;
    const secondWorker =
      two?.app.webhookWorker ??
      new WebhookWorker(one.app.db, one.app.services.webhooks, one.app.logger, {
        allowList: ["127.0.0.1"],
        retryBaseMs: 20,
        maxAttempts: 3,
        pollIntervalMs: 20,
      });
    try {
      const steady = await one.api.subscribe(`${receiver.url}/steady`, ["call.ended"], one.project.key);
      const shaky = await one.api.subscribe(`${receiver.url}/shaky`, ["call.ended"], one.project.key);
      receiver.signed("/steady", steady.secret, async () => (await sleep(Math.random() * 15), 200));
      // Every shaky delivery fails once, so its retry may be claimed by either worker.
      const seen = new Set<string>();
      receiver.signed("/shaky", shaky.secret, ({ webhookId: id }) => (seen.has(id) ? 200 : (seen.add(id), 503)));
      one.app.webhookWorker.start({ pollIntervalMs: 20 });
      secondWorker.start({ pollIntervalMs: 20 });
      for (let batch = 0; batch < 4; batch++) {
        const producer = batch % 2 === 0 || !two ? one.app : two.app;
        await producer.db.write(async (tx) => {
          for (let i = 0; i < 10; i++) {
            await producer.services.webhooks.enqueue(tx, one.project.id, {
              id: randomUUID(),
              type: "call.ended",
              timestamp: new Date(),
              data: { call_id: `c-${batch}-${i}`, skills: [] },
            });
          }
        });
      }
      const delivered = (p: string) =>
        new Set(receiver.requests.filter((h) => h.path === p && h.status === 200).map((h) => h.webhookId));
      await until(() => delivered("/steady").size === 40 && delivered("/shaky").size === 40, 30_000);
      await sleep(300);
      const accepted = receiver.requests.filter((h) => h.status === 200 && ["/steady", "/shaky"].includes(h.path));
      expect(accepted).toHaveLength(80);
      expect(new Set(accepted.map((h) => h.webhookId)).size).toBe(80);
      expect(receiver.requests.filter((h) => h.path === "/steady")).toHaveLength(40);
      expect(receiver.requests.filter((h) => h.path === "/shaky")).toHaveLength(80);
      const items = await one.api.deliveries(steady.subscription.id, one.project.key);
      expect(items.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
    } finally {
      await secondWorker.stop();
      await one.app.close();
      await two?.app.close();
      await shared.drop();
    }
  });
});
