import type http from "node:http";
import type { ApolloServerPlugin } from "@apollo/server";
import { constantTimeEqualHex, sha256Hex } from "../crypto";
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from "../telemetry/attributes";
import { SKILLGRAPH, type Metrics, type TraceSpan, type Tracing } from "../telemetry";
import type { GraphQLRequestContext } from "./request-context";

/**
 * OB-1 and OB-2 at the HTTP edge: every request is timed by route (a bounded label), and, with tracing on, is a
 * server span that continues the caller's W3C `traceparent` (a malformed one starts a new trace). The span travels
 * with the request (GraphQL's context, the plain routes' handler): what is done for it hangs under it.
 */

type Dispatch = (req: http.IncomingMessage, res: http.ServerResponse, span: TraceSpan | null) => void;

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** The route a request's path falls under, from a fixed set (a label and a span name: never the raw path). */
export function routeOf(url: string | undefined): string {
  const path = (url ?? "/").split("?", 1)[0]!;
  if (path === "/graphql" || path.startsWith("/graphql/")) return "/graphql";
  if (path === "/v1/chat/completions" || path === "/v1/models") return path;
  if (path === "/v1/skills" || path.startsWith("/v1/skills/")) return "/v1/skills";
  if (path === "/v1" || path.startsWith("/v1/")) return "/v1";
  if (path === "/mcp" || path === "/healthz" || path === "/readyz" || path === "/metrics") return path;
  return "/*";
}

export function observed(dispatch: Dispatch, tracing: Tracing, metrics: Metrics | undefined): Dispatch {
  return (req, res) => {
    const started = performance.now();
    const route = routeOf(req.url);
    const method = METHODS.has(req.method ?? "") ? req.method! : "OTHER";
    if (!tracing.enabled) {
      if (metrics)
        res.once("close", () =>
          metrics.httpRequest(route, method, res.statusCode, (performance.now() - started) / 1000),
        );
      return dispatch(req, res, null);
    }
    const span = tracing.start(
      `${method} ${route}`,
      { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_HTTP_ROUTE]: route },
      "server",
      tracing.remoteParent(req.headers),
    );
    res.once("close", () => {
      metrics?.httpRequest(route, method, res.statusCode, (performance.now() - started) / 1000);
      span.set({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: res.statusCode });
      if (res.statusCode >= 500) span.fail(String(res.statusCode));
      span.end();
    });
    dispatch(req, res, span);
  };
}

/**
 * The GraphQL operation on its request's span (renamed `query GetCalls`, `mutation startCall`, with
 * `graphql.operation.name` / `.type` and the codes of the answer's errors) and its duration by operation (OB-2).
 */
export function operationPlugin(metrics: Metrics | undefined): ApolloServerPlugin<GraphQLRequestContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      let name: string | null = null;
      let type = "unknown";
      return {
        async didResolveOperation({ operation, operationName, contextValue }) {
          name = operationName ?? null;
          type = operation?.operation ?? "unknown";
          contextValue.trace?.rename(name ? `${type} ${name}` : type);
          contextValue.trace?.set({ "graphql.operation.name": name, "graphql.operation.type": type });
        },
        async willSendResponse({ response, contextValue }) {
          const errors = response.body.kind === "single" ? (response.body.singleResult.errors ?? []) : [];
          metrics?.graphqlRequest(name, type, errors.length > 0, (performance.now() - started) / 1000);
          if (errors.length === 0 || !contextValue.trace) return;
          const codes = [...new Set(errors.map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
          contextValue.trace.set({ [SKILLGRAPH.graphqlErrorCodes]: codes });
          contextValue.trace.fail(codes[0]!);
        },
      };
    },
  };
}

/** OB-2: is `authorization` METRICS_TOKEN's bearer (never, when it is unset)? */
export function metricsTokenMatches(tokenHash: string | null, authorization: string | undefined): boolean {
  if (tokenHash === null) return false;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  return bearer !== undefined && constantTimeEqualHex(sha256Hex(bearer), tokenHash);
}
