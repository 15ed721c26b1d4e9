import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";
import { loadSkill, publishAgent, publishSkill, startCall } from "../../../test/support/calls";

describeEachDialect("calls", (t) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });

  it("RT-1 RT-2 RT-3 a call resolves the agent's skills at start and loads one on demand", async () => {
    await publishSkill(t, key, "greet", {
      description: "Use to greet.",
      body: "Say hello to {{caller}}.",
      tools: [{ name: "lookup", description: "Looks up.", webhookUrl: "https://hooks.example.com/x" }],
    });
    const agentId = await publishAgent(t, key, {
      name: "front-desk",
      prompt: "You help {{caller}}.",
      skills: [{ name: "greet" }],
    });
    const call = await startCall(t, key, { agentId, variables: { caller: "Ada" } });
    expect(call.skills).toEqual([expect.objectContaining({ name: "greet", version: 1, pinned: false, loaded: false })]);
    expect(call.systemPrompt).toContain("You help Ada.");
    expect(call.systemPrompt).toContain("greet");
    expect(call.tools.map((x) => x.name)).toEqual(["load_skill"]);
    const loaded = await loadSkill(t, key, call.id, "greet");
    expect(loaded.status).toBe("LOADED");
    expect(loaded.call.systemPrompt).toContain("Say hello to Ada.");
    expect(loaded.call.tools.map((x) => `${x.name}:${x.source}`)).toEqual(["load_skill:builtin", "lookup:skill:greet"]);
    expect(loaded.call.events.map((e) => e.type)).toEqual(["call.started", "skill.loaded"]);
    expect(loaded.call.skills[0]!.loaded).toBe(true);
  });
});
