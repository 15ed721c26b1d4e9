import { expect, it } from "vitest";
import { createTestApp, describeEachDialect } from "../support/test-app";

describeEachDialect("health", (t, dialect) => {
  it("/healthz says the process is up and /readyz that the database is reachable and migrated", async () => {
    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("without a built console, / answers 404 saying how to build it (not Express's 'Cannot GET /')", async () => {
    const page = await fetch(`${t.url}/`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("npm run build --workspace web");
  });

  it("/readyz answers 503 while the database is unreachable", async () => {
    const broken = await createTestApp(dialect);
    await broken.app.db.dataSource.destroy();
    const ready = await fetch(`${broken.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${broken.url}/healthz`)).status).toBe(200);
    await broken.close();
  });
});
