import { randomUUID } from "node:crypto";
import type http from "node:http";
import helmet from "helmet";

/**
 * What every HTTP answer carries, computed once at start: Helmet's security headers (SEC-2 CSP and friends) are the
 * same for every request, so Helmet runs once against a recording response and its headers are replayed per request
 * (`[name, value, name, value, …]`, the form `writeHead` takes without building an object).
 */
export function securityHeaders(): string[] {
  const recorded = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void recorded.set(name, Array.isArray(value) ? value.join(", ") : String(value)),
    removeHeader: (name: string) => void recorded.delete(name),
    getHeader: (name: string) => recorded.get(name),
  };
  let ran = false;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The console is often served over plain HTTP (a container on a private network); do not force https.
        upgradeInsecureRequests: null,
      },
    },
  })({} as http.IncomingMessage, recorder as unknown as http.ServerResponse, () => void (ran = true));
  if (!ran || recorded.size === 0) throw new Error("helmet did not run synchronously; its headers cannot be reused");
  return [...recorded].flat();
}

/** An error the body parser (or a route) threw, as the client sees it: status, code, message; null if ours. */
export function clientErrorOf(
  error: Error & { status?: number; type?: string },
  bodyLimitBytes: number,
): { status: number; code: string; message: string } | null {
  if (error.type === "entity.too.large") {
    return {
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: `The request body is larger than the limit of ${bodyLimitBytes} bytes (BODY_LIMIT_BYTES).`,
    };
  }
  if (error.type === "entity.parse.failed") {
    return { status: 400, code: "BAD_REQUEST", message: "The request body is not valid JSON." };
  }
  if (error.type === "charset.unsupported" || error.type === "encoding.unsupported") {
    return {
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message:
        "The request body must be JSON in UTF-8: send 'content-type: application/json' (charset utf-8 or none), without a content-encoding.",
    };
  }
  if (error.status && error.status >= 400 && error.status < 500) {
    // The client's doing (SEC-20): answered with its status, not logged as an error.
    return { status: error.status, code: "BAD_REQUEST", message: `The request was not accepted: ${error.message}` };
  }
  return null;
}

export const internalErrorMessage = (requestId: string) =>
  `Something went wrong on our side. Quote request id ${requestId} when you report it.`;

export const errorBody = (code: string, message: string) =>
  JSON.stringify({ errors: [{ message, extensions: { code } }] });

/** SEC-6: the client's `x-request-id` (at most 64 characters), else a new one. */
export function requestIdOf(req: http.IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return (typeof sent === "string" ? sent.slice(0, 64) : "") || randomUUID();
}

/** Sets flat `[name, value, …]` headers (securityHeaders' form) on a response. */
export function setHeaders(res: http.ServerResponse, headers: readonly string[]): void {
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
}
