import { describe, expect, it } from "vitest";
import { parseChatRequest, parseStrictly } from "./gateway-request";

const messages = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Hi", name: "ann" },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" }, extra: 1 }],
  },
  { role: "tool", tool_call_id: "c1", content: [{ type: "text", text: "ok" }] },
  { role: "developer", content: "x" },
  { role: "user" },
];

const ACCEPTED: unknown[] = [
  { model: "a", messages },
  { model: "a".repeat(200), messages: [{ role: "user", content: "q" }], stream: true, temperature: 0.2 },
  {
    model: "agent",
    messages,
    stream: true,
    stream_options: { include_usage: true, other: 1 },
    metadata: { chat_session_id: "s1" },
    stop: ["x"],
    user: "u",
  },
  { model: "agent", messages, stream: null, stream_options: null, tools: null, metadata: null, seed: 3 },
  {
    model: "agent",
    messages,
    tools: [{ type: "function", function: { name: "t", description: "d", parameters: { type: "object" } } }],
  },
];

const REFUSED: unknown[] = [
  { model: "", messages },
  { model: "a".repeat(201), messages },
  { model: 3, messages },
  { model: "a", messages: [] },
  { model: "a", messages: "hi" },
  { model: "a", messages: [{ role: "robot", content: "x" }] },
  { model: "a", messages: [null] },
  { model: "a", messages: [[]] },
  { model: "a", messages: [{ role: "tool", tool_call_id: 7 }] },
  { model: "a", messages: [{ role: "assistant", tool_calls: {} }] },
  { model: "a", messages: [{ role: "assistant", tool_calls: [{ id: "c", type: "other", function: {} }] }] },
  {
    model: "a",
    messages: [{ role: "assistant", tool_calls: [{ id: "c", type: "function", function: { name: "f" } }] }],
  },
  { model: "a", messages, stream: "yes" },
  { model: "a", messages, stream_options: { include_usage: 1 } },
  { model: "a", messages, stream_options: [] },
  { model: "a", messages, metadata: [] },
  { model: "a", messages, metadata: "s" },
  { model: "a", messages, tools: [{ type: "function", function: { name: "" } }] },
];

const outcome = (parse: (raw: unknown) => unknown, raw: unknown) => {
  try {
    return { ok: parse(structuredClone(raw)) };
  } catch (error) {
    return { failed: (error as { body(): unknown }).body() };
  }
};

describe("GW-1 the chat request check: the common shape by hand, zod as the reference", () => {
  it("GW-1 answers every accepted body as the zod schema does", () => {
    for (const raw of ACCEPTED) {
      const fast = outcome(parseChatRequest, raw);
      expect(fast).toHaveProperty("ok");
      expect(fast).toEqual(outcome(parseStrictly, raw));
    }
  });

  it("GW-1 refuses every malformed body with the zod schema's 400", () => {
    for (const raw of REFUSED) {
      const fast = outcome(parseChatRequest, raw);
      expect(fast).toHaveProperty("failed");
      expect(fast).toEqual(outcome(parseStrictly, raw));
    }
  });

  it("GW-1 hands the turn its own list of messages (the tool loop appends to it)", () => {
    const raw = { model: "a", messages: [{ role: "user", content: "q" }] };
    const request = parseChatRequest(raw);
    request.messages.push({ role: "assistant", content: "a" });
    expect(raw.messages).toHaveLength(1);
  });
});
