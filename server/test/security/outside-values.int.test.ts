import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishAgent, saveAgent, skillVersion } from "../support/agents";
import { readSession, sendMessage } from "../support/chat";
import { mcpServer, type McpFixture } from "../support/mcp-server";
import { startScriptedModel, type ScriptedModel } from "../support/scripted-model";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";

/**
 * SEC-22: values that come from outside — a model's tool-call ids, an MCP server's tool names — are stored whole
 * (text columns) on both databases: never a database error, never cut, so an id still matches when the history is
 * sent again. The model here is strict: it refuses (400) a tool message whose id answers no earlier tool call.
 */

const LONG_ID = `call_${"x".repeat(195)}`; // 200 characters: over the 128 the column used to hold
const LONG_TOOL = `lookup_${"t".repeat(293)}`; // 300 characters

describeEachDialect.withOwnApps("SEC-22 values from outside are stored whole", (dialect) => {
  let t: TestApp;
  let model: ScriptedModel;
  let mcp: McpFixture;
  let key: string;
  let agentId: string;

  beforeAll(async () => {
    model = await startScriptedModel({ strict: true });
    mcp = await mcpServer("docs", [LONG_TOOL]);
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "strict",
      modelTimeoutMs: 5_000,
    });
    key = (await t.project("Outside")).adminKey;
    await skillVersion(t, key, "explain-bill", { publish: true, body: "Explain the bill." });
    const agent = await saveAgent(t, key, {
      name: "billing",
      prompt: "Help.",
      skills: [{ name: "explain-bill" }],
      mcpServers: [{ name: "docs", url: mcp.url }],
    });
    await publishAgent(t, key, agent.id);
    agentId = agent.agentId;
  });
  afterAll(async () => {
    await t?.close();
    await mcp?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  it("SEC-22 a model's 200-character tool-call id goes through sendMessage whole: stored, sent back with the same id, accepted by a strict model on the next round and the next message", async () => {
    model.reply(
      { toolCalls: [{ id: LONG_ID, name: "load_skill", arguments: { name: "explain-bill" } }] },
      { text: "Loaded." },
    );
    const first = await sendMessage(t, key, { agentId, content: "Explain my bill." });
    expect(first.reply).toBe("Loaded.");
    const tool = first.session.messages.find((m) => m.role === "tool");
    expect(tool?.toolCallId).toBe(LONG_ID);
    // The second round, then the next message (history read back from the database), answer that very id.
    model.reply({ text: "Still here." });
    await sendMessage(t, key, { sessionId: first.session.id, content: "And now?" });
    for (const request of model.requests.slice(1)) {
      const answer = request.body.messages.find((m) => m.role === "tool");
      expect(answer?.tool_call_id).toBe(LONG_ID);
    }
    expect(model.requests).toHaveLength(3);
  });

  it("SEC-22 an MCP server's tool with a 300-character name runs and its tool run keeps the whole name", async () => {
    model.reply({ toolCalls: [{ name: LONG_TOOL, arguments: {} }] }, { text: "Looked it up." });
    const reply = await sendMessage(t, key, { agentId, content: "Look it up." });
    expect(reply.toolInvocations.map((i) => [i.tool, i.status])).toEqual([[LONG_TOOL, "ok"]]);
    const session = await readSession(t, key, reply.session.id);
    expect(session?.toolInvocations.map((i) => i.tool)).toEqual([LONG_TOOL]);
    expect(mcp.calls.map((c) => c.name)).toEqual([LONG_TOOL]);
  });
});
