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
 * A body's pieces in order: texts (short, new each time) and kept encodings, written into one buffer at the end
 * (a buffer per piece, and a copy per buffer, cost more than the pieces).
 */
class BodyParts {
  readonly parts: Array<string | Buffer> = [];
  private texts: string[] = [];

  text(piece: string): void {
    this.texts.push(piece);
  }

  bytes(piece: Buffer): void {
    this.flush();
    this.parts.push(piece);
  }

  finish(pool: BodyPool | null): PooledBody {
    this.flush();
    const lengths = this.parts.map((part) => (typeof part === "string" ? Buffer.byteLength(part) : part.byteLength));
    const size = lengths.reduce((sum, length) => sum + length, 0);
    const { buffer, release } = pool?.take(size) ?? { buffer: Buffer.allocUnsafe(size), release: () => {} };
    let offset = 0;
    this.parts.forEach((part, i) => {
      if (typeof part === "string") buffer.write(part, offset, "utf8");
      else part.copy(buffer, offset);
      offset += lengths[i]!;
    });
    return { bytes: buffer.subarray(0, size), release };
  }

  private flush(): void {
    if (this.texts.length === 0) return;
    this.parts.push(this.texts.join(""));
    this.texts = [];
  }
}

/** A body's bytes, and what hands their memory back for the next body once they have been sent. */
export interface PooledBody {
  bytes: Buffer;
  /** Call once nothing reads `bytes` any more (the request was written whole); a second call does nothing. */
  release(): void;
}

/**
 * Buffers for request bodies, reused once a body was sent. A new ~74 KiB buffer per gateway turn was
 * external memory to V8, and its growth started a full mark-compact of the heap every few hundred turns ("external
 * memory pressure", tens of milliseconds each, on some turn's latency). A body that is never released (a request
 * that failed before it was written) is simply collected; only released buffers are handed out again.
 */
export class BodyPool {
  /** Free buffers by size class (powers of two from MIN_POOLED). */
  private readonly free = new Map<number, Buffer[]>();
  static readonly MIN_POOLED = 16 * 1024;
  static readonly MAX_POOLED = 4 * 1024 * 1024;

  constructor(private readonly keepPerSize = 8) {}

  take(size: number): { buffer: Buffer; release: () => void } | null {
    if (size < BodyPool.MIN_POOLED || size > BodyPool.MAX_POOLED) return null;
    let capacity = BodyPool.MIN_POOLED;
    while (capacity < size) capacity *= 2;
    const buffer = this.free.get(capacity)?.pop() ?? Buffer.allocUnsafeSlow(capacity);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const list = this.free.get(capacity) ?? [];
      if (list.length < this.keepPerSize) list.push(buffer);
      this.free.set(capacity, list);
    };
    return { buffer, release };
  }
}

const bodies = new BodyPool();

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
  return encodeBody(body, null).bytes;
}

/** encodeRequestBody's bytes in a reused buffer: `release()` once they were sent. */
export function encodePooledRequestBody(body: { messages: readonly unknown[] } & Record<string, unknown>): PooledBody {
  return encodeBody(body, bodies);
}

function encodeBody(
  body: { messages: readonly unknown[] } & Record<string, unknown>,
  pool: BodyPool | null,
): PooledBody {
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
  return out.finish(pool);
}
