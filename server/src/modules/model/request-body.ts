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

/**
 * A body's pieces in order: short texts, new each time, joined into one buffer per run between two kept encodings
 * (a buffer per piece, and a copy per buffer, cost more than the pieces).
 */
class BodyParts {
  readonly parts: Buffer[] = [];
  private texts: string[] = [];

  text(piece: string): void {
    this.texts.push(piece);
  }

  bytes(piece: Buffer): void {
    this.flush();
    this.parts.push(piece);
  }

  finish(): Buffer {
    this.flush();
    return Buffer.concat(this.parts);
  }

  private flush(): void {
    if (this.texts.length === 0) return;
    this.parts.push(Buffer.from(this.texts.join("")));
    this.texts = [];
  }
}

/** `,<rest>}` for an object's JSON `rest` (or `}` when it is empty), to follow a first field. */
const restOf = (restJson: string) => (restJson === "{}" ? "}" : `,${restJson.slice(1)}`);

/**
 * Encodings of frozen messages and tool definitions (the gateway's replayed calls and its own tools, frozen with what
 * they hold): their bytes never change.
 */
const frozenMessages = new WeakMap<object, Buffer>();

function encodeMessage(out: BodyParts, message: unknown): void {
  if (typeof message === "object" && message !== null && Object.isFrozen(message)) {
    let bytes = frozenMessages.get(message);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(message));
      frozenMessages.set(message, bytes);
    }
    out.bytes(bytes);
    return;
  }
  const content = typeof message === "object" && message !== null ? (message as { content?: unknown }).content : null;
  if (typeof content !== "string" || content.length < ENCODE_ONCE_MIN_CHARS || Array.isArray(message)) {
    out.text(JSON.stringify(message) ?? "null");
    return;
  }
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(message as Record<string, unknown>))
    if (name !== "content") rest[name] = value;
  out.text('{"content":');
  out.bytes(encodedText(content));
  out.text(restOf(JSON.stringify(rest)));
}

function encodeList(out: BodyParts, items: readonly unknown[]): void {
  items.forEach((item, index) => {
    if (index > 0) out.text(",");
    encodeMessage(out, item);
  });
  out.text("]");
}

/**
 * The UTF-8 bytes of JSON.stringify(body), field order aside: `messages` comes first, then `tools` (a frozen tool
 * definition — the gateway's own, kept per agent — is written from its kept encoding, as a frozen message is).
 */
export function encodeRequestBody(body: { messages: readonly unknown[] } & Record<string, unknown>): Buffer {
  const { messages, ...rest } = body;
  const out = new BodyParts();
  out.text('{"messages":[');
  encodeList(out, messages);
  const tools = rest.tools;
  if (Array.isArray(tools)) {
    delete rest.tools;
    out.text(',"tools":[');
    encodeList(out, tools);
  }
  out.text(restOf(JSON.stringify(rest)));
  return out.finish();
}
