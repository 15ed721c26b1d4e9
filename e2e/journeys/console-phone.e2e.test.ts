import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ConsoleFrame } from "../pages/console-frame";
import { SkillEditor } from "../pages/skills";
import { useConsoleSession } from "../support/session";

const PHONE = { width: 390, height: 844 };
const md = (name: string, description = `Use when case ${name} comes up.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nSteps for ${name}.\n`;

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("console journey: a phone, a long list, unsaved edits and a stopped server (UX-1, UX-4, UX-5)", () => {
  const s = useConsoleSession({ journey: "phone" });
  let key = "";
  let agentDraftId = "";
  const frame = () => new ConsoleFrame(s.page);
  const editor = () => new SkillEditor(s.page);

  beforeAll(async () => {
    key = (await s.project("A project with a name long enough to be cut on a phone")).key;
    for (let i = 1; i <= 45; i++) {
      await s.gql(key, `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`, {
        md: md(`case-${String(i).padStart(2, "0")}`),
      });
    }
    await s.publishSkill(key, md("explain-bill", "Use when the caller asks about their bill."));
    const agentId = await s.publishAgent(key, { name: "billing-line", skills: [{ name: "explain-bill" }] });
    const draft = await s.gql<{ saveAgent: { id: string } }>(
      key,
      `mutation($a: ID!) { saveAgent(agentId: $a, input: { name: "billing-line", prompt: "Stored prompt." }) { id } }`,
      { a: agentId },
    );
    agentDraftId = draft.saveAgent.id;
    await frame().signIn(key);
  });

  it("UX-5 a list longer than a page: the pager's every button has a name, and the next page shows the next rows", async () => {
    await s.page.goto("/skills");
    const pager = s.page.getByRole("navigation", { name: "Pages of skills" });
    await pager.waitFor();
    expect(await s.page.getByText("1–20 of 46").count()).toBe(1);
    await s.check("01-skills-first-page");
    await pager.getByRole("button", { name: "Next page" }).click();
    await s.page.getByText("21–40 of 46").waitFor();
  });

  it("UX-5 at 390 px the sections fold behind a menu button and the pages keep the window's width", async () => {
    await s.page.setViewportSize(PHONE);
    await s.page.goto("/skills");
    await s.page.getByRole("table", { name: "Skills" }).waitFor();
    expect(await overflow(s.page)).toBe(0);
    await s.check("02-phone-skills");
    await s.page.getByRole("button", { name: "Open the sections menu" }).click();
    await s.check("03-phone-menu");
    await frame().open("Calls");
    await s.page.getByRole("heading", { name: "Calls", level: 1 }).waitFor();
    // the menu closes once a section is picked
    await s.page.getByRole("button", { name: "Open the sections menu" }).waitFor();
    expect(await overflow(s.page)).toBe(0);
    // the insights' four ranges fit the width ("Last year" was cut off at the right edge)
    await s.page.goto("/insights");
    const lastYear = await s.page.getByText("Last year", { exact: true }).boundingBox();
    expect((lastYear?.x ?? 999) + (lastYear?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await s.page.goto(`/agents/v/${agentDraftId}`);
    await s.page.getByRole("heading", { name: /billing-line · version 2/ }).waitFor();
    // the title keeps its words on a line (it was squeezed to a letter a line beside the buttons)
    const title = await s.page.getByRole("heading", { name: /billing-line · version 2/ }).boundingBox();
    expect(title?.width ?? 0).toBeGreaterThan(200);
    expect(await overflow(s.page)).toBe(0);
    await s.check("04-phone-agent");
    await s.page.setViewportSize({ width: 1280, height: 860 });
  });

  it("UX-4 an agent's Publish waits for the form's unsaved edits, and leaving them asks first", async () => {
    await s.page.getByLabel("Prompt").fill("A prompt typed but not saved.");
    const publish = s.page.getByRole("button", { name: "Publish agent" });
    expect(await publish.isDisabled()).toBe(true);
    expect(await s.page.getByTestId("publish-blocked").textContent()).toMatch(/Save the changes first/);
    await s.check("05-agent-unsaved");
    await frame().open("Skills");
    const dialog = s.page.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.waitFor();
    await s.check("06-leave-guard");
    await dialog.getByRole("button", { name: "Stay", exact: true }).click();
    expect(await s.page.getByLabel("Prompt").inputValue()).toBe("A prompt typed but not saved.");
    const stored = await s.gql<{ agentVersion: { prompt: string; state: string } }>(
      key,
      `query($id: ID!) { agentVersion(id: $id) { prompt state } }`,
      { id: agentDraftId },
    );
    expect(stored.agentVersion).toEqual({ prompt: "Stored prompt.", state: "DRAFT" });
    await s.page.getByRole("button", { name: "Save as new draft" }).click();
    await expect.poll(() => publish.isDisabled()).toBe(false);
  });

  it("UX-1 a new skill's name typed with a pause in the middle is the name it keeps", async () => {
    await s.page.goto("/skills/new");
    await editor().editable();
    await editor().skillMd.click();
    // the template names no skill: the name goes after "name:" on line 2
    await s.page.keyboard.press("ControlOrMeta+Home");
    await s.page.keyboard.press("ArrowDown");
    await s.page.keyboard.press("End");
    await s.page.keyboard.type(" greet");
    // a pause long enough for the draft to be saved under the half-typed name
    await s.page.waitForURL(/\/skills\/v\//, { timeout: 15_000 });
    await editor().saved();
    await s.page.keyboard.type("-caller");
    await editor()
      .heading(/greet-caller · version 1/)
      .waitFor({ timeout: 15_000 });
    await editor().saved();
    // the same editor: the cursor is still in SKILL.md
    expect(await s.page.locator(".cm-editor.cm-focused").count()).toBe(1);
    const names = await s.gql<{ skills: { items: Array<{ name: string }> } }>(
      key,
      `{ skills(limit: 100) { items { name } } }`,
    );
    expect(names.skills.items.map((i) => i.name)).toContain("greet-caller");
    expect(names.skills.items.map((i) => i.name)).not.toContain("greet");
    await s.check("07-skill-renamed");
  });

  it("UX-5 with the server stopped: the editor says it was not reached, and a page not opened yet says so inside the console", async () => {
    await s.server.stop();
    await s.page.keyboard.press("ControlOrMeta+End");
    await s.page.keyboard.type("Typed while the server is down.");
    await editor().saved("Not saved");
    expect(await s.page.getByRole("alert").first().textContent()).toMatch(/The server could not be reached/);
    await s.check("08-editor-server-down");
    // a section this journey has not opened: its code was never fetched
    await frame().open("Evals");
    await s.page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave" }).click();
    const alert = s.page.getByRole("alert").filter({ hasText: "This page could not be opened" });
    await alert.waitFor();
    expect(await alert.getByRole("button", { name: "Reload the page" }).count()).toBe(1);
    expect(await frame().section("Skills").count()).toBe(1);
    await s.check("09-page-server-down");
  });
});
