import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Principal } from "../graphql/context";
import { sha256Hex } from "../crypto";
import type { Logger } from "../logger";
import type { Metrics } from "../telemetry";
import type { AuthFailureLimiter } from "./auth-failure-limiter";
import { clientErrorOf, internalErrorMessage, requestIdOf, setHeaders } from "./edge";
import { INVALID_REQUEST, jsonRpcError, jsonRpcErrorHandler } from "./json-rpc-errors";
import { metricsTokenMatches } from "./observed";
import type { Authentication } from "./request-context";

/** A JSON-RPC route (e.g. `/mcp`) that runs only for an authenticated principal: none or a bad credential is 401. */
export interface AuthenticatedRoute {
  path: string;
  handle(request: { req: Request; res: Response; body: unknown; principal: Principal }): Promise<void>;
}

type Authenticate = (authorization: string | undefined) => Promise<Authentication>;

const TOO_MANY_FAILURES = "Too many failed authentication attempts from this address; wait a minute.";

function jsonError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/** A blocked address (SEC-8) is answered 429 in the route's own shape: GraphQL's errors, or JSON-RPC's. */
function refuseBlocked(limiter: AuthFailureLimiter, answer: (res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!limiter.isBlocked(req.ip ?? "unknown")) return next();
    res.setHeader("retry-after", "60");
    answer(res);
  };
}

/** Every answer's request id and security headers (SEC-2, computed once). */
export function edgeHeaders(app: express.Express, securityHeaders: readonly string[]): void {
  app.use((req, res, next) => {
    const requestId = requestIdOf(req);
    res.locals.requestId = requestId;
    res.setHeader("x-request-id", requestId);
    setHeaders(res, securityHeaders);
    next();
  });
}

/** `/healthz` (the process is up) and `/readyz` (the database answers; degraded optional dependencies named). */
export function healthRoutes(
  app: express.Express,
  probe: { ready(): Promise<boolean>; degraded?(): Record<string, string> },
): void {
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await probe.ready();
    const degraded = probe.degraded?.() ?? {};
    res.status(ready ? 200 : 503).json({
      status: ready ? "ready" : "unavailable",
      ...(Object.keys(degraded).length > 0 ? { degraded } : {}),
    });
  });
}

/** A public GET answered with JSON (`/.well-known/…`): no credential, readable from any origin, cached briefly. */
export interface PublicRoute {
  path: string;
  answer(): Promise<{ body: unknown; cacheSeconds: number }>;
}

export function publicRoutes(app: express.Express, routes: readonly PublicRoute[]): void {
  for (const route of routes) {
    app.get(route.path, async (_req: Request, res: Response, next: NextFunction) => {
      try {
        const { body, cacheSeconds } = await route.answer();
        res.setHeader("access-control-allow-origin", "*");
        res.setHeader("cache-control", `public, max-age=${cacheSeconds}`);
        res.json(body);
      } catch (error) {
        next(error);
      }
    });
  }
}

/** SEC-28: who reads /metrics: METRICS_TOKEN's bearer and the platform credential, anyone only when made public. */
export interface MetricsAccess {
  token?: string;
  public?: boolean;
}

/**
 * OB-2: Prometheus text, for a credential only unless the operator opened it (SEC-28); a refused scrape learns no
 * metric name and counts as a failed credential.
 */
export function metricsRoute(
  app: express.Express,
  metrics: Metrics,
  access: MetricsAccess,
  edge: { authenticate: Authenticate; limiter: AuthFailureLimiter },
): void {
  const { authenticate, limiter } = edge;
  const tokenHash = access.token ? sha256Hex(access.token) : null;
  const allowed = async (authorization: string | undefined): Promise<boolean> =>
    access.public === true ||
    metricsTokenMatches(tokenHash, authorization) ||
    (await authenticate(authorization)).principal?.kind === "platform";
  const blocked = refuseBlocked(limiter, (res) => jsonError(res, 429, "RATE_LIMITED", TOO_MANY_FAILURES));
  app.get("/metrics", blocked, async (req: Request, res: Response, next: NextFunction) => {
    if (!(await allowed(req.get("authorization")).catch(() => false))) {
      limiter.recordFailure(req.ip ?? "unknown");
      res.setHeader("www-authenticate", 'Bearer realm="metrics"');
      jsonError(
        res,
        401,
        "UNAUTHENTICATED",
        "Send the metrics token (METRICS_TOKEN) or the platform token as 'Authorization: Bearer <token>'.",
      );
      return;
    }
    try {
      const { contentType, body } = await metrics.exposition();
      res.setHeader("cache-control", "no-store");
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  });
}

/** JSON-RPC routes for an authenticated principal (`/mcp`): 401 in JSON-RPC's shape, errors as JSON-RPC errors. */
export function authenticatedRoutes(
  app: express.Express,
  routes: readonly AuthenticatedRoute[],
  edge: { authenticate: Authenticate; limiter: AuthFailureLimiter; bodyLimitBytes: number; logger: Logger },
): void {
  const { authenticate, limiter, bodyLimitBytes, logger } = edge;
  const blocked = refuseBlocked(limiter, (res) => jsonRpcError(res, 429, INVALID_REQUEST, TOO_MANY_FAILURES));
  for (const route of routes) {
    app.all(
      route.path,
      blocked,
      express.json({ limit: bodyLimitBytes }),
      async (req: Request, res: Response, next: NextFunction) => {
        try {
          const auth = await authenticate(req.get("authorization"));
          if (!auth.principal) {
            if (auth.failure) limiter.recordFailure(req.ip ?? "unknown");
            res.setHeader("www-authenticate", 'Bearer realm="skillgraph"');
            res.status(401).json({
              jsonrpc: "2.0",
              error: {
                code: -32001,
                message: auth.failure ?? "Authentication required: send 'Authorization: Bearer <project API key>'.",
              },
              id: null,
            });
            return;
          }
          await route.handle({ req, res, body: req.body as unknown, principal: auth.principal });
        } catch (error) {
          if (!res.headersSent) return next(error);
          logger.error({ err: error, requestId: res.locals.requestId }, "route failed after responding");
          res.end();
        }
      },
      jsonRpcErrorHandler(bodyLimitBytes, logger),
    );
  }
}

/** Whether the console's files are there to serve (`npm start` builds them into web/dist). */
export function consoleBuilt(webDist: string | undefined): webDist is string {
  return !!webDist && fs.existsSync(path.join(webDist, "index.html"));
}

/** The console's files, its routes answered by index.html; without a build, a sentence saying how to build it. */
export function consoleRoutes(app: express.Express, webDist: string | undefined): void {
  if (consoleBuilt(webDist)) {
    const index = path.join(webDist, "index.html");
    app.use(express.static(webDist, { index: false, maxAge: "1h" }));
    app.get(/^\/(?!graphql|v1\/|mcp|healthz|readyz).*/, (_req, res) => res.sendFile(index));
    return;
  }
  app.get("/", (_req, res) => {
    res
      .status(404)
      .type("text/plain")
      .send(
        "The console is not built here: `npm start` builds it, or run `npm run build --workspace web` and restart. " +
          "The GraphQL API is at /graphql.\n",
      );
  });
}

/** The last handler: a client's fault as its 4xx, anything else a 500 with the request id and no detail (SEC-6). */
export function errorAnswers(app: express.Express, bodyLimitBytes: number, logger: Logger): void {
  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const client = clientErrorOf(error, bodyLimitBytes);
    if (client) return jsonError(res, client.status, client.code, client.message);
    logger.error({ err: error, requestId: res.locals.requestId }, "unhandled http error");
    jsonError(res, 500, "INTERNAL_SERVER_ERROR", internalErrorMessage(String(res.locals.requestId)));
  });
}
