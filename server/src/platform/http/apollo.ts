import type http from "node:http";
import { ApolloServer } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { GraphQLFormattedError, GraphQLSchema } from "graphql";
import type { AnswerBudget } from "../graphql/answer-budget";
import { compiledExecutionPlugin } from "../graphql/compiled-execution";
import type { InputLimits } from "../graphql/input-policy";
import { plainJsonStatusPlugin } from "../graphql/response-status";
import type { Logger } from "../logger";
import type { Metrics } from "../telemetry";
import { encounterErrorsOf, inputPolicyPlugin, requestIdPlugin } from "./apollo-plugins";
import { operationPlugin } from "./observed";
import type { GraphQLRequestContext } from "./request-context";

/** Tokens in one document (SEC-4); more is a parse error (400) before anything runs. */
export const MAX_TOKENS = 3000;

/** SEC-4: depth, alias, directive and cost limits, and no "Did you mean" hints (SEC-3), for HTTP and WebSocket. */
export function documentLimits(): ReturnType<ApolloArmor["protect"]> {
  return new ApolloArmor({
    maxDepth: { n: 12 },
    maxAliases: { n: 20 },
    // Counted by graphql-js's own parser (MAX_TOKENS): armor's plugin throws from a hook, which is a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: 20 },
    costLimit: { maxCost: 20_000 },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}

export interface ApolloOptions {
  schema: GraphQLSchema;
  logger: Logger;
  introspection: boolean;
  server: http.Server;
  limits: ReturnType<ApolloArmor["protect"]>;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  inputLimits: InputLimits;
  answerBudget: AnswerBudget;
  /** Root fields whose operations graphql-jit executes (GRAPHQL_JIT); empty: none. */
  compiledRootFields: ReadonlySet<string>;
  metrics?: Metrics;
  drainGraceMs: number;
  /** Closed as the HTTP server drains (Apollo's documented pairing for a WebSocket server). */
  drainAlongside: () => Promise<void>;
}

/**
 * Apollo with what SEC-1..6 ask: CSRF prevention, no batching, no landing page (it loads from a CDN), usage and
 * schema reporting off even with APOLLO_KEY set, no stack traces, the document limits, the input policy.
 */
export async function startApollo(options: ApolloOptions): Promise<ApolloServer<GraphQLRequestContext>> {
  const { limits, formatError } = options;
  const requestIds = requestIdPlugin(options.logger);
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
    validationRules: [...limits.validationRules],
    plugins: [
      ...limits.plugins,
      ApolloServerPluginLandingPageDisabled(),
      // No type declares cache hints, so every answer is `cache-control: no-store` (set once in graphql-http.ts);
      // the plugin would compute that per request with a hook on every field resolved.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: options.server, stopGracePeriodMillis: options.drainGraceMs }),
      { serverWillStart: async () => ({ drainServer: options.drainAlongside }) },
      requestIds,
      inputPolicyPlugin(options.schema, options.inputLimits, options.answerBudget),
      plainJsonStatusPlugin(),
      operationPlugin(options.metrics),
      ...(options.compiledRootFields.size === 0
        ? []
        : [
            compiledExecutionPlugin<GraphQLRequestContext>({
              rootFields: options.compiledRootFields,
              formatError,
              encounter: encounterErrorsOf([...limits.plugins, requestIds]),
            }),
          ]),
    ],
  });
  await apollo.start();
  return apollo;
}
