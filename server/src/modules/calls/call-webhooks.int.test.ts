import { afterAll, beforeAll, expect, it } from "vitest";
import {
  END_CALL,
  HANDOFF,
  READ_CALL,
  loadSkill,
  publishAgent,
  publishSkill,
  startCall,
  type CallView,
} from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { until } from "../../../test/support/wait";

/** What the receiver gets: the Standard Webhooks body of a call event. */
type EventBody = { type: string; timestamp: string; data: Record<string, unknown> };

const SUBSCRIBE = `mutation($url: String!, $types: [String!]!) {
  createWebhookSubscription(url: $url, eventTypes: $types) { secret subscription { id } } }`;
const DELIVERIES = `query($sub: ID) { webhookDeliveries(subscriptionId: $sub, limit: 200) { items {
  webhookId eventId eventType status attempts payload } } }`;
interface Delivery {
  webhookId: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  payload: EventBody;
}

describeEachDialect("call events as webhooks", { outboundAllowHosts: ["127.0.0.1"], webhookRetryBaseMs: 20 }, (t) => {
  let key: string;
  let receiver: Receiver<EventBody>;
  let alphaV1: string;
  let betaV1: string;
  let gammaV1: string;
  let deltaV1: string;

  const readCall = async (id: string) => (await t.ok<{ call: CallView }>(READ_CALL, { id }, key)).call;
  const subscribe = async (path: string) => {
    const created = await t.ok<{ createWebhookSubscription: { secret: string; subscription: { id: string } } }>(
      SUBSCRIBE,
      { url: `${receiver.url}${path}`, types: ["skill.loaded", "skill.unloaded", "call.ended"] },
      key,
    );
    receiver.signed(path, created.createWebhookSubscription.secret);
    return created.createWebhookSubscription.subscription.id;
  };
  const deliveries = async (sub: string) =>
    (await t.ok<{ webhookDeliveries: { items: Delivery[] } }>(DELIVERIES, { sub }, key)).webhookDeliveries.items;
  /** The hits of one call, in the order of the call's events (the receiver may get one transaction's deliveries in any order). */
  const hitsInEventOrder = async (path: string, sub: string, call: CallView, count: number) => {
    const settled = await until(async () => {
      const items = await deliveries(sub);
      const mine = items.filter((d) => call.events.some((e) => e.id === d.eventId));
      return mine.length === count && mine.every((d) => d.status === "delivered") && mine;
    });
    const seq = new Map(call.events.map((e, i) => [e.id, i]));
    const eventOf = new Map(settled.map((d) => [d.webhookId, d.eventId]));
    const hits = await until(() => {
      const mine = receiver.requests.filter((h) => h.path === path && eventOf.has(h.webhookId));
      return mine.length >= count && mine;
    });
    return {
      deliveries: settled,
      hits: [...hits].sort((a, b) => seq.get(eventOf.get(a.webhookId)!)! - seq.get(eventOf.get(b.webhookId)!)!),
      eventOf,
    };
  };

  beforeAll(async () => {
    key = (await t.project("Call webhooks")).adminKey;
    receiver = await startReceiver<EventBody>({ respond: () => 401 });
    t.app.webhookWorker.start({ pollIntervalMs: 50 });
    alphaV1 = await publishSkill(t, key, "alpha");
    await publishSkill(t, key, "alpha"); // v2 is live; agents pin v1
    betaV1 = await publishSkill(t, key, "beta");
    gammaV1 = await publishSkill(t, key, "gamma");
    deltaV1 = await publishSkill(t, key, "delta");
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("RT-10 RT-11 SEC-16 a load past the cap is delivered as skill.unloaded (reason limit) before skill.loaded, and call.ended carries skills; signed, and CallEvent.data equals the webhook data", async () => {
    const sub = await subscribe("/cap");
    const agentId = await publishAgent(t, key, {
      name: "capped",
      maxLoadedSkills: 1,
      skills: [{ name: "alpha", versionId: alphaV1 }, { name: "beta" }, { name: "gamma" }],
    });
    const call = await startCall(t, key, { agentId });
    await loadSkill(t, key, call.id, "alpha");
    const second = await loadSkill(t, key, call.id, "beta");
    expect(second).toMatchObject({ status: "LOADED", skill: "beta", unloaded: "alpha" });
    await t.ok(END_CALL, { callId: call.id }, key);

    const read = await readCall(call.id);
    expect(read.events.map((e) => e.type)).toEqual([
      "call.started",
      "skill.loaded",
      "skill.unloaded",
      "skill.loaded",
      "call.ended",
    ]);
    const { hits, deliveries: delivered } = await hitsInEventOrder("/cap", sub, read, 4);
    expect(hits.every((h) => h.verified)).toBe(true);
    expect(delivered.every((d) => d.attempts === 1)).toBe(true);
    expect(hits.map((h) => h.body.type)).toEqual(["skill.loaded", "skill.unloaded", "skill.loaded", "call.ended"]);
    expect(hits.map((h) => h.body.data)).toEqual([
      { call_id: call.id, skill: "alpha", version: 1, version_id: alphaV1 },
      { call_id: call.id, skill: "alpha", version: 1, version_id: alphaV1, reason: "limit" },
      { call_id: call.id, skill: "beta", version: 1, version_id: betaV1 },
      {
        call_id: call.id,
        skills: [
          { name: "alpha", version: 1, version_id: alphaV1, pinned: true, loaded: true },
          { name: "beta", version: 1, version_id: betaV1, pinned: false, loaded: true },
          { name: "gamma", version: 1, version_id: gammaV1, pinned: false, loaded: false },
        ],
      },
    ]);
    // CallEvent.data is the webhook's data, event by event; call.started is no subscribable type and not sent.
    expect(hits.map((h) => h.body.data)).toEqual(read.events.slice(1).map((e) => e.data));
    for (const hit of hits) expect(hit.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(read.skills).toEqual([
      { name: "alpha", version: 1, versionId: alphaV1, pinned: true, loaded: true },
      { name: "beta", version: 1, versionId: betaV1, pinned: false, loaded: true },
      { name: "gamma", version: 1, versionId: gammaV1, pinned: false, loaded: false },
    ]);
    // RT-11: the unload is recorded before the load that made room: the timeline passes through "nothing loaded".
    expect(read.events.map((e) => e.loadedAfter)).toEqual([[], ["alpha"], [], ["beta"], ["beta"]]);
    expect(read.loadedSkills).toEqual(["beta"]);
  });

  it("RT-10 call.ended lists a handoff target's versions next (a version both resolved once) and an agent without skills sends skills []", async () => {
    const sub = await subscribe("/handoff");
    const target = await publishAgent(t, key, { name: "target", skills: [{ name: "beta" }, { name: "delta" }] });
    const first = await publishAgent(t, key, {
      name: "first",
      skills: [{ name: "alpha", versionId: alphaV1 }, { name: "beta" }],
    });
    const call = await startCall(t, key, { agentId: first });
    await loadSkill(t, key, call.id, "beta");
    await t.ok(HANDOFF, { callId: call.id, agentId: target }, key);
    await t.ok(END_CALL, { callId: call.id }, key);
    const read = await readCall(call.id);
    const { hits } = await hitsInEventOrder("/handoff", sub, read, 2);
    expect(hits.every((h) => h.verified)).toBe(true);
    expect(hits.map((h) => h.body.type)).toEqual(["skill.loaded", "call.ended"]);
    expect(hits[1]!.body.data).toEqual({
      call_id: call.id,
      skills: [
        { name: "alpha", version: 1, version_id: alphaV1, pinned: true, loaded: false },
        { name: "beta", version: 1, version_id: betaV1, pinned: false, loaded: true },
        { name: "delta", version: 1, version_id: deltaV1, pinned: false, loaded: false },
      ],
    });
    expect(hits[1]!.body.data).toEqual(read.events.find((e) => e.type === "call.ended")!.data);

    const bare = await publishAgent(t, key, { name: "bare" });
    const plain = await startCall(t, key, { agentId: bare });
    await t.ok(END_CALL, { callId: plain.id }, key);
    const plainRead = await readCall(plain.id);
    const ended = await hitsInEventOrder("/handoff", sub, plainRead, 1);
    expect(ended.hits.map((h) => [h.verified, h.body.type, h.body.data])).toEqual([
      [true, "call.ended", { call_id: plain.id, skills: [] }],
    ]);
    expect(plainRead.skills).toEqual([]);
  });
});
