import OpenAI from "openai";

type RequestOptions = Parameters<OpenAI["buildRequest"]>[0];
type BuiltRequest = Awaited<ReturnType<OpenAI["buildRequest"]>>;

/** What the client would add to a plain request on this path: its URL, timeout and headers (the caller's apart). */
interface Template {
  url: string;
  timeout: number;
  /** `[name, value]` in the client's order, the caller's own header names left out. */
  headers: Array<[string, string]>;
}

/**
 * A request the ModelClient sends (`encoded(...)`): a POST of ready bytes, with string headers of its own, no query,
 * timeout, signal, idempotency key or helper, on the first attempt. Anything else is built by the client itself.
 */
function plainKey(options: RequestOptions, retryCount: number): string | null {
  if (retryCount !== 0 || options.method !== "post" || !(options.body instanceof Uint8Array)) return null;
  if (options.query != null || "timeout" in options || options.signal != null || options.idempotencyKey) return null;
  const metadata = options.__metadata;
  if (metadata && Object.keys(metadata).some((key) => key !== "streamFromBody")) return null;
  const security = options.__security;
  if (security && (security.bearerAuth !== true || Object.keys(security).length !== 1)) return null;
  const headers = options.headers;
  if (headers != null) {
    if (typeof headers !== "object" || Array.isArray(headers) || headers instanceof Headers) return null;
    for (const value of Object.values(headers)) if (typeof value !== "string") return null;
  }
  // The request's own header names are part of the key: the kept headers leave exactly those out.
  return `${options.defaultBaseURL ?? ""}\n${options.path}\n${headers == null ? "" : Object.keys(headers).join(",")}`;
}

/**
 * The official client, building a plain request's URL and headers once per path instead of per request.
 * The client's `buildRequest` is documented as replaceable; for the ModelClient's own requests (see `plainKey`) its
 * result is a pure function of the client's fixed options and the request's own headers, so the first one is built by
 * the client and kept, and later ones reuse its URL, timeout and headers, with the request's headers set over them as
 * the client would. The body, the method and the fetch options are the request's own, as the client passes them.
 * A client configured with a provider, workload identity or callback credentials must not use this class.
 */
export class EndpointClient extends OpenAI {
  readonly #templates = new Map<string, Template>();

  override async buildRequest(
    inputOptions: RequestOptions,
    { retryCount = 0 }: { retryCount?: number } = {},
  ): Promise<BuiltRequest> {
    const key = plainKey(inputOptions, retryCount);
    const template = key === null ? undefined : this.#templates.get(key);
    if (key === null || !template) {
      const built = await super.buildRequest(inputOptions, { retryCount });
      if (key !== null) this.#templates.set(key, templateOf(built, inputOptions));
      return built;
    }
    // The kept headers leave the request's own names out: one list, no name twice.
    const own = (inputOptions.headers ?? {}) as Record<string, string>;
    const pairs = template.headers.slice();
    for (const name in own) pairs.push([name.toLowerCase(), own[name]!]);
    return {
      req: {
        method: inputOptions.method,
        // The pairs as the fetch's HeadersInit (a Headers built per request showed in the gateway's profile): the
        // client reads no header of a plain request (no provider, workload identity or X.509; logging off).
        headers: pairs as unknown as Headers,
        body: inputOptions.body as Uint8Array,
        ...(this.fetchOptions ?? {}),
        ...(inputOptions.fetchOptions ?? {}),
      },
      url: template.url,
      timeout: template.timeout,
    };
  }
}

// The client names itself in its User-Agent by its class's name: the upstream sees the official client's.
Object.defineProperty(EndpointClient, "name", { value: OpenAI.name });

function templateOf(built: BuiltRequest, options: RequestOptions): Template {
  const own = new Set(Object.keys((options.headers ?? {}) as Record<string, string>).map((name) => name.toLowerCase()));
  const headers: Array<[string, string]> = [];
  built.req.headers.forEach((value, name) => {
    if (!own.has(name)) headers.push([name, value]);
  });
  return { url: built.url, timeout: built.timeout, headers };
}
