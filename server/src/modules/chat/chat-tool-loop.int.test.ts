import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { codeOf, knowledgeBase, publishAgent, publishSkill } from "../../../test/support/calls";
import { mcpServer } from "../../../test/support/mcp-server";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { loadCall, readSession, sendMessage, sendMessageRaw } from "../../../test/support/chat";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";

const MAX_ROUNDS = 3;
const MODEL_TIMEOUT_MS = 400;

const toolNamesOf = (model: ScriptedModel, n: number): string[] =>
  (model.requests[n]?.body.tools ?? []).map((tool) => tool.function.name);

describeEachDialect.withOwnApps("chat tool loop", (dialect) => {
  let t: TestApp;
  let key: string;
  let model: ScriptedModel;
  let receiver: Receiver;
  let agentId: string;
  let cappedAgentId: string;
  beforeAll(async () => {
    model = await startScriptedModel();
    receiver = await startReceiver({ respond: (request) => ({ body: { invoices: ["INV-1"], path: request.path } }) });
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "scripted",
      modelTimeoutMs: MODEL_TIMEOUT_MS,
      chatMaxToolRounds: MAX_ROUNDS,
    });
    key = (await t.project("loop")).adminKey;
    const kb = await knowledgeBase(t, key, "rates", [["Night rate", "The night rate is 12 cents per kWh."]]);
    await publishSkill(t, key, "explain-bill", {
      body: "Explain the bill.",
      tools: [
        {
          name: "get_invoices",
          description: "Lists invoices.",
          webhookUrl: `${receiver.url}/invoices`,
          parameters: { type: "object", properties: { month: { type: "string" } }, required: ["month"] },
        },
      ],
      knowledgeBases: [{ knowledgeBaseId: kb, mode: "TOOL" }],
    });
    await publishSkill(t, key, "refund-policy", { body: "Refunds within 30 days." });
    agentId = await publishAgent(t, key, {
      name: "loop-bot",
      skills: [{ name: "explain-bill" }, { name: "refund-policy" }],
    });
    cappedAgentId = await publishAgent(t, key, {
      name: "capped-bot",
      maxLoadedSkills: 1,
      skills: [{ name: "explain-bill" }, { name: "refund-policy" }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    model.reset();
    receiver.requests.length = 0;
  });

  it("TX-4 a load in one round gives the next round the skill's tools, so the same reply calls get_invoices", async () => {
    model.reply(
      { toolCalls: [loadCall("explain-bill")] },
      { toolCalls: [{ name: "get_invoices", arguments: { month: "may" } }] },
      { text: "You have one invoice." },
    );
    const reply = await sendMessage(t, key, { agentId, content: "explain my bill" });
    expect(reply.reply).toBe("You have one invoice.");
    expect(reply.warnings).toEqual([]);
    expect(toolNamesOf(model, 0)).toEqual(["load_skill"]);
    expect(toolNamesOf(model, 1)).toEqual(["load_skill", "query_knowledge", "get_invoices"]);
    expect(reply.toolInvocations.map((i) => [i.tool, i.source, i.status])).toEqual([
      ["load_skill", "builtin", "ok"],
      ["get_invoices", "skill:explain-bill", "ok"],
    ]);
    expect(reply.toolInvocations[1]?.result).toEqual({ invoices: ["INV-1"], path: "/invoices" });
    // The webhook ran (RT-7) and the model read its result in the last round.
    expect(receiver.requests[0]!.body).toMatchObject({
      tool: "get_invoices",
      session_id: reply.session.id,
      arguments: { month: "may" },
    });
    const last = model.requests[2]!.body.messages.at(-1)!;
    expect(last).toMatchObject({ role: "tool", content: JSON.stringify({ invoices: ["INV-1"], path: "/invoices" }) });
  });

  it("TX-3 cap and eviction, already-loaded and unknown names follow the call rules in a session", async () => {
    model.reply(
      { toolCalls: [loadCall("explain-bill")] },
      { toolCalls: [loadCall("refund-policy")] },
      { text: "loaded both, one at a time" },
      { toolCalls: [loadCall("refund-policy"), loadCall("no-such-skill")] },
      { text: "done" },
    );
    const first = await sendMessage(t, key, { agentId: cappedAgentId, content: "go" });
    const second = await sendMessage(t, key, { sessionId: first.session.id, content: "again" });
    expect([...first.toolInvocations, ...second.toolInvocations].map((i) => i.result)).toMatchObject([
      { status: "LOADED", skill: "explain-bill", unloaded: null },
      { status: "LOADED", skill: "refund-policy", unloaded: "explain-bill" },
      { status: "ALREADY_LOADED", skill: "refund-policy" },
      { status: "UNKNOWN_SKILL", skill: null, available: ["explain-bill", "refund-policy"] },
    ]);
    expect(second.warnings).toEqual([]);
    expect(second.session.loadedSkills).toEqual(["refund-policy"]);
    expect(second.session.skills.map((s) => [s.name, s.loaded])).toEqual([
      ["explain-bill", true],
      ["refund-policy", true],
    ]);
    // After the eviction the evicted skill's tools are no longer offered.
    expect(second.session.tools.map((tool) => tool.name)).toEqual(["load_skill"]);
  });

  it("TX-3 a loaded skill's tool-mode knowledge base is searchable through query_knowledge", async () => {
    model.reply(
      { toolCalls: [loadCall("explain-bill")] },
      { toolCalls: [{ name: "query_knowledge", arguments: { query: "night rate" } }] },
      { text: "12 cents." },
    );
    const reply = await sendMessage(t, key, { agentId, content: "night rate?" });
    const query = reply.toolInvocations[1]!;
    expect(query).toMatchObject({ tool: "query_knowledge", source: "builtin", status: "ok" });
    expect(JSON.stringify(query.result)).toContain("12 cents per kWh");
  });

  it("TX-3 tool precedence as in calls: built-in, the agent's own, loaded skills', then MCP tools, offered and run", async () => {
    const mcp = await mcpServer("srv", ["shared", "both", "mcp_only"]);
    try {
      const hook = (name: string, path: string) => ({
        name,
        description: `${name} at ${path}.`,
        webhookUrl: `${receiver.url}${path}`,
      });
      await publishSkill(t, key, "tools-a", {
        tools: [hook("both", "/tools-a/both"), hook("a_only", "/tools-a/a_only")],
      });
      const precedence = await publishAgent(t, key, {
        name: "precedence-bot",
        tools: [hook("shared", "/agent/shared")],
        mcpServers: [{ name: "srv", url: mcp.url }],
        skills: [{ name: "tools-a" }],
      });
      // Before the load, `both` is the MCP server's; the server's `shared` is behind the agent's own.
      model.reply({ toolCalls: [{ name: "both", arguments: {} }] }, { text: "one" });
      const first = await sendMessage(t, key, { agentId: precedence, content: "first" });
      expect(toolNamesOf(model, 0)).toEqual(["load_skill", "shared", "both", "mcp_only"]);
      expect(first.toolInvocations.map((i) => [i.tool, i.source, i.status])).toEqual([["both", "mcp:srv", "ok"]]);
      expect(first.toolInvocations[0]!.result).toEqual({ server: "srv", tool: "both", arguments: {} });
      // Once the skill is loaded its `both` comes before the server's, in what is offered and in what runs.
      model.reply(
        { toolCalls: [loadCall("tools-a")] },
        {
          toolCalls: [
            { name: "shared", arguments: {} },
            { name: "both", arguments: {} },
            { name: "mcp_only", arguments: {} },
          ],
        },
        { text: "two" },
      );
      const second = await sendMessage(t, key, { sessionId: first.session.id, content: "second" });
      expect(toolNamesOf(model, 3)).toEqual(["load_skill", "shared", "both", "a_only", "mcp_only"]);
      expect(second.toolInvocations.map((i) => [i.tool, i.source, i.status])).toEqual([
        ["load_skill", "builtin", "ok"],
        ["shared", "agent", "ok"],
        ["both", "skill:tools-a", "ok"],
        ["mcp_only", "mcp:srv", "ok"],
      ]);
      expect(receiver.requests.map((r) => r.path)).toEqual(["/agent/shared", "/tools-a/both"]);
      expect(mcp.calls.map((c) => c.name)).toEqual(["both", "mcp_only"]);
    } finally {
      await mcp.close();
    }
  });

  it("a tool loop that never ends stops after CHAT_MAX_TOOL_ROUNDS with tool_rounds_exhausted and the last text", async () => {
    model.respondWith(() => ({ text: "thinking", toolCalls: [loadCall("explain-bill")] }));
    const reply = await sendMessage(t, key, { agentId, content: "loop forever" });
    expect(model.requests).toHaveLength(MAX_ROUNDS);
    expect(reply.warnings).toContain("tool_rounds_exhausted");
    expect(reply.reply).toBe("thinking");
    expect(reply.toolInvocations).toHaveLength(MAX_ROUNDS);
    // The session takes the next message normally: its history has every tool call answered.
    model.respondWith(null);
    model.reply({ text: "back" });
    const next = await sendMessage(t, key, { sessionId: reply.session.id, content: "hello?" });
    expect(next.reply).toBe("back");
    const history = model.requests.at(-1)!.body.messages;
    expect(history.filter((m) => m.role === "tool")).toHaveLength(MAX_ROUNDS);
  });

  it("a tool the model was not offered, or arguments that break its schema, fail the tool and the reply goes on", async () => {
    model.reply(
      { toolCalls: [{ name: "get_invoices", arguments: { month: "may" } }] },
      { toolCalls: [loadCall("explain-bill")] },
      { toolCalls: [{ name: "get_invoices", arguments: { month: 5 } }] },
    );
    const reply = await sendMessage(t, key, { agentId, content: "x" });
    expect(reply.toolInvocations.map((i) => [i.tool, i.status])).toEqual([
      ["get_invoices", "error"],
      ["load_skill", "ok"],
      ["get_invoices", "error"],
    ]);
    expect(reply.toolInvocations[0]?.error).toContain("No tool named 'get_invoices' is offered");
    expect(reply.toolInvocations[2]?.error).toContain("arguments.month");
    expect(receiver.requests).toHaveLength(0);
  });

  it("handoff_to_agent in a session: the target's prompt, skills (none loaded) and model answer the next round", async () => {
    const target = await publishAgent(t, key, {
      name: "billing-desk",
      prompt: "You are the billing desk.",
      skills: [{ name: "refund-policy" }],
      model: { baseUrl: model.baseUrl, model: "desk-model" },
    });
    const front = await publishAgent(t, key, {
      name: "front-desk",
      prompt: "You are the front desk.",
      skills: [{ name: "explain-bill" }],
      handoffTargets: [target],
    });
    model.reply(
      { toolCalls: [loadCall("explain-bill")] },
      { toolCalls: [{ name: "handoff_to_agent", arguments: { agent_id: target } }] },
      { text: "Billing desk here." },
    );
    const reply = await sendMessage(t, key, { agentId: front, content: "billing please" });
    expect(reply.toolInvocations.map((i) => [i.tool, i.status])).toEqual([
      ["load_skill", "ok"],
      ["handoff_to_agent", "ok"],
    ]);
    expect(model.requests.map((r) => r.body.model)).toEqual(["scripted", "scripted", "desk-model"]);
    expect(String(model.requests[2]!.body.messages[0]!.content)).toMatch(/^You are the billing desk\./);
    expect(toolNamesOf(model, 2)).toEqual(["load_skill"]);
    expect(reply.session).toMatchObject({ agentId: target, agentName: "billing-desk", loadedSkills: [] });
    expect(reply.session.skills.map((s) => [s.name, s.loaded])).toEqual([
      ["explain-bill", true],
      ["refund-policy", false],
    ]);
  });

  describe("an upstream that fails: UPSTREAM_ERROR, the message stays, the session goes on", () => {
    const expectIntact = async (sessionId: string, content: string) => {
      const session = await readSession(t, key, sessionId);
      expect(session?.messages.at(-1)).toMatchObject({ role: "user", content });
      model.reply({ text: "recovered" });
      const next = await sendMessage(t, key, { sessionId, content: "again" });
      expect(next.reply).toBe("recovered");
    };

    it("hangs: a timeout after MODEL_TIMEOUT_MS", async () => {
      model.reply({ hang: true });
      const started = Date.now();
      const res = await sendMessageRaw(t, key, { agentId, content: "are you there?" });
      expect(Date.now() - started).toBeLessThan(MODEL_TIMEOUT_MS * 5);
      expect(codeOf(res)).toBe("UPSTREAM_ERROR");
      expect(res.errors?.[0]?.message).toContain("MODEL_TIMEOUT_MS");
      const details = res.errors?.[0]?.extensions?.details as { status?: number; session_id: string };
      expect(details.status).toBeUndefined();
      await expectIntact(details.session_id, "are you there?");
    });

    it("answers 500: the status is in details", async () => {
      model.reply({ text: "first" });
      const first = await sendMessage(t, key, { agentId, content: "hi" });
      model.reply({ fail: 500, message: "upstream exploded" });
      const res = await sendMessageRaw(t, key, { sessionId: first.session.id, content: "second" });
      expect(codeOf(res)).toBe("UPSTREAM_ERROR");
      expect(res.errors?.[0]?.extensions?.details).toEqual({
        status: 500,
        cause: "endpoint",
        session_id: first.session.id,
      });
      await expectIntact(first.session.id, "second");
    });

    it("SEC-23 refuses the request (400): still UPSTREAM_ERROR (the message stays), with the model's words and cause 'request', not the endpoint's failure", async () => {
      model.reply({ text: "first" });
      const first = await sendMessage(t, key, { agentId, content: "hi" });
      model.reply({
        fail: 400,
        message: "This model's maximum context length is 8192 tokens. Please reduce the length of the messages.",
      });
      const res = await sendMessageRaw(t, key, { sessionId: first.session.id, content: "a very long message" });
      expect(codeOf(res)).toBe("UPSTREAM_ERROR");
      expect(res.errors?.[0]?.message).toMatch(
        /^The model refused the request \(HTTP 400 from .*\): 'This model's maximum/,
      );
      expect(res.errors?.[0]?.extensions?.details).toEqual({
        status: 400,
        cause: "request",
        session_id: first.session.id,
      });
      await expectIntact(first.session.id, "a very long message");
    });

    it("answers garbage, including after a load in an earlier round", async () => {
      model.reply(
        { toolCalls: [loadCall("refund-policy")] },
        { garbage: "<html>oops</html>", contentType: "text/html" },
      );
      const res = await sendMessageRaw(t, key, { agentId, content: "refund?" });
      expect(codeOf(res)).toBe("UPSTREAM_ERROR");
      expect(res.errors?.[0]?.message).not.toMatch(/at .*\.ts:\d+/);
      const sessionId = (res.errors?.[0]?.extensions?.details as { session_id: string }).session_id;
      const session = await readSession(t, key, sessionId);
      expect(session?.loadedSkills).toEqual(["refund-policy"]);
      expect(session?.toolInvocations.map((i) => i.tool)).toEqual(["load_skill"]);
      model.reply({ text: "recovered" });
      expect((await sendMessage(t, key, { sessionId, content: "again" })).reply).toBe("recovered");
    });
  });
});
