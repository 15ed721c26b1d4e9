import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { codeOf, publishAgent, publishSkill, startCall } from "../../../test/support/calls";
import { sendMessage } from "../../../test/support/chat";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect, createTestApp, type GqlResponse, type TestApp } from "../../../test/support/test-app";

const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success score note reportedAt } }`;
const CALL_OUTCOME = `query($id: ID!) { call(id: $id) { outcome { success score note reportedAt }
  skills { name rolloutId arm } } }`;
const SESSION_OUTCOME = `query($id: ID!) { chatSession(id: $id) { outcome { success score note }
  skills { name rolloutId arm } } }`;

interface OutcomeView {
  success: boolean;
  score: number | null;
  note: string | null;
  reportedAt: string;
}

const details = (res: GqlResponse) => res.errors?.[0]?.extensions?.details as Record<string, unknown> | undefined;

describeEachDialect.withOwnApps("outcomes", (dialect) => {
  let t: TestApp;
  let key: string;
  let otherKey: string;
  let agentId: string;
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel();
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "scripted",
    });
    key = (await t.project("outcomes")).adminKey;
    otherKey = (await t.project("other")).adminKey;
    await publishSkill(t, key, "refund-policy", { body: "Refunds within 30 days." });
    agentId = await publishAgent(t, key, { name: "outcome-bot", skills: [{ name: "refund-policy" }] });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const report = (input: Record<string, unknown>, token = key) =>
    t.gql<{ reportOutcome: OutcomeView }>(REPORT, { input }, token);

  it("RO-3 reportOutcome records a call's outcome; a second report replaces the first (Call.outcome)", async () => {
    const call = await startCall(t, key, { agentId });
    const before = await t.ok<{ call: { outcome: OutcomeView | null } }>(CALL_OUTCOME, { id: call.id }, key);
    expect(before.call.outcome).toBeNull();
    const first = await report({ callId: call.id, success: false, score: 0.2, note: "customer hung up" });
    expect(first.errors).toBeUndefined();
    expect(first.data!.reportOutcome).toMatchObject({ success: false, score: 0.2, note: "customer hung up" });
    const second = await report({ callId: call.id, success: true, score: 1 });
    expect(second.data!.reportOutcome).toMatchObject({ success: true, score: 1, note: null });
    const read = await t.ok<{ call: { outcome: OutcomeView } }>(CALL_OUTCOME, { id: call.id }, key);
    expect(read.call.outcome).toMatchObject({ success: true, score: 1, note: null });
    expect(Date.parse(read.call.outcome.reportedAt)).toBeGreaterThanOrEqual(
      Date.parse(first.data!.reportOutcome.reportedAt),
    );
  });

  it("RO-3 reportOutcome records a chat session's outcome (ChatSession.outcome), score and note optional", async () => {
    model.reply({ text: "Hello." });
    const reply = await sendMessage(t, key, { agentId, content: "Hi" });
    const res = await report({ sessionId: reply.session.id, success: true });
    expect(res.data!.reportOutcome).toMatchObject({ success: true, score: null, note: null });
    const read = await t.ok<{ chatSession: { outcome: OutcomeView } }>(SESSION_OUTCOME, { id: reply.session.id }, key);
    expect(read.chatSession.outcome).toMatchObject({ success: true, score: null, note: null });
  });

  it("RO-2 RO-3 CallSkill.rolloutId and arm are null outside a rollout, on calls and sessions", async () => {
    const call = await startCall(t, key, { agentId });
    const read = await t.ok<{ call: { skills: unknown[] } }>(CALL_OUTCOME, { id: call.id }, key);
    expect(read.call.skills).toEqual([{ name: "refund-policy", rolloutId: null, arm: null }]);
    model.reply({ text: "Hello." });
    const reply = await sendMessage(t, key, { agentId, content: "Hi" });
    const session = await t.ok<{ chatSession: { skills: unknown[] } }>(SESSION_OUTCOME, { id: reply.session.id }, key);
    expect(session.chatSession.skills).toEqual([{ name: "refund-policy", rolloutId: null, arm: null }]);
  });

  it("RO-3 bad input: neither or both owners, a score outside 0–1, a note over its column's length — BAD_USER_INPUT naming the field", async () => {
    const call = await startCall(t, key, { agentId });
    const neither = await report({ success: true });
    expect(codeOf(neither)).toBe("BAD_USER_INPUT");
    expect(details(neither)?.field).toBe("call_id");
    const both = await report({ callId: call.id, sessionId: call.id, success: true });
    expect(codeOf(both)).toBe("BAD_USER_INPUT");
    expect(details(both)?.field).toBe("call_id");
    for (const score of [-0.01, 1.5]) {
      const res = await report({ callId: call.id, success: true, score });
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
      expect(details(res)?.field).toBe("score");
    }
    const long = await report({ callId: call.id, success: true, note: "x".repeat(2001) });
    expect(codeOf(long)).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(long.errors)).toContain("note");
    const read = await t.ok<{ call: { outcome: unknown } }>(CALL_OUTCOME, { id: call.id }, key);
    expect(read.call.outcome).toBeNull();
    // at the limit it is kept whole
    const atLimit = await report({ callId: call.id, success: true, note: "é".repeat(2000) });
    expect(atLimit.data!.reportOutcome.note).toBe("é".repeat(2000));
  });

  it("RO-3 SEC a call or session of another project, or one that does not exist, is NOT_FOUND and records nothing", async () => {
    const call = await startCall(t, key, { agentId });
    expect(codeOf(await report({ callId: call.id, success: true }, otherKey))).toBe("NOT_FOUND");
    expect(codeOf(await report({ sessionId: call.id, success: true }))).toBe("NOT_FOUND");
    expect(codeOf(await report({ callId: "00000000-0000-0000-0000-000000000000", success: true }))).toBe("NOT_FOUND");
    const read = await t.ok<{ call: { outcome: unknown } }>(CALL_OUTCOME, { id: call.id }, key);
    expect(read.call.outcome).toBeNull();
  });
});
