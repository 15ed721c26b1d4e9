import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
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
import { Kind, type GraphQLSchema } from "graphql";
import type { LoaderRegistry, Principal, RequestContext } from "../graphql/context";
import { checkAnswerBudget, type AnswerBudget } from "../graphql/answer-budget";
import type { OutageLog } from "../db/outage-log";
import { createErrorFormatter, isExpectedError, RETRY_AFTER_SECS } from "../graphql/errors";
import { checkOperationInput, type InputLimits } from "../graphql/input-policy";
import { columnLimits } from "../graphql/stored-in";
import { plainJsonStatusPlugin } from "../graphql/response-status";
import type { Logger } from "../logger";
import { AuthFailureLimiter } from "./auth-failure-limiter";
import { clientErrorOf, internalErrorMessage, requestIdOf, securityHeaders, setHeaders } from "./edge";
import { graphqlHttpHandler, isGraphQLPath } from "./graphql-http";
import { attachSubscriptionServer } from "./graphql-ws";

export type Authentication = { principal: Principal | null; failure?: string };

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
  handle(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): void;
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
  /** The modules' per-request loaders, registered by the composition root. */
  loaders: LoaderRegistry;
  /** JSON-RPC routes (e.g. /mcp) the composition root hands over (platform never imports modules). */
  authenticatedRoutes?: readonly AuthenticatedRoute[];
  authenticate(authorization: string | undefined): Promise<Authentication>;
  ready(): Promise<boolean>;
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

export interface GraphQLRequestContext extends RequestContext {
  readonly credentialFailure?: string;
}

/**
 * Logs what is unexpected, once, with the request id (user errors are not logged: SEC-20); puts the request id on
 * every internal error after formatting (formatError cannot see the context); answers 503 with Retry-After while
 * the database is unavailable.
 */
function requestIdPlugin(logger: Logger): ApolloServerPlugin<GraphQLRequestContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ contextValue, errors }) {
          for (const error of errors) {
            if (isExpectedError(error)) continue;
            logger.error({ requestId: contextValue.requestId, err: error.originalError ?? error }, "unexpected error");
          }
        },
        async willSendResponse({ contextValue, response }) {
          if (response.body.kind !== "single") return;
          for (const error of response.body.singleResult.errors ?? []) {
            if (error.extensions?.code === "INTERNAL_SERVER_ERROR") {
              (error as { message: string }).message =
                `Something went wrong on our side. Quote request id ${contextValue.requestId} when you report it.`;
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
            }
            if (error.extensions?.code === "SERVICE_UNAVAILABLE") {
              response.http.status = 503;
              response.http.headers.set("retry-after", String(RETRY_AFTER_SECS));
            }
          }
        },
      };
    },
  };
}

/**
 * SEC-11, SEC-22: every operation's input and answer size are checked once it is parsed and validated, before it
 * runs. The limits of inputs stored in columns are resolved from the schema once, here: a bad mark stops the start.
 */
function inputPolicyPlugin(
  schema: GraphQLSchema,
  limits: InputLimits,
  budget: AnswerBudget,
): ApolloServerPlugin<GraphQLRequestContext> {
  const columns = columnLimits(schema, limits.columnLengths);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request, schema }) {
          if (!operation) return;
          const variables = request.variables as Record<string, unknown> | undefined;
          checkOperationInput(limits, columns, schema, document, operation, variables);
          const fragments = Object.fromEntries(
            document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
          );
          checkAnswerBudget(budget, schema, operation, fragments, variables);
        },
      };
    },
  };
}

/** Tokens in one document (SEC-4); more is a parse error (400) before anything runs. */
const MAX_TOKENS = 3000;

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
      requestIdPlugin(options.logger),
      inputPolicyPlugin(options.schema, options.inputLimits, options.answerBudget),
      plainJsonStatusPlugin(),
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

  const refuseBlocked = (req: Request, res: Response, next: NextFunction) => {
    if (limiter.isBlocked(req.ip ?? "unknown")) {
      res.setHeader("retry-after", "60");
      jsonError(res, 429, "RATE_LIMITED", "Too many failed authentication attempts from this address; wait a minute.");
      return;
    }
    next();
  };

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
    serve: (req: http.IncomingMessage, res: http.ServerResponse) => {
      const requestId = requestIdOf(req);
      setHeaders(res, headers);
      res.setHeader("x-request-id", requestId);
      let address: string | undefined;
      const clientAddressOf = () => (address ??= clientAddress(app, req));
      if (limiter.hasFailures && limiter.isBlocked(clientAddressOf())) {
        res.setHeader("retry-after", "60");
        route.blocked(res, req);
        return;
      }
      res.on("finish", () => {
        if (res.statusCode === 401) limiter.recordFailure(clientAddressOf());
      });
      route.handle(req, res, requestId);
    },
  }));
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (isGraphQLPath(req.url)) return graphql(req, res);
    for (const route of plainRoutes) if (isUnder(req.url, route.prefix)) return route.serve(req, res);
    app(req, res);
  });

  for (const route of options.authenticatedRoutes ?? []) {
    app.all(
      route.path,
      refuseBlocked,
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
    );
  }

  if (options.webDist && fs.existsSync(path.join(options.webDist, "index.html"))) {
    const index = path.join(options.webDist, "index.html");
    app.use(express.static(options.webDist, { index: false, maxAge: "1h" }));
    app.get(/^\/(?!graphql|v1\/|mcp|healthz|readyz).*/, (_req, res) => res.sendFile(index));
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
