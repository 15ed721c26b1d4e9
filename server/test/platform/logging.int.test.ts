import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { captureLog } from "../support/log-capture";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";
import { until } from "../support/wait";

/**
 * SEC-6, SEC-20: what the log holds. User errors are not logged as errors; a failed statement's values (an API
 * key's lookup and hash, a sealed secret) never reach the log; a database outage answers SERVICE_UNAVAILABLE with
 * 503 and Retry-After and is logged once per outage, not once per request.
 */

describeEachDialect.withOwnApps("logging", (dialect) => {
  let t: TestApp;
  let log: ReturnType<typeof captureLog>;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp(dialect, {}, { logger: log.logger });
    admin = (await t.project("Logging")).adminKey;
    viewer = (
      await t.ok<{ createApiKey: { key: string } }>(`mutation { createApiKey(role: VIEWER) { key } }`, {}, admin)
    ).createApiKey.key;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    log.lines.length = 0;
  });

  it("SEC-20 user errors (BAD_USER_INPUT, NOT_FOUND, FORBIDDEN, UNAUTHENTICATED, parse, validation) are not logged as errors", async () => {
    const answers = [
      await t.gql(`mutation { createSkillVersion(input: { skillMd: "no frontmatter" }) { id } }`, {}, admin),
      await t.gql(`mutation { publishSkillVersion(id: "00000000-0000-0000-0000-000000000000") { id } }`, {}, admin),
      await t.gql(`mutation { createApiKey(role: VIEWER) { key } }`, {}, viewer),
      await t.gql(`{ skills { total } }`, {}, "sgk_not-a-key"),
      await t.gql(`{ skills { total `, {}, admin),
      await t.gql(`{ skills { noSuchField } }`, {}, admin),
    ];
    const codes = answers.map((a) => a.errors?.[0]?.extensions?.code);
    expect(codes).toEqual([
      "BAD_USER_INPUT",
      "NOT_FOUND",
      "FORBIDDEN",
      "UNAUTHENTICATED",
      "GRAPHQL_PARSE_FAILED",
      "GRAPHQL_VALIDATION_FAILED",
    ]);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it("SEC-6 SEC-20 a failed statement logs no parameters: an API key hash or a sealed secret never reaches the log", async () => {
    const hash = "d1c3f00dfeedbeefcafe0123456789abcdef0123456789abcdef0123456789ab";
    const sealed = "v1:sealed-webhook-secret-ciphertext";
    const failed = await t.app.db.dataSource
      .query(`INSERT INTO api_keys_that_do_not_exist (lookup, hash, secret) VALUES ($1, $2, $3)`, [
        "sgk_lookup",
        hash,
        sealed,
      ])
      .catch((error: unknown) => error);
    expect((failed as { parameters?: unknown[] }).parameters).toContain(hash); // the driver error does carry them
    t.app.logger.error({ err: failed }, "statement failed");
    expect(log.raw()).toContain("statement failed");
    expect(log.raw()).not.toContain(hash);
    expect(log.raw()).not.toContain(sealed);
    expect(log.raw()).not.toContain("sgk_lookup");
  });

  it("SEC-20 a database outage answers SERVICE_UNAVAILABLE with 503 and Retry-After, logged once per outage", async () => {
    await t.ok(`{ skills { total } }`, {}, admin); // the key is cached: the outage reaches the resolvers
    await t.app.db.dataSource.destroy();
    try {
      for (const token of [admin, admin, viewer, admin, `${viewer.slice(0, -2)}zz`]) {
        const res = await fetch(`${t.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: `{ skills { total } }` }),
        });
        expect(res.status, await res.clone().text()).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
        expect(body.errors[0]!.extensions.code).toBe("SERVICE_UNAVAILABLE");
      }
      expect((await fetch(`${t.url}/readyz`)).status).toBe(503);
      const errors = log.lines.filter((l) => l.level >= 50);
      expect(errors.map((l) => l.msg)).toEqual([expect.stringContaining("database unavailable")]);
    } finally {
      await t.app.db.dataSource.initialize();
      // SQLite in memory comes back empty: only the readiness check needs its tables again.
      if (dialect === "sqlite") await t.app.db.migrate();
    }
    await until(() => log.lines.some((l) => l.msg === "database reachable again"), 5000);
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });
});
