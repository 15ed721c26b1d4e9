import { randomUUID } from "node:crypto";
import type http from "node:http";
import {
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer, type WebSocket } from "ws";
import type { LoaderRegistry } from "../graphql/context";
import type { Logger } from "../logger";
import type { AuthFailureLimiter } from "./auth-failure-limiter";
import type { Authentication, GraphQLRequestContext } from "./request-context";

export interface SubscriptionServerOptions {
  server: http.Server;
  path: string;
  schema: GraphQLSchema;
  logger: Logger;
  /** The same depth, alias, directive and cost rules as HTTP (SEC-4). */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  maxPayloadBytes: number;
  limiter: AuthFailureLimiter;
  loaders: LoaderRegistry;
  formatError(formatted: GraphQLFormattedError, thrown: unknown): GraphQLFormattedError;
  authenticate(authorization: string | undefined): Promise<Authentication>;
}

export interface SubscriptionServer {
  /** Authenticates every open connection again and closes (4403) those whose credential no longer holds. */
  recheckCredentials(): Promise<void>;
  dispose(): Promise<void>;
}

type ConnectionParams = { authorization?: unknown } | undefined;

const authorizationOf = (params: ConnectionParams): string | undefined =>
  typeof params?.authorization === "string" ? params.authorization : undefined;

/** Parse and validation failures are the client's doing: they keep GraphQL's codes, never INTERNAL_SERVER_ERROR. */
function withCode(error: GraphQLError, code: string): GraphQLError {
  return error.extensions?.code ? error : new GraphQLError(error.message, { ...error, extensions: { code } });
}

/**
 * Subscriptions over `graphql-ws` on the HTTP server's own port and path (a WebSocket upgrade). The credential is
 * `connectionParams.authorization` ("Bearer …"), checked when the connection opens (refused with 4403) and again for
 * each operation, so a key revoked meanwhile stops working. Only subscriptions: queries and mutations stay on HTTP.
 */
export function attachSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const wss = new WebSocketServer({ server: options.server, path: options.path, maxPayload: options.maxPayloadBytes });
  const rules = [...specifiedRules, ...options.validationRules];
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => options.formatError(e.toJSON(), e));
  // Open connections and the credential each opened with: a revoked key or a deleted project ends them (SEC-7).
  const open = new Map<WebSocket, string | undefined>();
  const cleanup = useServer(
    {
      schema: options.schema,
      onConnect: async (ctx) => {
        const ip = ctx.extra.request.socket.remoteAddress ?? "unknown";
        if (options.limiter.isBlocked(ip)) return false;
        const authorization = authorizationOf(ctx.connectionParams as ConnectionParams);
        const auth = await options.authenticate(authorization);
        if (auth.principal) {
          const socket = ctx.extra.socket;
          open.set(socket, authorization);
          socket.once("close", () => open.delete(socket));
          return true;
        }
        if (auth.failure) options.limiter.recordFailure(ip);
        return false;
      },
      context: async (ctx): Promise<GraphQLRequestContext> => {
        const auth = await options.authenticate(authorizationOf(ctx.connectionParams as ConnectionParams));
        const context: GraphQLRequestContext = {
          requestId: randomUUID(),
          principal: auth.principal,
          credentialFailure: auth.failure,
          // A subscription lives for many events and what they read changes between them (a call's state): fresh
          // loaders on each use, so nothing cached for one event is served to the next.
          get loaders() {
            return options.loaders.forRequest(() => context);
          },
        };
        return context;
      },
      onSubscribe: (_ctx, _id, payload) => {
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: options.maxTokens });
        } catch (error) {
          return [withCode(error as GraphQLError, "GRAPHQL_PARSE_FAILED")];
        }
        const invalid = validate(options.schema, document, rules);
        if (invalid.length > 0) return invalid.map((e) => withCode(e, "GRAPHQL_VALIDATION_FAILED"));
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== "subscription") {
          return [
            new GraphQLError(
              "Only subscriptions are served over WebSocket; send queries and mutations with HTTP POST /graphql.",
              { extensions: { code: "BAD_REQUEST" } },
            ),
          ];
        }
        return {
          schema: options.schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
        };
      },
      onError: (_ctx, _id, _payload, errors) => format(errors),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: format(result.errors) } : result,
    },
    wss,
  );
  return {
    recheckCredentials: async () => {
      // Once per distinct credential: many connections usually share one key.
      const verdicts = new Map<string | undefined, Promise<boolean>>();
      const holds = (authorization: string | undefined) => {
        let verdict = verdicts.get(authorization);
        if (!verdict) {
          verdict = options.authenticate(authorization).then(
            (auth) => auth.principal !== null,
            () => true, // an outage is not a revocation
          );
          verdicts.set(authorization, verdict);
        }
        return verdict;
      };
      await Promise.all(
        [...open].map(async ([socket, authorization]) => {
          if (!(await holds(authorization))) socket.close(4403, "Forbidden");
        }),
      );
    },
    dispose: async () => {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
