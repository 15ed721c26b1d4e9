import { serverAudits } from "graphql-http";
import { expect, it } from "vitest";
import { describeEachDialect } from "../support/test-app";

/**
 * The GraphQL-over-HTTP specification, checked with the `graphql-http` package's own server audit. Every audit
 * passes except three MAYs about GET requests without a preflight header, which SEC-1 (CSRF prevention) refuses on
 * purpose with 400: a GET query runs only with a non-simple header (`apollo-require-preflight`, or a content-type
 * of application/json).
 */
const REFUSED_FOR_CSRF = new Map([
  ["5A70", "MAY accept application/x-www-form-urlencoded formatted GET requests"],
  [
    "D6D5",
    "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json",
  ],
  ["6A70", "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json"],
]);

const JSON_ONLY = "application/json";
const GRAPHQL_RESPONSE = "application/graphql-response+json";

describeEachDialect("GraphQL over HTTP", (t) => {
  async function post(accept: string | null, body: unknown, contentType = "application/json") {
    const res = await fetch(`${t.url}/graphql`, {
      method: "POST",
      // fetch sends `accept: */*` when none is given: an empty value stands for "no Accept header" here
      headers: { "content-type": contentType, accept: accept ?? "" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get("content-type"), text };
  }

  it("the graphql-http server audit passes, but for the GET requests SEC-1 refuses on purpose", async () => {
    const failed = new Map<string, string>();
    for (const audit of serverAudits({ url: `${t.url}/graphql` })) {
      const result = await audit.fn();
      if (result.status === "ok") continue;
      const body = await result.response.text();
      failed.set(result.id, `${result.name} (${result.status}): ${result.reason}; ${result.response.status} ${body}`);
    }
    expect([...failed.keys()].sort(), [...failed.values()].join("\n")).toEqual([...REFUSED_FOR_CSRF.keys()].sort());
    for (const [id, name] of REFUSED_FOR_CSRF) {
      expect(failed.get(id)).toContain(name);
      expect(failed.get(id)).toMatch(/400 .*Cross-Site Request Forgery/);
    }
  });

  it("parse, validation and variable errors are 200 for a client that accepts only application/json, 400 for application/graphql-response+json", async () => {
    const requests = [
      ["parse", { query: "{" }, "GRAPHQL_PARSE_FAILED"],
      ["validation", { query: "{ noSuchField }" }, "GRAPHQL_VALIDATION_FAILED"],
      [
        "variables",
        { query: "query($id: ID!) { skillVersion(id: $id) { id } }", variables: { id: { not: "an id" } } },
        "BAD_USER_INPUT",
      ],
      ["operation name", { query: "query A { __typename }", operationName: "B" }, "OPERATION_RESOLUTION_FAILURE"],
    ] as const;
    for (const [what, body, code] of requests) {
      const plain = await post(JSON_ONLY, body);
      expect(plain.status, `${what}: ${plain.text}`).toBe(200);
      expect(plain.type, what).toMatch(/^application\/json/);
      expect(JSON.parse(plain.text), what).toMatchObject({ errors: [{ extensions: { code } }] });
      expect(JSON.parse(plain.text).data, what).toBeUndefined();
      for (const accept of [GRAPHQL_RESPONSE, `${GRAPHQL_RESPONSE}, ${JSON_ONLY};q=0.9`, "*/*", null]) {
        const strict = await post(accept, body);
        expect(strict.status, `${what} with accept ${accept}: ${strict.text}`).toBe(400);
        expect(JSON.parse(strict.text), what).toMatchObject({ errors: [{ extensions: { code } }] });
      }
    }
  });

  it("SEC-1 SEC-4 requests that are not well-formed keep their 4xx when the client accepts only application/json", async () => {
    const csrf = await post(JSON_ONLY, JSON.stringify({ query: "{ __typename }" }), "text/plain");
    expect(csrf.status).toBe(400);
    expect(csrf.text).toMatch(/Cross-Site Request Forgery/);
    expect((await post(JSON_ONLY, [{ query: "{ __typename }" }])).status).toBe(400);
    expect((await post(JSON_ONLY, "{not json")).status).toBe(400);
    expect((await post(JSON_ONLY, { variables: {} })).status).toBe(400);
    const ok = await post(JSON_ONLY, { query: "{ __typename }" });
    expect([ok.status, JSON.parse(ok.text)]).toEqual([200, { data: { __typename: "Query" } }]);
  });
});
