import type http from "node:http";
import type express from "express";
import type { Request } from "express";
import type { TraceSpan } from "../telemetry";
import type { AuthFailureLimiter } from "./auth-failure-limiter";
import { requestIdOf, setHeaders } from "./edge";

/**
 * A route served on Node's `http` directly, without Express (the gateway at /v1, whose latency is on the hot
 * path): every request whose path is `prefix` or under it. It gets the request id, with the security headers
 * (SEC-2) and `x-request-id` already set; it shares the auth-failure limit (SEC-8): each 401 it answers counts
 * against the address, and a blocked address is answered by `blocked` (the route's own error shape) with
 * `retry-after`.
 */
export interface PlainRoute {
  prefix: string;
  /**
   * The route writes the headers every answer carries itself — `head` in `handle`: SEC-2's security headers and
   * `x-request-id` as flat `[name, value, …]`, with its answer's own in one `writeHead` — instead of the platform
   * setting them one by one before `handle` (the default). A blocked address's answer gets them set as usual.
   */
  writesHead?: boolean;
  /**
   * `span`: the request's server span (tracing on), for the route's own spans to hang under. `head`: the headers
   * every answer must carry, for a route that `writesHead` (empty otherwise: they are already set).
   */
  handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    requestId: string,
    span: TraceSpan | null,
    head: readonly string[],
  ): void;
  blocked(res: http.ServerResponse, req: http.IncomingMessage): void;
}

export type ServeRequest = (req: http.IncomingMessage, res: http.ServerResponse, span: TraceSpan | null) => void;

const NO_HEAD: readonly string[] = Object.freeze([]);

/** Is `url`'s path `prefix` or under it (as Express's mount matched it)? */
export const isUnder = (url: string | undefined, prefix: string) =>
  url !== undefined &&
  url.startsWith(prefix) &&
  (url.length === prefix.length || url[prefix.length] === "/" || url[prefix.length] === "?");

/** `req.ip` of a plain Node request: Express's own getter (TRUST_PROXY applied) on a view of its headers and socket. */
export function clientAddress(app: express.Express, req: http.IncomingMessage): string {
  const view = Object.create(app.request, {
    headers: { value: req.headers },
    socket: { value: req.socket },
    connection: { value: req.socket },
  }) as Request;
  return view.ip ?? "unknown";
}

/** Each plain route with the edge's duties around it: headers, the auth-failure limit, 401s counted. */
export function servePlainRoutes(
  routes: readonly PlainRoute[],
  edge: { app: express.Express; limiter: AuthFailureLimiter; securityHeaders: readonly string[] },
): Array<{ prefix: string; serve: ServeRequest }> {
  const { app, limiter, securityHeaders } = edge;
  return routes.map((route) => ({
    prefix: route.prefix,
    serve: (req, res, span) => {
      const requestId = requestIdOf(req);
      let address: string | undefined;
      const clientAddressOf = () => (address ??= clientAddress(app, req));
      const blocked = limiter.hasFailures && limiter.isBlocked(clientAddressOf());
      if (blocked || !route.writesHead) {
        setHeaders(res, securityHeaders);
        res.setHeader("x-request-id", requestId);
      }
      if (blocked) {
        res.setHeader("retry-after", "60");
        route.blocked(res, req);
        return;
      }
      res.on("finish", () => {
        if (res.statusCode === 401) limiter.recordFailure(clientAddressOf());
      });
      route.handle(
        req,
        res,
        requestId,
        span,
        route.writesHead ? [...securityHeaders, "x-request-id", requestId] : NO_HEAD,
      );
    },
  }));
}
