import type { ApolloServerPlugin, BaseContext, GraphQLRequestContextDidEncounterErrors } from "@apollo/server";
import { Kind, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import { checkAnswerBudget, type AnswerBudget } from "../graphql/answer-budget";
import { isExpectedError, RETRY_AFTER_SECS } from "../graphql/errors";
import { checkOperationInput, type InputLimits } from "../graphql/input-policy";
import { columnLimits } from "../graphql/stored-in";
import type { Logger } from "../logger";
import type { GraphQLRequestContext } from "./request-context";

/** Apollo plugins of `/graphql` (server.ts puts them in order). */

/**
 * Logs what is unexpected, once, with the request id (user errors are not logged: SEC-20); puts the request id on
 * every internal error after formatting (formatError cannot see the context); answers 503 with Retry-After while
 * the database is unavailable.
 */
export function requestIdPlugin(logger: Logger): ApolloServerPlugin<GraphQLRequestContext> {
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
export function inputPolicyPlugin(
  schema: GraphQLSchema,
  limits: InputLimits,
  budget: AnswerBudget,
): ApolloServerPlugin<GraphQLRequestContext> {
  const columns = columnLimits(schema, limits.columnLengths);
  // Operations (nodes of Apollo's cached documents) within the answer budget whatever their variables.
  const withinBudget = new WeakMap<OperationDefinitionNode, GraphQLSchema>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request, schema }) {
          if (!operation) return;
          const variables = request.variables as Record<string, unknown> | undefined;
          checkOperationInput(limits, columns, schema, document, operation, variables);
          if (withinBudget.get(operation) === schema) return;
          const fragments = Object.fromEntries(
            document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
          );
          const { readVariables } = checkAnswerBudget(budget, schema, operation, fragments, variables);
          if (!readVariables) withinBudget.set(operation, schema);
        },
      };
    },
  };
}

/**
 * What the `didEncounterErrors` listeners of `plugins` do with a request's errors, for a plugin that answers the
 * operation itself (Apollo calls these listeners only for errors of its own pipeline).
 */
export function encounterErrorsOf<Context extends BaseContext>(plugins: readonly ApolloServerPlugin<Context>[]) {
  return async (requestContext: GraphQLRequestContextDidEncounterErrors<Context>): Promise<void> => {
    for (const plugin of plugins) {
      const listener = await plugin.requestDidStart?.(requestContext);
      await listener?.didEncounterErrors?.(requestContext);
    }
  };
}
