import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { until } from "../../../test/support/wait";
import { UpstreamError } from "../../platform/errors";
import { ModelClient, type ChatCompletionChunk } from ".";

const LOCAL = ["127.0.0.1"];

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("model client against a scripted OpenAI-compatible endpoint", () => {
  let model: ScriptedModel;
  let client: ModelClient;
  beforeAll(async () => {
    model = await startScriptedModel();
  });
  afterAll(() => model.close());
  beforeEach(() => {
    model.reset();
    client = new ModelClient({ defaultEndpoint: model.endpoint("default-model"), timeoutMs: 500, allowList: LOCAL });
  });

  it("answers a non-streaming completion with the endpoint's model, key and the request's tools", async () => {
    model.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "explain_bill" } }] });
    const completion = await client.complete(model.endpoint("agent-model", "sk-test"), {
      messages: [{ role: "user", content: "hi" }],
      tools: [{ type: "function", function: { name: "load_skill", parameters: { type: "object" } } }],
    });
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: "function",
      function: { name: "load_skill", arguments: '{"name":"explain_bill"}' },
    });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body).toMatchObject({ model: "agent-model", stream: false });
    expect(model.requests[0]?.body.tools?.[0]?.function.name).toBe("load_skill");
    expect(model.requests[0]?.headers.authorization).toBe("Bearer sk-test");
  });

  it("uses the default endpoint when none is given, and sends no Authorization without a key", async () => {
    model.reply({ text: "hello" });
    const completion = await client.complete(null, { messages: [{ role: "user", content: "hi" }] });
    expect(completion.choices[0]?.message.content).toBe("hello");
    expect(model.requests[0]?.body.model).toBe("default-model");
    expect(model.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("streams chunks that end at [DONE], text and tool calls", async () => {
    model.reply({ text: "one two three" }, { toolCalls: [{ name: "get_invoices", arguments: { month: "may" } }] });
    const text = await collect(client.stream(null, { messages: [{ role: "user", content: "hi" }] }));
    expect(text.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("one two three");
    expect(text.at(-1)?.choices[0]?.finish_reason).toBe("stop");
    const tools = await collect(client.stream(null, { messages: [{ role: "user", content: "hi" }] }));
    const args = tools.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []).map((t) => t.function?.arguments ?? "");
    expect(JSON.parse(args.join(""))).toEqual({ month: "may" });
    expect(model.requests.every((r) => r.stream)).toBe(true);
  });

  it("a failing status is an UpstreamError with that status, tried once", async () => {
    model.reply({ fail: 500, message: "boom" });
    const error = await upstreamFailure(client.complete(null, { messages: [{ role: "user", content: "hi" }] }));
    expect(error.status).toBe(500);
    expect(error.details).toEqual({ status: 500, cause: "endpoint" });
    expect(error.message).toContain("HTTP 500");
    expect(model.requests).toHaveLength(1);
  });

  it("an endpoint that hangs is a timeout UpstreamError within MODEL_TIMEOUT_MS, streaming or not", async () => {
    model.reply({ hang: true }, { hang: true });
    const started = Date.now();
    const error = await upstreamFailure(client.complete(null, { messages: [{ role: "user", content: "hi" }] }));
    expect(error.timeout).toBe(true);
    expect(error.status).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
    const streamError = await upstreamFailure(
      collect(client.stream(null, { messages: [{ role: "user", content: "hi" }] })),
    );
    expect(streamError.timeout).toBe(true);
  });

  it("a caller that gives up cancels the request at the endpoint: cancelled, not a timeout, streaming or not", async () => {
    const patient = new ModelClient({ defaultEndpoint: model.endpoint(), timeoutMs: 5_000, allowList: LOCAL });
    model.reply({ hang: true }, { hang: true });
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (const call of [
      (signal: AbortSignal) => patient.complete(null, request, { signal }),
      (signal: AbortSignal) => collect(patient.stream(null, request, { signal })),
    ]) {
      const controller = new AbortController();
      const started = Date.now();
      const failure = upstreamFailure(call(controller.signal));
      await until(() => model.requests.length > 0 && !model.requests.at(-1)!.cancelled, 3_000);
      controller.abort();
      const error = await failure;
      expect(error.message).toContain("cancelled");
      expect(error.timeout).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
      await until(() => model.requests.at(-1)!.cancelled, 3_000);
    }
    expect(model.requests).toHaveLength(2);
  });

  it("garbage is an UpstreamError, streaming or not", async () => {
    model.reply(
      { garbage: "<html>not json" },
      { garbage: "this is plain text", contentType: "text/plain" },
      { garbage: "data: {not json\n\n" },
      { garbage: "nothing like SSE" },
    );
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    await upstreamFailure(client.complete(null, request));
    await upstreamFailure(client.complete(null, request));
    await upstreamFailure(collect(client.stream(null, request)));
    await upstreamFailure(collect(client.stream(null, request)));
  });

  it("a non-stream answer reads as the official client's parse reads it (JSON media types, empty bodies, text, broken JSON)", async () => {
    const completion = JSON.stringify({
      id: "c",
      object: "chat.completion",
      choices: [{ message: { content: "ok" } }],
    });
    model.reply(
      { garbage: completion, contentType: "application/json; charset=utf-8" },
      { garbage: completion, contentType: "application/vnd.api+json" },
      { garbage: '{"x":1}', contentType: "application/problem+json" },
      { garbage: "", contentType: "application/json" },
      { garbage: completion, contentType: "text/plain" },
      { garbage: "<html>not json", contentType: "application/json" },
    );
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (let i = 0; i < 2; i++) expect((await client.complete(null, request)).choices[0]?.message.content).toBe("ok");
    const refused = async () => (await upstreamFailure(client.complete(null, request))).message;
    expect(await refused()).toMatch(/answered something that is not a chat completion: '\{"x":1\}'$/);
    expect(await refused()).toMatch(/answered something that is not a chat completion: 'undefined'$/);
    // Not a JSON media type: the client's parse answers the text, which is not a completion.
    expect(await refused()).toMatch(/answered something that is not a chat completion: '\{"id":"c"/);
    expect(await refused()).toMatch(
      /answered something unusable: 'Unexpected token '<', "<html>not json" is not valid JSON'$/,
    );
  });

  it("SEC-13 a model endpoint on loopback is refused unless allow-listed, before any request", async () => {
    const guarded = new ModelClient({ defaultEndpoint: model.endpoint(), timeoutMs: 500, allowList: [] });
    const error = await upstreamFailure(guarded.complete(null, { messages: [{ role: "user", content: "hi" }] }));
    expect(error.message).toContain("OUTBOUND_ALLOW_HOSTS");
    expect(model.requests).toHaveLength(0);
  });

  it("SEC-13 the connection goes to the address that passed the check (no second name resolution), streaming too", async () => {
    let resolutions = 0;
    const pinned = new ModelClient({
      defaultEndpoint: null,
      timeoutMs: 2000,
      allowList: LOCAL,
      resolve: async () => {
        resolutions += 1;
        return ["127.0.0.1"];
      },
    });
    // The system resolver does not know this name: only a connection pinned to the checked address reaches the model.
    const endpoint = {
      ...model.endpoint("pinned"),
      baseUrl: model.endpoint().baseUrl.replace("127.0.0.1", "model.invalid"),
    };
    model.reply({ text: "pinned" });
    const completion = await pinned.complete(endpoint, { messages: [{ role: "user", content: "hi" }] });
    expect(completion.choices[0]?.message.content).toBe("pinned");
    model.reply({ text: "streamed" });
    const chunks = await collect(pinned.stream(endpoint, { messages: [{ role: "user", content: "hi" }] }));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("streamed");
    expect(resolutions).toBe(2);
  });

  it("no endpoint at all is an UpstreamError naming MODEL_BASE_URL", async () => {
    const bare = new ModelClient({ defaultEndpoint: null, timeoutMs: 500, allowList: LOCAL });
    const error = await upstreamFailure(bare.complete(null, { messages: [{ role: "user", content: "hi" }] }));
    expect(error.message).toContain("MODEL_BASE_URL");
  });
});
