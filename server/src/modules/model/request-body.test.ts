import { describe, expect, it } from "vitest";
import { BodyPool, encodePooledRequestBody, encodeRequestBody } from "./request-body";

describe("request body encoding (long texts encoded once)", () => {
  const long = `Line with "quotes", a tab\t, a newline\n and unicode é ✓ 𝄞. `.repeat(40);
  const body = {
    model: "m",
    stream: false,
    temperature: 0.2,
    tools: [{ type: "function", function: { name: "load_skill", parameters: { type: "object" } } }],
    messages: [
      { role: "system", content: long },
      { role: "user", content: "short" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "x", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c1", content: long },
      { role: "user", content: [{ type: "text", text: long }] },
      { content: long },
    ],
  };

  it("is the JSON the body serialises to, twice in a row (the second from the kept encodings)", () => {
    for (let i = 0; i < 2; i++)
      expect(JSON.parse(encodeRequestBody(body).toString("utf8"))).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it("is byte for byte JSON.stringify's UTF-8 when messages come first (surrogate pairs and escapes included)", () => {
    // Long texts' messages are written content first; written so here, JSON.stringify gives the same bytes.
    const contentFirst = body.messages.map(({ content, ...rest }) => ({ content, ...rest }));
    const ordered = { messages: contentFirst, model: "m", stream: false };
    for (let i = 0; i < 2; i++)
      expect(encodeRequestBody(ordered).equals(Buffer.from(JSON.stringify(ordered), "utf8"))).toBe(true);
  });

  it("a frozen message (a replayed call) is written as JSON.stringify writes it, the same on every request", () => {
    const frozen = Object.freeze({ role: "tool", tool_call_id: "call_replay_0", content: long });
    const withFrozen = { messages: [frozen, { role: "user", content: "next" }], model: "m" };
    for (let i = 0; i < 2; i++)
      expect(JSON.parse(encodeRequestBody(withFrozen).toString("utf8"))).toEqual(
        JSON.parse(JSON.stringify(withFrozen)),
      );
  });

  it("frozen tool definitions (the gateway's, kept per agent) are written as JSON.stringify writes them, every time", () => {
    const definition = Object.freeze({
      type: "function",
      function: Object.freeze({ name: "load_skill", parameters: Object.freeze({ type: "object" }) }),
    });
    const client = { type: "function", function: { name: "theirs" } };
    const withTools = { messages: [{ role: "user", content: "hi" }], tools: [definition, client], model: "m" };
    for (let i = 0; i < 2; i++)
      expect(JSON.parse(encodeRequestBody(withTools).toString("utf8"))).toEqual(JSON.parse(JSON.stringify(withTools)));
    expect(withTools.tools).toHaveLength(2); // the caller's body is left as it was
  });

  it("drops undefined fields as JSON.stringify does, and keeps a body without other fields valid", () => {
    const sparse = { messages: [{ role: "user", content: long, name: undefined }] };
    expect(JSON.parse(encodeRequestBody(sparse).toString("utf8"))).toEqual({
      messages: [{ role: "user", content: long }],
    });
    expect(JSON.parse(encodeRequestBody({ messages: [] }).toString("utf8"))).toEqual({ messages: [] });
  });

  it("a pooled body holds the same bytes; its buffer is handed out again only after its release", () => {
    const big = { ...body, messages: [...body.messages, { role: "user", content: "x".repeat(40_000) }] };
    const pooled = encodePooledRequestBody(big);
    expect(pooled.bytes.equals(encodeRequestBody(big))).toBe(true);
    pooled.release();
    const pool = new BodyPool();
    const first = pool.take(20_000)!;
    const second = pool.take(20_000)!;
    expect(second.buffer.buffer).not.toBe(first.buffer.buffer);
    first.release();
    first.release();
    const third = pool.take(30_000)!;
    expect(third.buffer.buffer).toBe(first.buffer.buffer);
    expect(pool.take(40_000)!.buffer.buffer).not.toBe(first.buffer.buffer);
    expect(pool.take(100)).toBeNull();
  });
});
