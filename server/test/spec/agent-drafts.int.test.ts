import { afterAll, beforeAll, expect, it } from "vitest";
import { PUBLISH_AGENT, saveAgent } from "../support/agents";
import { codeOf, START_CALL, startCall, type CallView } from "../support/calls";
import { sendMessage, sendMessageRaw } from "../support/chat";
import { saveScenario, settledRun, startRun, systemOf } from "../support/evals";
import { startGatewayKit, type GatewayKit } from "../support/gateway-kit";
import { describeEachDialect } from "../support/test-app";

/**
 * AG-1, GW-1: an agent's published version is what runs — a call, a chat session, the gateway and an eval run all
 * resolve it, never the agent's newer draft; an agent with only a draft runs nowhere. Once the draft is published,
 * all four resolve it (the control: the test can tell the two versions apart).
 */
const PUBLISHED = "You are the PUBLISHED desk.";
const DRAFT = "You are the DRAFT desk.";

describeEachDialect.withOwnApps("an agent's draft never runs", (dialect) => {
  let kit: GatewayKit;
  let agentId = "";
  let draftVersionId = "";
  let draftOnlyId = "";

  beforeAll(async () => {
    kit = await startGatewayKit(dialect, {}, { respond: () => ({ text: "Hello." }) });
    kit.t.app.evalWorker.start({ pollIntervalMs: 20 });
    await kit.skill("published-skill", { body: "Instructions of the published version's skill." });
    await kit.skill("draft-skill", { body: "Instructions of the draft's skill." });
    ({ agentId } = await kit.agent({
      name: "desk",
      alias: "desk",
      prompt: PUBLISHED,
      skills: [{ name: "published-skill" }],
    }));
    const draft = await saveAgent(
      kit.t,
      kit.key,
      { name: "desk", alias: "desk-next", prompt: DRAFT, skills: [{ name: "draft-skill" }] },
      agentId,
    );
    expect(draft.state).toBe("DRAFT");
    draftVersionId = draft.id;
    draftOnlyId = (await saveAgent(kit.t, kit.key, { name: "draft-only", prompt: DRAFT })).agentId;
  });
  afterAll(() => kit?.close());

  /** What each of the four runtimes resolves for the agent now: its system prompt and skills. */
  async function resolvedEverywhere() {
    const call = await startCall(kit.t, kit.key, { agentId });
    kit.upstream.reset();
    const chat = await sendMessage(kit.t, kit.key, { agentId, content: "hello" });
    const chatSystem = systemOf(kit.upstream.requests[0]!);
    kit.upstream.reset();
    const gatewayName = call.systemPrompt.includes(DRAFT) ? "desk-next" : "desk";
    await kit.client().chat.completions.create({ model: gatewayName, messages: [{ role: "user", content: "hi" }] });
    const gatewaySystem = systemOf(kit.upstream.requests[0]!);
    kit.upstream.reset();
    const scenario = await saveScenario(kit.t, kit.key, {
      name: `hello ${Date.now()}`,
      turns: ["Hi"],
      expectations: [],
    });
    const queued = await startRun(kit.t, kit.key, { target: { agentId }, scenarioIds: [scenario.id] });
    const run = await settledRun(kit.t, kit.key, queued.id);
    expect(run.status, JSON.stringify(run)).toBe("done");
    return {
      call: [call.systemPrompt, call.skills.map((s) => s.name)],
      chat: [chatSystem, chat.session.skills.map((s) => s.name)],
      gateway: [gatewaySystem, ["published-skill", "draft-skill"].filter((name) => gatewaySystem.includes(name))],
      eval: [String(run.results[0]!.transcript[0]!.content), run.resolvedConfig.resolved_skills!.map((s) => s.name)],
    };
  }

  const expectResolved = (seen: Record<string, Array<string | string[]>>, prompt: string, skill: string) => {
    for (const [runtime, [system, skills]] of Object.entries(seen)) {
      expect(system, runtime).toContain(prompt);
      expect(system, runtime).not.toContain(prompt === PUBLISHED ? DRAFT : PUBLISHED);
      expect(skills, runtime).toEqual([skill]);
    }
  };

  it("AG-1 GW-1 a call, a chat session, the gateway and an eval run resolve the published version, not the newer draft", async () => {
    expectResolved(await resolvedEverywhere(), PUBLISHED, "published-skill");
    // The draft's alias names nothing yet: the gateway serves published versions only.
    const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${kit.key}` },
      body: JSON.stringify({ model: "desk-next", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("model_not_found");
  });

  it("AG-1 GW-1 an agent with only a draft is refused by a call, a chat session, the gateway and an eval run", async () => {
    const call = await kit.t.gql<{ startCall: CallView }>(START_CALL, { input: { agentId: draftOnlyId } }, kit.key);
    expect(codeOf(call)).toBe("BAD_USER_INPUT");
    expect(call.errors![0]!.message).toContain("published version");
    const chat = await sendMessageRaw(kit.t, kit.key, { agentId: draftOnlyId, content: "hello" });
    expect(codeOf(chat)).toBe("BAD_USER_INPUT");
    kit.upstream.reset();
    const gateway = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${kit.key}` },
      body: JSON.stringify({ model: "draft-only", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(gateway.status).toBe(404);
    const scenario = await saveScenario(kit.t, kit.key, { name: "draft only", turns: ["Hi"], expectations: [] });
    const run = await kit.t.gql(
      `mutation($input: StartEvalRunInput!) { startEvalRun(input: $input) { id } }`,
      { input: { target: { agentId: draftOnlyId }, scenarioIds: [scenario.id] } },
      kit.key,
    );
    expect(codeOf(run)).toBe("BAD_USER_INPUT");
    expect(run.errors![0]!.message).toContain("published version");
    // Nothing reached the model for it.
    expect(kit.upstream.requests).toEqual([]);
  });

  it("AG-1 GW-1 once the draft is published, all four resolve it (the control)", async () => {
    await kit.t.ok(PUBLISH_AGENT, { id: draftVersionId }, kit.key);
    expectResolved(await resolvedEverywhere(), DRAFT, "draft-skill");
  });
});
