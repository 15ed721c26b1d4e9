import { afterAll, beforeAll, expect, it } from "vitest";
import { linkLibrary } from "../../../test/support/agents";
import {
  addDocument,
  codeOf,
  knowledgeBase,
  type KnowledgeResult,
  loadSkill,
  publishAgent,
  publishSkill,
  runTool,
  runToolRaw,
  skillSection,
  startCall,
  toolsOf,
} from "../../../test/support/calls";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { describeEachDialect } from "../../../test/support/test-app";

/** RT-8, LB-6: knowledge bases of the agent and of loaded skills, in the prompt and through query_knowledge. */
describeEachDialect("call knowledge", { outboundAllowHosts: ["127.0.0.1"] }, (t) => {
  let key: string;
  let receiver: Receiver;
  const kb = { policy: "", manual: "", narrow: "", wide: "" };
  beforeAll(async () => {
    receiver = await startReceiver();
    key = (await t.project("knowledge")).adminKey;
    kb.policy = await knowledgeBase(t, key, "Refund policy", [["Refund window", "Refunds within 30 days."]]);
    kb.manual = await knowledgeBase(t, key, "Router manual", [
      ["Router reset", "Hold the reset button for ten seconds."],
    ]);
    kb.narrow = await knowledgeBase(
      t,
      key,
      "Narrow",
      [
        ["Modem lights", "The modem lights blink while it starts."],
        ["Modem cables", "Check the modem cables first."],
      ],
      { topK: 1 },
    );
    kb.wide = await knowledgeBase(
      t,
      key,
      "Wide",
      [
        ["Modem firmware", "The modem updates its firmware at night."],
        ["Modem placement", "Place the modem in the open."],
        ["Modem power", "The modem needs its own power socket."],
      ],
      { topK: 10 },
    );
    await publishSkill(t, key, "refunds", {
      body: "Refund steps.",
      knowledgeBases: [{ knowledgeBaseId: kb.policy, mode: "PROMPT" }],
    });
    await publishSkill(t, key, "routers", { knowledgeBases: [{ knowledgeBaseId: kb.manual, mode: "TOOL" }] });
    await publishSkill(t, key, "kb-narrow", { knowledgeBases: [{ knowledgeBaseId: kb.narrow, mode: "TOOL" }] });
    await publishSkill(t, key, "kb-wide", { knowledgeBases: [{ knowledgeBaseId: kb.wide, mode: "TOOL" }] });
    await publishSkill(t, key, "plain");
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const query = async (callId: string, text: string) =>
    ((await runTool(t, key, callId, "query_knowledge", { query: text })).result as KnowledgeResult).results;
  const policySection = skillSection(
    "refunds",
    'Refund steps.\n\n<knowledge name="Refund policy">\n<document title="Refund window">\nRefunds within 30 days.\n</document>\n</knowledge>',
  );

  it("RT-8 prompt-mode documents join the loaded skill's own section; before the load and after an unload, neither", async () => {
    const agentId = await publishAgent(t, key, {
      name: "prompt-kb-agent",
      maxLoadedSkills: 1,
      skills: [{ name: "refunds" }, { name: "plain" }],
    });
    const call = await startCall(t, key, { agentId });
    expect(call.systemPrompt).not.toContain("Refunds within 30 days.");
    const loaded = await loadSkill(t, key, call.id, "refunds");
    expect(loaded.call.systemPrompt.endsWith(`\n\n${policySection}`)).toBe(true);
    expect(toolsOf(loaded.call.tools)).toEqual(["load_skill:builtin"]);
    const unloaded = await loadSkill(t, key, call.id, "plain");
    expect(unloaded.unloaded).toBe("refunds");
    expect(unloaded.call.systemPrompt).not.toContain("Refunds within 30 days.");
  });

  it("RT-8 tool-mode knowledge is searchable through query_knowledge only once its skill is loaded, and no longer after an unload", async () => {
    const agentId = await publishAgent(t, key, {
      name: "tool-kb-agent",
      maxLoadedSkills: 1,
      skills: [{ name: "routers" }, { name: "plain" }],
    });
    const call = await startCall(t, key, { agentId });
    expect(toolsOf(call.tools)).toEqual(["load_skill:builtin"]);
    const early = await runToolRaw(t, key, call.id, "query_knowledge", { query: "reset" });
    expect(codeOf(early)).toBe("BAD_USER_INPUT");
    expect(early.errors![0]!.extensions!.details).toMatchObject({ field: "name" });

    const loaded = await loadSkill(t, key, call.id, "routers");
    expect(toolsOf(loaded.call.tools)).toEqual(["load_skill:builtin", "query_knowledge:builtin"]);
    expect(loaded.call.systemPrompt).not.toContain("Hold the reset button");
    const hits = await query(call.id, "router reset");
    expect(hits).toEqual([
      {
        knowledgeBaseId: kb.manual,
        documentId: expect.any(String),
        title: "Router reset",
        content: "Hold the reset button for ten seconds.",
        score: 1,
      },
    ]);

    await loadSkill(t, key, call.id, "plain");
    const late = await runToolRaw(t, key, call.id, "query_knowledge", { query: "reset" });
    expect(codeOf(late)).toBe("BAD_USER_INPUT");
  });

  it("RT-8 documents are read when the call starts: a document added mid-call is only in the next call", async () => {
    const agentId = await publishAgent(t, key, {
      name: "snapshot-agent",
      skills: [{ name: "refunds" }, { name: "routers" }],
    });
    const running = await startCall(t, key, { agentId });
    await addDocument(t, key, kb.manual, "Router upgrade", "Upgrade the router on Sundays.");
    await addDocument(t, key, kb.policy, "Refund method", "Refunds go back to the card.");
    await loadSkill(t, key, running.id, "routers");
    const before = await loadSkill(t, key, running.id, "refunds");
    expect(before.call.systemPrompt).not.toContain("Refunds go back to the card.");
    expect((await query(running.id, "upgrade sundays")).map((h) => h.title)).toEqual([]);

    const next = await startCall(t, key, { agentId });
    await loadSkill(t, key, next.id, "routers");
    const after = await loadSkill(t, key, next.id, "refunds");
    expect(after.call.systemPrompt).toContain("Refunds go back to the card.");
    expect((await query(next.id, "upgrade sundays")).map((h) => h.title)).toEqual(["Router upgrade"]);
  });

  it("RT-8 with several tool-mode bases top_k and similarity_threshold come from the first searched: the agent's own, then skills' in load order", async () => {
    const skills = [{ name: "kb-narrow" }, { name: "kb-wide" }];
    const wideFirst = await startCall(t, key, { inlineAgent: { name: "wide-first", skills } });
    await loadSkill(t, key, wideFirst.id, "kb-wide");
    await loadSkill(t, key, wideFirst.id, "kb-narrow");
    expect(await query(wideFirst.id, "modem")).toHaveLength(5);

    const narrowFirst = await startCall(t, key, { inlineAgent: { name: "narrow-first", skills } });
    await loadSkill(t, key, narrowFirst.id, "kb-narrow");
    await loadSkill(t, key, narrowFirst.id, "kb-wide");
    expect(await query(narrowFirst.id, "modem")).toHaveLength(1);

    // The agent's own base is searched first, before any load too.
    const own = await knowledgeBase(t, key, "Agent own", [["Modem returns", "Return a broken modem in a box."]], {
      topK: 2,
    });
    const agentFirst = await startCall(t, key, {
      inlineAgent: { name: "agent-first", skills, knowledgeBaseIds: [own] },
    });
    expect(toolsOf(agentFirst.tools)).toEqual(["load_skill:builtin", "query_knowledge:builtin"]);
    expect((await query(agentFirst.id, "modem")).map((h) => h.knowledgeBaseId)).toEqual([own]);
    await loadSkill(t, key, agentFirst.id, "kb-wide");
    const two = await query(agentFirst.id, "modem");
    expect(two).toHaveLength(2);

    const strict = await knowledgeBase(
      t,
      key,
      "Strict",
      [["Modem reset", "Reset the modem: modem reset, reset, reset."]],
      {
        topK: 10,
        similarityThreshold: 1,
      },
    );
    const thresholded = await startCall(t, key, {
      inlineAgent: { name: "strict-first", skills, knowledgeBaseIds: [strict] },
    });
    await loadSkill(t, key, thresholded.id, "kb-wide");
    const best = await query(thresholded.id, "modem reset");
    expect(best.map((h) => [h.title, h.score])).toEqual([["Modem reset", 1]]);
    const loose = await startCall(t, key, { inlineAgent: { name: "loose", skills } });
    await loadSkill(t, key, loose.id, "kb-wide");
    expect((await query(loose.id, "modem reset")).length).toBeGreaterThan(1);
  });

  it("RT-8 RT-6 a tool named query_knowledge keeps its name, and the skills' knowledge bases are not searchable", async () => {
    const call = await startCall(t, key, {
      inlineAgent: {
        name: "own-query",
        skills: [{ name: "routers" }],
        tools: [{ name: "query_knowledge", description: "Our own search.", webhookUrl: `${receiver.url}/agent/qk` }],
      },
    });
    const loaded = await loadSkill(t, key, call.id, "routers");
    expect(toolsOf(loaded.call.tools)).toEqual(["load_skill:builtin", "query_knowledge:agent"]);
    const ran = await runTool(t, key, call.id, "query_knowledge", { query: "reset" });
    expect(ran).toMatchObject({ source: "agent", status: "ok", result: { ok: true, path: "/agent/qk" } });
  });

  it("LB-6 a library skill's knowledge bases are the library's; once loaded they reach the linked project's call", async () => {
    const library = await t.project("lb6 library");
    const linked = await t.project("lb6 linked");
    const libPrompt = await knowledgeBase(t, library.adminKey, "Library policy", [["Fees", "No fees on Sundays."]]);
    const libTool = await knowledgeBase(t, library.adminKey, "Library manual", [["Fibre", "Fibre boxes glow green."]]);
    await publishSkill(t, library.adminKey, "lb6-skill", {
      body: "Library steps.",
      knowledgeBases: [
        { knowledgeBaseId: libPrompt, mode: "PROMPT" },
        { knowledgeBaseId: libTool, mode: "TOOL" },
      ],
    });
    await linkLibrary(t, linked.id, library.id);
    const agentId = await publishAgent(t, linked.adminKey, { name: "lb6-agent", skills: [{ name: "lb6-skill" }] });
    const call = await startCall(t, linked.adminKey, { agentId });
    expect(call.systemPrompt).not.toContain("No fees on Sundays.");
    expect(toolsOf(call.tools)).toEqual(["load_skill:builtin"]);
    const loaded = await loadSkill(t, linked.adminKey, call.id, "lb6-skill");
    expect(loaded.call.systemPrompt).toContain(
      skillSection(
        "lb6-skill",
        'Library steps.\n\n<knowledge name="Library policy">\n<document title="Fees">\nNo fees on Sundays.\n</document>\n</knowledge>',
      ),
    );
    const hits = (await runTool(t, linked.adminKey, call.id, "query_knowledge", { query: "fibre green" }))
      .result as KnowledgeResult;
    expect(hits.results.map((h) => [h.knowledgeBaseId, h.title])).toEqual([[libTool, "Fibre"]]);
    // The bases stay the library's: the linked project cannot read them as its own.
    const direct = await t.gql(`query($id: ID!) { knowledgeBase(id: $id) { id } }`, { id: libTool }, linked.adminKey);
    expect(codeOf(direct)).toBe("NOT_FOUND");
  });
});
