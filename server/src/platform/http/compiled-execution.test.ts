import { ApolloServer } from "@apollo/server";
import {
  GraphQLID,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfig,
} from "graphql";
import { compileQuery } from "graphql-jit";
import { describe, expect, it, vi } from "vitest";
import { captureLog } from "../../../test/support/log-capture";
import { compiledExecutionPlugin } from "../graphql/compiled-execution";
import { createErrorFormatter } from "../graphql/errors";
import { OutageLog } from "../db/outage-log";
import { Invalid } from "../errors";
import { encounterErrorsOf, requestIdPlugin } from "./apollo-plugins";
import type { GraphQLRequestContext } from "./request-context";

vi.mock("graphql-jit", async (importOriginal) => {
  const original = await importOriginal<typeof import("graphql-jit")>();
  return { ...original, compileQuery: vi.fn(original.compileQuery) };
});

/** What a resolver does for `kind`: answer, refuse (a domain error), fail (unexpected), or fail in a nested field. */
function resolve(kind: string) {
  if (kind === "domain") throw Invalid.of([{ path: "kind", message: "No thing 7 here.", fields: { thing_id: "7" } }]);
  if (kind === "unexpected") throw new Error("the disk is on fire (internal detail)");
  return { id: "1", kind };
}

const Answer = new GraphQLObjectType({
  name: "Answer",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    note: {
      type: GraphQLString,
      resolve: (answer: { kind: string }) => {
        if (answer.kind === "note-fails") throw new Error("the note failed");
        return `note of ${answer.kind}`;
      },
    },
  },
});

const field = (type: GraphQLFieldConfig<unknown, unknown>["type"]): GraphQLFieldConfig<unknown, unknown> => ({
  type,
  args: { kind: { type: new GraphQLNonNull(GraphQLString) } },
  resolve: (_root, args: { kind: string }) => resolve(args.kind),
});

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: "Query", fields: { ping: { type: GraphQLString, resolve: () => "pong" } } }),
  mutation: new GraphQLObjectType({
    name: "Mutation",
    fields: { hot: field(Answer), strict: field(new GraphQLNonNull(Answer)), cold: field(Answer) },
  }),
});

/** An Apollo Server with the request-id plugin and, when `compiled`, the compiled execution of `hot` and `strict`. */
async function server(compiled: boolean) {
  const log = captureLog("error");
  const formatError = createErrorFormatter(new OutageLog(log.logger, async () => true));
  const requestIds = requestIdPlugin(log.logger);
  const apollo = new ApolloServer<GraphQLRequestContext>({
    schema,
    formatError,
    includeStacktraceInErrorResponses: false,
    plugins: [
      requestIds,
      ...(compiled
        ? [
            compiledExecutionPlugin<GraphQLRequestContext>({
              rootFields: new Set(["hot", "strict"]),
              formatError,
              encounter: encounterErrorsOf([requestIds]),
            }),
          ]
        : []),
    ],
  });
  await apollo.start();
  const run = async (query: string, variables: Record<string, unknown>) => {
    const context = { requestId: "request-1" } as GraphQLRequestContext;
    const { http, body } = await apollo.executeOperation({ query, variables }, { contextValue: context });
    return { status: http.status, body };
  };
  return { run, log, stop: () => apollo.stop() };
}

const HOT = `mutation($kind: String!) { hot(kind: $kind) { id note } }`;
const STRICT = `mutation($ok: String!, $kind: String!) { first: hot(kind: $ok) { id } strict(kind: $kind) { id note } }`;
const COLD = `mutation($kind: String!) { cold(kind: $kind) { id note } }`;
/** graphql-jit 0.8.9 would make this literal code (its Date marker): a document with a literal is not compiled. */
const INJECTED = `mutation { hot(kind: "__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74d0)+(globalThis.jitInjected=1)+(0") { id } }`;

describe("compiled execution inside Apollo Server", () => {
  it("SEC-6 SEC-20 answers and logs as graphql-js: domain errors keep code and details, unexpected ones are INTERNAL_SERVER_ERROR with the request id and logged once, nested failures null their field", async () => {
    const reference = await server(false);
    const compiled = await server(true);
    try {
      const cases: Array<[string, Record<string, unknown>]> = [
        [HOT, { kind: "ok" }],
        [HOT, { kind: "domain" }],
        [HOT, { kind: "unexpected" }],
        [HOT, { kind: "note-fails" }],
        [STRICT, { ok: "ok", kind: "domain" }],
        [STRICT, { ok: "ok", kind: "unexpected" }],
        [HOT, { kind: 7 }],
        [HOT, {}],
        [COLD, { kind: "domain" }],
        [INJECTED, {}],
        [`mutation($kind: String!) { hot(kind: $kind) @skip(if: false) { id } }`, { kind: "ok" }],
      ];
      for (const [query, variables] of cases) {
        const expected = await reference.run(query, variables);
        expect(await compiled.run(query, variables), `${query} ${JSON.stringify(variables)}`).toEqual(expected);
      }
      // The same lines; the stacks differ (graphql-jit's frames), not the errors.
      const logged = (lines: typeof reference.log.lines) =>
        lines.map((l) => [l.msg, l.requestId, (l.err as { message: string }).message]);
      expect(logged(compiled.log.lines)).toEqual(logged(reference.log.lines));
      // Three unexpected errors (hot, its note, strict), each logged once with the request id; no domain error.
      expect(compiled.log.lines.map((l) => l.requestId)).toEqual(["request-1", "request-1", "request-1"]);
      // Compiled once per document, and only the hot ones whose arguments are all variables, without directives.
      expect(vi.mocked(compileQuery)).toHaveBeenCalledTimes(2);
      expect((globalThis as { jitInjected?: number }).jitInjected).toBeUndefined();
    } finally {
      await reference.stop();
      await compiled.stop();
    }
  });
});
