import { beforeAll, expect, it } from "vitest";
import {
  codeOf,
  END_CALL,
  LOAD_SKILL,
  loadSkill,
  publishAgent,
  publishSkill,
  replay,
  runTool,
  skillSection,
  skillsSection,
  startCall,
  type Timeline,
  timeline,
  toolsOf,
} from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";

const HOOKS = "hooks.example.com";
const hook = (name: string) => ({ name, description: `The ${name} tool.`, webhookUrl: `https://${HOOKS}/${name}` });
const loadedMessage = (skill: string) =>
  `Loaded skill '${skill}'. Its instructions are now in your system prompt and its tools are available; follow them for this task.`;

/** RT-3, RT-4, RT-11, RT-12: load_skill, the cap, the events and the timeline they give. */
describeEachDialect("loading skills", { outboundAllowHosts: [HOOKS] }, (t) => {
  let key: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    key = (await t.project("loading")).adminKey;
    for (const name of ["alpha", "beta", "gamma"]) {
      ids[name] = await publishSkill(t, key, name, {
        description: `Use for ${name}.`,
        body: `${name} steps.`,
        tools: [hook(`${name}_tool`)],
      });
    }
  });

  const agent = (name: string, maxLoadedSkills: number) =>
    publishAgent(t, key, {
      name,
      prompt: "Desk.",
      maxLoadedSkills,
      skills: [{ name: "alpha" }, { name: "beta" }, { name: "gamma" }],
    });
  const section = skillsSection([
    ["alpha", "Use for alpha."],
    ["beta", "Use for beta."],
    ["gamma", "Use for gamma."],
  ]);
  const promptWith = (...loaded: string[]) =>
    [`Desk.`, section, ...loaded.map((name) => skillSection(name, `${name} steps.`))].join("\n\n");
  const toolsWith = (...loaded: string[]) => [
    "load_skill:builtin",
    ...loaded.map((name) => `${name}_tool:skill:${name}`),
  ];

  it("RT-3 load_skill adds the skill's instructions as their own section and its tools; the result says what happened", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt3-agent", 3) });
    expect(call.systemPrompt).toBe(promptWith());
    const result = await loadSkill(t, key, call.id, "beta");
    expect(result).toMatchObject({
      status: "LOADED",
      skill: "beta",
      unloaded: null,
      available: ["alpha", "beta", "gamma"],
      message: loadedMessage("beta"),
    });
    expect(result.call.systemPrompt).toBe(promptWith("beta"));
    expect(toolsOf(result.call.tools)).toEqual(toolsWith("beta"));
    expect(result.call.loadedSkills).toEqual(["beta"]);
    const second = await loadSkill(t, key, call.id, "alpha");
    expect(second.call.systemPrompt).toBe(promptWith("beta", "alpha"));
    expect(toolsOf(second.call.tools)).toEqual(toolsWith("beta", "alpha"));
  });

  it("RT-3 loading a skill already loaded says so and changes nothing", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt3-again", 3) });
    const first = await loadSkill(t, key, call.id, "gamma");
    const again = await loadSkill(t, key, call.id, "gamma");
    expect(again).toMatchObject({ status: "ALREADY_LOADED", skill: "gamma", unloaded: null });
    expect(again.message).toBe(
      "Skill 'gamma' is already loaded: its instructions are in your system prompt and its tools are available. Nothing changed.",
    );
    expect(again.call.systemPrompt).toBe(first.call.systemPrompt);
    expect(again.call.tools).toEqual(first.call.tools);
    expect(again.call.events).toEqual(first.call.events);
    expect(again.call.loadedSkills).toEqual(["gamma"]);
  });

  it("PJ-1 RT-3 loadSkill on another project's call, or on a call that does not exist, is NOT_FOUND and changes nothing", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt3-foreign", 3) });
    const other = await t.project("loading elsewhere");
    const tries = [
      await t.gql(LOAD_SKILL, { callId: call.id, name: "alpha" }, other.adminKey),
      await t.gql(LOAD_SKILL, { callId: "00000000-0000-4000-8000-000000000000", name: "alpha" }, key),
    ];
    for (const res of tries) expect(codeOf(res)).toBe("NOT_FOUND");
    const read = await timeline(t, key, call.id);
    expect(read.loadedSkills).toEqual([]);
    expect(read.events.map((e) => e.type)).toEqual(["call.started"]);
  });

  it("RT-11 a call row without the event counter in its state (older rows) numbers a load's events after its last one", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt11-counter", 2) });
    await loadSkill(t, key, call.id, "alpha");
    const strip =
      t.dialect === "postgres"
        ? `UPDATE calls SET state = (CAST(state AS jsonb) - 'eventSeq')::text WHERE id = $1`
        : `UPDATE calls SET state = json_remove(state, '$.eventSeq') WHERE id = ?`;
    await t.app.db.write((tx) => tx.manager.query(strip, [call.id]));
    await loadSkill(t, key, call.id, "beta");
    const third = await loadSkill(t, key, call.id, "gamma"); // past the cap of 2: alpha goes
    expect(third.call.loadedSkills).toEqual(["beta", "gamma"]);
    const read = await timeline(t, key, call.id);
    expect(read.events.map((e) => `${e.type} ${(e.data as { skill?: string }).skill ?? ""}`.trim())).toEqual([
      "call.started",
      "skill.loaded alpha",
      "skill.loaded beta",
      "skill.unloaded alpha",
      "skill.loaded gamma",
    ]);
    expect(read.events.map((e) => e.loadedAfter)).toEqual(replay(read.events));
  });

  it("RT-3 an unknown name loads nothing and the result lists every skill resolved on the call, loaded or not", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt3-unknown", 3) });
    await loadSkill(t, key, call.id, "beta");
    const unknown = await loadSkill(t, key, call.id, "delta");
    expect(unknown).toMatchObject({ status: "UNKNOWN_SKILL", skill: null, unloaded: null });
    expect(unknown.available).toEqual(["alpha", "beta", "gamma"]);
    expect(unknown.message).toBe(
      "There is no skill named \"delta\". Nothing was loaded. The skills you can load are: 'alpha', 'beta' (loaded), 'gamma'.",
    );
    expect(unknown.call.loadedSkills).toEqual(["beta"]);
    expect(unknown.call.events.map((e) => e.type)).toEqual(["call.started", "skill.loaded"]);
    // The model's route: the built-in tool gives the same result.
    const viaTool = await runTool(t, key, call.id, "load_skill", { name: "gamma" });
    expect(viaTool).toMatchObject({ tool: "load_skill", source: "builtin", status: "ok" });
    expect(viaTool.result).toEqual({
      status: "LOADED",
      skill: "gamma",
      unloaded: null,
      message: loadedMessage("gamma"),
    });
  });

  it("RT-4 RT-11 a load past max_loaded_skills unloads the skill loaded longest ago in the same switch; skill.unloaded (reason limit) is recorded before the skill.loaded", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt4-agent", 2) });
    await loadSkill(t, key, call.id, "alpha");
    await loadSkill(t, key, call.id, "beta");
    const third = await loadSkill(t, key, call.id, "gamma");
    expect(third).toMatchObject({ status: "LOADED", skill: "gamma", unloaded: "alpha" });
    expect(third.message).toBe(
      `${loadedMessage("gamma")} At most 2 skills can be loaded at once, so 'alpha' was unloaded: its instructions and tools are gone until you load it again.`,
    );
    expect(third.call.loadedSkills).toEqual(["beta", "gamma"]);
    expect(third.call.systemPrompt).toBe(promptWith("beta", "gamma"));
    expect(toolsOf(third.call.tools)).toEqual(toolsWith("beta", "gamma"));
    const data = (skill: string) => ({ call_id: call.id, skill, version: 1, version_id: ids[skill] });
    expect(third.call.events.map((e) => [e.type, e.data, e.loadedAfter])).toEqual([
      ["call.started", expect.objectContaining({ call_id: call.id }), []],
      ["skill.loaded", data("alpha"), ["alpha"]],
      ["skill.loaded", data("beta"), ["alpha", "beta"]],
      ["skill.unloaded", { ...data("alpha"), reason: "limit" }, ["beta"]],
      ["skill.loaded", data("gamma"), ["beta", "gamma"]],
    ]);
  });

  it("RT-4 an unloaded skill can be loaded again, and an already-loaded one keeps its place in the eviction order", async () => {
    const call = await startCall(t, key, { agentId: await agent("rt4-reload", 2) });
    await loadSkill(t, key, call.id, "alpha");
    await loadSkill(t, key, call.id, "beta");
    await loadSkill(t, key, call.id, "alpha"); // already loaded: alpha is still the one loaded longest ago
    const evicting = await loadSkill(t, key, call.id, "gamma");
    expect(evicting.unloaded).toBe("alpha");
    const back = await loadSkill(t, key, call.id, "alpha");
    expect(back).toMatchObject({ status: "LOADED", skill: "alpha", unloaded: "beta" });
    expect(back.call.loadedSkills).toEqual(["gamma", "alpha"]);
    expect(back.call.systemPrompt).toBe(promptWith("gamma", "alpha"));
    const types = back.call.events.map((e) => `${e.type} ${String(e.data.skill ?? "")}`.trim());
    expect(types).toEqual([
      "call.started",
      "skill.loaded alpha",
      "skill.loaded beta",
      "skill.unloaded alpha",
      "skill.loaded gamma",
      "skill.unloaded beta",
      "skill.loaded alpha",
    ]);
    // With a cap of 1 each load replaces the one before.
    const single = await startCall(t, key, { agentId: await agent("rt4-single", 1) });
    await loadSkill(t, key, single.id, "beta");
    const replaced = await loadSkill(t, key, single.id, "gamma");
    expect(replaced.unloaded).toBe("beta");
    expect(replaced.message).toContain("At most 1 skill can be loaded at once, so 'beta' was unloaded");
    expect(replaced.call.loadedSkills).toEqual(["gamma"]);
  });

  it("RT-11 RT-3 RT-4 the timeline: each event's loadedAfter, systemPromptAfter and toolsAfter read back exactly what the call showed after each step", async () => {
    const call = await startCall(t, key, { agentId: await agent("timeline-agent", 2) });
    const seen: Array<{ prompt: string; tools: string[]; loaded: string[] }> = [
      { prompt: call.systemPrompt, tools: toolsOf(call.tools), loaded: call.loadedSkills },
    ];
    for (const name of ["alpha", "beta", "beta", "nope", "gamma", "alpha"]) {
      const step = await loadSkill(t, key, call.id, name);
      seen.push({ prompt: step.call.systemPrompt, tools: toolsOf(step.call.tools), loaded: step.call.loadedSkills });
    }
    const ended = (await t.ok<{ endCall: { systemPrompt: string } }>(END_CALL, { callId: call.id }, key)).endCall;
    const read: Timeline = await timeline(t, key, call.id);
    const after = read.events.map((e) => ({
      prompt: e.systemPromptAfter,
      tools: toolsOf(e.toolsAfter),
      loaded: e.loadedAfter,
    }));
    // Events: started, +alpha, +beta, -alpha +gamma, -beta +alpha, ended (the repeated and the unknown load add none).
    expect(read.events.map((e) => `${e.type} ${String(e.data.skill ?? "")}`.trim())).toEqual([
      "call.started",
      "skill.loaded alpha",
      "skill.loaded beta",
      "skill.unloaded alpha",
      "skill.loaded gamma",
      "skill.unloaded beta",
      "skill.loaded alpha",
      "call.ended",
    ]);
    expect(after[0]).toEqual(seen[0]);
    expect(after[1]).toEqual(seen[1]);
    expect(after[2]).toEqual(seen[2]);
    expect(after[4]).toEqual(seen[5]);
    expect(after[6]).toEqual(seen[6]);
    expect(after[7]).toEqual(seen[6]);
    expect(after[7]!.prompt).toBe(ended.systemPrompt);
    // Inside a switch: after the unload, before the load that made room.
    expect(after[3]).toEqual({ prompt: promptWith("beta"), tools: toolsWith("beta"), loaded: ["beta"] });
    expect(after[5]).toEqual({ prompt: promptWith("gamma"), tools: toolsWith("gamma"), loaded: ["gamma"] });
    // Replaying the events alone gives every loadedAfter, and the loaded set now.
    expect(read.events.map((e) => e.loadedAfter)).toEqual(replay(read.events));
    expect(read.loadedSkills).toEqual(replay(read.events).at(-1));
  });

  it("RT-12 RT-11 skill names, versions and reasons are identifiers: never redacted in results, events, records or webhook deliveries", async () => {
    const own = await t.project("rt12");
    const names = ["secret", "token", "key", "authorization", "variables", "password"];
    const versions: Record<string, string> = {};
    for (const name of names) versions[name] = await publishSkill(t, own.adminKey, name, { body: `${name} body.` });
    await t.ok(
      `mutation { createWebhookSubscription(url: "https://${HOOKS}/rt12", eventTypes: ["skill.loaded", "skill.unloaded", "call.ended"]) { secret } }`,
      {},
      own.adminKey,
    );
    const agentId = await publishAgent(t, own.adminKey, {
      name: "rt12-agent",
      maxLoadedSkills: 1,
      skills: names.map((name) => ({ name })),
    });
    const call = await startCall(t, own.adminKey, { agentId, variables: { secret: "s3cr3t-value" } });
    await loadSkill(t, own.adminKey, call.id, "secret");
    const second = await loadSkill(t, own.adminKey, call.id, "token");
    expect(second).toMatchObject({ skill: "token", unloaded: "secret" });
    expect(second.message).toContain("so 'secret' was unloaded");
    expect(second.call.loadedSkills).toEqual(["token"]);
    expect(second.call.skills.map((s) => s.name)).toEqual(names);
    const ended = (
      await t.ok<{ endCall: { events: Array<{ type: string; data: Record<string, unknown> }> } }>(
        END_CALL,
        { callId: call.id },
        own.adminKey,
      )
    ).endCall;
    const unloaded = ended.events.find((e) => e.type === "skill.unloaded")!;
    expect(unloaded.data).toEqual({
      call_id: call.id,
      skill: "secret",
      version: 1,
      version_id: versions.secret,
      reason: "limit",
    });
    const endedData = ended.events.at(-1)!.data as { skills: Array<Record<string, unknown>> };
    expect(endedData.skills.map((s) => s.name)).toEqual(names);

    const deliveries = await t.ok<{
      webhookDeliveries: { items: Array<{ eventType: string; payload: { data: Record<string, unknown> } }> };
    }>(`{ webhookDeliveries(limit: 200) { items { eventType payload } } }`, {}, own.adminKey);
    const byType = (type: string) => deliveries.webhookDeliveries.items.filter((d) => d.eventType === type);
    expect(
      byType("skill.loaded")
        .map((d) => d.payload.data.skill)
        .sort(),
    ).toEqual(["secret", "token"]);
    expect(byType("skill.unloaded").map((d) => d.payload.data)).toEqual([unloaded.data]);
    expect(byType("call.ended").map((d) => d.payload.data)).toEqual([endedData]);
    expect(JSON.stringify(deliveries)).not.toContain("***");
  });
});
