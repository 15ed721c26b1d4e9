import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../../server/test/support/receiver";
import { ApiKeysPage, PlatformPage, WebhooksPage } from "../pages/admin";
import { ConsoleFrame } from "../pages/console-frame";
import { confirmIn, pick } from "../pages/controls";
import { HomePage } from "../pages/home-page";
import { useConsoleSession } from "../support/session";

// The receiver answers 503 on /flaky until told otherwise: its deliveries fail (one attempt each, as configured).
let flakyUp = false;

describe("console journey: the platform, keys, webhooks with redelivery and the audit log (UX-6)", () => {
  let receiver: Receiver;
  const s = useConsoleSession({
    journey: "admin",
    server: async () => {
      receiver = await startReceiver({
        respond: (request) => (request.path === "/flaky" && !flakyUp ? 503 : { body: { ok: true } }),
      });
      return { env: { OUTBOUND_ALLOW_HOSTS: "127.0.0.1", WEBHOOK_MAX_ATTEMPTS: "1", WEBHOOK_RETRY_BASE_MS: "50" } };
    },
  });
  const frame = () => new ConsoleFrame(s.page);
  let billingKey = "";
  let viewerKey = "";
  let agentId = "";

  /** A call of the project's agent starts and ends: one call.ended event for the subscriptions. */
  async function aCallEnds(): Promise<void> {
    agentId ||= await s.publishAgent(billingKey, { name: "line", prompt: "Hi." });
    const call = await s.gql<{ startCall: { id: string } }>(
      billingKey,
      `mutation($agentId: ID!) { startCall(input: { agentId: $agentId }) { id } }`,
      { agentId },
    );
    await s.gql(billingKey, `mutation($id: ID!) { endCall(callId: $id) { id } }`, { id: call.startCall.id });
  }

  beforeAll(() => () => receiver?.close());

  it("smoke: the server serves the console: / answers 200 with the title Skillgraph, the server up and ready", async () => {
    const home = new HomePage(s.page);
    expect(await home.open()).toBe(200);
    expect(await home.title()).toBe("Skillgraph");
    expect(await home.heading.textContent()).toBe("Skillgraph");
    await expect.poll(() => home.serverStatus.textContent(), { timeout: 15_000 }).toBe("up");
    await expect.poll(() => home.serverReadiness.textContent(), { timeout: 15_000 }).toBe("ready");
    await s.check("01-sign-in");
  });

  it("UX-6 the platform credential creates projects, links one to a library and unlinks it, then continues with a key", async () => {
    await frame().signIn(s.server.platformToken);
    expect(await frame().role()).toBe("platform");
    const platform = new PlatformPage(s.page);
    await platform.createProject("Shared skills");
    billingKey = await platform.createProject("Billing");
    expect(billingKey).toMatch(/^sgk_/);
    await platform.link("Billing", "Shared skills");
    expect(await platform.row("Shared skills").textContent()).toContain("Billing");
    await s.check("02-platform-linked");
    await platform.unlink("Billing", "Shared skills");
    expect(await platform.row("Shared skills").textContent()).not.toContain("Billing");
    await s.page.getByRole("button", { name: "Continue in Billing with this key" }).click();
    await s.page.waitForURL(/\/skills$/);
    // the header follows the new session once its first read answers
    await expect.poll(() => frame().project()).toBe("Billing");
    await expect.poll(() => frame().role()).toBe("admin");
  });

  it("UX-6 creates keys (each shown once) and revokes one after confirming", async () => {
    await frame().open("API keys");
    const keys = new ApiKeysPage(s.page);
    viewerKey = await keys.create("reader", "VIEWER");
    expect(viewerKey).toMatch(/^sgk_/);
    const editorKey = await keys.create("old-ci", "EDITOR");
    expect(editorKey).not.toBe(viewerKey);
    await keys.revoke("old-ci");
    await s.page.getByText(/^revoked/).waitFor();
    await s.check("03-keys");
  });

  it("UX-6 a subscription made in the console gets a signed delivery, which is then redelivered from the console", async () => {
    await frame().open("Webhooks");
    await s.page.getByText("No subscriptions.").waitFor();
    const webhooks = new WebhooksPage(s.page);
    const secret = await webhooks.subscribe(`${receiver.url}/hooks`, ["call.ended"]);
    expect(secret).toMatch(/^whsec_/);
    receiver.signed("/hooks", secret);
    await s.page.getByRole("button", { name: "Copy" }).waitFor();
    await s.check("04-webhook-created");

    await aCallEnds();
    const [first] = await receiver.waitFor((r) => r.filter((x) => x.path === "/hooks").length === 1, 10_000);
    expect(first?.verified).toBe(true);
    await expect.poll(() => webhooks.statuses(), { timeout: 10_000 }).toEqual(["delivered"]);
    const attempts = await webhooks.attempts();
    expect(await attempts.textContent()).toContain("HTTP 200");

    await webhooks.redeliver();
    const again = await receiver.waitFor((r) => r.filter((x) => x.path === "/hooks").length === 2, 10_000);
    expect(again[1]?.webhookId).toBe(first?.webhookId); // the same webhook-id: a redelivery, not a new event
    expect(again[1]?.verified).toBe(true);
    await expect.poll(() => webhooks.statuses(), { timeout: 10_000 }).toEqual(["delivered"]);
    await expect.poll(() => webhooks.deliveries.locator("tbody tr").first().textContent()).toContain("1 (2 in all)");
    await s.check("05-webhook-redelivered");
  });

  it("UX-6 the failed deliveries of a subscription since a time are sent again from the console", async () => {
    const webhooks = new WebhooksPage(s.page);
    await webhooks.subscribe(`${receiver.url}/flaky`, ["call.ended"]);
    await pick(s.page, "Subscription", `${receiver.url}/flaky`);
    await aCallEnds();
    await expect.poll(() => webhooks.statuses(), { timeout: 10_000 }).toEqual(["failed"]);
    expect(await webhooks.deliveries.textContent()).toContain("503");

    flakyUp = true;
    await pick(s.page, "Redeliver every failed delivery of", `${receiver.url}/flaky`);
    await s.page.getByRole("button", { name: "Redeliver failed" }).click();
    await confirmIn(s.page, "Redeliver");
    await s.page.getByRole("status").filter({ hasText: "1 queued again." }).waitFor();
    await expect.poll(() => webhooks.statuses(), { timeout: 10_000 }).toEqual(["delivered"]);
    expect(receiver.on("/flaky").map((r) => r.status)).toEqual([503, 200]);
    await s.check("06-webhook-failed-redelivered");
  });

  it("UX-6 the audit log shows the key changes, who made them (key name and role), and filters by resource type", async () => {
    await frame().open("Audit log");
    await s.page.getByRole("cell", { name: "revoke" }).first().waitFor();
    await pick(s.page, "Resource type", "api_key");
    // the filtered page replaces the unfiltered one when its answer arrives: wait for it rather than read once
    const types = () => s.page.locator("tbody tr td:nth-child(4)").allTextContents();
    await expect.poll(async () => [...new Set(await types())]).toEqual(["api_key"]);
    expect((await types()).length).toBeGreaterThan(1);
    // who acted: the key's name and role, not its id; the platform credential by that name
    const revoked = await s.page
      .getByRole("row", { name: /revoke/ })
      .first()
      .textContent();
    expect(revoked).toMatch(/initial admin key\s*admin/);
    expect(await s.page.getByRole("row", { name: /platform credential/ }).count()).toBeGreaterThan(0);
    expect(s.page.url()).toContain("type=api_key");
    await s.check("07-audit");
  });

  it("UX-6 a viewer sees the project but no write buttons", async () => {
    await frame().signOut();
    await frame().signIn(viewerKey);
    expect(await frame().role()).toBe("viewer");
    await s.page.getByText("No skills yet").waitFor();
    expect(await s.page.getByRole("link", { name: "New skill" }).count()).toBe(0);
    expect(await frame().section("API keys").count()).toBe(0);
    await frame().open("Knowledge");
    await s.page.getByText("No knowledge bases yet.").waitFor();
    expect(await s.page.getByRole("region", { name: "New knowledge base" }).count()).toBe(0);
    await s.check("08-viewer");
  });
});
