import http from "node:http";
import https from "node:https";
import { checkAndResolve, pinnedLookup, type HostResolver } from "./address-policy";
import { OutboundError } from "./outbound-error";

// A text fetch for our own outbound calls (webhook deliveries, tool webhooks): SEC-13 on the URL and on every
// redirect, followed by hand.

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
  /** OB-1: adds the trace's `traceparent` to the request's headers (a span's `inject`). */
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
