import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { loadCall, readSession, sendMessage, type ChatReplyView } from "../../../test/support/chat";
import { startScriptedModel, type ScriptedModel, type ScriptedResponder } from "../../../test/support/scripted-model";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";

const SKILLS = ["alpha", "beta", "gamma"];

/**
 * A model that holds every "load <name>" request until `count` of them are in flight at once, then answers each
 * with that load; any other request gets text. So every reply reads the session before any of them loads.
 */
function barrierModel(count: number): { responder: ScriptedResponder; firstRoundPrompts: string[] } {
  const firstRoundPrompts: string[] = [];
  let release: () => void = () => undefined;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  const responder: ScriptedResponder = async (request) => {
    const messages = request.body.messages;
    const last = messages.at(-1);
    const content = typeof last?.content === "string" ? last.content : "";
    if (last?.role !== "user" || !content.startsWith("load ")) return { text: "ok" };
    firstRoundPrompts.push(String(messages[0]?.content));
    if (firstRoundPrompts.length >= count) release();
    // A bounded wait: should the requests not overlap, the test fails on its assertions instead of hanging.
    await Promise.race([allArrived, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    return { toolCalls: [loadCall(content.slice("load ".length))] };
  };
  return { responder, firstRoundPrompts };
}

describeEachDialect.withOwnApps("chat concurrency", (dialect) => {
  let t: TestApp;
  let key: string;
  let model: ScriptedModel;
  let roomyAgent: string;
  let tightAgent: string;
  beforeAll(async () => {
    model = await startScriptedModel();
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "scripted",
      modelTimeoutMs: 10_000,
    });
    key = (await t.project("concurrency")).adminKey;
    for (const name of SKILLS) await publishSkill(t, key, name, { body: `Section of ${name}.` });
    const skills = SKILLS.map((name) => ({ name }));
    roomyAgent = await publishAgent(t, key, { name: "roomy", maxLoadedSkills: 3, skills });
    tightAgent = await publishAgent(t, key, { name: "tight", maxLoadedSkills: 2, skills });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  async function concurrentLoads(agentId: string): Promise<{ replies: ChatReplyView[]; sessionId: string }> {
    model.reply({ text: "started" });
    const started = await sendMessage(t, key, { agentId, content: "start" });
    const { responder, firstRoundPrompts } = barrierModel(SKILLS.length);
    model.respondWith(responder);
    const replies = await Promise.all(
      SKILLS.map((name) => sendMessage(t, key, { sessionId: started.session.id, content: `load ${name}` })),
    );
    // Every reply asked the model before any load was applied: the requests truly overlapped.
    expect(firstRoundPrompts).toHaveLength(SKILLS.length);
    for (const prompt of firstRoundPrompts) expect(prompt).not.toContain("Section of");
    return { replies, sessionId: started.session.id };
  }

  it("TX-5 three messages answered at the same time keep all three loads (cap 3): no lost update", async () => {
    for (let round = 0; round < 3; round++) {
      const { replies, sessionId } = await concurrentLoads(roomyAgent);
      expect(replies.map((r) => r.toolInvocations[0]?.result)).toMatchObject(
        SKILLS.map((skill) => ({ status: "LOADED", skill, unloaded: null })),
      );
      const session = await readSession(t, key, sessionId);
      expect([...session!.loadedSkills].sort()).toEqual(SKILLS);
      expect(session!.skills.every((s) => s.loaded)).toBe(true);
      expect(session!.toolInvocations.filter((i) => i.tool === "load_skill")).toHaveLength(3);
      // Every message is stored, numbered without a clash: 2 for the start, 4 per concurrent reply.
      expect(session!.messages).toHaveLength(2 + 4 * SKILLS.length);
    }
  });

  it("TX-5 three concurrent loads past a cap of 2 keep two loaded, one eviction each time a load made room", async () => {
    const { replies, sessionId } = await concurrentLoads(tightAgent);
    const results = replies.map((r) => r.toolInvocations[0]?.result as { status: string; unloaded: string | null });
    expect(results.every((r) => r.status === "LOADED")).toBe(true);
    expect(results.filter((r) => r.unloaded !== null)).toHaveLength(1);
    const session = await readSession(t, key, sessionId);
    expect(session!.loadedSkills).toHaveLength(2);
    const evicted = results.find((r) => r.unloaded !== null)!.unloaded!;
    expect(session!.loadedSkills).not.toContain(evicted);
    expect(session!.skills.every((s) => s.loaded)).toBe(true);
  });
});
