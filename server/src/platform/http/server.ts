import http from "node:http";
import cors from "cors";
import express from "express";
import type { GraphQLSchema } from "graphql";
import type { AnswerBudget } from "../graphql/answer-budget";
import type { LoaderRegistry } from "../graphql/context";
import { createErrorFormatter } from "../graphql/errors";
import type { InputLimits } from "../graphql/input-policy";
import type { OutageLog } from "../db/outage-log";
import type { Logger } from "../logger";
import { NO_TRACING, type Metrics, type Tracing } from "../telemetry";
import { documentLimits, MAX_TOKENS, startApollo } from "./apollo";
import { AuthFailureLimiter } from "./auth-failure-limiter";
import { securityHeaders } from "./edge";
import {
  authenticatedRoutes,
  consoleRoutes,
  edgeHeaders,
  errorAnswers,
  healthRoutes,
  metricsRoute,
  publicRoutes,
  type MetricsAccess,
  type AuthenticatedRoute,
  type PublicRoute,
} from "./express-routes";
import { graphqlHttpHandler, isGraphQLPath } from "./graphql-http";
import { attachSubscriptionServer } from "./graphql-ws";
import { observed } from "./observed";
import { clientAddress, isUnder, servePlainRoutes, type PlainRoute, type ServeRequest } from "./plain-routes";
import type { Authentication } from "./request-context";

export type { AuthenticatedRoute, PublicRoute } from "./express-routes";
export { consoleBuilt } from "./express-routes";
export type { PlainRoute } from "./plain-routes";

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
  /** Root fields whose operations graphql-jit executes (GRAPHQL_JIT); empty or unset: none. */
  compiledRootFields?: readonly string[];
  /** The modules' per-request loaders, registered by the composition root. */
  loaders: LoaderRegistry;
  /** Public JSON answers (`/.well-known/…`: the signing keys) the composition root hands over. */
  publicRoutes?: readonly PublicRoute[];
  /** JSON-RPC routes (e.g. /mcp) the composition root hands over (platform never imports modules). */
  authenticatedRoutes?: readonly AuthenticatedRoute[];
  authenticate(authorization: string | undefined): Promise<Authentication>;
  ready(): Promise<boolean>;
  /** OB-1: server spans continuing an incoming traceparent; NO_TRACING when unset. */
  tracing?: Tracing;
  /** OB-2: request durations, and `GET /metrics` serving them to whom `metricsAccess` lets in (SEC-28). */
  metrics?: Metrics;
  metricsAccess?: MetricsAccess;
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

/**
 * One Node server for everything: `/graphql` (Apollo on Node's `http`, WebSocket upgrades to graphql-ws), the plain
 * routes (`/v1`), and Express for the rest (health, metrics, JSON-RPC routes, the console). Each step below wires
 * one of them; the order of the Express steps is the order their routes match.
 */
export async function createHttpServer(options: HttpOptions): Promise<HttpServer> {
  const app = express();
  const server = http.createServer();
  const limiter = new AuthFailureLimiter(options.authFailuresPerMinute);
  const limits = documentLimits();
  const formatError = createErrorFormatter(options.outage);
  const headers = securityHeaders();

  // UX-5: subscriptions on the same path, by WebSocket upgrade, under the same limits as HTTP.
  const subscriptions = attachSubscriptionServer({
    server,
    path: "/graphql",
    schema: options.schema,
    logger: options.logger,
    validationRules: limits.validationRules,
    maxTokens: MAX_TOKENS,
    maxPayloadBytes: options.bodyLimitBytes,
    limiter,
    loaders: options.loaders,
    formatError,
    authenticate: options.authenticate,
  });
  const apollo = await startApollo({
    schema: options.schema,
    logger: options.logger,
    introspection: options.introspection,
    server,
    limits,
    formatError,
    inputLimits: options.inputLimits,
    answerBudget: options.answerBudget,
    compiledRootFields: new Set(options.compiledRootFields ?? []),
    metrics: options.metrics,
    drainGraceMs: options.drainGraceMs ?? 10_000,
    drainAlongside: () => subscriptions.dispose(),
  });

  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? "loopback");
  edgeHeaders(app, headers);
  healthRoutes(app, options);
  if (options.metrics) metricsRoute(app, options.metrics, options.metricsAccess ?? {}, { ...options, limiter });
  publicRoutes(app, options.publicRoutes ?? []);
  authenticatedRoutes(app, options.authenticatedRoutes ?? [], { ...options, limiter });
  consoleRoutes(app, options.webDist);
  errorAnswers(app, options.bodyLimitBytes, options.logger);

  // `/graphql` skips Express (a lean GraphQL floor), and so do the plain routes.
  const graphql = graphqlHttpHandler({
    apollo,
    logger: options.logger,
    corsOrigins: options.corsOrigins,
    bodyLimitBytes: options.bodyLimitBytes,
    limiter,
    outage: options.outage,
    loaders: options.loaders,
    securityHeaders: headers,
    clientAddress: (req) => clientAddress(app, req),
    preflight: cors<cors.CorsRequest>({ origin: [...options.corsOrigins], credentials: false, maxAge: 600 }),
    authenticate: options.authenticate,
  });
  const plainRoutes = servePlainRoutes(options.plainRoutes ?? [], { app, limiter, securityHeaders: headers });
  const dispatch: ServeRequest = (req, res, span) => {
    if (isGraphQLPath(req.url)) return graphql(req, res, span);
    for (const route of plainRoutes) if (isUnder(req.url, route.prefix)) return route.serve(req, res, span);
    app(req, res);
  };
  server.on("request", observed(dispatch, options.tracing ?? NO_TRACING, options.metrics));

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
