import {
  HeaderMap,
  type ApolloServerPlugin,
  type BaseContext,
  type GraphQLRequestContextDidEncounterErrors,
  type GraphQLRequestContextResponseForOperation,
  type GraphQLResponse,
  type HTTPGraphQLHead,
} from "@apollo/server";
import {
  BREAK,
  GraphQLError,
  Kind,
  visit,
  type DocumentNode,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

/**
 * The hot operations executed by graphql-jit instead of graphql-js, inside Apollo Server's pipeline. Apollo
 * parses, validates (armor's rules included) and keeps the document; the other plugins' `didResolveOperation` run
 * (the input policy and answer budget, the operation's name on its span); then this plugin's `responseForOperation`
 * — the hook response caches answer from — runs the operation compiled once per operation node of Apollo's cached
 * document, and Apollo's `willSendResponse` hooks run on its answer as on any other (request ids on internal errors,
 * 503 on an outage, the status for `application/json`, metrics).
 *
 * What Apollo does with an executed result's errors is done here the same way, because Apollo does not do it for
 * a plugin's answer: the `didEncounterErrors` listeners (`encounter`: the log of unexpected errors, armor's
 * suggestion mask), the one error map (`formatError`), the HTTP status and headers errors carry. A request whose
 * variables do not coerce has run nothing: it is left to Apollo's executor, whose answer (400 BAD_USER_INPUT) is the
 * reference. Only operations whose root fields are all in `rootFields` (plain fields: no fragment, no directive)
 * are compiled; any other, and a document graphql-jit refuses, runs as before.
 *
 * Only documents whose arguments are all variables (`name: $name`), without directives: graphql-jit 0.8.9 writes an
 * argument's literal value into the code it compiles (`objectStringify`), and a string literal that starts with its
 * Date marker becomes code (`new Date(…)` around whatever the client wrote) — code injection by any client, before
 * authentication. Variables are coerced at run time and never become code.
 */
export interface CompiledExecutionOptions<Context extends BaseContext> {
  /** Root fields (of Mutation or Query) whose operations are compiled. */
  rootFields: ReadonlySet<string>;
  formatError(formatted: GraphQLFormattedError, thrown: unknown): GraphQLFormattedError;
  /** The `didEncounterErrors` listeners Apollo would call for an executed result's errors. */
  encounter(requestContext: GraphQLRequestContextDidEncounterErrors<Context>): Promise<void>;
}

/** The compiled operation of a cached document, or null when it is not one of ours or graphql-jit refused it. */
const compiled = new WeakMap<OperationDefinitionNode, CompiledQuery | null>();

function isHot(operation: OperationDefinitionNode, rootFields: ReadonlySet<string>): boolean {
  if (operation.operation === "subscription") return false;
  return operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && rootFields.has(s.name.value));
}

/** Are the operation's and the fragments' arguments all variables, with no directive anywhere? */
function onlyVariables(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  let only = true;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION && definition !== operation) continue;
    visit(definition, {
      Argument(node) {
        if (node.value.kind === Kind.VARIABLE) return false;
        only = false;
        return BREAK;
      },
      Directive() {
        only = false;
        return BREAK;
      },
    });
    if (!only) return false;
  }
  return true;
}

function compiledOf<Context extends BaseContext>(
  requestContext: GraphQLRequestContextResponseForOperation<Context>,
  rootFields: ReadonlySet<string>,
): CompiledQuery | null {
  const { operation, document, schema } = requestContext;
  const known = compiled.get(operation);
  if (known !== undefined) return known;
  let query: CompiledQuery | null = null;
  if (isHot(operation, rootFields) && onlyVariables(document, operation)) {
    const result = compileQuery(schema, document, operation.name?.value, { disablingCapturingStackErrors: true });
    query = isCompiledQuery(result) ? result : null;
  }
  compiled.set(operation, query);
  return query;
}

/**
 * graphql-jit's error as graphql-js's `locatedError` makes it (message, path, the thrown error and its extensions),
 * with the same locations: its own class has a read-only message (armor's listener rewrites messages) and may have
 * no extensions.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const located = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  (located as { locations: GraphQLError["locations"] }).locations = error.locations;
  return located;
}

/** Apollo's `normalizeAndFormatErrors` (not exported): a code on every error, `extensions.http` taken off into the head. */
function formatErrors(
  errors: readonly GraphQLError[],
  formatError: CompiledExecutionOptions<BaseContext>["formatError"],
  head: HTTPGraphQLHead,
): GraphQLFormattedError[] {
  return errors.map((error) => {
    const extensions: Record<string, unknown> = { ...error.extensions };
    extensions.code ??= "INTERNAL_SERVER_ERROR";
    const http = extensions.http as Partial<HTTPGraphQLHead> | undefined;
    if (http && typeof http === "object" && (http.headers === undefined || http.headers instanceof Map)) {
      if (http.status) head.status = http.status;
      for (const [name, value] of http.headers ?? []) head.headers.set(name, value);
      delete extensions.http;
    }
    try {
      return formatError({ ...error.toJSON(), extensions }, error);
    } catch {
      return { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } };
    }
  });
}

export function compiledExecutionPlugin<Context extends BaseContext>(
  options: CompiledExecutionOptions<Context>,
): ApolloServerPlugin<Context> {
  const { rootFields, formatError, encounter } = options;
  return {
    async requestDidStart() {
      return {
        async responseForOperation(requestContext): Promise<GraphQLResponse | null> {
          const query = compiledOf(requestContext, rootFields);
          if (!query) return null;
          const result = await query.query(undefined, requestContext.contextValue, requestContext.request.variables);
          // Variables that do not coerce: nothing ran; Apollo's executor answers (the reference's 400).
          if (result.data === undefined) return null;
          const head: HTTPGraphQLHead = { headers: new HeaderMap() };
          if (!result.errors?.length)
            return { http: head, body: { kind: "single", singleResult: { data: result.data } } };
          const thrown = result.errors.map(asGraphQLError);
          await encounter({ ...requestContext, errors: thrown });
          const errors = formatErrors(thrown, formatError, head);
          // graphql-js answers `{ errors, data }` in that order; so does this.
          return { http: head, body: { kind: "single", singleResult: { errors, data: result.data } } };
        },
      };
    },
  };
}
