import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  describeEachDialectAndStore,
  seedBillingAgent,
  startGatewayKit,
  storeConfig,
  toolAnswers,
  UPSTREAM_MODEL,
  type GatewayKit,
} from "../../../test/support/gateway-kit";
import { until } from "../../../test/support/wait";

describeEachDialectAndStore("gateway turns", (dialect, store) => {
  let kit: GatewayKit;
  beforeAll(async () => {
    kit = await startGatewayKit(dialect, storeConfig(store));
    await seedBillingAgent(kit);
    await kit.agent({
      name: "tier-two",
      prompt: "Second line.",
      skills: [{ name: "explain-bill" }],
      model: { baseUrl: kit.upstream.baseUrl, model: "agent-own-model" },
    });
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.upstream.reset());

  it("GW-1 the agent named by alias answers through the official client, with the default upstream model", async () => {
    kit.upstream.reply({ text: "Hello from billing." });
    const completion = await kit.client().chat.completions.create({
      model: "billing",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Hello from billing.");
    expect(completion.model).toBe("billing");
    const sent = kit.upstream.requests[0]!.body;
    expect(sent.model).toBe(UPSTREAM_MODEL);
    expect(sent.messages[0]).toMatchObject({ role: "system" });
    expect(String(sent.messages[0]!.content)).toContain("You help with bills.");
  });

  it("GW-1 a client that goes away mid-turn cancels the upstream request at once, streaming or not", async () => {
    for (const stream of [false, true]) {
      kit.upstream.reset();
      kit.upstream.reply({ hang: true });
      const client = new AbortController();
      const sent = fetch(`${kit.t.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${kit.key}` },
        body: JSON.stringify({ model: "billing", stream, messages: [{ role: "user", content: "hi" }] }),
        signal: client.signal,
      }).catch(() => null);
      await until(() => kit.upstream.requests.length === 1, 3_000);
      const abortedAt = Date.now();
      client.abort();
      await sent;
      await until(() => kit.upstream.requests[0]!.cancelled, 3_000);
      // Well before MODEL_TIMEOUT_MS (2 s here) would have closed it.
      expect(Date.now() - abortedAt).toBeLessThan(1_500);
    }
  });

  it("SEC-14 SEC-6 a turn's answer, whole, streamed or refused, carries the platform's security headers and the request id", async () => {
    // Helmet's headers as Express's routes answer them: the gateway writes the same ones with its own.
    const health = await fetch(`${kit.t.url}/healthz`);
    const security = [...health.headers].filter(
      ([name]) =>
        !["date", "connection", "keep-alive", "content-type", "content-length", "etag", "x-request-id"].includes(name),
    );
    expect(security.map(([name]) => name)).toEqual(
      expect.arrayContaining(["content-security-policy", "x-frame-options"]),
    );
    const turn = (id: string, model: string, stream: boolean) =>
      fetch(`${kit.t.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${kit.key}`, "x-request-id": id },
        body: JSON.stringify({ model, stream, messages: [{ role: "user", content: "hi" }] }),
      });
    kit.upstream.reply({ text: "Whole." });
    const whole = await turn("turn-whole", "billing", false);
    kit.upstream.reply({ text: "Streamed." });
    const streamed = await turn("turn-streamed", "billing", true);
    const refused = await turn("turn-refused", "no-such-agent", false);
    const answers = { whole, streamed, refused };
    expect([whole.status, streamed.status, refused.status]).toEqual([200, 200, 404]);
    for (const [where, res] of Object.entries(answers)) {
      await res.text();
      for (const [name, value] of security) expect(res.headers.get(name), `${where}: ${name}`).toBe(value);
      expect(res.headers.get("x-request-id"), where).toBe(`turn-${where}`);
    }
    expect(whole.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(streamed.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  });

  it("GW-1 an agent without an alias is named by its name and answers with the model of its config", async () => {
    kit.upstream.reply({ text: "tier two here" });
    const completion = await kit.client().chat.completions.create({
      model: "tier-two",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices[0]?.message.content).toBe("tier two here");
    expect(kit.upstream.requests[0]!.body.model).toBe("agent-own-model");
  });

  it("GW-1 GET /v1/models lists the project's gateway names", async () => {
    const models = await kit.client().models.list();
    expect(models.data.map((m) => m.id)).toEqual(["billing", "tier-two"]);
  });

  it("GW-2 the catalog is in the system prompt; load_skill and read_skill_file run in the gateway with the content", async () => {
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      { toolCalls: [{ name: "read_skill_file", arguments: { skill: "explain-bill", path: "references/rates.md" } }] },
      { text: "Your peak rate is 0.31." },
    );
    const completion = await kit.client().chat.completions.create({
      model: "billing",
      messages: [{ role: "user", content: "Explain my bill" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Your peak rate is 0.31.");
    expect(completion.choices[0]?.message.tool_calls ?? []).toEqual([]);
    const first = kit.upstream.requests[0]!.body;
    const system = String(first.messages[0]!.content);
    expect(system).toContain("- explain-bill: Use when the caller asks about explain-bill.");
    expect(system).toContain("- refund-policy:");
    expect(system).not.toContain("Explain each line of the bill.");
    expect(first.tools?.map((t) => t.function.name)).toEqual(["load_skill", "read_skill_file"]);
    const answers = toolAnswers(kit.upstream.requests[2]!.body);
    expect(answers[0]!.tool).toBe("load_skill");
    expect(answers[0]!.content).toContain("Explain each line of the bill.");
    expect(answers[0]!.content).toContain("references/rates.md");
    expect(answers[0]!.content).toContain("SKILL.md");
    expect(answers[1]).toMatchObject({ tool: "read_skill_file", content: "Peak rate: 0.31 per kWh." });
  });

  it("GW-2 a client's tool call goes back to the client; the gateway's own calls in the same answer run first", async () => {
    kit.upstream.reply({
      toolCalls: [
        { name: "load_skill", arguments: { name: "refund-policy" } },
        { name: "lookup_order", arguments: { order: "A1" } },
      ],
    });
    const completion = await kit.client().chat.completions.create({
      model: "billing",
      messages: [{ role: "user", content: "refund order A1" }],
      tools: [{ type: "function", function: { name: "lookup_order", parameters: { type: "object" } } }],
    });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.tool_calls?.map((c) => (c.type === "function" ? c.function.name : c.type))).toEqual([
      "lookup_order",
    ]);
    expect(kit.upstream.requests[0]!.body.tools?.map((t) => t.function.name)).toContain("lookup_order");
  });

  it("GW-2 a call to a tool neither the gateway nor the client offers is answered in the gateway as an error the model reads, never handed to the client", async () => {
    kit.upstream.reply(
      {
        toolCalls: [
          { name: "load_skill", arguments: { name: "refund-policy" } },
          { name: "issue_refund", arguments: { amount: 5 } },
        ],
      },
      { toolCalls: [{ name: "made_up", arguments: {} }] },
      { text: "I cannot refund here." },
    );
    const answer = await kit.client().chat.completions.create({
      model: "billing",
      messages: [{ role: "user", content: "refund me" }],
      tools: [{ type: "function", function: { name: "lookup_order", parameters: { type: "object" } } }],
    });
    expect(answer.choices[0]).toMatchObject({
      finish_reason: "stop",
      message: { content: "I cannot refund here." },
    });
    expect(answer.choices[0]!.message.tool_calls).toBeUndefined();
    const answers = toolAnswers(kit.upstream.requests[2]!.body);
    expect(answers.map((a) => a.tool)).toEqual(["load_skill", "issue_refund", "made_up"]);
    for (const unknown of answers.slice(1)) expect(unknown.content).toContain(`No tool named '${unknown.tool}'`);
  });

  it("GW-2 SEC-22 streamed tool calls are gathered whatever their index: none (as some compatible servers send) or one past the array range is never lost", async () => {
    const chunk = (toolCalls: unknown[], finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: toolCalls }, finish_reason: finish }] })}\n\n`;
    kit.upstream.reply(
      {
        garbage:
          chunk([{ id: "c1", type: "function", function: { name: "lookup_order", arguments: "" } }]) +
          chunk([{ function: { arguments: '{"order":"A1"}' } }]) +
          chunk([{ index: 2 ** 53, id: "c2", type: "function", function: { name: "load_skill", arguments: "" } }]) +
          chunk([{ index: 2 ** 53, function: { arguments: '{"name":"refund-policy"}' } }], "tool_calls") +
          "data: [DONE]\n\n",
      },
      { text: "unused" },
    );
    const stream = await kit.client().chat.completions.create({
      model: "billing",
      stream: true,
      messages: [{ role: "user", content: "refund order A1" }],
      tools: [{ type: "function", function: { name: "lookup_order", parameters: { type: "object" } } }],
      metadata: { chat_session_id: "s-index" },
    });
    const calls: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }> = [];
    for await (const part of stream) calls.push(...(part.choices[0]?.delta.tool_calls ?? []));
    expect(calls).toEqual([
      { index: 0, id: "c1", type: "function", function: { name: "lookup_order", arguments: '{"order":"A1"}' } },
    ]);
    // The gateway's own call (index 2^53) ran before the client's went back: the next turn replays its load.
    kit.upstream.reset();
    kit.upstream.reply({ text: "Refunded." });
    await kit.client().chat.completions.create({
      model: "billing",
      messages: [
        { role: "user", content: "refund order A1" },
        { role: "assistant", content: "Looking it up." },
        { role: "user", content: "and?" },
      ],
      metadata: { chat_session_id: "s-index" },
    });
    expect(toolAnswers(kit.upstream.requests[0]!.body).map((a) => [a.tool, a.arguments])).toEqual([
      ["load_skill", { name: "refund-policy" }],
    ]);
  });

  it("GW-4 the session id comes from metadata, then X-Chat-Session-Id, then x-openwebui-chat-id, else a new one", async () => {
    const ask = async (init: { metadata?: Record<string, string>; headers?: Record<string, string> }) => {
      kit.upstream.reply({ text: "ok" });
      const completion = (await kit.client().chat.completions.create(
        {
          model: "billing",
          messages: [{ role: "user", content: "hi" }],
          ...(init.metadata ? { metadata: init.metadata } : {}),
        },
        { headers: init.headers },
      )) as unknown as { metadata?: { chat_session_id?: string } };
      return completion.metadata?.chat_session_id;
    };
    const both = { "x-chat-session-id": "from-header", "x-openwebui-chat-id": "from-webui" };
    expect(await ask({ metadata: { chat_session_id: "from-body" }, headers: both })).toBe("from-body");
    expect(await ask({ headers: both })).toBe("from-header");
    expect(await ask({ headers: { "x-openwebui-chat-id": "from-webui" } })).toBe("from-webui");
    const generated = [await ask({}), await ask({})];
    expect(generated[0]).toMatch(/.{8,}/);
    expect(generated[0]).not.toBe(generated[1]);
  });

  it("GW-4 a streaming answer carries the session id in the X-Chat-Session-Id header and ends with [DONE]", async () => {
    kit.upstream.reply({ text: "streamed words here" });
    const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${kit.key}`,
        "content-type": "application/json",
        "x-chat-session-id": "s-stream",
      },
      body: JSON.stringify({ model: "billing", stream: true, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-chat-session-id")).toBe("s-stream");
    const text = await res.text();
    expect(text.trim().endsWith("data: [DONE]")).toBe(true);
    kit.upstream.reply({ text: "again and again" });
    const stream = await kit.client().chat.completions.create({
      model: "billing",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    let content = "";
    for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? "";
    expect(content).toBe("again and again");
  });

  it("GW-1 stream_options.include_usage ends the stream with the turn's usage, every upstream round counted; a plain answer's usage counts them too", async () => {
    const loadThenAnswer = () =>
      kit.upstream.reply(
        { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
        { text: "Your bill went up." },
      );
    loadThenAnswer();
    const stream = await kit.client().chat.completions.create({
      model: "billing",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "why is my bill higher?" }],
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({ prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 });
    expect(chunks.slice(0, -1).every((c) => !c.usage)).toBe(true);
    expect(kit.upstream.requests.map((r) => r.body.stream_options)).toEqual([
      { include_usage: true },
      { include_usage: true },
    ]);

    kit.upstream.reset();
    loadThenAnswer();
    const plain = await kit.client().chat.completions.create({
      model: "billing",
      messages: [{ role: "user", content: "why is my bill higher?" }],
    });
    expect(plain.usage).toEqual({ prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 });
    expect(kit.upstream.requests.every((r) => r.body.stream_options === undefined)).toBe(true);

    kit.upstream.reset();
    kit.upstream.reply({ text: "no usage asked" });
    const quiet = await kit.client().chat.completions.create({
      model: "billing",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    for await (const chunk of quiet) expect(chunk.usage ?? null).toBeNull();
  });

  it("GW-2 a loaded skill's webhook tools join the list and run signed through the tool runner", async () => {
    const received: Array<{ body: Record<string, unknown>; signed: boolean }> = [];
    const receiver = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        received.push({
          body: JSON.parse(raw) as Record<string, unknown>,
          signed: Boolean(req.headers["webhook-signature"]),
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ invoices: ["May: 42.00"] }));
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
    try {
      const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      await kit.skill("invoices", { body: "Use get_invoices.", tools: ["get_invoices"], toolBaseUrl: base });
      await kit.agent({ name: "invoicer", skills: [{ name: "invoices" }] });
      kit.upstream.reply(
        { toolCalls: [{ name: "load_skill", arguments: { name: "invoices" } }] },
        { toolCalls: [{ name: "get_invoices", arguments: {} }] },
        { text: "May was 42.00" },
      );
      const answer = await kit.client().chat.completions.create({
        model: "invoicer",
        metadata: { chat_session_id: "hooks" },
        messages: [{ role: "user", content: "my invoices" }],
      });
      expect(answer.choices[0]?.message.content).toBe("May was 42.00");
      const offered = kit.upstream.requests.map((r) => r.body.tools?.map((t) => t.function.name));
      expect(offered).toEqual([
        ["load_skill", "read_skill_file"],
        ["load_skill", "read_skill_file", "get_invoices"],
        ["load_skill", "read_skill_file", "get_invoices"],
      ]);
      expect(received).toEqual([
        {
          body: { tool: "get_invoices", call_id: null, chat_session_id: "hooks", agent: "invoicer", arguments: {} },
          signed: true,
        },
      ]);
      expect(toolAnswers(kit.upstream.requests[2]!.body).at(-1)!.content).toBe(
        JSON.stringify({ invoices: ["May: 42.00"] }),
      );
      // The next turn replays the load, so the skill's tool is offered from its first round.
      kit.upstream.reset();
      kit.upstream.reply({ text: "again" });
      await kit.client().chat.completions.create({
        model: "invoicer",
        metadata: { chat_session_id: "hooks" },
        messages: [
          { role: "user", content: "my invoices" },
          { role: "assistant", content: "May was 42.00" },
          { role: "user", content: "thanks" },
        ],
      });
      expect(kit.upstream.requests[0]!.body.tools?.map((t) => t.function.name)).toContain("get_invoices");
    } finally {
      await new Promise<void>((ok) => receiver.close(() => ok()));
    }
  });
});
