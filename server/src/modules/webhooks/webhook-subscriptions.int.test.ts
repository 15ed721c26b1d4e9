import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";

const CREATE = `mutation($url: String!, $types: [String!]!) {
  createWebhookSubscription(url: $url, eventTypes: $types) { secret subscription { id url eventTypes createdAt } } }`;
const DELETE = `mutation($id: ID!) { deleteWebhookSubscription(id: $id) }`;
const LIST = `query { webhookSubscriptions { id url eventTypes createdAt } }`;
const DELIVERIES = `query($sub: ID, $status: String, $page: Int, $limit: Int) {
  webhookDeliveries(subscriptionId: $sub, status: $status, page: $page, limit: $limit) {
    total page limit items { id webhookId subscriptionId eventId eventType status attempts attemptLog { at } nextAttemptAt payload } } }`;
const AUDIT = `query { auditLog(resourceType: "webhook", limit: 200) { items { action resourceId actor data } } }`;

type Created = {
  createWebhookSubscription: { secret: string; subscription: { id: string; url: string; eventTypes: string[] } };
};
type Delivery = {
  id: string;
  webhookId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  status: string;
  payload: Record<string, unknown>;
};
type Deliveries = { webhookDeliveries: { total: number; page: number; limit: number; items: Delivery[] } };

// Nothing listens here and no worker runs: deliveries stay pending until a test looks at them.
const URL_A = "http://127.0.0.1:9/a";
const URL_B = "http://127.0.0.1:9/b";

describeEachDialect("webhook subscriptions", { outboundAllowHosts: ["127.0.0.1", "fd00:5::/32"] }, (t) => {
  let project: { id: string; adminKey: string };

  beforeAll(async () => {
    project = await t.project("Webhooks");
  });

  const create = async (url: string, types: string[], key = project.adminKey) =>
    (await t.ok<Created>(CREATE, { url, types }, key)).createWebhookSubscription;
  const emit = (projectId: string, type: string, eventId = randomUUID()) =>
    t.app.db.write((tx) =>
      t.app.services.webhooks.enqueue(tx, projectId, {
        id: eventId,
        type,
        timestamp: new Date("2030-05-06T07:08:09.010Z"),
        data: { call_id: "call-1", skill: "explain_bill", version: 2, version_id: "v-2" },
      }),
    );
  const deliveries = async (variables: Record<string, unknown> = {}, key = project.adminKey) =>
    (await t.ok<Deliveries>(DELIVERIES, variables, key)).webhookDeliveries;

  it("creates a subscription with a whsec_ secret shown once; lists it without the secret; audits it", async () => {
    const created = await create(URL_A, ["skill.loaded", "call.ended"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(24);
    expect(created.subscription).toMatchObject({ url: URL_A, eventTypes: ["skill.loaded", "call.ended"] });
    const list = await t.ok<{ webhookSubscriptions: Array<{ id: string }> }>(LIST, {}, project.adminKey);
    expect(list.webhookSubscriptions.map((s) => s.id)).toContain(created.subscription.id);
    expect(JSON.stringify(list)).not.toContain(created.secret.slice(6));
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; resourceId: string; data: unknown }> } }>(
      AUDIT,
      {},
      project.adminKey,
    );
    expect(audit.auditLog.items).toContainEqual(
      expect.objectContaining({ action: "create", resourceId: created.subscription.id }),
    );
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6));
  });

  it("an unknown event type is BAD_USER_INPUT naming eventTypes[i]; an empty list is refused", async () => {
    const res = await t.gql(CREATE, { url: URL_A, types: ["skill.loaded", "call.started"] }, project.adminKey);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "event_types[1]" } });
    expect(res.errors?.[0]?.message).toContain("call.started");
    const empty = await t.gql(CREATE, { url: URL_A, types: [] }, project.adminKey);
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "event_types" } });
  });

  it("SEC-13 loopback, private and link-local URLs are refused at save unless allow-listed", async () => {
    for (const url of [
      "http://127.0.0.2:8080/hook",
      "http://[::1]/hook",
      "http://10.1.2.3/hook",
      "http://192.168.1.20/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:127.0.0.2]/hook",
      "http://[fe80::1]/hook",
      "ftp://127.0.0.1/hook",
      "not a url",
    ]) {
      const res = await t.gql(CREATE, { url, types: ["call.ended"] }, project.adminKey);
      expect(res.errors?.[0]?.extensions, url).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "url" } });
    }
    // Allow-listed by address and by range.
    await create("http://127.0.0.1:8080/hook", ["call.ended"]);
    await create("http://[fd00:5::1]:8080/hook", ["call.ended"]);
  });

  it("PJ-2 webhooks are admin only; PJ-1 another project's subscription reads as not found", async () => {
    const editor = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(role: EDITOR, name: "ed") { key } }`,
      {},
      project.adminKey,
    );
    for (const [query, variables] of [
      [CREATE, { url: URL_A, types: ["call.ended"] }],
      [LIST, {}],
      [DELIVERIES, {}],
    ] as const) {
      const res = await t.gql(query, variables, editor.createApiKey.key);
      expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    const other = await t.project("Other");
    const theirs = await create(URL_A, ["call.ended"], other.adminKey);
    await emit(other.id, "call.ended");
    const refused = await t.gql(DELETE, { id: theirs.subscription.id }, project.adminKey);
    expect(refused.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await deliveries({ sub: theirs.subscription.id })).total).toBe(0);
    expect((await deliveries({ sub: theirs.subscription.id }, other.adminKey)).total).toBe(1);
  });

  it("RT-11 enqueue writes one delivery per live subscription of that event type, once per event", async () => {
    const p = await t.project("Fan-out");
    const loaded = await create(URL_A, ["skill.loaded"], p.adminKey);
    const both = await create(URL_B, ["skill.loaded", "skill.unloaded"], p.adminKey);
    await create(URL_B, ["call.ended"], p.adminKey);
    const eventId = randomUUID();
    await emit(p.id, "skill.loaded", eventId);
    await emit(p.id, "skill.loaded", eventId); // the same event again: no second delivery
    await emit(p.id, "skill.unloaded");
    const page = await deliveries({}, p.adminKey);
    expect(page.total).toBe(3);
    const forEvent = page.items.filter((d) => d.eventId === eventId);
    expect(forEvent.map((d) => d.subscriptionId).sort()).toEqual([loaded.subscription.id, both.subscription.id].sort());
    expect(new Set(page.items.map((d) => d.webhookId)).size).toBe(3);
    expect(forEvent[0]).toMatchObject({
      eventType: "skill.loaded",
      status: "pending",
      payload: {
        type: "skill.loaded",
        timestamp: "2030-05-06T07:08:09.010Z",
        data: { call_id: "call-1", skill: "explain_bill", version: 2, version_id: "v-2" },
      },
    });
    // A rolled-back producer transaction leaves no delivery.
    await expect(
      t.app.db.write(async (tx) => {
        await t.app.services.webhooks.enqueue(tx, p.id, {
          id: randomUUID(),
          type: "call.ended",
          timestamp: new Date(),
          data: {},
        });
        throw new Error("producer failed");
      }),
    ).rejects.toThrow("producer failed");
    expect((await deliveries({}, p.adminKey)).total).toBe(3);
  });

  it("SEC-16 deleting a subscription cancels its pending deliveries and leaves others pending", async () => {
    const p = await t.project("Cancel");
    const gone = await create(URL_A, ["call.ended"], p.adminKey);
    const kept = await create(URL_B, ["call.ended"], p.adminKey);
    for (let i = 0; i < 3; i++) await emit(p.id, "call.ended");
    expect(await t.ok(DELETE, { id: gone.subscription.id }, p.adminKey)).toEqual({
      deleteWebhookSubscription: gone.subscription.id,
    });
    const cancelled = await deliveries({ sub: gone.subscription.id }, p.adminKey);
    expect(cancelled.items.map((d) => d.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await deliveries({ sub: kept.subscription.id, status: "pending" }, p.adminKey)).total).toBe(3);
    // Events after the delete reach only the live subscription; the deleted one is no longer listed.
    await emit(p.id, "call.ended");
    expect((await deliveries({ sub: gone.subscription.id }, p.adminKey)).total).toBe(3);
    const list = await t.ok<{ webhookSubscriptions: Array<{ id: string }> }>(LIST, {}, p.adminKey);
    expect(list.webhookSubscriptions.map((s) => s.id)).toEqual([kept.subscription.id]);
    const again = await t.gql(DELETE, { id: gone.subscription.id }, p.adminKey);
    expect(again.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; resourceId: string; data: unknown }> } }>(
      AUDIT,
      {},
      p.adminKey,
    );
    expect(audit.auditLog.items).toContainEqual(
      expect.objectContaining({
        action: "delete",
        resourceId: gone.subscription.id,
        data: expect.objectContaining({ cancelled_deliveries: 3 }) as unknown,
      }),
    );
  });

  it("SEC-15 three deletes of one subscription at once: one answers it, the others NOT_FOUND; one audit entry", async () => {
    const p = await t.project("Delete race");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { subscription } = await create(URL_A, ["call.ended"], p.adminKey);
      ids.push(subscription.id);
      const answers = await Promise.all([0, 1, 2].map(() => t.gql(DELETE, { id: subscription.id }, p.adminKey)));
      expect(answers.map((a) => a.errors?.[0]?.extensions?.code ?? "OK").sort()).toEqual([
        "NOT_FOUND",
        "NOT_FOUND",
        "OK",
      ]);
    }
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; resourceId: string }> } }>(
      AUDIT,
      {},
      p.adminKey,
    );
    const deletes = audit.auditLog.items.filter((e) => e.action === "delete").map((e) => e.resourceId);
    expect(deletes.sort()).toEqual([...ids].sort());
  });

  it("PJ-3 purging a project removes its subscriptions and deliveries", async () => {
    const p = await t.project("Purged");
    await create(URL_A, ["call.ended"], p.adminKey);
    await emit(p.id, "call.ended");
    const count = async (table: string) =>
      Number(
        (
          (await t.app.db.read((m) =>
            m.query(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = '${p.id}'`),
          )) as Array<{ n: number | string }>
        )[0]!.n,
      );
    expect([await count("webhook_subscriptions"), await count("webhook_deliveries")]).toEqual([1, 1]);
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: p.id }, t.platformToken);
    await t.ok(`mutation($id: ID!) { purgeProject(id: $id) }`, { id: p.id }, t.platformToken);
    expect([await count("webhook_subscriptions"), await count("webhook_deliveries")]).toEqual([0, 0]);
  });

  it("lists deliveries newest first in a page envelope, filtered by status; a bad status is BAD_USER_INPUT", async () => {
    const p = await t.project("Paging");
    await create(URL_A, ["skill.loaded"], p.adminKey);
    for (let i = 0; i < 5; i++) await emit(p.id, "skill.loaded");
    const first = await deliveries({ page: 1, limit: 2 }, p.adminKey);
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.items).toHaveLength(2);
    const last = await deliveries({ page: 3, limit: 2 }, p.adminKey);
    expect(last.items).toHaveLength(1);
    expect((await deliveries({ status: "delivered" }, p.adminKey)).total).toBe(0);
    const bad = await t.gql(DELIVERIES, { status: "sent" }, p.adminKey);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "status" } });
  });
});
