import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageProblems } from "../support/browser";
import { checkPage, pick, signIn } from "../support/console";
import { startServer, type RunningServer } from "../support/server";

const J = "admin";

describe("console journey: platform, keys, webhooks and the audit log (UX-6)", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let viewerKey = "";

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    problems = watchPageProblems(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("UX-6 signs in with the platform credential, creates a project and continues in it with its admin key", async () => {
    await page.goto("/");
    await page.getByRole("heading", { name: "Skillgraph", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("server-status").textContent()).toBe("up");
    await checkPage(page, J, "01-sign-in");
    await signIn(page, server.platformToken);
    expect(await page.getByTestId("session-role").textContent()).toBe("platform");
    await page.getByLabel("Project name").fill("Billing");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByTestId("secret-once").waitFor();
    await page.getByRole("cell", { name: "Billing" }).waitFor();
    await checkPage(page, J, "02-platform");
    await page.getByRole("button", { name: "Continue in Billing with this key" }).click();
    await page.waitForURL(/\/skills$/);
    expect(await page.getByTestId("session-project").textContent()).toBe("Billing");
    expect(await page.getByTestId("session-role").textContent()).toBe("admin");
  });

  it("UX-6 creates keys (each shown once) and revokes one", async () => {
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByLabel("Key name").fill("reader");
    await pick(page, "Role", "VIEWER");
    await page.getByRole("button", { name: "Create key" }).click();
    viewerKey = (await page.getByTestId("secret-once").textContent()) ?? "";
    expect(viewerKey).toMatch(/^sgk_/);
    await page.getByLabel("Key name").fill("old-ci");
    await pick(page, "Role", "EDITOR");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect.poll(() => page.getByTestId("secret-once").textContent()).not.toBe(viewerKey);
    await page.getByRole("button", { name: "Revoke old-ci" }).click();
    await page.getByText(/^revoked/).waitFor();
    await checkPage(page, J, "03-keys");
  });

  it("UX-6 the webhooks page lists subscriptions and deliveries", async () => {
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByText("No subscriptions.").waitFor();
    await page.getByText("No deliveries yet.").waitFor();
    await checkPage(page, J, "04-webhooks");
  });

  it("UX-6 the audit log shows the key changes, who made them (key name and role), and filters by resource type", async () => {
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("cell", { name: "revoke" }).first().waitFor();
    await pick(page, "Resource type", "api_key");
    // the filtered page replaces the unfiltered one when its answer arrives: wait for it rather than read once
    const types = () => page.locator("tbody tr td:nth-child(4)").allTextContents();
    await expect.poll(async () => [...new Set(await types())]).toEqual(["api_key"]);
    expect((await types()).length).toBeGreaterThan(1);
    // who acted: the key's name and role, not its id; the platform credential by that name
    const revoked = await page
      .getByRole("row", { name: /revoke/ })
      .first()
      .textContent();
    expect(revoked).toMatch(/initial admin key\s*admin/);
    expect(await page.getByRole("row", { name: /platform credential/ }).count()).toBeGreaterThan(0);
    await checkPage(page, J, "05-audit");
  });

  it("UX-6 a viewer sees the project but no write buttons", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/signin/);
    await signIn(page, viewerKey);
    expect(await page.getByTestId("session-role").textContent()).toBe("viewer");
    await page.getByText("No skills yet").waitFor();
    expect(await page.getByRole("link", { name: "New skill" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "API keys" }).count()).toBe(0);
    await checkPage(page, J, "06-viewer");
    expect(problems).toEqual([]);
  });
});
