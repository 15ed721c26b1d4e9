import { expect, it } from "vitest";
import { scrape } from "../support/prometheus";
import { describeEachDialect } from "../support/test-app";

/** SEC-28: /metrics answers only with a credential unless an operator opens it explicitly (METRICS_PUBLIC=true). */

const TOKEN = "metrics-token-of-the-scraper";

describeEachDialect("SEC-28 /metrics by default", (t) => {
  it("SEC-28 with METRICS_TOKEN unset, /metrics refuses an anonymous scrape and a project key (401, no metric named), and serves the platform credential", async () => {
    const { adminKey } = await t.project("metrics default");
    for (const token of [undefined, adminKey, "wrong"]) {
      const refused = await scrape(t.url, token);
      expect(refused.status, String(token)).toBe(401);
      expect(refused.text).not.toContain("skillgraph_");
      expect(refused.text).toMatch(/METRICS_TOKEN/);
    }
    const served = await scrape(t.url, t.platformToken);
    expect(served.status).toBe(200);
    expect(served.text).toContain("skillgraph_");
  });
});

describeEachDialect("SEC-28 /metrics with METRICS_TOKEN", { metricsToken: TOKEN }, (t) => {
  it("SEC-28 with METRICS_TOKEN set, its bearer and the platform credential are served, anything else is 401", async () => {
    expect((await scrape(t.url, TOKEN)).status).toBe(200);
    expect((await scrape(t.url, t.platformToken)).status).toBe(200);
    const { adminKey } = await t.project("metrics token");
    for (const token of [undefined, adminKey, `${TOKEN}x`]) expect((await scrape(t.url, token)).status).toBe(401);
  });
});

describeEachDialect("SEC-28 /metrics opened by the operator", { metricsPublic: true }, (t) => {
  it("SEC-28 METRICS_PUBLIC=true serves /metrics without a credential", async () => {
    const served = await scrape(t.url);
    expect(served.status).toBe(200);
    expect(served.text).toContain("skillgraph_");
  });
});
