import { beforeAll, describe, expect, it } from "vitest";
import { AgentEditor } from "../pages/agents";
import { ConsoleFrame } from "../pages/console-frame";
import { useConsoleSession } from "../support/session";

const SKILL = "explain-bill";
const md = (body: string) =>
  [
    "---",
    `name: ${SKILL}`,
    "description: Explains a customer's bill line by line. Use when a caller asks what a charge is.",
    "---",
    "",
    body,
    "",
  ].join("\n");

describe("console journey: an admin revokes a version after an incident — who loses it first, then the marks everywhere (PV-3)", () => {
  const s = useConsoleSession({ journey: "revocation", timeout: 15_000 });
  let admin = "";
  let v1 = "";
  let v2 = "";
  let pinnedVersionId = "";

  beforeAll(async () => {
    admin = (await s.project("Acme incident")).key;
    v1 = await s.publishSkill(admin, md("# Explain the bill\n\nRead each line aloud."));
    v2 = await s.publishSkill(admin, md("# Explain the bill\n\nRead each line aloud, then summarise."));
    await s.publishAgent(admin, { name: "billing-line", skills: [{ name: SKILL, versionId: v1 }] });
    await s.publishAgent(admin, { name: "support-desk", skills: [{ name: SKILL }] });
    const agents = await s.gql<{ agents: { items: Array<{ id: string; name: string }> } }>(
      admin,
      `{ agents(limit: 10) { items { id name } } }`,
    );
    pinnedVersionId = agents.agents.items.find((a) => a.name === "billing-line")!.id;
    await new ConsoleFrame(s.page).signIn(admin);
  });

  it("PV-3 the Revoke dialog of an archived version names the agents pinned to it, who will start without the skill", async () => {
    await s.page.goto(`/skills/v/${v1}`);
    await s.page.getByRole("button", { name: "Revoke…" }).click();
    const dialog = s.page.getByTestId("revoke-dialog");
    const pinned = dialog.getByRole("list", { name: "Pinned to this version" });
    await pinned.waitFor();
    expect(await pinned.innerText()).toContain("billing-line version 1");
    // not live: agents following the live version keep theirs, and there is no rollback choice
    expect(await dialog.getByRole("list", { name: "Following the live version" }).count()).toBe(0);
    expect(await dialog.getByRole("radiogroup").count()).toBe(0);
    const confirm = dialog.getByRole("button", { name: "Revoke version 1" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: "Reason" }).fill("The references folder shipped a live API key.");
    await s.check("00-revoke-archived-dialog");
    await confirm.click();
    const notice = s.page.getByTestId("revoked-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("The references folder shipped a live API key.");
    expect(await s.page.getByRole("button", { name: "Revoke…" }).count()).toBe(0);
    await s.check("01-revoked-version-page");
  });

  it("PV-3 the history marks the revoked version and offers no rollback to it", async () => {
    await s.page.goto(`/skills/${SKILL}/history`);
    const row = s.page.getByRole("row", { name: /version 1/ });
    await row.getByText("revoked", { exact: true }).waitFor();
    expect(await row.getByRole("button").count()).toBe(0);
    // the reason is the badge's title
    expect(await row.getByTitle("The references folder shipped a live API key.").innerText()).toMatch(/revoked/i);
    await s.check("02-history-marks-revoked");
  });

  it("PV-3 the pinned agent's page says which entry points at a revoked version, and its graph marks it", async () => {
    await s.page.goto(`/agents/v/${pinnedVersionId}`);
    const alert = s.page.getByTestId("revoked-pins");
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`${SKILL} is pinned to version 1, which was revoked`);
    await s.check("03-agent-pinned-to-revoked");
    const graph = await new AgentEditor(s.page).graph("billing-line");
    const node = graph.node(`${SKILL} v1`);
    expect(await node.locator(".usage-node").getAttribute("data-revoked")).toBe("true");
    expect(await graph.edges("pinned")).toEqual([
      `billing-line is pinned to version 1 of ${SKILL}, which was revoked: it runs without the skill`,
    ]);
    await s.check("04-graph-marks-revoked");
  });

  it("PV-3 revoking the live version with nothing to roll back to says plainly the skill is left without a live version", async () => {
    await s.page.goto(`/skills/v/${v2}`);
    await s.page.getByRole("button", { name: "Revoke…" }).click();
    const dialog = s.page.getByTestId("revoke-dialog");
    const following = dialog.getByRole("list", { name: "Following the live version" });
    await following.waitFor();
    expect(await following.innerText()).toContain("support-desk version 1");
    // billing-line is pinned to version 1 (revoked already): it does not lose version 2
    expect(await dialog.getByRole("list", { name: "Pinned to this version" }).count()).toBe(0);
    expect(await dialog.innerText()).toContain(`their calls start without ${SKILL}`);
    expect(await dialog.getByRole("radio", { name: "Roll back to an earlier version" }).isDisabled()).toBe(true);
    await dialog.getByText(`${SKILL} will have no live version`).waitFor();
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Same key in this version.");
    await s.check("05-revoke-live-no-rollback");
    await dialog.getByRole("button", { name: "Revoke version 2" }).click();
    await s.page.getByTestId("revoked-notice").waitFor();
    const live = await s.gql<{ skills: { items: unknown[] } }>(
      admin,
      `{ skills(name: "${SKILL}", state: PUBLISHED) { items { id } } }`,
    );
    expect(live.skills.items).toEqual([]);
  });
});
