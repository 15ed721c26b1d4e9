/**
 * A Response whose body was already read whole (pinnedFetch's non-stream answers): `text()`, `json()` and the other
 * readers answer from the buffer, and a stream is made only if someone asks for `body`. A WHATWG Response over a
 * buffer still reads it through a web stream, which was most of what a model answer cost the gateway per turn
 * in allocations (each young-generation collection it caused landed on some turn's latency).
 */
export class BufferedResponse extends Response {
  readonly #data: Buffer;
  /**
   * Issue 21: the headers as given (a Headers is kept, not copied): Response's constructor would fill a Headers of
   * its own from them, one append per header, on every model answer.
   */
  readonly #headers: Headers;
  #used = false;
  #stream: ReadableStream<Uint8Array> | null = null;

  constructor(data: Buffer, init: ResponseInit) {
    super(null, { status: init.status, statusText: init.statusText });
    this.#data = data;
    this.#headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
  }

  headerList(): Headers {
    return this.#headers;
  }

  /** The bytes, once: a body is read one time (a second read is the TypeError a Response throws). */
  take(): Buffer {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.#data;
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

  isUsed(): boolean {
    return this.#used;
  }

  copy(): BufferedResponse {
    if (this.isUsed()) throw new TypeError("Response.clone: Body has already been consumed.");
    return new BufferedResponse(this.#data, {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.#headers),
    });
  }
}

// The readers are Response's own members; the DOM typings declare them as properties, so they are set here.
const bytesOf = (response: BufferedResponse) => {
  const data = response.take();
  return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
};
Object.defineProperties(BufferedResponse.prototype, {
  headers: {
    get(this: BufferedResponse) {
      return this.headerList();
    },
  },
  body: {
    get(this: BufferedResponse) {
      return this.stream();
    },
  },
  bodyUsed: {
    get(this: BufferedResponse) {
      return this.isUsed();
    },
  },
  text: {
    value: async function text(this: BufferedResponse) {
      return this.take().toString("utf8");
    },
  },
  json: {
    value: async function json(this: BufferedResponse) {
      return JSON.parse(this.take().toString("utf8")) as unknown;
    },
  },
  arrayBuffer: {
    value: async function arrayBuffer(this: BufferedResponse) {
      return bytesOf(this).buffer;
    },
  },
  bytes: {
    value: async function bytes(this: BufferedResponse) {
      return bytesOf(this);
    },
  },
  blob: {
    value: async function blob(this: BufferedResponse) {
      return new Blob([bytesOf(this)], { type: this.headers.get("content-type") ?? "" });
    },
  },
  clone: {
    value: function clone(this: BufferedResponse) {
      return this.copy();
    },
  },
});
