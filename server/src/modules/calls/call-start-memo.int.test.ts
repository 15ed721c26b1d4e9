import { beforeAll, expect, it } from "vitest";
import {
  addDocument,
  knowledgeBase,
  loadSkill,
  publishAgent,
  publishSkill,
  startCall,
  toolsOf,
} from "../../../test/support/calls";
import { PUBLISH_AGENT, SAVE_AGENT } from "../../../test/support/agents";
import { describeEachDialect } from "../../../test/support/test-app";

/**
 * A call start reuses what the previous start of the same agent version resolved (its context, its stored
 * hash, the prompt and tools assembled from it) only while it resolves the same: every change that moves a
 * resolution shows in the very next call start.
 */
describeEachDialect("call start: what is kept between starts", (t) => {
  let key: string;
  const hook = (name: string, description: string) => ({
    name,
    description,
    parameters: { type: "object", properties: {} },
    webhookUrl: "https://hooks.example.com/memo",
  });

  beforeAll(async () => {
    key = (await t.project("memo")).adminKey;
  });

  it("RT-1 SV-5 a publish shows in the next call start: description, instructions and tools of the new version", async () => {
    await publishSkill(t, key, "memo-a", { description: "First words.", tools: [hook("memo_one", "One.")] });
    const agentId = await publishAgent(t, key, { name: "memo-agent-a", prompt: "Hi.", skills: [{ name: "memo-a" }] });
    const first = await startCall(t, key, { agentId });
    const again = await startCall(t, key, { agentId });
    expect(again.systemPrompt).toBe(first.systemPrompt);
    expect(first.systemPrompt).toContain("- memo-a: First words.");

    await publishSkill(t, key, "memo-a", {
      description: "Second words.",
      body: "Do the second thing.",
      tools: [hook("memo_two", "Two.")],
    });
    const next = await startCall(t, key, { agentId });
    expect(next.skills.map((s) => `${s.name}@${s.version}`)).toEqual(["memo-a@2"]);
    expect(next.systemPrompt).toContain("- memo-a: Second words.");
    expect(next.systemPrompt).not.toContain("First words.");
    const loaded = await loadSkill(t, key, next.id, "memo-a");
    expect(loaded.call.systemPrompt).toContain("Do the second thing.");
    expect(toolsOf(loaded.call.tools)).toContain("memo_two:skill:memo-a");
    expect(toolsOf(loaded.call.tools)).not.toContain("memo_one:skill:memo-a");
    // The first call keeps what it resolved (RT-1): its load still brings version 1's tool.
    const old = await loadSkill(t, key, first.id, "memo-a");
    expect(toolsOf(old.call.tools)).toContain("memo_one:skill:memo-a");
  });

  it("AG-2 RT-1 a new published version of the agent shows in the next call start", async () => {
    await publishSkill(t, key, "memo-b");
    const input = { name: "memo-agent-b", prompt: "Version one.", skills: [{ name: "memo-b" }] };
    const agentId = await publishAgent(t, key, input);
    expect((await startCall(t, key, { agentId })).systemPrompt).toMatch(/^Version one\./);
    const saved = await t.ok<{ saveAgent: { id: string } }>(
      SAVE_AGENT,
      { input: { ...input, prompt: "Version two." }, agentId },
      key,
    );
    await t.ok(PUBLISH_AGENT, { id: saved.saveAgent.id }, key);
    expect((await startCall(t, key, { agentId })).systemPrompt).toMatch(/^Version two\./);
  });

  it("RT-8 a document added to a skill's prompt-mode knowledge base shows in the next call start's loaded prompt", async () => {
    const kb = await knowledgeBase(t, key, "Memo policy", [["Old rule", "Refunds within 30 days."]]);
    await publishSkill(t, key, "memo-c", { knowledgeBases: [{ knowledgeBaseId: kb, mode: "PROMPT" }] });
    const agentId = await publishAgent(t, key, { name: "memo-agent-c", prompt: "Hi.", skills: [{ name: "memo-c" }] });
    const before = await startCall(t, key, { agentId });
    expect((await loadSkill(t, key, before.id, "memo-c")).call.systemPrompt).not.toContain("New rule");
    // A second start, from caches only: what it resolved is kept, and must not outlive the document's addition.
    await startCall(t, key, { agentId });
    await addDocument(t, key, kb, "New rule", "Refunds within 60 days.");
    const after = await startCall(t, key, { agentId });
    expect((await loadSkill(t, key, after.id, "memo-c")).call.systemPrompt).toContain("Refunds within 60 days.");
  });

  it("RT-5 each call renders its own variables, however often the same agent starts", async () => {
    await publishSkill(t, key, "memo-d", { description: "Helps {{caller}}.", body: "Greet {{caller}} by name." });
    const agentId = await publishAgent(t, key, {
      name: "memo-agent-d",
      prompt: "You talk to {{caller}}.",
      skills: [{ name: "memo-d" }],
    });
    const ada = await startCall(t, key, { agentId, variables: { caller: "Ada" } });
    const bob = await startCall(t, key, { agentId, variables: { caller: "Bob" } });
    const none = await startCall(t, key, { agentId });
    expect(ada.systemPrompt).toContain("You talk to Ada.");
    expect(ada.systemPrompt).toContain("- memo-d: Helps Ada.");
    expect(bob.systemPrompt).toContain("You talk to Bob.");
    expect(bob.systemPrompt).not.toContain("Ada");
    expect(none.warnings).toContain("template variable 'caller' is missing; it rendered empty");
    expect(ada.warnings).toEqual([]);
    expect((await loadSkill(t, key, bob.id, "memo-d")).call.systemPrompt).toContain("Greet Bob by name.");
    expect((await loadSkill(t, key, ada.id, "memo-d")).call.systemPrompt).toContain("Greet Ada by name.");
  });

  it("RT-3 RT-4 calls that share a context each show their own loaded set", async () => {
    for (const name of ["memo-e1", "memo-e2"]) await publishSkill(t, key, name, { body: `Steps of ${name}.` });
    const agentId = await publishAgent(t, key, {
      name: "memo-agent-e",
      prompt: "Hi.",
      skills: [{ name: "memo-e1" }, { name: "memo-e2" }],
    });
    const one = await startCall(t, key, { agentId });
    const two = await startCall(t, key, { agentId });
    const loadedOne = await loadSkill(t, key, one.id, "memo-e1");
    const loadedTwo = await loadSkill(t, key, two.id, "memo-e2");
    expect(loadedOne.call.systemPrompt).toContain("Steps of memo-e1.");
    expect(loadedOne.call.systemPrompt).not.toContain("Steps of memo-e2.");
    expect(loadedTwo.call.systemPrompt).toContain("Steps of memo-e2.");
    expect(loadedTwo.call.systemPrompt).not.toContain("Steps of memo-e1.");
    const fresh = await startCall(t, key, { agentId });
    expect(fresh.loadedSkills).toEqual([]);
    expect(fresh.systemPrompt).not.toContain("Steps of");
  });
});
