import { LruCache } from "../../platform/cache/lru-cache";

/**
 * A chat completions request body as JSON, with long message texts encoded once and reused.
 *
 * The same texts travel in request after request: a conversation's earlier messages, and the skill content the
 * gateway replays into every turn (GW-5: ~60 KiB for 20 invocations). Encoding them again each time was the largest
 * single cost of a gateway turn; the encoded form of a text never changes, so it is kept by the text itself.
 */
const ENCODE_ONCE_MIN_CHARS = 1024;
/** Longer texts are encoded every time (the cache holds each text twice: as key and encoded). */
const ENCODE_ONCE_MAX_CHARS = 64 * 1024;
const encodedTexts = new LruCache<string, string>(1024);

function encodedText(text: string): string {
  if (text.length < ENCODE_ONCE_MIN_CHARS || text.length > ENCODE_ONCE_MAX_CHARS) return JSON.stringify(text);
  let encoded = encodedTexts.get(text);
  if (encoded === undefined) {
    encoded = JSON.stringify(text);
    encodedTexts.set(text, encoded);
  }
  return encoded;
}

/** `{"first":<value>, ...rest}`: `rest` is an object's JSON. */
function withFirstField(name: string, valueJson: string, restJson: string): string {
  return restJson === "{}" ? `{"${name}":${valueJson}}` : `{"${name}":${valueJson},${restJson.slice(1)}`;
}

function encodedMessage(message: unknown): string {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return JSON.stringify(message);
  const { content, ...rest } = message as { content?: unknown };
  if (typeof content !== "string" || content.length < ENCODE_ONCE_MIN_CHARS) return JSON.stringify(message);
  return withFirstField("content", encodedText(content), JSON.stringify(rest));
}

/** JSON.stringify(body), field order aside: `messages` comes first. */
export function encodeRequestBody(body: { messages: readonly unknown[] } & Record<string, unknown>): string {
  const { messages, ...rest } = body;
  return withFirstField("messages", `[${messages.map(encodedMessage).join(",")}]`, JSON.stringify(rest));
}
