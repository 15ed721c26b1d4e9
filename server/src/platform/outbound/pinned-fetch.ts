import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable, Transform } from "node:stream";
import { urlToHttpOptions } from "node:url";
import { checkAndResolve, pinnedLookup, type HostResolver } from "./address-policy";
import { BufferedResponse, IncomingHeaders, LeanResponse } from "./buffered-response";
import type { CancelSignal } from "./cancellation";
import { OutboundError } from "./outbound-error";

/** A WHATWG fetch (for the MCP SDK and the `openai` client), in the shape both accept. */
export type PinnedFetch = (input: string | URL | Request, init?: PinnedRequestInit) => Promise<Response>;

/**
 * A fetch init, plus `cancel`: a signal that aborts the request (the answer's body too) like `signal` does, for a
 * caller whose client would otherwise compose it with its own signal (the `openai` client does, with
 * `AbortSignal.any` and weak references, which made every young-generation collection of the gateway slower).
 * The request then fails with OutboundError("cancelled").
 */
export interface PinnedRequestInit extends RequestInit {
  cancel?: CancelSignal;
  /**
   * Called once the body has been written whole to the connection (not on a failure before that): a caller that
   * reuses the body's buffer may take it back then.
   */
  sent?: () => void;
}

const BODILESS_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch for clients that bring their own protocol (MCP, the model endpoint) and still follow SEC-13: the URL is
 * checked before each request, the connection dials only the addresses that passed (no second DNS answer can move
 * it, as in outboundFetch), a redirect is never followed (it is answered as it came), and the body streams (SSE).
 * A refused URL throws OutboundError.
 */
export function pinnedFetch(options: {
  allowList: readonly string[];
  resolve?: HostResolver;
  /**
   * Answers that are not event streams come as a LeanResponse (a Response's reading surface, no WHATWG
   * Response or Headers built), for a client that only reads them (the `openai` client); off: a BufferedResponse.
   */
  lean?: boolean;
  /**
   * The most an answer's body may hold (an event stream's too, over its whole life): past it the connection is cut
   * while reading and the read fails with OutboundError "too_large", so no answer is held whole beyond the cap.
   */
  maxBodyBytes?: number;
}): PinnedFetch {
  const max = options.maxBodyBytes ?? Infinity;
  const tooLarge = () => new OutboundError("too_large", `The answer is larger than ${max} bytes.`);
  const targets = new Map<string, Target>();
  return async (input, init) => {
    const plain = plainRequestOf(input, init);
    const request = plain ? null : new Request(input, init);
    const url = plain ? plain.url : request!.url;
    const method = plain ? plain.method : request!.method;
    const signal = init?.signal ?? undefined;
    const cancel = init?.cancel;
    const cancelled = () => new OutboundError("cancelled", "The request was cancelled.");
    if (cancel?.aborted) throw cancelled();
    const target = targets.get(url) ?? (await checkTarget(url, options, signal, targets));
    let body: Uint8Array | string | undefined;
    const headers: Record<string, string> = {};
    // No accept-encoding: node:http does not decompress, so the answer must come as it is.
    const keep = (value: string, name: string) => {
      if (name !== "accept-encoding") headers[name] = value;
    };
    if (plain) {
      body = plain.body;
      forEachHeader(plain.headers, keep);
      // What a WHATWG Request says of a text body without a type.
      if (typeof body === "string" && headers["content-type"] === undefined)
        headers["content-type"] = "text/plain;charset=UTF-8";
    } else {
      body = request!.body ? Buffer.from(await request!.arrayBuffer()) : undefined;
      request!.headers.forEach(keep);
    }
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      const onCancel = () => outgoing.destroy(cancelled());
      // `signal` aborts as node's own `signal` option does (an AbortError, the answer's body too), without the
      // end-of-stream watcher that option attaches to every request: the listener goes when it settles.
      const onAbort = () => outgoing.destroy(abortError(signal!));
      const settled = () => {
        cancel?.removeEventListener("abort", onCancel);
        signal?.removeEventListener("abort", onAbort);
      };
      const outgoing = target.client.request(
        { ...target.where, method, headers, ...(target.lookup ? { lookup: target.lookup } : {}) },
        (incoming) => {
          const status = incoming.statusCode ?? 502;
          const bodiless = BODILESS_STATUSES.has(status) || method === "HEAD";
          const eventStream = /^text\/event-stream/i.test(incoming.headers["content-type"] ?? "");
          if (!bodiless && !eventStream) {
            // Not a stream: read whole, answered from the buffer (a web stream over it costs more than the read).
            const chunks: Buffer[] = [];
            let received = 0;
            incoming.on("data", (chunk: Buffer) => {
              received += chunk.length;
              if (received <= max) chunks.push(chunk);
              else if (!incoming.destroyed) {
                incoming.destroy();
                settled();
                reject(tooLarge());
              }
            });
            incoming.on("error", reject);
            incoming.on("end", () => {
              settled();
              const data = Buffer.concat(chunks);
              const statusText = incoming.statusMessage;
              resolve(
                options.lean
                  ? (new LeanResponse(data, {
                      status,
                      statusText,
                      headers: new IncomingHeaders(incoming.headers),
                    }) as unknown as Response)
                  : new BufferedResponse(data, { status, statusText, headers: webHeaders(incoming.headers) }),
              );
            });
            return;
          }
          const answer = { status, statusText: incoming.statusMessage, headers: webHeaders(incoming.headers) };
          if (bodiless) {
            settled();
            incoming.resume();
            resolve(new Response(null, answer));
          } else {
            incoming.once("close", settled);
            resolve(
              new Response(Readable.toWeb(capped(incoming, max, tooLarge)) as ReadableStream<Uint8Array>, answer),
            );
          }
        },
      );
      outgoing.on("error", (error) => {
        settled();
        reject(error);
      });
      cancel?.addEventListener("abort", onCancel, { once: true });
      if (signal?.aborted) process.nextTick(onAbort);
      else signal?.addEventListener("abort", onAbort, { once: true });
      const sent = init?.sent;
      if (sent) outgoing.once("finish", sent);
      outgoing.end(body);
    });
  };
}

/** What node's `http.request` fails with when its `signal` aborts (what fetch clients test for: `name` AbortError). */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("The operation was aborted", { cause: signal.reason as unknown }), {
    name: "AbortError",
    code: "ABORT_ERR",
  });
}

/** Where a checked URL is dialled: node's request options for it and the lookup that pins the checked addresses. */
interface Target {
  client: typeof http | typeof https;
  where: http.RequestOptions;
  lookup: LookupFunction | undefined;
}

/** An event stream cut once it has carried more than `max` bytes: the connection closes, the reader gets the error. */
function capped(incoming: http.IncomingMessage, max: number, tooLarge: () => Error): Readable {
  if (max === Infinity) return incoming;
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen <= max) return done(null, chunk);
      incoming.destroy();
      done(tooLarge());
    },
  });
  incoming.on("error", (error) => counted.destroy(error));
  return incoming.pipe(counted);
}

const MAX_KEPT_TARGETS = 256;

/**
 * SEC-13 on a URL, as node's request options. A verdict that is a pure function of the URL and the allow
 * list (an IP-literal host, or a host name the list names) is kept per URL, so a model endpoint's URL is not parsed
 * and judged again on every request; a host name that needs resolving is resolved and judged on every request, and
 * the connection dials only the addresses that passed either way.
 */
async function checkTarget(
  url: string,
  options: { allowList: readonly string[]; resolve?: HostResolver },
  signal: AbortSignal | undefined,
  kept: Map<string, Target>,
): Promise<Target> {
  const checked = await checkAndResolve(url, options.allowList, { resolve: options.resolve, signal });
  const target: Target = {
    client: checked.url.protocol === "https:" ? https : http,
    // What node's http.request makes of a URL argument (its `urlToHttpOptions`), once.
    where: urlToHttpOptions(checked.url),
    lookup: checked.addresses ? pinnedLookup(checked.addresses) : undefined,
  };
  if (!checked.named) {
    if (kept.size >= MAX_KEPT_TARGETS) kept.clear();
    kept.set(url, target);
  }
  return target;
}

function webHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, one);
  }
  return headers;
}

/**
 * A request given as a URL and a text or byte body (what the `openai` client and the MCP SDK send) is sent as it is:
 * a WHATWG Request would copy the body through a stream twice. Anything else (a Request, a stream body) is null.
 */
function plainRequestOf(
  input: string | URL | Request,
  init: RequestInit | undefined,
): { url: string; method: string; headers: Headers | HeaderPairs; body: string | Uint8Array | undefined } | null {
  if (typeof input !== "string" && !(input instanceof URL)) return null;
  const body = init?.body ?? undefined;
  if (body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array)) return null;
  const given = init?.headers;
  const headers = given instanceof Headers ? given : (headerPairsOf(given) ?? new Headers(given));
  return { url: String(input), method: (init?.method ?? "GET").toUpperCase(), headers, body };
}

const HTTP_SPACE = new Set([9, 10, 13, 32]);
const edgeSpace = (value: string) =>
  value.length > 0 && (HTTP_SPACE.has(value.charCodeAt(0)) || HTTP_SPACE.has(value.charCodeAt(value.length - 1)));

/** Headers given as `[name, value]` pairs of strings (a HeadersInit), read without building a Headers. */
type HeaderPairs = ReadonlyArray<readonly [string, string]>;

function headerPairsOf(init: RequestInit["headers"]): HeaderPairs | null {
  if (!Array.isArray(init)) return null;
  for (const pair of init as unknown[])
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string" || typeof pair[1] !== "string")
      return null;
  return init as unknown as HeaderPairs;
}

/**
 * Each header as a Headers' forEach gives it: the name lower-cased, the value without leading or trailing HTTP
 * whitespace, a repeated name's values joined by ", ".
 */
function forEachHeader(headers: Headers | HeaderPairs, each: (value: string, name: string) => void): void {
  if (headers instanceof Headers) return headers.forEach(each);
  const joined = new Map<string, string>();
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    const trimmed = edgeSpace(value) ? value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "") : value;
    const earlier = joined.get(lower);
    joined.set(lower, earlier === undefined ? trimmed : `${earlier}, ${trimmed}`);
  }
  joined.forEach(each);
}
