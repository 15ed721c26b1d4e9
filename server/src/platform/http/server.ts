import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServer } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import cors from "cors";
import express, { type NextFunction, type Request, type Response } from "express";
import type { GraphQLSchema } from "graphql";
import type { LoaderRegistry, Principal } from "../graphql/context";
import type { AnswerBudget } from "../graphql/answer-budget";
import type { OutageLog } from "../db/outage-log";
import { compiledExecutionPlugin } from "../graphql/compiled-execution";
import { createErrorFormatter } from "../graphql/errors";
import type { InputLimits } from "../graphql/input-policy";
import { plainJsonStatusPlugin } from "../graphql/response-status";
import type { Logger } from "../logger";
import { sha256Hex } from "../crypto";
import { NO_TRACING, type Metrics, type TraceSpan, type Tracing } from "../telemetry";
import { encounterErrorsOf, inputPolicyPlugin, requestIdPlugin } from "./apollo-plugins";
import { AuthFailureLimiter } from "./auth-failure-limiter";
import { clientErrorOf, internalErrorMessage, requestIdOf, securityHeaders, setHeaders } from "./edge";
import { graphqlHttpHandler, isGraphQLPath } from "./graphql-http";
import { attachSubscriptionServer } from "./graphql-ws";
import { INVALID_REQUEST, jsonRpcError, jsonRpcErrorHandler } from "./json-rpc-errors";
import { metricsAllowed, observed, operationPlugin } from "./observed";
import type { Authentication, GraphQLRequestContext } from "./request-context";

/** A JSON-RPC route (e.g. `/mcp`) that runs only for an authenticated principal: none or a bad credential is 401. */
export interface AuthenticatedRoute {
  path: string;
  handle(request: { req: Request; res: Response; body: unknown; principal: Principal }): Promise<void>;
}

/**
 * A route served on Node's `http` directly, without Express (the gateway at /v1: its latency is issue 9's target):
 * every request whose path is `prefix` or under it. It gets the request id, with the security headers (SEC-2) and
 * `x-request-id` already set; it shares the auth-failure limit (SEC-8): each 401 it answers counts against the
 * address, and a blocked address is answered by `blocked` (the route's own error shape) with `retry-after`.
 */
export interface PlainRoute {
  prefix: string;
  /**
   * Issue 21: the route writes the headers every answer carries itself — `head` in `handle`, SEC-2's security headers
   * and `x-request-id` as flat `[name, value, …]`, with its answer's own in one `writeHead` — instead of the platform
   * setting them one by one before `handle` (the default). A blocked address's answer gets them set as before.
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

/** Is `url`'s path `prefix` or under it (as Express's mount matched it)? */
const isUnder = (url: string | undefined, prefix: string) =>
  url !== undefined &&
  url.startsWith(prefix) &&
  (url.length === prefix.length || url[prefix.length] === "/" || url[prefix.length] === "?");

export interface HttpOptions {
  schema: GraphQLSchema;
  logger: Logger;
  introspection: boolean;
  corsOrigins: readonly string[];
  bodyLimitBytes: number;
  authFailuresPerMinute: number;
  /** TRUST_PROXY: whose X-Forwarded-For gives the client address (express's `trust proxy`). */
  trustProxy?: boolean | number | string;
  /** SEC-18: how long stop() lets in-flight requests finish before it closes their connections. */
  drainGraceMs?: number;
  webDist?: string;
  /** More routes from the composition root (the gateway at /v1), served on Node's `http` without Express. */
  plainRoutes?: readonly PlainRoute[];
  /** SEC-11: the one input policy (NUL, lengths, nesting) and the bound on an answer's large text fields. */
  inputLimits: InputLimits;
  answerBudget: AnswerBudget;
  /** Issue 21: root fields whose operations graphql-jit executes (GRAPHQL_JIT); empty or unset: none. */
  compiledRootFields?: readonly string[];
  /** The modules' per-request loaders, registered by the composition root. */
  loaders: LoaderRegistry;
  /** JSON-RPC routes (e.g. /mcp) the composition root hands over (platform never imports modules). */
  authenticatedRoutes?: readonly AuthenticatedRoute[];
  authenticate(authorization: string | undefined): Promise<Authentication>;
  ready(): Promise<boolean>;
  /** OB-1: server spans continuing an incoming traceparent; NO_TRACING when unset. */
  tracing?: Tracing;
  /** OB-2: request durations, and `GET /metrics` serving them (METRICS_TOKEN: `metricsToken`). */
  metrics?: Metrics;
  metricsToken?: string;
  /** SEC-20: the process's database outage log, shared with the background workers. */
  outage: OutageLog;
  /** Optional dependencies that are down while the instance still serves (Redis): named on /readyz, still ready. */
  degraded?(): Record<string, string>;
}

export interface HttpServer {
  readonly app: express.Express;
  readonly server: http.Server;
  listen(port: number, host?: string): Promise<number>;
  /** After credentials changed (a key revoked, a project deleted): open subscriptions whose key no longer holds end. */
  recheckCredentials(): Promise<void>;
  stop(): Promise<void>;
}

const NO_HEAD: readonly string[] = Object.freeze([]);

/** Tokens in one document (SEC-4); more is a parse error (400) before anything runs. */
const MAX_TOKENS = 3000;

/** Whether the console's files are there to serve (`npm start` builds them into web/dist). */
export function consoleBuilt(webDist: string | undefined): webDist is string {
  return !!webDist && fs.existsSync(path.join(webDist, "index.html"));
}

function jsonError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/** `req.ip` of a plain Node request: Express's own getter (TRUST_PROXY applied) on a view of its headers and socket. */
function clientAddress(app: express.Express, req: http.IncomingMessage): string {
  const view = Object.create(app.request, {
    headers: { value: req.headers },
    socket: { value: req.socket },
    connection: { value: req.socket },
  }) as Request;
  return view.ip ?? "unknown";
}

export async function createHttpServer(options: HttpOptions): Promise<HttpServer> {
  const app = express();
  const server = http.createServer();
  const limiter = new AuthFailureLimiter(options.authFailuresPerMinute);
  const outage = options.outage;
  const armor = new ApolloArmor({
    maxDepth: { n: 12 },
    maxAliases: { n: 20 },
    // Counted by graphql-js's own parser (parseOptions below): armor's plugin throws from a hook, which is a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: 20 },
    costLimit: { maxCost: 20_000 },
    blockFieldSuggestion: { enabled: true },
  });
  const protection = armor.protect();
  const formatError = createErrorFormatter(outage);
  const requestIds = requestIdPlugin(options.logger);
  const compiledRootFields = new Set(options.compiledRootFields ?? []);
  // UX-5: subscriptions on the same path, by WebSocket upgrade, under the same limits as HTTP.
  const subscriptions = attachSubscriptionServer({
    server,
    path: "/graphql",
    schema: options.schema,
    logger: options.logger,
    validationRules: protection.validationRules,
    maxTokens: MAX_TOKENS,
    maxPayloadBytes: options.bodyLimitBytes,
    limiter,
    loaders: options.loaders,
    formatError,
    authenticate: options.authenticate,
  });
  const apollo = new ApolloServer<GraphQLRequestContext>({
    schema: options.schema,
    introspection: options.introspection,
    parseOptions: { maxTokens: MAX_TOKENS },
    csrfPrevention: true,
    // SEC-18: main.ts owns the one shutdown path (drain, worker, bus, database, exit); Apollo's own signal handler
    // would race it and re-raise the signal.
    stopOnTerminationSignals: false,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: [...protection.validationRules],
    plugins: [
      ...protection.plugins,
      ApolloServerPluginLandingPageDisabled(),
      // No type declares cache hints, so every answer is `cache-control: no-store` (set once in graphql-http.ts);
      // the plugin would compute that per request with a hook on every field resolved.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: server, stopGracePeriodMillis: options.drainGraceMs ?? 10_000 }),
      // Apollo's documented pairing: on stop, close the WebSocket server and its sockets as the HTTP server drains.
      { serverWillStart: async () => ({ drainServer: () => subscriptions.dispose() }) },
      requestIds,
      inputPolicyPlugin(options.schema, options.inputLimits, options.answerBudget),
      plainJsonStatusPlugin(),
      operationPlugin(options.metrics),
      ...(compiledRootFields.size === 0
        ? []
        : [
            compiledExecutionPlugin<GraphQLRequestContext>({
              rootFields: compiledRootFields,
              formatError,
              encounter: encounterErrorsOf([...protection.plugins, requestIds]),
            }),
          ]),
    ],
  });
  await apollo.start();

  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? "loopback");
  app.use((req, res, next) => {
    const requestId = requestIdOf(req);
    res.locals.requestId = requestId;
    res.setHeader("x-request-id", requestId);
    next();
  });
  // Computed once: the same security headers on every answer (SEC-2), set without running Helmet per request.
  const headers = securityHeaders();
  app.use((_req, res, next) => {
    setHeaders(res, headers);
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await options.ready();
    const degraded = options.degraded?.() ?? {};
    res.status(ready ? 200 : 503).json({
      status: ready ? "ready" : "unavailable",
      ...(Object.keys(degraded).length > 0 ? { degraded } : {}),
    });
  });

  const TOO_MANY_FAILURES = "Too many failed authentication attempts from this address; wait a minute.";
  /** A blocked address (SEC-8) is answered 429 in the route's own shape: GraphQL's errors, or JSON-RPC's. */
  const blockedAnswer = (answer: (res: Response) => void) => (req: Request, res: Response, next: NextFunction) => {
    if (!limiter.isBlocked(req.ip ?? "unknown")) return next();
    res.setHeader("retry-after", "60");
    answer(res);
  };
  const refuseBlocked = blockedAnswer((res) => jsonError(res, 429, "RATE_LIMITED", TOO_MANY_FAILURES));
  const refuseBlockedRpc = blockedAnswer((res) => jsonRpcError(res, 429, INVALID_REQUEST, TOO_MANY_FAILURES));

  const corsPolicy = cors<cors.CorsRequest>({ origin: [...options.corsOrigins], credentials: false, maxAge: 600 });
  // `/graphql` skips Express (issue 10: a lean GraphQL floor); WebSocket upgrades on it go to graphql-ws.
  const graphql = graphqlHttpHandler({
    apollo,
    logger: options.logger,
    corsOrigins: options.corsOrigins,
    bodyLimitBytes: options.bodyLimitBytes,
    limiter,
    outage,
    loaders: options.loaders,
    securityHeaders: headers,
    clientAddress: (req) => clientAddress(app, req),
    preflight: corsPolicy,
    authenticate: options.authenticate,
  });
  const plainRoutes = (options.plainRoutes ?? []).map((route) => ({
    prefix: route.prefix,
    serve: (req: http.IncomingMessage, res: http.ServerResponse, span: TraceSpan | null) => {
      const requestId = requestIdOf(req);
      let address: string | undefined;
      const clientAddressOf = () => (address ??= clientAddress(app, req));
      const blocked = limiter.hasFailures && limiter.isBlocked(clientAddressOf());
      if (blocked || !route.writesHead) {
        setHeaders(res, headers);
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
      route.handle(req, res, requestId, span, route.writesHead ? [...headers, "x-request-id", requestId] : NO_HEAD);
    },
  }));
  const dispatch = (req: http.IncomingMessage, res: http.ServerResponse, span: TraceSpan | null) => {
    if (isGraphQLPath(req.url)) return graphql(req, res, span);
    for (const route of plainRoutes) if (isUnder(req.url, route.prefix)) return route.serve(req, res, span);
    app(req, res);
  };
  server.on("request", observed(dispatch, options.tracing ?? NO_TRACING, options.metrics));

  const metrics = options.metrics;
  if (metrics) {
    // OB-2: Prometheus text; with METRICS_TOKEN set, only for its bearer (a wrong one learns no metric name).
    const tokenHash = options.metricsToken ? sha256Hex(options.metricsToken) : null;
    app.get("/metrics", refuseBlocked, async (req: Request, res: Response, next: NextFunction) => {
      if (!metricsAllowed(tokenHash, req.get("authorization"))) {
        limiter.recordFailure(req.ip ?? "unknown");
        res.setHeader("www-authenticate", 'Bearer realm="metrics"');
        jsonError(
          res,
          401,
          "UNAUTHENTICATED",
          "Send the metrics token (METRICS_TOKEN) as 'Authorization: Bearer <token>'.",
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

  for (const route of options.authenticatedRoutes ?? []) {
    app.all(
      route.path,
      refuseBlockedRpc,
      express.json({ limit: options.bodyLimitBytes }),
      async (req: Request, res: Response, next: NextFunction) => {
        try {
          const auth = await options.authenticate(req.get("authorization"));
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
          options.logger.error({ err: error, requestId: res.locals.requestId }, "route failed after responding");
          res.end();
        }
      },
      jsonRpcErrorHandler(options.bodyLimitBytes, options.logger),
    );
  }

  if (consoleBuilt(options.webDist)) {
    const index = path.join(options.webDist, "index.html");
    app.use(express.static(options.webDist, { index: false, maxAge: "1h" }));
    app.get(/^\/(?!graphql|v1\/|mcp|healthz|readyz).*/, (_req, res) => res.sendFile(index));
  } else {
    // A server started without `npm start` (which builds the console) says so where the console would be.
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

  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const client = clientErrorOf(error, options.bodyLimitBytes);
    if (client) return jsonError(res, client.status, client.code, client.message);
    options.logger.error({ err: error, requestId: res.locals.requestId }, "unhandled http error");
    jsonError(res, 500, "INTERNAL_SERVER_ERROR", internalErrorMessage(String(res.locals.requestId)));
  });

  return {
    app,
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          const address = server.address();
          resolve(typeof address === "object" && address ? address.port : port);
        });
      }),
    recheckCredentials: () => subscriptions.recheckCredentials(),
    stop: async () => {
      // Closes the listener, lets in-flight requests finish (up to drainGraceMs), then closes what is left.
      await apollo.stop();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
