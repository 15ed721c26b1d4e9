import { beforeAll, expect, it } from "vitest";
import { linkLibrary } from "../../../test/support/agents";
import {
  type CallView,
  codeOf,
  HANDOFF,
  loadSkill,
  publishAgent,
  publishSkill,
  replay,
  runTool,
  runToolRaw,
  skillsSection,
  startCall,
  timeline,
  toolsOf,
} from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";

/** RT-9 (with RT-10 and LB-5 as they apply to a handoff): the target's skills, none loaded, its cap. */
describeEachDialect("call handoff", (t) => {
  let key: string;
  const v: Record<string, string> = {};
  let backId: string;
  let plainId: string;
  let frontId: string;
  beforeAll(async () => {
    key = (await t.project("handoff")).adminKey;
    for (const name of ["h-billing", "h-refunds", "h-shipping"])
      v[name] = await publishSkill(t, key, name, { description: `Use for ${name}.`, body: `${name} steps.` });
    backId = await publishAgent(t, key, {
      name: "back-office",
      prompt: "Back office.",
      maxLoadedSkills: 1,
      skills: [{ name: "h-refunds" }, { name: "h-shipping" }],
    });
    plainId = await publishAgent(t, key, { name: "plain-office", prompt: "Plain office." });
    frontId = await publishAgent(t, key, {
      name: "front-desk",
      prompt: "Front.",
      maxLoadedSkills: 3,
      skills: [{ name: "h-billing" }, { name: "h-refunds" }],
      handoffTargets: [backId, plainId],
    });
  });

  const handoff = async (callId: string, agentId: string) =>
    (await t.ok<{ handoffCall: CallView }>(HANDOFF, { callId, agentId }, key)).handoffCall;

  it("RT-9 RT-10 handoffCall: the target's skills resolved as at a start, none loaded (not even one both list), the target's cap; the record adds the target's versions", async () => {
    const call = await startCall(t, key, { agentId: frontId });
    expect(toolsOf(call.tools)).toEqual(["load_skill:builtin", "handoff_to_agent:builtin"]);
    await loadSkill(t, key, call.id, "h-billing");
    const before = await loadSkill(t, key, call.id, "h-refunds");
    expect(before.call.loadedSkills).toEqual(["h-billing", "h-refunds"]);

    const after = await handoff(call.id, backId);
    expect(after).toMatchObject({ status: "active", agentId: backId, agentName: "back-office", loadedSkills: [] });
    expect(after.systemPrompt).toBe(
      `Back office.\n\n${skillsSection([
        ["h-refunds", "Use for h-refunds."],
        ["h-shipping", "Use for h-shipping."],
      ])}`,
    );
    expect(toolsOf(after.tools)).toEqual(["load_skill:builtin"]);
    expect(after.events.at(-1)).toMatchObject({
      type: "call.handoff",
      data: { call_id: call.id, agent_id: backId, agent_name: "back-office" },
      loadedAfter: [],
    });
    // RT-10: the agent's versions, then the target's new ones; h-refunds, resolved twice, is listed once.
    expect(after.skills).toEqual([
      { name: "h-billing", version: 1, versionId: v["h-billing"], pinned: false, loaded: true },
      { name: "h-refunds", version: 1, versionId: v["h-refunds"], pinned: false, loaded: true },
      { name: "h-shipping", version: 1, versionId: v["h-shipping"], pinned: false, loaded: false },
    ]);

    // The earlier load is not carried: h-refunds loads afresh; the target's cap of 1 applies.
    const refunds = await loadSkill(t, key, call.id, "h-refunds");
    expect(refunds).toMatchObject({ status: "LOADED", unloaded: null });
    const shipping = await loadSkill(t, key, call.id, "h-shipping");
    expect(shipping).toMatchObject({ status: "LOADED", unloaded: "h-refunds" });
    expect(shipping.call.loadedSkills).toEqual(["h-shipping"]);
    const billing = await loadSkill(t, key, call.id, "h-billing");
    expect(billing).toMatchObject({ status: "UNKNOWN_SKILL", available: ["h-refunds", "h-shipping"] });

    // The timeline keeps each agent's view: before the handoff, the front desk's prompt.
    const read = await timeline(t, key, call.id);
    const loadedRefundsBefore = read.events[2]!;
    expect(loadedRefundsBefore.systemPromptAfter.startsWith("Front.\n\n")).toBe(true);
    expect(toolsOf(loadedRefundsBefore.toolsAfter)).toContain("handoff_to_agent:builtin");
    const handoffEvent = read.events.find((e) => e.type === "call.handoff")!;
    expect(handoffEvent.systemPromptAfter).toBe(after.systemPrompt);
    expect(toolsOf(handoffEvent.toolsAfter)).toEqual(["load_skill:builtin"]);
    expect(read.events.map((e) => e.loadedAfter)).toEqual(replay(read.events));
    expect(read.skills.map((s) => s.loaded)).toEqual([true, true, true]);
  });

  it("RT-9 a target without skills gets neither the skills section nor load_skill", async () => {
    const call = await startCall(t, key, { agentId: frontId });
    await loadSkill(t, key, call.id, "h-billing");
    const after = await handoff(call.id, plainId);
    expect(after.systemPrompt).toBe("Plain office.");
    expect(after.tools).toEqual([]);
    expect(after.loadedSkills).toEqual([]);
    const tried = await loadSkill(t, key, call.id, "h-billing");
    expect(tried).toMatchObject({ status: "UNKNOWN_SKILL", available: [] });
    expect(after.skills.map((s) => [s.name, s.loaded])).toEqual([
      ["h-billing", true],
      ["h-refunds", false],
    ]);
  });

  it("RT-9 the built-in handoff_to_agent is offered with handoff targets and hands the call over when it runs", async () => {
    const call = await startCall(t, key, { agentId: frontId });
    await loadSkill(t, key, call.id, "h-refunds");
    const invocation = await runTool(t, key, call.id, "handoff_to_agent", { agent_id: backId });
    expect(invocation).toMatchObject({
      tool: "handoff_to_agent",
      source: "builtin",
      status: "ok",
      result: { agent_id: backId, agent_name: "back-office" },
    });
    const read = await timeline(t, key, call.id);
    expect(read.loadedSkills).toEqual([]);
    expect(toolsOf(read.tools)).toEqual(["load_skill:builtin"]);
    expect(read.events.map((e) => e.type)).toEqual(["call.started", "skill.loaded", "call.handoff"]);
    // The target names no handoff targets: the built-in is gone, and running it is refused.
    const again = await runToolRaw(t, key, call.id, "handoff_to_agent", { agent_id: plainId });
    expect(codeOf(again)).toBe("BAD_USER_INPUT");

    // An id outside the agent's targets breaks the tool's schema.
    const other = await startCall(t, key, { agentId: frontId });
    const wrong = await runToolRaw(t, key, other.id, "handoff_to_agent", { agent_id: frontId });
    expect(codeOf(wrong)).toBe("BAD_USER_INPUT");
    expect((await timeline(t, key, other.id)).events.map((e) => e.type)).toEqual(["call.started"]);
  });

  it("RT-9 RT-7 handoff_to_agent to a target deleted since the call started fails as a tool: a recorded invocation with status error", async () => {
    const gone = await publishAgent(t, key, { name: "gone-office" });
    const front = await publishAgent(t, key, { name: "front-gone", handoffTargets: [gone] });
    const call = await startCall(t, key, { agentId: front });
    await t.ok(`mutation($agentId: ID!) { deleteAgent(agentId: $agentId) }`, { agentId: gone }, key);
    const invocation = await runTool(t, key, call.id, "handoff_to_agent", { agent_id: gone });
    expect(invocation).toMatchObject({ tool: "handoff_to_agent", source: "builtin", status: "error", result: null });
    expect(invocation.error).toBe(`The agent ${gone} is not an agent of this project with a published version.`);
    const read = await t.ok<{ call: CallView }>(
      `query($id: ID!) { call(id: $id) { agentId toolInvocations { id status } } }`,
      { id: call.id },
      key,
    );
    expect(read.call.agentId).toBe(front);
    expect(read.call.toolInvocations).toEqual([{ id: invocation.id, status: "error" }]);
  });

  it("RT-9 handing off to an agent that is not a published agent of the project is refused and changes nothing", async () => {
    const call = await startCall(t, key, { agentId: frontId });
    const res = await t.gql(HANDOFF, { callId: call.id, agentId: "00000000-0000-4000-8000-000000000000" }, key);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors![0]!.extensions!.details).toMatchObject({ field: "agent_id" });
    expect((await timeline(t, key, call.id)).events.map((e) => e.type)).toEqual(["call.started"]);
  });

  it("LB-5 RT-9 a handoff target in a linked project resolves in the library; a name the library lacks is a warning and a skip", async () => {
    const library = await t.project("handoff library");
    const linked = await t.project("handoff linked");
    const libraryShared = await publishSkill(t, library.adminKey, "shared-name", { body: "Library version." });
    await publishSkill(t, linked.adminKey, "shared-name", { body: "Own version." });
    await publishSkill(t, linked.adminKey, "own-only");
    // Saved while the project read its own skills; linked afterwards.
    const targetId = await publishAgent(t, linked.adminKey, {
      name: "linked-target",
      skills: [{ name: "own-only" }, { name: "shared-name" }],
    });
    const warm = await startCall(t, linked.adminKey, { agentId: targetId });
    expect(warm.skills.map((s) => s.name)).toEqual(["own-only", "shared-name"]);
    await linkLibrary(t, linked.id, library.id);

    const call = await startCall(t, linked.adminKey, { inlineAgent: { name: "linked-front" } });
    const after = (
      await t.ok<{ handoffCall: CallView }>(HANDOFF, { callId: call.id, agentId: targetId }, linked.adminKey)
    ).handoffCall;
    expect(after.status).toBe("active");
    expect(after.warnings).toEqual(["skill 'own-only' skipped: no published version in this project's skill library"]);
    expect(after.skills).toEqual([
      { name: "shared-name", version: 1, versionId: libraryShared, pinned: false, loaded: false },
    ]);
    const loaded = await loadSkill(t, linked.adminKey, call.id, "shared-name");
    expect(loaded.call.systemPrompt).toContain("Library version.");
  });
});
