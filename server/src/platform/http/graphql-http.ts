import type http from "node:http";
import { HeaderMap, type ApolloServer } from "@apollo/server";
import type express from "express";
import { GraphQLError } from "graphql";
import type { LoaderRegistry } from "../graphql/context";
import { RETRY_AFTER_SECS, SERVICE_UNAVAILABLE_MESSAGE } from "../graphql/errors";
import { isDatabaseUnavailable } from "../db/database";
import type { OutageLog } from "../db/outage-log";
import type { Logger } from "../logger";
import type { TraceSpan } from "../telemetry";
import type { AuthFailureLimiter } from "./auth-failure-limiter";
import { clientErrorOf, errorBody, internalErrorMessage, requestIdOf, setHeaders } from "./edge";
import { jsonFallbackParser, readJsonBody } from "./json-body";
import type { Authentication, GraphQLRequestContext } from "./request-context";

/**
 * `/graphql` served by Apollo on Node's `http` directly, without Express: what the request needs is done
 * once at start (the security headers, the CORS allow-list, the body parser), and per request only what depends on
 * it: its id, the CORS answer, the auth-failure limit, the body, the context, Apollo's pipeline (its document store
 * keeps parsed and validated documents), one `writeHead`. The behaviours are those of the Express stack it
 * replaces (SEC-1 CSRF by Apollo, SEC-2 CORS and headers, SEC-4 limits, SEC-8 the limiter, SEC-20 errors).
 */
export interface GraphQLHttpOptions {
  apollo: ApolloServer<GraphQLRequestContext>;
  logger: Logger;
  corsOrigins: readonly string[];
  bodyLimitBytes: number;
  limiter: AuthFailureLimiter;
  outage: OutageLog;
  loaders: LoaderRegistry;
  /** Helmet's headers, flat (`[name, value, …]`). */
  securityHeaders: readonly string[];
  /** The client's address as `req.ip` reads it under TRUST_PROXY (only asked for when the limiter needs it). */
  clientAddress(req: http.IncomingMessage): string;
  /** CORS for preflights (OPTIONS), the same middleware the other routes use. */
  preflight: express.RequestHandler;
  authenticate(authorization: string | undefined): Promise<Authentication>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, span: TraceSpan | null) => void;

/** Is this request for `/graphql` (or a path under it, which Express's mount at `/graphql` served too)? */
export const isGraphQLPath = (url: string | undefined) =>
  url !== undefined && url.startsWith("/graphql") && (url.length === 8 || url[8] === "?" || url[8] === "/");

export function graphqlHttpHandler(options: GraphQLHttpOptions): Handler {
  const { apollo, limiter, securityHeaders } = options;
  const allowed = new Set(options.corsOrigins);
  const parser = jsonFallbackParser(options.bodyLimitBytes);

  const context = async (
    req: http.IncomingMessage,
    requestId: string,
    address: () => string,
    span: TraceSpan | null,
  ): Promise<GraphQLRequestContext> => {
    let auth: Authentication;
    try {
      auth = await options.authenticate(req.headers.authorization);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // SEC-20: an outage is 503 with Retry-After, logged once per outage (not once per request).
        options.outage.noteUnavailable(error, requestId);
        throw new GraphQLError(SERVICE_UNAVAILABLE_MESSAGE, {
          extensions: {
            code: "SERVICE_UNAVAILABLE",
            http: { status: 503, headers: new HeaderMap([["retry-after", String(RETRY_AFTER_SECS)]]) },
          },
        });
      }
      // Any other failure to authenticate is ours: the formatter turns this into a generic
      // INTERNAL_SERVER_ERROR carrying the request id (SEC-6); the detail goes to the log here.
      options.logger.error({ err: error, requestId }, "authentication failed unexpectedly");
      throw new GraphQLError("Authentication failed unexpectedly.", {
        extensions: { code: "INTERNAL_SERVER_ERROR", requestId },
      });
    }
    if (auth.failure) limiter.recordFailure(address());
    const value: GraphQLRequestContext = {
      requestId,
      principal: auth.principal,
      credentialFailure: auth.failure,
      loaders: options.loaders.forRequest(() => value),
      trace: span ?? undefined,
    };
    return value;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, span: TraceSpan | null): Promise<void> => {
    const requestId = requestIdOf(req);
    const origin = req.headers.origin;
    const headers = [...securityHeaders, "cache-control", "no-store", "x-request-id", requestId, "vary", "Origin"];
    if (origin !== undefined && allowed.has(origin)) headers.push("access-control-allow-origin", origin);
    const answer = (status: number, body: string, more: string[] = []) => {
      res.writeHead(status, [
        ...headers,
        ...more,
        "content-type",
        "application/json; charset=utf-8",
        "content-length",
        String(Buffer.byteLength(body)),
      ]);
      res.end(body);
    };
    let address: string | undefined;
    const clientAddress = () => (address ??= options.clientAddress(req));
    try {
      if (req.method === "OPTIONS") {
        setHeaders(res, headers);
        options.preflight(req as express.Request, res as express.Response, () => {
          res.statusCode = 404;
          res.end();
        });
        return;
      }
      if (limiter.hasFailures && limiter.isBlocked(clientAddress())) {
        const message = "Too many failed authentication attempts from this address; wait a minute.";
        return answer(429, errorBody("RATE_LIMITED", message), ["retry-after", "60"]);
      }
      const body = await readJsonBody(req, res, options.bodyLimitBytes, parser);
      if (Array.isArray(body)) {
        const message = "Batched operations are not accepted: send one operation per request.";
        return answer(400, errorBody("BAD_REQUEST", message));
      }
      const requestHeaders = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) requestHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const query = req.url!.indexOf("?");
      const result = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: req.method!.toUpperCase(),
          headers: requestHeaders,
          search: query < 0 ? "" : req.url!.slice(query),
          body,
        },
        context: () => context(req, requestId, clientAddress, span),
      });
      for (const [name, value] of result.headers) headers.push(name, value);
      if (result.body.kind === "complete") {
        const text = result.body.string;
        headers.push("content-length", String(Buffer.byteLength(text)));
        res.writeHead(result.status ?? 200, headers);
        res.end(text);
        return;
      }
      res.writeHead(result.status ?? 200, headers);
      for await (const chunk of result.body.asyncIterator) res.write(chunk);
      res.end();
    } catch (error) {
      const client = clientErrorOf(error as Error & { status?: number; type?: string }, options.bodyLimitBytes);
      if (res.headersSent) {
        options.logger.error({ err: error, requestId }, "graphql request failed after responding");
        res.end();
      } else if (client) answer(client.status, errorBody(client.code, client.message));
      else {
        options.logger.error({ err: error, requestId }, "unhandled http error");
        answer(500, errorBody("INTERNAL_SERVER_ERROR", internalErrorMessage(requestId)));
      }
    }
  };
  return (req, res, span) => void handle(req, res, span);
}
