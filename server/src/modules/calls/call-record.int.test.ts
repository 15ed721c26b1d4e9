import { beforeAll, expect, it } from "vitest";
import {
  type CallView,
  codeOf,
  END_CALL,
  HANDOFF,
  LOAD_SKILL,
  loadSkill,
  publishAgent,
  publishSkill,
  READ_CALL,
  runToolRaw,
  startCall,
  timeline,
} from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";

const HOOKS = "hooks.example.com";
const CALLS = `query($agentId: ID, $status: String, $skillName: String, $skillVersionId: ID, $page: Int!, $limit: Int!) {
  calls(agentId: $agentId, status: $status, skillName: $skillName, skillVersionId: $skillVersionId, page: $page, limit: $limit) {
    total page limit items { id status } } }`;

/** RT-10, RT-11: what a call keeps — its versions, events, end — and what expires. */
describeEachDialect("call record", { outboundAllowHosts: [HOOKS] }, (t) => {
  let key: string;
  const v: Record<string, string> = {};
  let agentId: string;
  beforeAll(async () => {
    key = (await t.project("record")).adminKey;
    v.oldA = await publishSkill(t, key, "rec-a", { body: "A one." });
    v.a = await publishSkill(t, key, "rec-a", { body: "A two." });
    v.b = await publishSkill(t, key, "rec-b");
    v.c = await publishSkill(t, key, "rec-c");
    agentId = await publishAgent(t, key, {
      name: "record-agent",
      maxLoadedSkills: 1,
      skills: [{ name: "rec-c" }, { name: "rec-a", versionId: v.oldA }, { name: "rec-b" }],
    });
  });

  const end = async (callId: string, token = key) =>
    (await t.ok<{ endCall: CallView }>(END_CALL, { callId }, token)).endCall;

  it("RT-10 a call's skills list every resolved version in the agent's order with pinned and loaded; loaded stays true after an unload", async () => {
    const call = await startCall(t, key, { agentId });
    expect(call.skills).toEqual([
      { name: "rec-c", version: 1, versionId: v.c, pinned: false, loaded: false },
      { name: "rec-a", version: 1, versionId: v.oldA, pinned: true, loaded: false },
      { name: "rec-b", version: 1, versionId: v.b, pinned: false, loaded: false },
    ]);
    await loadSkill(t, key, call.id, "rec-c");
    const swapped = await loadSkill(t, key, call.id, "rec-b");
    expect(swapped.unloaded).toBe("rec-c");
    const read = (await t.ok<{ call: CallView }>(READ_CALL, { id: call.id }, key)).call;
    expect(read.loadedSkills).toEqual(["rec-b"]);
    expect(read.skills.map((s) => [s.name, s.loaded])).toEqual([
      ["rec-c", true],
      ["rec-a", false],
      ["rec-b", true],
    ]);
  });

  it("RT-10 RT-11 endCall records call.ended carrying skills as the record; skill.loaded, skill.unloaded and call.ended reach webhook subscribers", async () => {
    const own = await t.project("record webhooks");
    const skill = await publishSkill(t, own.adminKey, "hooked");
    const other = await publishSkill(t, own.adminKey, "hooked-too");
    await t.ok(
      `mutation { createWebhookSubscription(url: "https://${HOOKS}/calls", eventTypes: ["skill.loaded", "skill.unloaded", "call.ended"]) { secret } }`,
      {},
      own.adminKey,
    );
    const hookedAgent = await publishAgent(t, own.adminKey, {
      name: "hooked-agent",
      maxLoadedSkills: 1,
      skills: [{ name: "hooked" }, { name: "hooked-too" }],
    });
    const call = await startCall(t, own.adminKey, { agentId: hookedAgent });
    await loadSkill(t, own.adminKey, call.id, "hooked");
    await loadSkill(t, own.adminKey, call.id, "hooked-too");
    const ended = await end(call.id, own.adminKey);
    expect(ended.status).toBe("ended");
    const skills = [
      { name: "hooked", version: 1, version_id: skill, pinned: false, loaded: true },
      { name: "hooked-too", version: 1, version_id: other, pinned: false, loaded: true },
    ];
    expect(ended.events.at(-1)).toMatchObject({ type: "call.ended", data: { call_id: call.id, skills } });
    const deliveries = await t.ok<{
      webhookDeliveries: {
        items: Array<{ eventType: string; eventId: string; payload: { type: string; data: unknown } }>;
      };
    }>(`{ webhookDeliveries(limit: 200) { items { eventType eventId payload } } }`, {}, own.adminKey);
    const byEvent = new Map(deliveries.webhookDeliveries.items.map((d) => [d.eventId, d]));
    const delivered = ended.events.filter((e) => e.type !== "call.started");
    expect(delivered.map((e) => e.type)).toEqual(["skill.loaded", "skill.unloaded", "skill.loaded", "call.ended"]);
    for (const event of delivered) {
      expect(byEvent.get(event.id), event.type).toMatchObject({
        eventType: event.type,
        payload: { type: event.type, data: event.data },
      });
    }
    expect(deliveries.webhookDeliveries.items).toHaveLength(4);
  });

  it("RT-10 a call without skills reads an empty list, and its call.ended carries one", async () => {
    const call = await startCall(t, key, { inlineAgent: { name: "skill-less" } });
    expect(call.skills).toEqual([]);
    const ended = await end(call.id);
    expect(ended.skills).toEqual([]);
    expect(ended.events.at(-1)!.data).toEqual({ call_id: call.id, skills: [] });
  });

  it("RT-10 an ended call refuses loadSkill, runTool, handoffCall and endCall with CONFLICT and changes nothing", async () => {
    const call = await startCall(t, key, { agentId });
    await loadSkill(t, key, call.id, "rec-c");
    await end(call.id);
    const before = await timeline(t, key, call.id);
    const tries = [
      await t.gql(LOAD_SKILL, { callId: call.id, name: "rec-b" }, key),
      await runToolRaw(t, key, call.id, "load_skill", { name: "rec-b" }),
      await t.gql(HANDOFF, { callId: call.id, agentId }, key),
      await t.gql(END_CALL, { callId: call.id }, key),
    ];
    for (const res of tries) {
      expect(codeOf(res)).toBe("CONFLICT");
      expect(res.errors![0]!.message).toContain(call.id);
    }
    expect(await timeline(t, key, call.id)).toEqual(before);
    expect(before.status).toBe("ended");
    expect(before.events.map((e) => e.type)).toEqual(["call.started", "skill.loaded", "call.ended"]);
  });

  it("RT-10 SV-9 calls are listed newest first and filtered by agent, status, or a skill name or version they resolved", async () => {
    const own = await t.project("record list");
    const first = await publishSkill(t, own.adminKey, "listed");
    const listedAgent = await publishAgent(t, own.adminKey, { name: "lister", skills: [{ name: "listed" }] });
    // A few milliseconds apart, so "newest first" has one answer.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const older = await startCall(t, own.adminKey, { agentId: listedAgent });
    const second = await publishSkill(t, own.adminKey, "listed");
    await tick();
    const newer = await startCall(t, own.adminKey, { agentId: listedAgent });
    await tick();
    const inline = await startCall(t, own.adminKey, { inlineAgent: { name: "other" } });
    await end(older.id, own.adminKey);
    const list = async (filter: Record<string, unknown>, page = 1, limit = 50) =>
      (
        await t.ok<{ calls: { total: number; items: Array<{ id: string; status: string }> } }>(
          CALLS,
          { page, limit, ...filter },
          own.adminKey,
        )
      ).calls;
    expect((await list({})).items.map((c) => c.id)).toEqual([inline.id, newer.id, older.id]);
    expect((await list({ agentId: listedAgent })).items.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect((await list({ status: "ended" })).items.map((c) => c.id)).toEqual([older.id]);
    expect((await list({ skillName: "listed" })).total).toBe(2);
    expect((await list({ skillVersionId: first })).items.map((c) => c.id)).toEqual([older.id]);
    expect((await list({ skillVersionId: second })).items.map((c) => c.id)).toEqual([newer.id]);
    const paged = await list({}, 2, 2);
    expect(paged).toEqual({ total: 3, page: 2, limit: 2, items: [{ id: older.id, status: "ended" }] });
  });

  it("SV-9 a status filter outside active and ended is BAD_USER_INPUT naming the values, not an empty page", async () => {
    const res = await t.gql(CALLS, { page: 1, limit: 10, status: "ACTIVE" }, key);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0]?.extensions?.details).toMatchObject({ field: "status" });
    expect(res.errors?.[0]?.message).toBe("status must be one of active, ended; it is 'ACTIVE'.");
  });
});

const RETENTION_SECS = 60;

describeEachDialect("call event retention", { callEventRetentionSecs: RETENTION_SECS }, (t) => {
  it("RT-11 once a call's events expired, loaded reads null and events are empty; the versions stay", async () => {
    const { adminKey } = await t.project("retention");
    const skill = await publishSkill(t, adminKey, "kept");
    const other = await publishSkill(t, adminKey, "kept-too");
    const agentId = await publishAgent(t, adminKey, {
      name: "kept-agent",
      skills: [{ name: "kept" }, { name: "kept-too" }],
    });
    const call = await startCall(t, adminKey, { agentId });
    await loadSkill(t, adminKey, call.id, "kept");
    await t.ok(END_CALL, { callId: call.id }, adminKey);

    // Not yet: within the retention period nothing goes.
    expect(await t.app.services.callRetention.expireEvents(new Date(Date.now() + (RETENTION_SECS / 2) * 1000))).toBe(0);
    expect((await timeline(t, adminKey, call.id)).events).toHaveLength(3);

    const removed = await t.app.services.callRetention.expireEvents(new Date(Date.now() + (RETENTION_SECS + 5) * 1000));
    expect(removed).toBe(3);
    const read = (await t.ok<{ call: CallView }>(READ_CALL, { id: call.id }, adminKey)).call;
    expect(read.events).toEqual([]);
    expect(read.status).toBe("ended");
    expect(read.skills).toEqual([
      { name: "kept", version: 1, versionId: skill, pinned: false, loaded: null },
      { name: "kept-too", version: 1, versionId: other, pinned: false, loaded: null },
    ]);
    // A call started after the cut keeps its events and loaded flags.
    const fresh = await startCall(t, adminKey, { agentId });
    await loadSkill(t, adminKey, fresh.id, "kept");
    await t.app.services.callRetention.expireEvents(new Date(Date.now() + (RETENTION_SECS / 2) * 1000));
    const freshRead = await timeline(t, adminKey, fresh.id);
    expect(freshRead.events.map((e) => e.type)).toEqual(["call.started", "skill.loaded"]);
    expect(freshRead.skills.map((s) => s.loaded)).toEqual([true, false]);
  });
});
