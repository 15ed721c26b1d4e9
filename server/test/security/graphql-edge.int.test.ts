import "reflect-metadata";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import pino from "pino";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/platform/logger";
import { createTestApp, describeEachDialect, openTestDatabase, startTestApp, type TestApp } from "../support/test-app";

const CONSOLE_ORIGIN = "https://console.skillgraph.example";
const BODY_LIMIT = 64 * 1024;
const CSRF_MESSAGE = /Cross-Site Request Forgery/;

type Body = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

async function raw(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; text: string; body: Body | null }> {
  const res = await fetch(url, init);
  const text = await res.text();
  const parse = (): Body | null => {
    try {
      return JSON.parse(text) as Body;
    } catch {
      return null;
    }
  };
  return { status: res.status, headers: res.headers, text, body: parse() };
}

function postJson(t: TestApp, payload: unknown, headers: Record<string, string> = {}) {
  return raw(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

/** A stack trace, a source path or an internal module name anywhere in a response body. */
const STACK_LIKE = /\n\s+at |\bat [\w.<>]+ \(|\.ts:\d+|\.js:\d+|node_modules|stacktrace/i;

// Production-like: introspection off, the console's origin allow-listed, a small body limit.
const EDGE_CONFIG = { introspection: false, corsOrigins: [CONSOLE_ORIGIN], bodyLimitBytes: BODY_LIMIT };

describeEachDialect("GraphQL edge", EDGE_CONFIG, (t) => {
  afterEach(() => vi.restoreAllMocks());

  const projectNames = async (): Promise<string[]> =>
    (
      await t.ok<{ projects: Array<{ name: string }> }>(
        `{ projects(includeDeleted: true) { name } }`,
        {},
        t.platformToken,
      )
    ).projects.map((p) => p.name);

  // ---- SEC-1 ----

  it("SEC-1 a text/plain POST is refused with 400 and runs nothing", async () => {
    const create = vi.spyOn(t.app.services.projects, "create");
    const name = `csrf-${randomUUID()}`;
    const res = await raw(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain", authorization: `Bearer ${t.platformToken}` },
      body: JSON.stringify({ query: `mutation { createProject(name: "${name}") { apiKey } }` }),
    });
    expect(res.status).toBe(400);
    expect(res.body?.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(res.body?.errors?.[0]?.message).toMatch(CSRF_MESSAGE);
    expect(create).not.toHaveBeenCalled();
    expect(await projectNames()).not.toContain(name);
  });

  it("SEC-1 form-encoded and multipart POSTs (the other simple requests) are refused with 400", async () => {
    for (const contentType of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await raw(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: "query=%7B__typename%7D",
      });
      expect(res.status, contentType).toBe(400);
    }
  });

  it("SEC-1 a GET query without a preflight header is refused with 400; with one it runs", async () => {
    const query = encodeURIComponent(`{ projects { id } }`);
    const refused = await raw(`${t.url}/graphql?query=${query}`, {
      headers: { authorization: `Bearer ${t.platformToken}` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(refused.body?.errors?.[0]?.message).toMatch(CSRF_MESSAGE);
    expect(refused.body?.data).toBeUndefined();

    const allowed = await raw(`${t.url}/graphql?query=${query}`, {
      headers: { authorization: `Bearer ${t.platformToken}`, "apollo-require-preflight": "true" },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body?.errors).toBeUndefined();
  });

  it("SEC-1 a GET cannot run a mutation, even with a preflight header", async () => {
    const name = `get-mutation-${randomUUID()}`;
    const query = encodeURIComponent(`mutation { createProject(name: "${name}") { apiKey } }`);
    const res = await raw(`${t.url}/graphql?query=${query}`, {
      headers: { authorization: `Bearer ${t.platformToken}`, "apollo-require-preflight": "true" },
    });
    expect(res.status).toBe(405);
    expect(await projectNames()).not.toContain(name);
  });

  // ---- SEC-2 ----

  it("SEC-2 an allow-listed Origin gets access-control-allow-origin echoing it, on the request and the preflight", async () => {
    const res = await postJson(t, { query: "{ __typename }" }, { origin: CONSOLE_ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(CONSOLE_ORIGIN);
    expect(res.headers.get("vary") ?? "").toMatch(/Origin/i);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();

    const preflight = await raw(`${t.url}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin: CONSOLE_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(CONSOLE_ORIGIN);
  });

  it("SEC-2 any other origin gets no access-control-allow-origin, and nothing ever answers '*'", async () => {
    const others = [
      "https://evil.example",
      "null",
      `${CONSOLE_ORIGIN}.evil.example`,
      "https://evil.example/https://console.skillgraph.example",
      "http://console.skillgraph.example", // the allow-listed host over another scheme
      "https://console.skillgraph.example:8443",
    ];
    for (const origin of others) {
      const res = await postJson(t, { query: "{ __typename }" }, { origin });
      expect(res.headers.get("access-control-allow-origin"), origin).toBeNull();
      const preflight = await raw(`${t.url}/graphql`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type,authorization",
        },
      });
      expect(preflight.headers.get("access-control-allow-origin"), origin).toBeNull();
    }
    for (const res of [
      await postJson(t, { query: "{ __typename }" }),
      await raw(`${t.url}/healthz`, { headers: { origin: "https://evil.example" } }),
    ]) {
      expect(res.headers.get("access-control-allow-origin")).not.toBe("*");
    }
  });

  it("SEC-2 by default only the console's own origin is allowed", () => {
    expect(loadConfig({ PORT: "4000" }).corsOrigins).toEqual(["http://localhost:4000"]);
    expect(loadConfig({ PORT: "4000", CORS_ORIGINS: "https://a.example, https://b.example" }).corsOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  // ---- SEC-3 ----

  it("SEC-3 with introspection off (production), __schema and __type queries are refused; __typename still works", async () => {
    for (const query of [
      `{ __schema { types { name } } }`,
      `{ __type(name: "Query") { fields { name } } }`,
      `query { projects { id } } query Sneaky { __schema { queryType { name } } }`,
      `fragment f on Query { __schema { types { name } } } query { ...f }`,
    ]) {
      const res = await postJson(
        t,
        { query, operationName: query.includes("Sneaky") ? "Sneaky" : undefined },
        { authorization: `Bearer ${t.platformToken}` },
      );
      expect(res.status, query).toBe(400);
      expect(res.body?.errors?.[0]?.extensions?.code, query).toBe("GRAPHQL_VALIDATION_FAILED");
      expect(res.body?.data, query).toBeUndefined();
      expect(res.text, query).not.toContain('"queryType"');
    }
    const typename = await postJson(t, { query: "{ __typename }" });
    expect(typename.body).toEqual({ data: { __typename: "Query" } });
  });

  it("SEC-3 production turns introspection off unless configured on", () => {
    expect(loadConfig({ NODE_ENV: "production" }).introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", INTROSPECTION: "true" }).introspection).toBe(true);
    expect(loadConfig({}).introspection).toBe(true);
  });

  it("SEC-3 misspelled fields, arguments, types, enum values and input fields get no 'Did you mean' hint", async () => {
    const cases: Array<{ query: string; variables?: Record<string, unknown>; hint: string }> = [
      { query: `{ projectz { id } }`, hint: '"projects"' },
      { query: `{ skills { itemz { id } } }`, hint: '"items"' },
      { query: `{ skills(limt: 5) { total } }`, hint: '"limit"' },
      { query: `{ skills(state: PUBLISHD) { total } }`, hint: '"PUBLISHED"' },
      { query: `query { projects { ...f } } fragment f on Projct { id }`, hint: '"Project"' },
      { query: `query($s: VersionStat) { skills(state: $s) { total } }`, hint: '"VersionState"' },
      { query: `mutation { createSkillVersion(input: { skilMd: "x", skillMd: "y" }) { id } }`, hint: '"skillMd"' },
      {
        query: `query($s: VersionState) { skills(state: $s) { total } }`,
        variables: { s: "PUBLISHD" },
        hint: '"PUBLISHED"',
      },
      {
        query: `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        variables: { input: { skilMd: "x", skillMd: "y" } },
        hint: '"skillMd"',
      },
    ];
    for (const { query, variables, hint } of cases) {
      const res = await postJson(t, { query, variables }, { authorization: `Bearer ${t.platformToken}` });
      expect(res.status, query).toBe(400);
      expect(res.body?.errors?.length, query).toBeGreaterThan(0);
      for (const error of res.body?.errors ?? []) {
        expect(error.message, query).not.toMatch(/did you mean/i);
        expect(error.message, query).not.toContain(hint);
      }
    }
  });

  // ---- SEC-4 ----

  /** Sends a document that would create a project; asserts it is refused and that no resolver ran. */
  async function expectRefusedBeforeResolvers(query: (name: string) => string, message: RegExp) {
    const create = vi.spyOn(t.app.services.projects, "create");
    const name = `abuse-${randomUUID()}`;
    const res = await postJson(t, { query: query(name) }, { authorization: `Bearer ${t.platformToken}` });
    expect(res.status).toBe(400);
    expect(res.body?.data).toBeUndefined();
    expect(res.body?.errors?.[0]?.extensions?.code).toMatch(/^GRAPHQL_(VALIDATION|PARSE)_FAILED$/);
    expect(res.body?.errors?.map((e) => e.message).join(" ")).toMatch(message);
    expect(create).not.toHaveBeenCalled();
    create.mockRestore();
    expect(await projectNames()).not.toContain(name);
  }

  const nested = (levels: number) => {
    let selection = "id";
    for (let i = 0; i < levels; i++) selection = `skillLibrary { ${selection} }`;
    return selection;
  };

  it("SEC-4 the same documents within the limits do run (control for the refusals below)", async () => {
    const name = `within-${randomUUID()}`;
    const data = await t.ok<{ a: { project: { id: string } }; b: { apiKey: string } }>(
      `mutation { a: createProject(name: "${name}") { project { id ${nested(9)} } } b: createProject(name: "${name}-b") { apiKey } }`,
      {},
      t.platformToken,
    );
    expect(data.a.project.id).toBeTruthy();
    expect(await projectNames()).toEqual(expect.arrayContaining([name, `${name}-b`]));
  });

  it("SEC-4 a document deeper than the depth limit (12) is refused before any resolver runs", async () => {
    await expectRefusedBeforeResolvers(
      (name) => `mutation { createProject(name: "${name}") { project { ${nested(12)} } } }`,
      /depth limit of 12/,
    );
  });

  it("SEC-4 a document with more than 20 aliases is refused before any resolver runs", async () => {
    await expectRefusedBeforeResolvers(
      (name) =>
        `mutation { ${Array.from({ length: 21 }, (_, i) => `a${i}: createProject(name: "${name}") { apiKey }`).join(" ")} }`,
      /Aliases limit of 20/,
    );
  });

  it("SEC-4 a document of more than 3000 tokens is refused (400, not 500) before any resolver runs", async () => {
    await expectRefusedBeforeResolvers(
      (name) => `mutation { createProject(name: "${name}") { project { ${"id ".repeat(3000)} } } }`,
      /3000/,
    );
  });

  it("SEC-4 a document over the cost limit (20000) within the depth, alias and token limits is refused", async () => {
    const fragment = `fragment Heavy on Project { skillLibrary { linkedProjects { skillLibrary { id name createdAt deletedAt } } } }`;
    await expectRefusedBeforeResolvers(
      (name) => `mutation { createProject(name: "${name}") { project { ${"...Heavy ".repeat(500)} } } } ${fragment}`,
      /Cost limit of 20000/,
    );
  });

  it("SEC-4 a document with more than 20 directives is refused before any resolver runs", async () => {
    await expectRefusedBeforeResolvers(
      (name) => `mutation { createProject(name: "${name}") { project { ${"id @include(if: true) ".repeat(21)} } } }`,
      /Directives limit of 20/,
    );
  });

  it("SEC-4 a batched JSON-array body is refused with 400 before any resolver runs", async () => {
    const create = vi.spyOn(t.app.services.projects, "create");
    const name = `batched-${randomUUID()}`;
    const res = await postJson(
      t,
      [{ query: `mutation { createProject(name: "${name}") { apiKey } }` }, { query: "{ __typename }" }],
      {
        authorization: `Bearer ${t.platformToken}`,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body?.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(Array.isArray(res.body)).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect(await projectNames()).not.toContain(name);

    const single = await postJson(t, [{ query: "{ __typename }" }]);
    expect(single.status).toBe(400);
  });

  it("SEC-4 a body over bodyLimitBytes gets HTTP 413; one just under it is accepted", async () => {
    const create = vi.spyOn(t.app.services.projects, "create");
    const big = await postJson(
      t,
      {
        query: `mutation($n: String!) { createProject(name: $n) { apiKey } }`,
        variables: { n: "x".repeat(BODY_LIMIT) },
      },
      { authorization: `Bearer ${t.platformToken}` },
    );
    expect(big.status).toBe(413);
    expect(big.body?.errors?.[0]?.extensions?.code).toBe("PAYLOAD_TOO_LARGE");
    expect(create).not.toHaveBeenCalled();

    const padding = " ".repeat(BODY_LIMIT - 200);
    const fits = await postJson(t, `{"query":"{ __typename }"${padding}}`);
    expect(fits.status).toBe(200);
  });

  it("SEC-4 a body that is not JSON is a 400, not a 500", async () => {
    const res = await postJson(t, "{ not json");
    expect(res.status).toBe(400);
    expect(res.body?.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(res.text).not.toMatch(STACK_LIKE);
  });

  it("SEC-23 a body nested deeper than 64 levels is a 400 naming the limit, refused when parsed", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const res = await postJson(t, `{"query":"{ __typename }","variables":{"x":${deep}}}`);
    expect(res.status).toBe(400);
    expect(res.body?.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(res.body?.errors?.[0]?.message).toContain("at most 64 levels");
    expect(res.text).not.toMatch(STACK_LIKE);
  });

  // ---- SEC-5 ----

  it("SEC-5 GET /graphql with Accept: text/html serves no landing page", async () => {
    for (const accept of ["text/html", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]) {
      const res = await raw(`${t.url}/graphql`, { headers: { accept } });
      expect(res.headers.get("content-type") ?? "").not.toMatch(/text\/html/);
      expect(res.text).not.toMatch(/<!doctype|<html|<script/i);
      expect(res.text).not.toMatch(/apollographql|embeddable-sandbox|cdn\./i);
      expect(res.status).toBe(400);
    }
  });
});

// ---- SEC-5: no phoning home, even with APOLLO_KEY set ----

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost", "::ffff:127.0.0.1"]);

/** Records every outbound connection and fetch that is not to loopback (or the test database); answers fetches itself. */
function watchOutbound(): { outbound: string[] } {
  const outbound: string[] = [];
  const allowed = new Set(LOOPBACK);
  if (process.env.TEST_DATABASE_URL) allowed.add(new URL(process.env.TEST_DATABASE_URL).hostname);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (allowed.has(url.hostname.replace(/^\[|\]$/g, ""))) return realFetch(input, init);
    outbound.push(`fetch ${url.href}`);
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  });
  const realConnect = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const target =
      typeof first === "object" && first !== null
        ? (first as { host?: string; path?: string })
        : { host: typeof args[1] === "string" ? args[1] : "localhost" };
    if (!target.path && !allowed.has(target.host ?? "localhost")) outbound.push(`connect ${target.host}`);
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  });
  return { outbound };
}

describeEachDialect.withOwnApps("SEC-5 Apollo reporting", (dialect) => {
  const APOLLO_ENV = {
    APOLLO_KEY: "service:sg-test-graph:0123456789abcdefABCDEF",
    APOLLO_GRAPH_REF: "sg-test-graph@current",
    APOLLO_SCHEMA_REPORTING: "true",
  };
  const saved: Record<string, string | undefined> = {};

  beforeAll(() => {
    for (const [k, v] of Object.entries(APOLLO_ENV)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const k of Object.keys(APOLLO_ENV)) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  afterEach(() => vi.restoreAllMocks());

  it("SEC-5 (control) a plain Apollo Server with APOLLO_KEY set does report usage, and the watch sees it", async () => {
    const { outbound } = watchOutbound();
    const silent = { debug() {}, info() {}, warn() {}, error() {} };
    const server = new ApolloServer({
      typeDefs: "type Query { a: Int }",
      resolvers: { Query: { a: () => 1 } },
      logger: silent,
    });
    const { url } = await startStandaloneServer(server, { listen: { port: 0, host: "127.0.0.1" } });
    await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ a }" }),
    });
    await server.stop();
    expect(outbound.some((o) => o.includes("apollographql.com"))).toBe(true);
  });

  it("SEC-5 with APOLLO_KEY, APOLLO_GRAPH_REF and APOLLO_SCHEMA_REPORTING set, the server starts, answers and sends nothing out", async () => {
    const { outbound } = watchOutbound();
    const t = await createTestApp(dialect);
    try {
      const project = await t.project("apollo-key project");
      for (let i = 0; i < 5; i++) {
        const res = await t.gql(`{ project { id name } }`, {}, project.adminKey);
        expect(res.status).toBe(200);
        expect(res.errors).toBeUndefined();
      }
      const html = await raw(`${t.url}/graphql`, { headers: { accept: "text/html" } });
      expect(html.text).not.toMatch(/<html/i);
    } finally {
      // Usage reporting flushes on stop: closing must not send anything either.
      await t.close();
    }
    expect(outbound).toEqual([]);
  });
});

// ---- SEC-6 ----

describeEachDialect.withOwnApps("SEC-6 unexpected errors", (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  const logEntries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    const { db, drop } = await openTestDatabase(dialect);
    // The production logger (with its redaction rules), writing into memory.
    const logger = createLogger("info");
    (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
      write: (line: string) => lines.push(line),
    };
    t = await startTestApp(db, { logger, drop });
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const post = (query: string, token: string) =>
    raw(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });

  function expectGenericInternalError(res: Awaited<ReturnType<typeof raw>>, detail: string) {
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body?.errors).toHaveLength(1);
    const error = res.body!.errors![0]!;
    expect(error.extensions?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(error.extensions?.requestId).toBe(requestId);
    expect(error.message).toBe(`Something went wrong on our side. Quote request id ${requestId} when you report it.`);
    expect(Object.keys(error.extensions ?? {}).sort()).toEqual(["code", "requestId"]);
    expect(res.text).not.toMatch(STACK_LIKE);
    expect(res.text).not.toContain(detail);
    return requestId!;
  }

  function expectLoggedWithDetail(requestId: string, detail: string) {
    const entries = logEntries().filter((e) => e.requestId === requestId && e.level === 50);
    expect(entries.length).toBeGreaterThan(0);
    const logged = JSON.stringify(entries);
    expect(logged).toContain(detail);
    expect(logged).toMatch(/"stack":/);
  }

  it("SEC-6 an unexpected resolver error is INTERNAL_SERVER_ERROR with a request id, generic message, no stack; the log has the detail, redacted", async () => {
    const key = `sgk_${"K".repeat(48)}`;
    const detail = `disk on fire ${randomUUID()}`;
    const failure = Object.assign(new Error(detail), {
      headers: { authorization: `Bearer ${t.platformToken}` },
      authorization: `Bearer ${t.platformToken}`,
      apiKey: key,
      secret: "whsec_do-not-log-me",
    });
    vi.spyOn(t.app.services.projects, "list").mockRejectedValueOnce(failure);
    const res = await post(`{ projects { id } }`, t.platformToken);
    expect(res.status).toBe(200);
    const requestId = expectGenericInternalError(res, detail);
    expectLoggedWithDetail(requestId, detail);
    const log = lines.join("");
    expect(log).not.toContain(t.platformToken);
    expect(log).not.toContain(key);
    expect(log).not.toContain("whsec_do-not-log-me");
  });

  it("SEC-6 SEC-20 with the database gone, resolvers and authentication answer SERVICE_UNAVAILABLE (503, Retry-After) with no stack, logged once", async () => {
    const project = await post(`mutation { createProject(name: "sec6") { apiKey } }`, t.platformToken);
    const adminKey = (project.body?.data as { createProject: { apiKey: string } }).createProject.apiKey;
    await t.app.db.dataSource.destroy();
    const before = logEntries().filter((e) => e.level === 50).length;

    // The platform credential needs no database: the resolver fails. An API key is looked up: authentication fails.
    for (const [query, token] of [
      [`{ projects { id } }`, t.platformToken],
      [`{ project { id } }`, adminKey],
      [`{ projects { id } }`, t.platformToken],
    ] as const) {
      const res = await post(query, token);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.body?.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      expect(res.text).not.toMatch(STACK_LIKE);
      expect(res.text).not.toContain("Connection");
    }
    const errors = logEntries()
      .filter((e) => e.level === 50)
      .slice(before);
    expect(errors).toHaveLength(1);
    expect(lines.join("")).not.toContain(adminKey);
  });
});
