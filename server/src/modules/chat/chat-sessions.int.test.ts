import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { codeOf, publishAgent, publishSkill } from "../../../test/support/calls";
import {
  LIST_SESSIONS,
  loadCall,
  readSession,
  SEND_MESSAGE,
  sendMessage,
  sendMessageRaw,
} from "../../../test/support/chat";
import { statementsDuring } from "../../../test/support/sql-statements";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { MAX_MESSAGE_CHARS } from "./chat-session-steps";

/** The system prompt of the n-th request the model received. */
const systemPromptOf = (model: ScriptedModel, n: number): string => {
  const first = model.requests[n]?.body.messages[0];
  return first?.role === "system" ? String(first.content) : "";
};
const toolNamesOf = (model: ScriptedModel, n: number): string[] =>
  (model.requests[n]?.body.tools ?? []).map((tool) => tool.function.name);

describeEachDialect.withOwnApps("chat sessions", (dialect) => {
  let t: TestApp;
  let key: string;
  let model: ScriptedModel;
  let agentId: string;
  beforeAll(async () => {
    model = await startScriptedModel();
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "default-model",
      modelTimeoutMs: 2000,
    });
    key = (await t.project("chat")).adminKey;
    await publishSkill(t, key, "explain-bill", { body: "Explain the bill line by line, v1." });
    await publishSkill(t, key, "refund-policy", { body: "Refunds within 30 days." });
    agentId = await publishAgent(t, key, {
      name: "billing-bot",
      prompt: "You help {{customer}} with bills.",
      skills: [{ name: "explain-bill" }, { name: "refund-policy" }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  it("TX-1 the first message resolves the agent's skills and the session keeps those versions after a publish", async () => {
    model.reply({ text: "Hello." });
    const first = await sendMessage(t, key, { agentId, content: "hi", variables: { customer: "Ann" } });
    const v1 = first.session.skills.find((s) => s.name === "explain-bill")!;
    expect(first.session.skills.map((s) => [s.name, s.version, s.loaded])).toEqual([
      ["explain-bill", 1, false],
      ["refund-policy", 1, false],
    ]);
    await publishSkill(t, key, "explain-bill", { body: "Explain the bill, v2." });

    model.reply({ toolCalls: [loadCall("explain-bill")] }, { text: "Loaded." });
    const second = await sendMessage(t, key, { sessionId: first.session.id, content: "my bill?" });
    expect(second.session.skills.find((s) => s.name === "explain-bill")).toMatchObject({
      versionId: v1.versionId,
      version: 1,
      loaded: true,
    });
    // The round after the load sees version 1's instructions, not the newly published version 2's.
    expect(systemPromptOf(model, 1)).not.toContain("Explain the bill line by line");
    expect(systemPromptOf(model, 2)).toContain("Explain the bill line by line, v1.");
    expect(systemPromptOf(model, 2)).not.toContain("v2.");

    model.reply({ text: "Hi again." });
    const fresh = await sendMessage(t, key, { agentId, content: "new conversation" });
    expect(fresh.session.skills.find((s) => s.name === "explain-bill")?.version).toBe(2);
  });

  it("TX-1 template variables render as they stand on each message: given ones replace, absent ones keep", async () => {
    model.reply({ text: "1" }, { text: "2" }, { text: "3" });
    const first = await sendMessage(t, key, { agentId, content: "a", variables: { customer: "Ann" } });
    await sendMessage(t, key, { sessionId: first.session.id, content: "b", variables: { customer: "Bob" } });
    const third = await sendMessage(t, key, { sessionId: first.session.id, content: "c" });
    expect([0, 1, 2].map((n) => systemPromptOf(model, n).split("\n")[0])).toEqual([
      "You help Ann with bills.",
      "You help Bob with bills.",
      "You help Bob with bills.",
    ]);
    expect(third.session.variables).toEqual({ customer: "Bob" });
  });

  it("TX-2 what a message loads stays loaded for later messages; a new session starts with none", async () => {
    model.reply({ toolCalls: [loadCall("refund-policy")] }, { text: "Loaded." }, { text: "Still here." });
    const first = await sendMessage(t, key, { agentId, content: "refund?" });
    expect(first.session.loadedSkills).toEqual(["refund-policy"]);
    const second = await sendMessage(t, key, { sessionId: first.session.id, content: "and then?" });
    expect(second.session.loadedSkills).toEqual(["refund-policy"]);
    // The later message's first model request already carries the skill's section.
    expect(systemPromptOf(model, 2)).toContain("Refunds within 30 days.");

    model.reply({ text: "Fresh." });
    const other = await sendMessage(t, key, { agentId, content: "hello" });
    expect(other.session.loadedSkills).toEqual([]);
    expect(systemPromptOf(model, 3)).not.toContain("Refunds within 30 days.");
    expect(toolNamesOf(model, 3)).toEqual(["load_skill"]);
  });

  it("TX-6 each load is a load_skill row in the session's tool invocations, with the result the contract names", async () => {
    model.reply({ toolCalls: [loadCall("explain-bill")] }, { toolCalls: [loadCall("explain-bill")] }, { text: "ok" });
    const reply = await sendMessage(t, key, { agentId, content: "bill" });
    expect(reply.toolInvocations.map((i) => [i.tool, i.source, i.status])).toEqual([
      ["load_skill", "builtin", "ok"],
      ["load_skill", "builtin", "ok"],
    ]);
    expect(reply.toolInvocations[0]).toMatchObject({
      arguments: { name: "explain-bill" },
      result: { status: "LOADED", skill: "explain-bill", unloaded: null, available: ["explain-bill", "refund-policy"] },
    });
    expect(reply.toolInvocations[1]?.result).toMatchObject({ status: "ALREADY_LOADED", skill: "explain-bill" });
    const read = await readSession(t, key, reply.session.id);
    const node = await t.ok<{ node: { id: string; loadedSkills: string[] } | null }>(
      `query($id: ID!) { node(id: $id) { ... on ChatSession { id loadedSkills } } }`,
      { id: reply.session.id },
      key,
    );
    expect(node.node).toEqual({ id: reply.session.id, loadedSkills: ["explain-bill"] });
    expect(read?.toolInvocations.map((i) => i.id)).toEqual(reply.toolInvocations.map((i) => i.id));
    expect(read?.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
    const events = await t.gql(`query($id: ID!) { call(id: $id) { id } }`, { id: reply.session.id }, key);
    expect(events.data).toEqual({ call: null });
  });

  it("the agent's own model answers, with its key; without one the process default does", async () => {
    const withModel = await publishAgent(t, key, {
      name: "own-model-bot",
      model: { baseUrl: model.baseUrl, model: "agent-model", apiKey: "sk-agent-secret" },
    });
    model.reply({ text: "from the agent's model" }, { text: "default" });
    const own = await sendMessage(t, key, { agentId: withModel, content: "hi" });
    expect(own.reply).toBe("from the agent's model");
    await sendMessage(t, key, { sessionId: own.session.id, content: "again" });
    expect(model.requests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ["agent-model", "Bearer sk-agent-secret"],
      ["agent-model", "Bearer sk-agent-secret"],
    ]);
    model.reply({ text: "default" });
    await sendMessage(t, key, { agentId, content: "hi" });
    expect(model.requests[2]?.body.model).toBe("default-model");
    expect(model.requests[2]?.headers.authorization).toBeUndefined();
  });

  it("SEC-13 a model endpoint on a private address that is not allow-listed is UPSTREAM_ERROR, never called", async () => {
    const res = await sendMessageRaw(t, key, {
      inlineAgent: { name: "private-model-bot", model: { baseUrl: "http://10.1.2.3/v1", model: "m" } },
      content: "hi",
    });
    expect(codeOf(res)).toBe("UPSTREAM_ERROR");
    expect(res.errors?.[0]?.message).toContain("OUTBOUND_ALLOW_HOSTS");
    const sessionId = (res.errors?.[0]?.extensions?.details as { session_id: string }).session_id;
    expect((await readSession(t, key, sessionId))?.messages.map((m) => m.content)).toEqual(["hi"]);
  });

  it("an inline agent can start a session; inlineAgent on an existing session is refused and stores nothing", async () => {
    model.reply({ text: "inline hello" });
    const started = await sendMessage(t, key, {
      inlineAgent: { name: "inline-bot", prompt: "Inline.", skills: [{ name: "refund-policy" }] },
      content: "hi",
    });
    expect(started.session).toMatchObject({ agentId: null, agentName: "inline-bot" });
    expect(started.session.skills.map((s) => s.name)).toEqual(["refund-policy"]);
    const refused = await sendMessageRaw(t, key, {
      sessionId: started.session.id,
      inlineAgent: { name: "other" },
      content: "switch",
    });
    expect(codeOf(refused)).toBe("BAD_USER_INPUT");
    expect(refused.errors?.[0]?.extensions?.details?.field).toBe("inline_agent");
    const wrongAgent = await sendMessageRaw(t, key, { sessionId: started.session.id, agentId, content: "x" });
    expect(wrongAgent.errors?.[0]?.extensions?.details?.field).toBe("agent_id");
    expect((await readSession(t, key, started.session.id))?.messages.map((m) => m.content)).toEqual([
      "hi",
      "inline hello",
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it("an unknown agent, a session of another project and no agent at all are refused before the model is asked", async () => {
    const unknown = await sendMessageRaw(t, key, { agentId: "00000000-0000-4000-8000-000000000000", content: "hi" });
    expect(codeOf(unknown)).toBe("BAD_USER_INPUT");
    expect(unknown.errors?.[0]?.extensions?.details?.field).toBe("agent_id");
    expect(codeOf(await sendMessageRaw(t, key, { content: "hi" }))).toBe("BAD_USER_INPUT");
    model.reply({ text: "mine" });
    const mine = await sendMessage(t, key, { agentId, content: "hi" });
    const other = (await t.project("other")).adminKey;
    expect(codeOf(await sendMessageRaw(t, other, { sessionId: mine.session.id, content: "hi" }))).toBe("NOT_FOUND");
    expect(await readSession(t, other, mine.session.id)).toBeNull();
    expect(model.requests).toHaveLength(1);
  });

  it("bad input: a session id that is no session (over 256 characters among them), a missing, wrong-typed or too long content and a malformed body are refused with a clear error; the session is unchanged", async () => {
    model.reply({ toolCalls: [loadCall("refund-policy")] }, { text: "first" });
    const first = await sendMessage(t, key, { agentId, content: "keep me" });
    const before = await readSession(t, key, first.session.id);
    for (const sessionId of ["s".repeat(300), "not-an-id", "'; drop table chat_sessions; --"]) {
      const res = await sendMessageRaw(t, key, { sessionId, content: "x" });
      expect(codeOf(res), sessionId).toBe("NOT_FOUND");
      expect(res.errors?.[0]?.message).toMatch(/session/i);
    }
    const sessionId = first.session.id;
    const missing = await t.gql(SEND_MESSAGE, { input: { sessionId } }, key);
    expect(codeOf(missing)).toBe("BAD_USER_INPUT");
    expect(missing.errors?.[0]?.message).toContain("content");
    const wrongType = await t.gql(SEND_MESSAGE, { input: { sessionId, content: { text: "x" } } }, key);
    expect(codeOf(wrongType)).toBe("BAD_USER_INPUT");
    const tooLong = await sendMessageRaw(t, key, { sessionId, content: "x".repeat(MAX_MESSAGE_CHARS + 1) });
    expect(codeOf(tooLong)).toBe("BAD_USER_INPUT");
    expect(tooLong.errors?.[0]?.extensions?.details?.field).toBe("content");
    const malformed = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: '{"query": "mutation { sendMessage(',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).not.toMatch(/at .*\.ts:\d+/);
    expect(model.requests).toHaveLength(2);
    const after = await readSession(t, key, sessionId);
    expect(after?.messages).toEqual(before?.messages);
    expect(after?.loadedSkills).toEqual(["refund-policy"]);
    model.reply({ text: "still here" });
    expect((await sendMessage(t, key, { sessionId, content: "again" })).reply).toBe("still here");
  });

  it("chatSessions lists the project's sessions newest first, filtered by agent", async () => {
    const page = await t.ok<{
      chatSessions: { total: number; items: Array<{ id: string; agentId: string | null }> };
    }>(LIST_SESSIONS, { agentId, limit: 200 }, key);
    expect(page.chatSessions.total).toBeGreaterThan(0);
    expect(page.chatSessions.items.every((s) => s.agentId === agentId)).toBe(true);
    model.reply({ text: "newest" });
    const newest = await sendMessage(t, key, { agentId, content: "hi" });
    const after = await t.ok<{ chatSessions: { total: number; items: Array<{ id: string }> } }>(
      LIST_SESSIONS,
      { agentId, limit: 1 },
      key,
    );
    expect(after.chatSessions.total).toBe(page.chatSessions.total + 1);
    expect(after.chatSessions.items[0]?.id).toBe(newest.session.id);
  });

  it("UX-9 a session list carries each session's message count and first user message, in one grouped read (never N+1)", async () => {
    const LIST_SUMMARY = `query($agentId: ID, $limit: Int) {
      chatSessions(agentId: $agentId, limit: $limit) { items { id messageCount firstUserMessage } } }`;
    type Listed = {
      chatSessions: { items: Array<{ id: string; messageCount: number; firstUserMessage: string | null }> };
    };
    const project = await t.project("chat summary");
    await publishSkill(t, project.adminKey, "explain-bill", { body: "Explain." });
    const agent = await publishAgent(t, project.adminKey, { name: "summary-bot", prompt: "p", skills: [] });
    const list = () => t.ok<Listed>(LIST_SUMMARY, { agentId: agent, limit: 50 }, project.adminKey);
    model.reply({ text: "Hello." }, { text: "Sure." });
    const first = await sendMessage(t, project.adminKey, { agentId: agent, content: "My bill\n  is wrong" });
    await sendMessage(t, project.adminKey, { sessionId: first.session.id, content: "second" });
    const few = (await statementsDuring(t, list)).length;
    model.reply({ text: "a" }, { text: "b" }, { text: "c" });
    for (const content of ["x".repeat(500), "two", "three"])
      await sendMessage(t, project.adminKey, { agentId: agent, content });
    const many = (await statementsDuring(t, list)).length;
    expect(many).toBe(few);
    const items = (await list()).chatSessions.items;
    expect(items.find((s) => s.id === first.session.id)).toMatchObject({
      messageCount: 4,
      firstUserMessage: "My bill\n  is wrong",
    });
    const long = items.find((s) => s.firstUserMessage?.startsWith("x"));
    expect(long?.firstUserMessage).toBe("x".repeat(200));
    expect(long?.messageCount).toBe(2);
  });

  it("UX-9 chatSessions filters by when a session began: createdAfter keeps it from that time on, createdBefore before it", async () => {
    const LIST_BETWEEN = `query($agentId: ID, $after: DateTime, $before: DateTime) {
      chatSessions(agentId: $agentId, createdAfter: $after, createdBefore: $before, limit: 200) { total items { id } } }`;
    type Listed = { chatSessions: { total: number; items: Array<{ id: string }> } };
    model.reply({ text: "earlier" });
    const earlier = await sendMessage(t, key, { agentId, content: "first" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    model.reply({ text: "later" });
    const later = await sendMessage(t, key, { agentId, content: "second" });
    const after = await t.ok<Listed>(LIST_BETWEEN, { agentId, after: between }, key);
    expect(after.chatSessions.items.map((s) => s.id)).toEqual([later.session.id]);
    expect(after.chatSessions.total).toBe(1);
    const before = await t.ok<Listed>(LIST_BETWEEN, { agentId, before: between }, key);
    const ids = before.chatSessions.items.map((s) => s.id);
    expect(ids).toContain(earlier.session.id);
    expect(ids).not.toContain(later.session.id);
    const none = await t.ok<Listed>(LIST_BETWEEN, { agentId, after: between, before: between }, key);
    expect(none.chatSessions).toEqual({ total: 0, items: [] });
    // no filter: both, as before
    const all = await t.ok<Listed>(LIST_BETWEEN, { agentId }, key);
    expect(all.chatSessions.items.map((s) => s.id)).toEqual(
      expect.arrayContaining([earlier.session.id, later.session.id]),
    );
  });
});
