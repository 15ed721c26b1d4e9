import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  describeEachDialectAndStore,
  startGatewayKit,
  storeConfig,
  toolAnswers,
  type GatewayKit,
} from "../../../test/support/gateway-kit";
import type { ChatRequestBody } from "../../../test/support/scripted-model";

type Message = { role: "system" | "user" | "assistant"; content: string };

/** One non-streaming turn of a session; the upstream answers with the replies queued. */
async function turn(kit: GatewayKit, model: string, session: string, messages: Message[]) {
  return kit.client().chat.completions.create({ model, messages, metadata: { chat_session_id: session } });
}

/** The roles (and tool names) of what the upstream got, after the system prompt. */
function shape(body: ChatRequestBody): string[] {
  return body.messages.slice(1).map((m) => {
    const calls = (m.tool_calls as Array<{ function: { name: string; arguments: string } }> | undefined) ?? [];
    if (calls.length > 0) return `assistant:${calls.map((c) => `${c.function.name}${c.function.arguments}`).join(",")}`;
    return m.role === "tool" ? "tool" : `${m.role}:${String(m.content)}`;
  });
}

describeEachDialectAndStore("gateway skill persistence", (dialect, store) => {
  let kit: GatewayKit;
  let n = 0;
  const session = () => `session-${dialect}-${++n}`;
  beforeAll(async () => {
    kit = await startGatewayKit(dialect, storeConfig(store));
    await kit.skill("explain-bill", { body: "Version one of explain-bill.", files: { "a.md": "file a" } });
    await kit.skill("refund-policy", { body: "Refunds within 30 days." });
    await kit.agent({ name: "billing", skills: [{ name: "explain-bill" }, { name: "refund-policy" }] });
    await kit.agent({ name: "other", skills: [{ name: "explain-bill" }] });
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.upstream.reset());

  it("GW-5 a load is replayed on the next turn where it was first made, after the user message of its turn", async () => {
    const s = session();
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      { text: "Explained." },
    );
    await turn(kit, "billing", s, [{ role: "user", content: "Explain my bill" }]);
    kit.upstream.reset();
    kit.upstream.reply({ text: "More." });
    await turn(kit, "billing", s, [
      { role: "user", content: "Explain my bill" },
      { role: "assistant", content: "Explained." },
      { role: "user", content: "And the tests?" },
    ]);
    const sent = kit.upstream.requests[0]!.body;
    expect(shape(sent)).toEqual([
      "user:Explain my bill",
      'assistant:load_skill{"name":"explain-bill"}',
      "tool",
      "assistant:Explained.",
      "user:And the tests?",
    ]);
    expect(toolAnswers(sent)[0]!.content).toContain("Version one of explain-bill.");
  });

  it("GW-5 a load made on the third turn is replayed after the second user message; a shorter history puts it last", async () => {
    const s = session();
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] }, { text: "ok" });
    const history: Message[] = [
      { role: "user", content: "one" },
      { role: "assistant", content: "a1" },
      { role: "user", content: "two" },
    ];
    await turn(kit, "billing", s, history);
    kit.upstream.reset();
    kit.upstream.reply({ text: "x" }, { text: "y" });
    await turn(kit, "billing", s, [
      ...history,
      { role: "assistant", content: "ok" },
      { role: "user", content: "three" },
    ]);
    expect(shape(kit.upstream.requests[0]!.body).slice(0, 5)).toEqual([
      "user:one",
      "assistant:a1",
      "user:two",
      'assistant:load_skill{"name":"refund-policy"}',
      "tool",
    ]);
    await turn(kit, "billing", s, [
      { role: "assistant", content: "hello" },
      { role: "user", content: "new start" },
    ]);
    expect(shape(kit.upstream.requests[1]!.body)).toEqual([
      "assistant:hello",
      "user:new start",
      'assistant:load_skill{"name":"refund-policy"}',
      "tool",
    ]);
  });

  it("GW-5 nothing is replayed for a single user message, even after a system message", async () => {
    const s = session();
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] },
      { text: "ok" },
      { text: "again" },
    );
    await turn(kit, "billing", s, [{ role: "user", content: "one" }]);
    await turn(kit, "billing", s, [
      { role: "system", content: "client prompt" },
      { role: "user", content: "one" },
    ]);
    expect(shape(kit.upstream.requests[2]!.body)).toEqual(["system:client prompt", "user:one"]);
  });

  it("GW-5 content is re-read every turn: a new published version replays its new instructions", async () => {
    const s = session();
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] }, { text: "ok" });
    const history: Message[] = [
      { role: "user", content: "one" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "two" },
    ];
    await turn(kit, "billing", s, history.slice(0, 1));
    await kit.skill("explain-bill", { body: "Version two of explain-bill." });
    kit.upstream.reset();
    kit.upstream.reply({ text: "fine" });
    await turn(kit, "billing", s, history);
    const replayed = toolAnswers(kit.upstream.requests[0]!.body)[0]!.content;
    expect(replayed).toContain("Version two of explain-bill.");
    expect(replayed).not.toContain("Version one");
  });

  it("GW-5 another agent in the same session has its own log", async () => {
    const s = session();
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      { text: "ok" },
      { text: "other" },
    );
    await turn(kit, "billing", s, [{ role: "user", content: "one" }]);
    await turn(kit, "other", s, [
      { role: "user", content: "one" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "two" },
    ]);
    expect(toolAnswers(kit.upstream.requests[2]!.body)).toEqual([]);
  });

  it("GW-5 a skill taken out of the agent is skipped and replays again once restored", async () => {
    await kit.skill("tariffs", { body: "Tariff rules." });
    const { agentId } = await kit.agent({ name: "switcher", skills: [{ name: "tariffs" }, { name: "refund-policy" }] });
    const s = session();
    const history: Message[] = [
      { role: "user", content: "one" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "two" },
    ];
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "tariffs" } }] }, { text: "ok" });
    await turn(kit, "switcher", s, history.slice(0, 1));
    const republish = async (skills: Array<{ name: string }>) => {
      const saved = await kit.t.ok<{ saveAgent: { id: string } }>(
        `mutation($input: AgentInput!, $agentId: ID) { saveAgent(input: $input, agentId: $agentId) { id } }`,
        { input: { name: "switcher", skills }, agentId },
        kit.key,
      );
      await kit.t.ok(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saved.saveAgent.id }, kit.key);
    };
    await republish([{ name: "refund-policy" }]);
    kit.upstream.reset();
    kit.upstream.reply({ text: "without" }, { text: "with" });
    await turn(kit, "switcher", s, history);
    expect(toolAnswers(kit.upstream.requests[0]!.body)).toEqual([]);
    await republish([{ name: "tariffs" }, { name: "refund-policy" }]);
    await turn(kit, "switcher", s, history);
    expect(toolAnswers(kit.upstream.requests[1]!.body).map((a) => a.content)).toEqual([
      expect.stringContaining("Tariff rules."),
    ]);
  });

  it("GW-7 loading again adds nothing: one replay per distinct invocation", async () => {
    const s = session();
    const load = { name: "load_skill", arguments: { name: "refund-policy" } };
    kit.upstream.reply(
      { toolCalls: [load] },
      { toolCalls: [load] },
      { text: "ok" },
      { toolCalls: [load] },
      { text: "ok" },
      { text: "fine" },
    );
    const history: Message[] = [{ role: "user", content: "one" }];
    await turn(kit, "billing", s, history);
    history.push({ role: "assistant", content: "ok" }, { role: "user", content: "two" });
    await turn(kit, "billing", s, history);
    history.push({ role: "assistant", content: "ok" }, { role: "user", content: "three" });
    await turn(kit, "billing", s, history);
    expect(toolAnswers(kit.upstream.requests.at(-1)!.body)).toHaveLength(1);
  });

  it("GW-2 max_loaded_skills does not unload in the gateway: with a cap of 1 both loads stay readable and replay", async () => {
    await kit.skill("cap-one", { body: "Cap one.", files: { "one.md": "file one" } });
    await kit.skill("cap-two", { body: "Cap two." });
    await kit.agent({ name: "capped", maxLoadedSkills: 1, skills: [{ name: "cap-one" }, { name: "cap-two" }] });
    const s = session();
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "cap-one" } }] },
      { toolCalls: [{ name: "load_skill", arguments: { name: "cap-two" } }] },
      { toolCalls: [{ name: "read_skill_file", arguments: { skill: "cap-one", path: "one.md" } }] },
      { text: "both" },
    );
    await turn(kit, "capped", s, [{ role: "user", content: "one" }]);
    const answers = (n: number) => toolAnswers(kit.upstream.requests[n]!.body).map((a) => a.content);
    expect(answers(3)).toEqual([expect.stringContaining("Cap one."), expect.stringContaining("Cap two."), "file one"]);
    kit.upstream.reset();
    kit.upstream.reply({ text: "still both" });
    await turn(kit, "capped", s, [
      { role: "user", content: "one" },
      { role: "assistant", content: "both" },
      { role: "user", content: "two" },
    ]);
    expect(answers(0)).toEqual([expect.stringContaining("Cap one."), expect.stringContaining("Cap two."), "file one"]);
  });

  it("GW-7 a full log records nothing more: the 65th distinct invocation still answers and is not replayed", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 64 }, (_, i) => [`f${String(i).padStart(2, "0")}.md`, `file ${i}`]),
    );
    await kit.skill("many-files", { body: "Many files.", files });
    await kit.agent({ name: "many-reader", skills: [{ name: "many-files" }] });
    const s = session();
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "many-files" } }] },
      {
        toolCalls: Object.keys(files).map((path) => ({
          name: "read_skill_file",
          arguments: { skill: "many-files", path },
        })),
      },
      { text: "read them all" },
    );
    await turn(kit, "many-reader", s, [{ role: "user", content: "read everything" }]);
    const answered = toolAnswers(kit.upstream.requests[2]!.body);
    expect(answered).toHaveLength(65);
    expect(answered.at(-1)!.content).toBe("file 63");
    kit.upstream.reset();
    kit.upstream.reply({ text: "again" });
    await turn(kit, "many-reader", s, [
      { role: "user", content: "read everything" },
      { role: "assistant", content: "read them all" },
      { role: "user", content: "and now?" },
    ]);
    const replayed = toolAnswers(kit.upstream.requests[0]!.body).map((a) => a.content);
    expect(replayed).toHaveLength(64);
    expect(replayed.at(-1)).toBe("file 62");
    expect(replayed).not.toContain("file 63");
  });

  it("GW-8 echoed load_skill/read_skill_file calls and their tool messages are dropped; other tool calls stay", async () => {
    const s = session();
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] },
      { text: "ok" },
      { text: "fine" },
    );
    await turn(kit, "billing", s, [{ role: "user", content: "one" }]);
    await kit.client().chat.completions.create({
      model: "billing",
      metadata: { chat_session_id: s },
      tools: [{ type: "function", function: { name: "client_tool", parameters: { type: "object" } } }],
      messages: [
        { role: "user", content: "one" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "echo1", type: "function", function: { name: "load_skill", arguments: '{"name":"refund-policy"}' } },
            { id: "mine", type: "function", function: { name: "client_tool", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "echo1", content: "echoed content" },
        { role: "tool", tool_call_id: "mine", content: "client result" },
        { role: "assistant", content: "ok" },
        { role: "user", content: "two" },
      ],
    });
    const sent = kit.upstream.requests[2]!.body;
    const answers = toolAnswers(sent);
    expect(answers.map((a) => a.tool)).toEqual(["load_skill", "client_tool"]);
    expect(answers.map((a) => a.content)).not.toContain("echoed content");
    expect(JSON.stringify(sent.messages)).not.toContain("echo1");
  });

  it("GW-7 at most 256 KiB of content is replayed per turn, newest first; what does not fit is skipped", async () => {
    const big = (c: string) => c.repeat(100 * 1024);
    await kit.skill("big-files", {
      body: "Big files skill.",
      files: { "one.md": big("1"), "two.md": big("2"), "three.md": big("3") },
    });
    await kit.agent({ name: "reader", skills: [{ name: "big-files" }] });
    const s = session();
    const read = (path: string) => ({ name: "read_skill_file", arguments: { skill: "big-files", path } });
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "big-files" } }] },
      { toolCalls: [read("one.md"), read("two.md"), read("three.md")] },
      { text: "read" },
      { text: "next" },
    );
    await turn(kit, "reader", s, [{ role: "user", content: "one" }]);
    await turn(kit, "reader", s, [
      { role: "user", content: "one" },
      { role: "assistant", content: "read" },
      { role: "user", content: "two" },
    ]);
    const replayed = toolAnswers(kit.upstream.requests[3]!.body);
    expect(replayed.map((a) => (a.tool === "load_skill" ? "load" : (a.arguments as { path: string }).path))).toEqual([
      "load",
      "two.md",
      "three.md",
    ]);
  });
});

describeEachDialectAndStore("gateway custom events and time to live", (dialect, store) => {
  it("GW-9 with CUSTOM_EVENTS=true a streaming turn that replays starts with aura.skills_rehydrated", async () => {
    const kit = await startGatewayKit(dialect, { ...storeConfig(store), customEvents: true });
    try {
      await kit.skill("refund-policy", { body: "Refunds." });
      await kit.agent({ name: "billing", skills: [{ name: "refund-policy" }] });
      kit.upstream.reply(
        { toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] },
        { text: "ok" },
        { text: "streamed" },
      );
      await turn(kit, "billing", "ev-1", [{ role: "user", content: "one" }]);
      const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${kit.key}`,
          "content-type": "application/json",
          "x-chat-session-id": "ev-1",
        },
        body: JSON.stringify({
          model: "billing",
          stream: true,
          messages: [
            { role: "user", content: "one" },
            { role: "assistant", content: "ok" },
            { role: "user", content: "two" },
          ],
        }),
      });
      const text = await res.text();
      const first = text.split("\n\n")[0]!;
      expect(first.split("\n")[0]).toBe("event: aura.skills_rehydrated");
      expect(JSON.parse(first.split("\n")[1]!.replace(/^data: /, ""))).toEqual({
        invocations: [{ tool: "load_skill", arguments: { name: "refund-policy" } }],
      });
      expect(text.trim().endsWith("data: [DONE]")).toBe(true);
      // A first message replays nothing, so no event.
      kit.upstream.reply({ text: "fresh" });
      const fresh = await fetch(`${kit.t.url}/v1/chat/completions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${kit.key}`,
          "content-type": "application/json",
          "x-chat-session-id": "ev-1",
        },
        body: JSON.stringify({ model: "billing", stream: true, messages: [{ role: "user", content: "one" }] }),
      });
      expect(await fresh.text()).not.toContain("aura.skills_rehydrated");
    } finally {
      await kit.close();
    }
  });

  it("GW-9 without CUSTOM_EVENTS no named event is sent, replay or not", async () => {
    const kit = await startGatewayKit(dialect, storeConfig(store));
    try {
      await kit.skill("refund-policy", { body: "Refunds." });
      await kit.agent({ name: "billing", skills: [{ name: "refund-policy" }] });
      kit.upstream.reply(
        { toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] },
        { text: "ok" },
        { text: "streamed" },
      );
      await turn(kit, "billing", "ev-2", [{ role: "user", content: "one" }]);
      const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${kit.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          model: "billing",
          stream: true,
          metadata: { chat_session_id: "ev-2" },
          messages: [
            { role: "user", content: "one" },
            { role: "assistant", content: "ok" },
            { role: "user", content: "two" },
          ],
        }),
      });
      const text = await res.text();
      expect(text).not.toContain("event:");
      expect(text).toContain('"content":"streamed"');
      expect(toolAnswers(kit.upstream.requests[2]!.body)).toHaveLength(1);
    } finally {
      await kit.close();
    }
  });

  it("GW-6 a log expires its time to live after the last skill tool call; a replay does not restart it", async () => {
    const TTL_MS = 3_000;
    const kit = await startGatewayKit(dialect, { ...storeConfig(store), sessionStoreSkillsTtlSecs: TTL_MS / 1000 });
    const history: Message[] = [
      { role: "user", content: "one" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "two" },
    ];
    const replayedTools = () => toolAnswers(kit.upstream.requests.at(-1)!.body).map((a) => a.tool);
    const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    try {
      await kit.skill("refund-policy", { body: "Refunds." });
      await kit.agent({ name: "billing", skills: [{ name: "refund-policy" }] });
      // Judged from when the upstream got each request, not from sleeps: the load is recorded after the first
      // request's answer and before the second request; a turn reads its log before its request reaches the upstream.
      kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] }, { text: "ok" });
      await turn(kit, "billing", "ttl-1", history.slice(0, 1));
      const [asked, answered] = kit.upstream.requests.slice(-2).map((r) => r.at) as [number, number];
      const recorded = { earliest: asked, latest: answered };

      await sleepUntil(recorded.latest + TTL_MS / 2);
      const replayStarted = Date.now();
      kit.upstream.reply({ text: "replayed" });
      await turn(kit, "billing", "ttl-1", history);
      const replayRead = kit.upstream.requests.at(-1)!.at;
      expect(
        replayRead - recorded.earliest,
        "the replay's turn read its log within the time to live (else this host was too slow to judge it)",
      ).toBeLessThan(TTL_MS);
      expect(replayedTools()).toEqual(["load_skill"]);

      // Past the load's time to live: forgotten. Had the replay restarted the clock, the log would live until
      // replayStarted + TTL_MS or later, TTL_MS / 2 after this turn starts.
      await sleepUntil(recorded.latest + TTL_MS + 100);
      kit.upstream.reply({ text: "forgotten" });
      await turn(kit, "billing", "ttl-1", history);
      expect(replayedTools()).toEqual([]);
      if (kit.upstream.requests.at(-1)!.at >= replayStarted + TTL_MS)
        console.warn("GW-6 time to live: the last turn was too slow to tell whether the replay restarted the clock");
    } finally {
      await kit.close();
    }
  });
});
