import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachDialect } from "../support/test-app";

/**
 * SEC-14 and SEC-2: the security headers (a Content-Security-Policy without inline scripts, nosniff, no framing) are
 * on every answer, whichever route serves it: `/graphql` (served on `node:http` without Express), the
 * health routes and the console's files (Express). Helmet runs once at start; its headers are replayed per answer.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "sg-web-"));
fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>console</title>");
const ORIGIN = "https://console.skillgraph.example";
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = headers.get("content-security-policy") ?? "";
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, where).toBe("'self'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("x-frame-options"), where).toBe("SAMEORIGIN");
  expect(headers.get("strict-transport-security"), where).toMatch(/max-age=/);
  expect(headers.get("x-powered-by"), where).toBeNull();
}

describeEachDialect("Security headers", { webDist, corsOrigins: [ORIGIN] }, (t) => {
  it("SEC-14 a GraphQL answer, a refused body, a preflight, /healthz, the gateway and the console's page carry the same CSP and headers", async () => {
    const graphql = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get("content-type")).toMatch(/^application\/json/);
    expect(graphql.headers.get("cache-control")).toBe("no-store");
    expect(graphql.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(graphql.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await graphql.json()).toEqual({ data: { __typename: "Query" } });

    const refused = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(refused.status).toBe(400);
    const preflight = await fetch(`${t.url}/graphql`, {
      method: "OPTIONS",
      headers: { origin: ORIGIN, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    const health = await fetch(`${t.url}/healthz`);
    // The gateway is served on node:http too: its answers, errors included, carry the same headers.
    const gateway = await fetch(`${t.url}/v1/models`);
    expect(gateway.status).toBe(401);
    expect(gateway.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const page = await fetch(`${t.url}/some/console/route`);
    expect(await page.text()).toContain("<title>console</title>");

    const answers = { graphql, refused, preflight, health, gateway, page };
    for (const [where, res] of Object.entries(answers)) expectSecurityHeaders(res.headers, where);
    const csps = new Set(Object.values(answers).map((res) => res.headers.get("content-security-policy")));
    expect(csps.size).toBe(1);
  });

  it("SEC-6 a request id sent by the client is echoed (at most 64 characters) on /graphql, /v1 and Express's routes", async () => {
    const id = "r".repeat(80);
    const graphql = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": id },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    const health = await fetch(`${t.url}/healthz`, { headers: { "x-request-id": id } });
    const gateway = await fetch(`${t.url}/v1/models`, { headers: { "x-request-id": id } });
    expect(gateway.headers.get("x-request-id")).toBe(id.slice(0, 64));
    expect(graphql.headers.get("x-request-id")).toBe(id.slice(0, 64));
    expect(health.headers.get("x-request-id")).toBe(id.slice(0, 64));
  });
});
