import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { BufferedResponse } from "./buffered-response";

/**
 * Outbound HTTP that cannot be pointed at the inside of the network (SEC-13): only http(s), and no host that
 * resolves to a loopback, link-local, private or otherwise non-public address unless the allow-list names the
 * host or the address. Redirects are followed by hand, each target checked again.
 *
 * The connection goes to the address that was checked (outboundFetch pins it with its own `lookup`): a DNS server
 * answering differently between the check and the connection (DNS rebinding) gains nothing.
 */

export type OutboundFailure = "refused" | "timeout" | "network" | "cancelled";

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

/** Every address a host name resolves to. */
export type HostResolver = (host: string) => Promise<string[]>;

const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Not reachable from the public internet: refused unless allow-listed. IPv4-mapped IPv6 matches the IPv4 rules. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // RFC 1918
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback ::1 and IPv4-compatible addresses
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

interface AllowList {
  hosts: Set<string>;
  addresses: BlockList;
}

function normaliseHost(host: string): string {
  return host
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** Parsed lists by the configured array (the same one on every request): parsed once, not per request. */
const parsedAllowLists = new WeakMap<readonly string[], AllowList>();

/** Entries are host names, IP addresses or CIDR ranges (IPv4 or IPv6); an entry that is none of these never matches an address. */
function parseAllowList(entries: readonly string[]): AllowList {
  let parsed = parsedAllowLists.get(entries);
  if (!parsed) {
    parsed = parseAllowListEntries(entries);
    parsedAllowLists.set(entries, parsed);
  }
  return parsed;
}

function parseAllowListEntries(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const raw of entries) {
    const entry = normaliseHost(raw.trim());
    if (!entry) continue;
    const [network = "", prefixText] = entry.split("/");
    const family = isIP(network);
    if (family === 0) {
      hosts.add(entry);
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      addresses.addAddress(network, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)) {
      addresses.addSubnet(network, prefix, type);
    }
  }
  return { hosts, addresses };
}

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

/** True when the address is loopback, link-local, private or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  return NON_PUBLIC.check(address, familyOf(address));
}

function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * Checks a URL against SEC-13 and returns it parsed; throws OutboundError("refused") with a sentence saying why.
 * Every address the host resolves to must be public or allow-listed.
 */
export async function checkOutboundUrl(
  url: string | URL,
  allowList: readonly string[],
  options: { resolve?: HostResolver; signal?: AbortSignal } = {},
): Promise<URL> {
  return (await checkAndResolve(url, allowList, options)).url;
}

/** The checked URL and the addresses that passed (null: an allow-listed host name, resolved as usual). */
async function checkAndResolve(
  url: string | URL,
  allowList: readonly string[],
  options: { resolve?: HostResolver; signal?: AbortSignal },
): Promise<{ url: URL; addresses: string[] | null }> {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    throw new OutboundError("refused", `'${String(url)}' is not an absolute URL.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OutboundError("refused", `Only http and https URLs may be called; '${parsed.protocol}' is not allowed.`);
  }
  if (parsed.username || parsed.password) {
    throw new OutboundError("refused", "The URL must not carry a user name or password; send credentials as headers.");
  }
  const host = normaliseHost(parsed.hostname);
  if (!host) throw new OutboundError("refused", "The URL has no host.");
  const allowed = parseAllowList(allowList);
  if (allowed.hosts.has(host)) return { url: parsed, addresses: null };

  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await raceSignal((options.resolve ?? systemResolver)(host), options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new OutboundError("refused", `The host '${host}' could not be resolved.`);
    }
    if (addresses.length === 0) throw new OutboundError("refused", `The host '${host}' could not be resolved.`);
  }
  for (const address of addresses) {
    if (isNonPublicAddress(address) && !allowed.addresses.check(address, familyOf(address))) {
      throw new OutboundError(
        "refused",
        `The host '${host}' resolves to ${address}, a loopback, link-local or private address; ` +
          "outbound requests may reach it only when OUTBOUND_ALLOW_HOSTS names the host or the address.",
      );
    }
  }
  return { url: parsed, addresses };
}

/** A `lookup` that answers with the checked addresses only: the connection cannot go anywhere else. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: typeof entries) => void)(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  truncated: boolean;
}

/** One HTTP exchange over node:http(s), dialling only `addresses` when given; the body read up to maxBytes. */
function send(
  target: URL,
  addresses: string[] | null,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
  signal: AbortSignal,
  maxBytes: number,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: init.method,
        headers:
          init.body === undefined ? init.headers : { ...init.headers, "content-length": Buffer.byteLength(init.body) },
        signal,
        ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
      },
      (response) => {
        const headers = Object.fromEntries(
          Object.entries(response.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")]),
        );
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (truncated: boolean) =>
          resolve({
            status: response.statusCode ?? 0,
            headers,
            text: Buffer.concat(chunks).toString("utf8"),
            truncated,
          });
        response.on("data", (chunk: Buffer) => {
          if (size + chunk.byteLength > maxBytes) {
            chunks.push(chunk.subarray(0, maxBytes - size));
            size = maxBytes;
            response.destroy();
            done(true);
            return;
          }
          chunks.push(chunk);
          size += chunk.byteLength;
        });
        response.on("end", () => done(false));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OutboundOptions {
  allowList: readonly string[];
  /** For the whole exchange: name resolution, every redirect and reading the body. */
  timeoutMs: number;
  /** Redirects followed (each target checked again); past that the redirect response itself is returned. */
  maxRedirects?: number;
  maxBodyBytes?: number;
  resolve?: HostResolver;
  /** OB-1: adds the current trace's `traceparent` (the tracing port's `inject`) to the request's headers. */
  traceHeaders?: (headers: Record<string, string>) => void;
}

export interface OutboundResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body was longer than maxBodyBytes and was cut there. */
  truncated: boolean;
  durationMs: number;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CROSS_ORIGIN_DROPPED_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

function failure(error: unknown, signal: AbortSignal, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError("timeout", `No complete answer within ${timeoutMs} ms.`);
  const cause = (error as { cause?: { message?: unknown } })?.cause;
  const detail = typeof cause?.message === "string" ? cause.message : String((error as Error)?.message ?? error);
  if ((error as { name?: string })?.name === "AbortError") {
    return new OutboundError("timeout", `No complete answer within ${timeoutMs} ms.`);
  }
  return new OutboundError("network", `The request failed: ${detail}.`);
}

/**
 * A fetch that follows SEC-13: the URL and every redirect target are checked first, the whole exchange has a
 * timeout, and the body is read as text up to maxBodyBytes. Throws OutboundError (refused, timeout, network);
 * any HTTP status is a response.
 */
export async function outboundFetch(
  url: string,
  init: OutboundRequest,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 0;
  let method = (init.method ?? "GET").toUpperCase();
  let headers: Record<string, string> = { ...init.headers };
  options.traceHeaders?.(headers);
  let body = init.body;
  let current: string | URL = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const checked = await checkAndResolve(current, options.allowList, { resolve: options.resolve, signal });
      const target = checked.url;
      const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const response = await send(target, checked.addresses, { method, headers, body }, signal, maxBytes);
      const location = response.headers["location"];
      if (REDIRECT_STATUSES.has(response.status) && location && redirects < maxRedirects) {
        const next = new URL(location, target);
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([h]) => h.toLowerCase() !== "content-type"));
        }
        if (next.origin !== target.origin) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(([h]) => !CROSS_ORIGIN_DROPPED_HEADERS.has(h.toLowerCase())),
          );
        }
        current = next;
        continue;
      }
      return {
        url: target.toString(),
        status: response.status,
        headers: response.headers,
        body: response.text,
        truncated: response.truncated,
        durationMs: Math.round(performance.now() - started),
      };
    }
  } catch (error) {
    throw failure(error, signal, options.timeoutMs);
  }
}

/** A WHATWG fetch (for the MCP SDK and the `openai` client), in the shape both accept. */
export type PinnedFetch = (input: string | URL | Request, init?: PinnedRequestInit) => Promise<Response>;

/**
 * A fetch init, plus `cancel`: a signal that aborts the request (the answer's body too) like `signal` does, for a
 * caller whose client would otherwise compose it with its own signal (the `openai` client does, with
 * `AbortSignal.any` and weak references, which made every young-generation collection of the gateway slower).
 * The request then fails with OutboundError("cancelled").
 */
export interface PinnedRequestInit extends RequestInit {
  cancel?: AbortSignal;
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
  /** OB-1: adds the current trace's `traceparent` to every request (the tracing port's `inject`). */
  traceHeaders?: (headers: Record<string, string>) => void;
}): PinnedFetch {
  return async (input, init) => {
    const plain = plainRequestOf(input, init);
    const request = plain ? null : new Request(input, init);
    const url = plain ? plain.url : request!.url;
    const method = plain ? plain.method : request!.method;
    const signal = init?.signal ?? undefined;
    const cancel = init?.cancel;
    const cancelled = () => new OutboundError("cancelled", "The request was cancelled.");
    if (cancel?.aborted) throw cancelled();
    const checked = await checkAndResolve(url, options.allowList, { resolve: options.resolve, signal });
    let body: Uint8Array | string | undefined;
    const headers: Record<string, string> = {};
    // No accept-encoding: node:http does not decompress, so the answer must come as it is.
    const keep = (value: string, name: string) => {
      if (name !== "accept-encoding") headers[name] = value;
    };
    if (plain) {
      body = plain.body;
      plain.headers.forEach(keep);
      // What a WHATWG Request says of a text body without a type.
      if (typeof body === "string" && headers["content-type"] === undefined)
        headers["content-type"] = "text/plain;charset=UTF-8";
    } else {
      body = request!.body ? Buffer.from(await request!.arrayBuffer()) : undefined;
      request!.headers.forEach(keep);
    }
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    options.traceHeaders?.(headers);
    return new Promise<Response>((resolve, reject) => {
      const client = checked.url.protocol === "https:" ? https : http;
      const onCancel = () => outgoing.destroy(cancelled());
      const settled = () => cancel?.removeEventListener("abort", onCancel);
      const outgoing = client.request(
        checked.url,
        {
          method,
          headers,
          signal,
          ...(checked.addresses ? { lookup: pinnedLookup(checked.addresses) } : {}),
        },
        (incoming) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? ""]) responseHeaders.append(name, one);
          }
          const status = incoming.statusCode ?? 502;
          const answer = { status, statusText: incoming.statusMessage, headers: responseHeaders };
          if (BODILESS_STATUSES.has(status) || method === "HEAD") {
            settled();
            incoming.resume();
            resolve(new Response(null, answer));
          } else if (/^text\/event-stream/i.test(incoming.headers["content-type"] ?? "")) {
            incoming.once("close", settled);
            resolve(new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, answer));
          } else {
            // Not a stream: read whole, answered from the buffer (a web stream over it costs more than the read).
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("error", reject);
            incoming.on("end", () => {
              settled();
              resolve(new BufferedResponse(Buffer.concat(chunks), answer));
            });
          }
        },
      );
      outgoing.on("error", (error) => {
        settled();
        reject(error);
      });
      cancel?.addEventListener("abort", onCancel, { once: true });
      outgoing.end(body);
    });
  };
}

/**
 * A request given as a URL and a text or byte body (what the `openai` client and the MCP SDK send) is sent as it is:
 * a WHATWG Request would copy the body through a stream twice. Anything else (a Request, a stream body) is null.
 */
function plainRequestOf(
  input: string | URL | Request,
  init: RequestInit | undefined,
): { url: string; method: string; headers: Headers; body: string | Uint8Array | undefined } | null {
  if (typeof input !== "string" && !(input instanceof URL)) return null;
  const body = init?.body ?? undefined;
  if (body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array)) return null;
  const headers = init?.headers instanceof Headers ? init.headers : new Headers(init?.headers);
  return { url: String(input), method: (init?.method ?? "GET").toUpperCase(), headers, body };
}
