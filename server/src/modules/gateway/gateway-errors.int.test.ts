import http from "node:http";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  describeEachDialectAndStore,
  startGatewayKit,
  storeConfig,
  toolAnswers,
  type GatewayKit,
} from "../../../test/support/gateway-kit";

interface Answer {
  status: number;
  body: { error?: { message: string; type: string; code: string } } & Record<string, unknown>;
  text: string;
}

async function post(
  kit: GatewayKit,
  body: unknown,
  init: { key?: string | null; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const key = init.key === undefined ? kit.key : init.key;
  const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...init.headers,
    },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Answer["body"] = {};
  try {
    parsed = JSON.parse(text) as Answer["body"];
  } catch {
    // streaming or not JSON: the text says it
  }
  return { status: res.status, body: parsed, text };
}

/** A POST whose headers may repeat (fetch would join repeated values into one line; node:http sends each line). */
function postRepeating(kit: GatewayKit, body: unknown, headers: Record<string, string | string[]>): Promise<Answer> {
  const url = new URL(`${kit.t.url}/v1/chat/completions`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${kit.key}`, ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let parsed: Answer["body"] = {};
          try {
            parsed = JSON.parse(text) as Answer["body"];
          } catch {
            // not JSON: the text says it
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, text });
        });
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const hi = (session: string, extra: Record<string, unknown> = {}) => ({
  model: "billing",
  metadata: { chat_session_id: session },
  messages: [{ role: "user", content: "one" }],
  ...extra,
});
const secondTurn = (session: string) => ({
  ...hi(session),
  messages: [
    { role: "user", content: "one" },
    { role: "assistant", content: "ok" },
    { role: "user", content: "two" },
  ],
});

function expectOpenAiError(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String) });
  expect(answer.text).not.toMatch(/at .*\.ts:\d+/); // never a stack
}

describeEachDialectAndStore("gateway errors", (dialect, store) => {
  let kit: GatewayKit;
  beforeAll(async () => {
    kit = await startGatewayKit(dialect, { ...storeConfig(store), modelTimeoutMs: 400, chatMaxToolRounds: 2 });
    await kit.skill("refund-policy", { body: "Refunds within 30 days." });
    await kit.agent({ name: "billing", skills: [{ name: "refund-policy" }] });
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.upstream.reset());

  /** Records a load in a session, so each failure below can show the log came through intact. */
  async function sessionWithLoad(session: string): Promise<void> {
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] }, { text: "ok" });
    expect((await post(kit, hi(session))).status).toBe(200);
    kit.upstream.reset();
  }

  async function expectLogIntact(session: string): Promise<void> {
    kit.upstream.reset();
    kit.upstream.reply({ text: "still here" });
    expect((await post(kit, secondTurn(session))).status).toBe(200);
    expect(toolAnswers(kit.upstream.requests[0]!.body).map((a) => a.tool)).toEqual(["load_skill"]);
  }

  it("GW-1 no credential or a bad one is 401, a viewer key 403, in OpenAI's error shape", async () => {
    expectOpenAiError(await post(kit, hi("auth"), { key: null }), 401, "invalid_api_key");
    expectOpenAiError(await post(kit, hi("auth"), { key: "sgk_" + "x".repeat(48) }), 401, "invalid_api_key");
    const viewer = await kit.keyWithRole("VIEWER");
    const refused = await post(kit, hi("auth"), { key: viewer });
    expectOpenAiError(refused, 403, "insufficient_role");
    expect(refused.body.error!.message).toContain("editor");
    const editor = await kit.keyWithRole("EDITOR");
    kit.upstream.reply({ text: "fine" });
    expect((await post(kit, hi("auth"), { key: editor })).status).toBe(200);
    expect(kit.upstream.requests).toHaveLength(1);
  });

  it("GW-1 SEC-7 'Bearer' followed by several spaces or a tab (RFC 7235: 1*SP) is the key, for chat and /v1/models; still 401 without one", async () => {
    for (const gap of ["  ", "   ", "\t", " \t "]) {
      kit.upstream.reply({ text: "fine" });
      const chat = await post(kit, hi("spaces"), { key: null, headers: { authorization: `Bearer${gap}${kit.key}` } });
      expect(chat.status, JSON.stringify(gap)).toBe(200);
      const models = await fetch(`${kit.t.url}/v1/models`, { headers: { authorization: `Bearer${gap}${kit.key}` } });
      expect(models.status, JSON.stringify(gap)).toBe(200);
    }
    for (const header of ["Bearer  ", `Bearer${kit.key}`, `Bearer  ${kit.key} extra`])
      expectOpenAiError(
        await post(kit, hi("spaces"), { key: null, headers: { authorization: header } }),
        401,
        "invalid_api_key",
      );
  });

  it("GW-1 an unknown model is 404 model_not_found; the official client raises NotFoundError; the log is intact", async () => {
    await sessionWithLoad("nf");
    const answer = await post(kit, { ...secondTurn("nf"), model: "nobody" });
    expectOpenAiError(answer, 404, "model_not_found");
    expect(answer.body.error!.message).toContain("'nobody'");
    await expect(
      kit.client().chat.completions.create({ model: "nobody", messages: [{ role: "user", content: "x" }] }),
    ).rejects.toMatchObject({ status: 404, code: "model_not_found" });
    expect(kit.upstream.requests).toHaveLength(0);
    await expectLogIntact("nf");
  });

  it("GW-1 a malformed body is 400 naming what is wrong, and the session log is intact", async () => {
    await sessionWithLoad("malformed");
    expectOpenAiError(await post(kit, null, { raw: "{not json" }), 400, "invalid_json");
    const broken = await post(kit, { ...secondTurn("malformed"), messages: [{ role: "user" }, { content: "x" }] });
    expectOpenAiError(broken, 400, "invalid_request");
    expect(broken.body.error!.message).toContain("messages[1].role");
    const noMessages = await post(kit, { model: "billing" });
    expectOpenAiError(noMessages, 400, "invalid_request");
    expect(noMessages.body.error!.message).toContain("messages");
    const badRole = await post(kit, { model: "billing", messages: [{ role: "wizard", content: "x" }] });
    expectOpenAiError(badRole, 400, "invalid_request");
    expect(badRole.body.error!.message).toContain("messages[0].role");
    expectOpenAiError(await post(kit, [1, 2]), 400, "invalid_request");
    expect(kit.upstream.requests).toHaveLength(0);
    await expectLogIntact("malformed");
  });

  it("GW-1 GW-4 n other than 1 (streaming or not) and a chat_session_id that is not a string are 400 naming the field; the model is never asked", async () => {
    await sessionWithLoad("typed");
    for (const [extra, field] of [
      [{ n: 2 }, "'n'"],
      [{ n: 3, stream: true }, "'n'"],
      [{ n: "2" }, "'n'"],
      [{ metadata: { chat_session_id: 123 } }, "metadata.chat_session_id"],
      [{ metadata: { chat_session_id: { id: "typed" } } }, "metadata.chat_session_id"],
    ] as const) {
      const answer = await post(kit, { ...secondTurn("typed"), ...extra });
      expectOpenAiError(answer, 400, "invalid_request");
      expect(answer.body.error!.message).toContain(field);
    }
    expect(kit.upstream.requests).toHaveLength(0);
    kit.upstream.reply({ text: "one choice" });
    expect((await post(kit, { ...secondTurn("typed"), n: 1 })).status).toBe(200);
    await expectLogIntact("typed");
  });

  it("GW-1 a body over the limit is 413, a body in another charset or content type 415, an unknown route 404, in OpenAI's shape", async () => {
    const big = { ...hi("big"), messages: [{ role: "user", content: "x".repeat(kit.t.app.config.bodyLimitBytes) }] };
    expectOpenAiError(await post(kit, big), 413, "request_too_large");
    const latin1 = await post(kit, hi("latin"), { headers: { "content-type": "application/json; charset=latin1" } });
    expectOpenAiError(latin1, 415, "unsupported_media_type");
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const other = await post(kit, hi("typed"), { headers: { "content-type": type } });
      expectOpenAiError(other, 415, "unsupported_media_type");
      expect(other.body.error!.message).toContain("content-type: application/json");
    }
    const unknown = await fetch(`${kit.t.url}/v1/embeddings`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { code: "unknown_url", message: "No route POST /v1/embeddings." },
    });
    const wrongMethod = await fetch(`${kit.t.url}/v1/chat/completions`, {
      headers: { authorization: `Bearer ${kit.key}` },
    });
    expect(wrongMethod.status).toBe(404);
    // As Express's routing matched: a trailing slash, another case and a query string reach the same route.
    const models = await fetch(`${kit.t.url}/v1/Models/?limit=1`, { headers: { authorization: `Bearer ${kit.key}` } });
    expect(models.status).toBe(200);
    expect(((await models.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id)).toContain("billing");
    expect(kit.upstream.requests).toHaveLength(0);
  });

  it("GW-4 a session id over 256 characters is 400 and records nothing; 256 is accepted", async () => {
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] }, { text: "ok" });
    const long = await post(kit, hi("s".repeat(257)));
    expectOpenAiError(long, 400, "session_id_too_long");
    expect(long.body.error!.message).toContain("256");
    expectOpenAiError(
      await post(kit, hi("x"), {
        headers: { "x-chat-session-id": "h".repeat(300) },
        raw: JSON.stringify({ model: "billing", messages: [{ role: "user", content: "x" }] }),
      }),
      400,
      "session_id_too_long",
    );
    expectOpenAiError(await post(kit, hi("line\nbreak")), 400, "invalid_session_id");
    expect(kit.upstream.requests).toHaveLength(0);
    kit.upstream.reset();
    kit.upstream.reply({ text: "ok" });
    const fine = await post(kit, hi("s".repeat(256)));
    expect(fine.status).toBe(200);
    expect((fine.body.metadata as { chat_session_id: string }).chat_session_id).toHaveLength(256);
  });

  it("GW-1 GW-4 a session header sent twice with different values is 400 naming the header (Node joins them into a third id); the same value twice is that id", async () => {
    const plain = { model: "billing", messages: [{ role: "user", content: "x" }] };
    const twice = await postRepeating(kit, plain, { "x-chat-session-id": ["twice-a", "twice-b"] });
    expectOpenAiError(twice, 400, "ambiguous_header");
    expect(twice.body.error!.message).toContain("X-Chat-Session-Id");
    const webui = await postRepeating(kit, plain, { "x-openwebui-chat-id": ["webui-a", "webui-b"] });
    expectOpenAiError(webui, 400, "ambiguous_header");
    expect(webui.body.error!.message).toContain("x-openwebui-chat-id");
    expect(kit.upstream.requests).toHaveLength(0);
    kit.upstream.reply({ text: "ok" }, { text: "ok" });
    const same = await postRepeating(kit, plain, { "x-chat-session-id": ["same-id", "same-id"] });
    expect(same.status).toBe(200);
    expect((same.body.metadata as { chat_session_id: string }).chat_session_id).toBe("same-id");
    // GW-4: metadata.chat_session_id comes first; the headers after it are not read.
    const first = await postRepeating(
      kit,
      { ...plain, metadata: { chat_session_id: "from-body" } },
      {
        "x-chat-session-id": ["twice-a", "twice-b"],
      },
    );
    expect(first.status).toBe(200);
    expect((first.body.metadata as { chat_session_id: string }).chat_session_id).toBe("from-body");
  });

  it("GW-1 an upstream that hangs is 504, streaming or not, and the session log is intact", async () => {
    await sessionWithLoad("hang");
    kit.upstream.reply({ hang: true }, { hang: true });
    expectOpenAiError(await post(kit, secondTurn("hang")), 504, "upstream_timeout");
    expectOpenAiError(await post(kit, { ...secondTurn("hang"), stream: true }), 504, "upstream_timeout");
    await expectLogIntact("hang");
  });

  it("GW-1 an upstream that answers garbage or fails is 502, and the session log is intact", async () => {
    await sessionWithLoad("garbage");
    kit.upstream.reply(
      { garbage: "<html>nope</html>" },
      { fail: 500, message: "boom" },
      { garbage: "data: {oops\n\n" },
    );
    expectOpenAiError(await post(kit, secondTurn("garbage")), 502, "upstream_error");
    const failed = await post(kit, secondTurn("garbage"));
    expectOpenAiError(failed, 502, "upstream_error");
    expect(failed.body.error!.message).toContain("HTTP 500");
    const streamed = await post(kit, { ...secondTurn("garbage"), stream: true });
    expect([502]).toContain(streamed.status);
    await expectLogIntact("garbage");
  });

  it("GW-1 an error the upstream streams mid-answer ends the stream with an error chunk quoting its words, then [DONE]; the log is intact", async () => {
    await sessionWithLoad("mid-stream");
    const chunk = `data: ${JSON.stringify({ id: "u", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "Hel" } }] })}\n\n`;
    kit.upstream.reply({
      garbage: `${chunk}data: ${JSON.stringify({ error: { message: "The engine is overloaded.", type: "server_error" } })}\n\n`,
    });
    const answer = await post(kit, { ...secondTurn("mid-stream"), stream: true });
    expect(answer.status).toBe(200);
    const events = answer.text.trim().split("\n\n");
    expect(events.at(-1)).toBe("data: [DONE]");
    const failure = JSON.parse(events.at(-2)!.replace(/^data: /, "")) as Answer["body"];
    expect(failure.error).toMatchObject({ type: "upstream_error", code: "upstream_error" });
    expect(failure.error!.message).toContain("The engine is overloaded.");
    expect(failure.error!.message).not.toContain("could not be reached");
    await expectLogIntact("mid-stream");
  });

  it("SEC-23 a body nested deeper than 64 levels is 400 naming the limit, refused when parsed: the model is never asked", async () => {
    await sessionWithLoad("deep");
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const raw = `{"model":"billing","metadata":{"chat_session_id":"deep"},"messages":[{"role":"user","content":${deep}}]}`;
    for (const contentType of ["application/json", "application/json;charset=UTF-8"]) {
      // The second content type goes through body-parser (the fallback parser): the same limit.
      const answer = await post(kit, null, { raw, headers: { "content-type": contentType } });
      expectOpenAiError(answer, 400, "json_too_deep");
      expect(answer.body.error!.message).toContain("at most 64 levels");
    }
    const justDeepEnough = `{"model":"billing","messages":[{"role":"user","content":"x"}],"metadata":{"chat_session_id":"deep","x":${"[".repeat(61) + "]".repeat(61)}}}`;
    kit.upstream.reply({ text: "fine" });
    expect((await post(kit, null, { raw: justDeepEnough })).status).toBe(200);
    expect(kit.upstream.requests).toHaveLength(1);
    await expectLogIntact("deep");
  });

  it("SEC-23 a model's 4xx caused by the request (a tool message that answers no tool call, refused by a strict model) is that 4xx with the model's words, never retried by the official client; its own failures stay 5xx", async () => {
    await sessionWithLoad("orphan");
    const orphan = {
      ...hi("orphan"),
      messages: [
        { role: "user", content: "one" },
        { role: "tool", tool_call_id: "call_nowhere", content: "42" },
      ],
    };
    kit.upstream.setStrict(true);
    for (const stream of [false, true]) {
      const answer = await post(kit, { ...orphan, stream });
      expectOpenAiError(answer, 400, "model_rejected_request");
      expect(answer.body.error!.type).toBe("invalid_request_error");
      expect(answer.body.error!.message).toMatch(
        /^The model refused the request \(HTTP 400 from http:\/\/127\.0\.0\.1:\d+\/v1\): /,
      );
      expect(answer.body.error!.message).toContain(
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      );
    }
    // OpenAI's SDKs retry 5xx (twice by default) but not a 400: the model is asked once.
    kit.upstream.reset();
    kit.upstream.setStrict(true);
    const retrying = new OpenAI({ baseURL: `${kit.t.url}/v1`, apiKey: kit.key, maxRetries: 2, timeout: 20_000 });
    await expect(
      retrying.chat.completions.create({
        model: "billing",
        messages: orphan.messages as OpenAI.ChatCompletionMessageParam[],
      }),
    ).rejects.toMatchObject({ status: 400, code: "model_rejected_request" });
    expect(kit.upstream.requests).toHaveLength(1);
    // The model's rate limit is a 429; its configuration's failures (a key it refuses) and its own are 502.
    kit.upstream.reset();
    kit.upstream.reply(
      { fail: 429, message: "Slow down." },
      { fail: 401, message: "Incorrect API key provided." },
      { fail: 503, message: "Overloaded." },
    );
    expectOpenAiError(await post(kit, secondTurn("orphan")), 429, "model_rate_limited");
    expectOpenAiError(await post(kit, secondTurn("orphan")), 502, "upstream_error");
    expectOpenAiError(await post(kit, secondTurn("orphan")), 502, "upstream_error");
    await expectLogIntact("orphan");
  });

  it("GW-2 a tool loop that never ends stops after CHAT_MAX_TOOL_ROUNDS with a clear 502; loads stay recorded", async () => {
    kit.upstream.respondWith(() => ({ toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] }));
    const answer = await post(kit, hi("loop"));
    expectOpenAiError(answer, 502, "tool_rounds_exceeded");
    expect(answer.body.error!.message).toContain("2 rounds");
    expect(kit.upstream.requests).toHaveLength(3);
    const streamed = await post(kit, { ...hi("loop"), stream: true });
    expect(streamed.status).toBe(502);
    kit.upstream.respondWith(null);
    await expectLogIntact("loop");
  });

  it("GW-1 SEC-8 failed authentications at the gateway count toward the per-address limit; past it 429", async () => {
    const limited = await startGatewayKit(dialect, { authFailuresPerMinute: 3 }, { upstream: kit.upstream });
    try {
      for (let i = 0; i < 3; i++)
        expectOpenAiError(await post(limited, hi("rl"), { key: "wrong" }), 401, "invalid_api_key");
      const blocked = await post(limited, hi("rl"));
      expectOpenAiError(blocked, 429, "rate_limited");
    } finally {
      await limited.close();
    }
  });
});
