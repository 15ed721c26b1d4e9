/** The bytes of an answer read whole: read once (a second read is the TypeError a Response throws). */
export class BufferedBody {
  #used = false;
  #stream: ReadableStream<Uint8Array> | null = null;

  constructor(readonly data: Buffer) {}

  take(): Buffer {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.data;
  }

  /** `body`: made when asked for; reading it uses the body up, as reading any Response's does. */
  stream(): ReadableStream<Uint8Array> {
    this.#stream ??= new ReadableStream<Uint8Array>(
      {
        pull: (controller) => {
          const data = this.take();
          if (data.byteLength > 0) controller.enqueue(new Uint8Array(data));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    return this.#stream;
  }

  get used(): boolean {
    return this.#used;
  }
}

/**
 * A Response whose body was already read whole (pinnedFetch's non-stream answers): `text()`, `json()` and the other
 * readers answer from the buffer, and a stream is made only if someone asks for `body`. A WHATWG Response over a
 * buffer still reads it through a web stream, which was most of what a model answer cost the gateway per turn
 * in allocations (each young-generation collection it caused landed on some turn's latency).
 */
export class BufferedResponse extends Response {
  readonly #body: BufferedBody;
  /**
   * The headers as given (a Headers is kept, not copied): Response's constructor would fill a Headers of
   * its own from them, one append per header, on every model answer.
   */
  readonly #headers: Headers;

  constructor(data: Buffer, init: ResponseInit) {
    super(null, { status: init.status, statusText: init.statusText });
    this.#body = new BufferedBody(data);
    this.#headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
  }

  headerList(): Headers {
    return this.#headers;
  }

  /** The bytes, read once (what the readers below read). */
  bufferedBody(): BufferedBody {
    return this.#body;
  }

  copy(): BufferedResponse {
    if (this.#body.used) throw new TypeError("Response.clone: Body has already been consumed.");
    return new BufferedResponse(this.#body.data, {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.#headers),
    });
  }
}

/**
 * node:http's parsed response headers (names lower-case; repeated ones joined with ", " as node joins them), read
 * as a Headers is, without copying them into one (undici checks and appends each header, on every answer).
 */
export class IncomingHeaders {
  readonly #raw: Readonly<Record<string, string | string[] | undefined>>;

  constructor(raw: Readonly<Record<string, string | string[] | undefined>>) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }

  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }

  getSetCookie(): string[] {
    const value = this.#raw["set-cookie"];
    return value === undefined ? [] : Array.isArray(value) ? [...value] : [value];
  }

  /** In name order, as a Headers iterates. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.#raw).sort()) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: IncomingHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * A buffered answer with a Response's reading surface (status, ok, headers, the body readers, clone) but
 * no WHATWG Response underneath, for a client that only reads it (the `openai` client): building a Response and
 * its Headers was a measurable part of every model answer. It is not `instanceof Response`; callers that check
 * (the MCP SDK's auth) get BufferedResponse.
 */
export class LeanResponse {
  readonly #body: BufferedBody;
  readonly #headers: IncomingHeaders;
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly url = "";
  readonly redirected = false;
  readonly type = "default";
  // Set on the prototype below, as BufferedResponse's are.
  declare readonly headers: IncomingHeaders;
  declare readonly body: ReadableStream<Uint8Array>;
  declare readonly bodyUsed: boolean;
  declare readonly text: () => Promise<string>;
  declare readonly json: () => Promise<unknown>;
  declare readonly arrayBuffer: () => Promise<ArrayBuffer>;
  declare readonly bytes: () => Promise<Uint8Array>;
  declare readonly blob: () => Promise<Blob>;
  declare readonly clone: () => LeanResponse;

  constructor(data: Buffer, init: { status: number; statusText?: string; headers: IncomingHeaders }) {
    this.#body = new BufferedBody(data);
    this.#headers = init.headers;
    this.status = init.status;
    this.statusText = init.statusText ?? "";
    this.ok = init.status >= 200 && init.status <= 299;
  }

  headerList(): IncomingHeaders {
    return this.#headers;
  }

  /** The bytes, read once (what the readers below read). */
  bufferedBody(): BufferedBody {
    return this.#body;
  }

  copy(): LeanResponse {
    if (this.#body.used) throw new TypeError("Response.clone: Body has already been consumed.");
    return new LeanResponse(this.#body.data, {
      status: this.status,
      statusText: this.statusText,
      headers: this.#headers,
    });
  }
}

/** What the body readers below need of a buffered answer. */
interface Buffered {
  bufferedBody(): BufferedBody;
  headerList(): { get(name: string): string | null };
  copy(): unknown;
}

const bytesOf = (response: Buffered) => {
  const data = response.bufferedBody().take();
  return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
};

/** A Response's body readers and `headers`, `body`, `bodyUsed`, `clone`, answered from the buffer. */
const readers: PropertyDescriptorMap = {
  headers: {
    get(this: Buffered) {
      return this.headerList();
    },
  },
  body: {
    get(this: Buffered) {
      return this.bufferedBody().stream();
    },
  },
  bodyUsed: {
    get(this: Buffered) {
      return this.bufferedBody().used;
    },
  },
  text: {
    value: async function text(this: Buffered) {
      return this.bufferedBody().take().toString("utf8");
    },
  },
  json: {
    value: async function json(this: Buffered) {
      return JSON.parse(this.bufferedBody().take().toString("utf8")) as unknown;
    },
  },
  arrayBuffer: {
    value: async function arrayBuffer(this: Buffered) {
      return bytesOf(this).buffer;
    },
  },
  bytes: {
    value: async function bytes(this: Buffered) {
      return bytesOf(this);
    },
  },
  blob: {
    value: async function blob(this: Buffered) {
      return new Blob([bytesOf(this)], { type: this.headerList().get("content-type") ?? "" });
    },
  },
  clone: {
    value: function clone(this: Buffered) {
      return this.copy();
    },
  },
};
// The readers are Response's own members; the DOM typings declare them as properties, so they are set here.
Object.defineProperties(BufferedResponse.prototype, readers);
Object.defineProperties(LeanResponse.prototype, readers);
