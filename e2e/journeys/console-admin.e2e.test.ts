import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageProblems } from "../support/browser";
import { startReceiver, type Receiver } from "../../server/test/support/receiver";
import { checkPage, gql, pick, signIn } from "../support/console";
import { startServer, type RunningServer } from "../support/server";

const J = "admin";

describe("console journey: platform, keys, webhooks and the audit log (UX-6)", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let viewerKey = "";
  let adminKey = "";
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // the receiver is on loopback: allow-listed, as tests do (SEC-13)
    server = await startServer({ env: { OUTBOUND_ALLOW_HOSTS: "127.0.0.1" } });
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
    await receiver?.close();
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
    adminKey = (await page.getByTestId("secret-once").textContent()) ?? "";
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

  it("UX-6 the webhooks page subscribes, lists the subscription, and lists its deliveries once an event is delivered", async () => {
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByText("No subscriptions.").waitFor();
    await page.getByText("No deliveries yet.").waitFor();
    const hook = `${receiver.url}/billing-hook`;
    await page.getByLabel("URL").fill(hook);
    await page.getByRole("button", { name: "Subscribe" }).click();
    expect(await page.getByTestId("secret-once").textContent()).toMatch(/^whsec_/);
    await page.getByRole("cell", { name: hook }).waitFor();
    expect(await page.getByRole("row", { name: new RegExp(hook) }).textContent()).toContain("call.ended");

    // an event for it: a call of a published agent ends (set up over GraphQL; the journey is the webhooks page)
    const saved = await gql<{ saveAgent: { id: string; agentId: string } }>(
      server,
      adminKey,
      `mutation { saveAgent(input: { name: "desk", prompt: "Help." }) { id agentId } }`,
    );
    await gql(server, adminKey, `mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, {
      id: saved.saveAgent.id,
    });
    const started = await gql<{ startCall: { id: string } }>(
      server,
      adminKey,
      `mutation($agentId: ID!) { startCall(input: { agentId: $agentId }) { id } }`,
      { agentId: saved.saveAgent.agentId },
    );
    await gql(server, adminKey, `mutation($id: ID!) { endCall(callId: $id) { id } }`, { id: started.startCall.id });
    const [delivered] = await receiver.waitFor((requests) => requests.some((r) => r.path === "/billing-hook"), 15_000);
    expect(delivered!.body).toMatchObject({ type: "call.ended" });

    // the page lists the delivery, delivered on the first attempt
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Webhooks" }).waitFor();
          return page
            .getByRole("row", { name: /call\.ended/ })
            .filter({ hasText: "delivered" })
            .count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const delivery = () => page.getByRole("row", { name: /call\.ended/ }).filter({ hasText: "delivered" });
    expect(await delivery().locator("td").nth(2).textContent()).toBe("1");
    // and under the subscription's own deliveries
    await page.getByRole("button", { name: "Deliveries" }).click();
    await page.getByRole("heading", { name: "Deliveries of the selected subscription" }).waitFor();
    await expect.poll(() => delivery().count()).toBe(1);
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
