import { LruCache } from "../../platform/cache/lru-cache";

/**
 * A chat completions request body as UTF-8 JSON bytes, with long message texts encoded once and reused.
 *
 * The same texts travel in request after request: a conversation's earlier messages, and the skill content the
 * gateway replays into every turn (GW-5: ~60 KiB for 20 invocations). Their encoded bytes never change, so they are
 * kept by the text itself, and a body is those bytes copied together into one buffer. Bytes live outside the
 * JavaScript heap: a body built as a string was ~180 KB of strings per turn, alive across the upstream's answer,
 * copied and promoted by every young-generation collection that happened meanwhile (the gateway's p99).
 */
const ENCODE_ONCE_MIN_CHARS = 1024;
/** Longer texts are encoded every time (the cache holds each text as its key and its bytes). */
const ENCODE_ONCE_MAX_CHARS = 64 * 1024;
const encodedTexts = new LruCache<string, Buffer>(1024);

function encodedText(text: string): Buffer {
  if (text.length > ENCODE_ONCE_MAX_CHARS) return Buffer.from(JSON.stringify(text));
  let encoded = encodedTexts.get(text);
  if (encoded === undefined) {
    encoded = Buffer.from(JSON.stringify(text));
    encodedTexts.set(text, encoded);
  }
  return encoded;
}

/** `{"first":<value>, ...rest}` as parts: `rest` is an object's JSON. */
function withFirstField(parts: Buffer[], name: string, value: Buffer | string, restJson: string): void {
  parts.push(Buffer.from(`{"${name}":`));
  parts.push(typeof value === "string" ? Buffer.from(value) : value);
  parts.push(Buffer.from(restJson === "{}" ? "}" : `,${restJson.slice(1)}`));
}

function encodeMessage(parts: Buffer[], message: unknown): void {
  if (typeof message === "object" && message !== null && !Array.isArray(message)) {
    const { content, ...rest } = message as { content?: unknown };
    if (typeof content === "string" && content.length >= ENCODE_ONCE_MIN_CHARS)
      return withFirstField(parts, "content", encodedText(content), JSON.stringify(rest));
  }
  parts.push(Buffer.from(JSON.stringify(message) ?? "null"));
}

const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

/** The UTF-8 bytes of JSON.stringify(body), field order aside: `messages` comes first. */
export function encodeRequestBody(body: { messages: readonly unknown[] } & Record<string, unknown>): Buffer {
  const { messages, ...rest } = body;
  const parts: Buffer[] = [];
  const restJson = JSON.stringify(rest);
  parts.push(Buffer.from('{"messages":['));
  messages.forEach((message, index) => {
    if (index > 0) parts.push(COMMA);
    encodeMessage(parts, message);
  });
  parts.push(CLOSE);
  parts.push(Buffer.from(restJson === "{}" ? "}" : `,${restJson.slice(1)}`));
  return Buffer.concat(parts);
}
