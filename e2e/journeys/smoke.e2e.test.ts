import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HomePage } from "../pages/home-page";
import { launchBrowser, watchPageProblems } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

describe("smoke: the server serves the console", () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens / and shows the title "Skillgraph" and the server status "up"', async () => {
    if (server === undefined || browser === undefined) throw new Error("beforeAll did not start the server.");
    context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const home = new HomePage(page);

    expect(await home.open()).toBe(200);
    expect(await home.title()).toBe("Skillgraph");
    await home.heading.waitFor();
    expect(await home.heading.textContent()).toBe("Skillgraph");

    await expect.poll(() => home.serverStatus.textContent(), { timeout: 15_000 }).toBe("up");
    await expect.poll(() => home.serverReadiness.textContent(), { timeout: 15_000 }).toBe("ready");
    expect(problems).toEqual([]);
  });
});
