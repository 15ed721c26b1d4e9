import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageProblems } from "../support/browser";
import { checkPage, typeSkillMd } from "../support/console";
import { signIn } from "../support/console";
import { repoRoot } from "../support/paths";
import { startServer, type RunningServer } from "../support/server";

const J = "demo";
const EXPLAIN_BILL = readFileSync(join(repoRoot, "examples", "skills", "explain-bill", "SKILL.md"), "utf8");

// The journey a newcomer takes after `npm install && npm start`: the seeded demo project, signed in with the key the
// server printed. Its screenshots of the editor and the impact preview are the README's (docs/images).
describe("console journey: the demo project on a fresh install (UX-1, UX-3, UX-4)", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: "true" } });
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

  it("UX-4 the printed demo key signs in to published skills and two published agents", async () => {
    const demoKey = /sgk_[A-Za-z0-9]+/.exec(server.output())?.[0];
    expect(demoKey, "the server printed the demo project's key").toBeDefined();
    await signIn(page, demoKey!);
    expect(await page.getByTestId("session-project").textContent()).toBe("Demo");
    await page.getByRole("link", { name: "explain-bill" }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(4);
    await checkPage(page, J, "01-skills");
    await page.getByRole("link", { name: "Agents" }).click();
    await page.getByRole("link", { name: "Try support-desk" }).waitFor();
    const billing = await page.getByRole("row", { name: /billing-line/ }).textContent();
    expect(billing).toContain("explain-bill (pinned)");
    await checkPage(page, J, "02-agents");
  });

  it("UX-1 a new version of explain-bill: the server's problem on its line, then fixed", async () => {
    await page.getByRole("link", { name: "Skills" }).click();
    await page.getByRole("link", { name: "explain-bill" }).click();
    await page.getByRole("button", { name: "New draft from this version" }).click();
    await page.waitForURL(/\/skills\/new$/);
    await page.locator('[aria-label="SKILL.md"][contenteditable="true"]').waitFor();
    await typeSkillMd(page, EXPLAIN_BILL.replace("name: explain-bill", "name: Explain Bill"));
    const list = page.getByRole("list", { name: "Problems in SKILL.md" });
    await list.waitFor({ timeout: 15_000 });
    expect(await list.textContent()).toMatch(/Line 2/);
    // "Line 2" takes the author to the line, underlined there
    await list.getByRole("button", { name: "Line 2" }).click();
    await page.locator(".cm-lintRange-error").first().waitFor();
    await checkPage(page, J, "03-editor-problem");
    const fixed = EXPLAIN_BILL.replace(/\n*$/, "\n\nAlways end by asking whether the explanation was clear.\n");
    await typeSkillMd(page, fixed);
    await page.getByRole("heading", { name: /explain-bill · version 2/ }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId("draft-status").textContent()).not.toMatch(/Not saved|Checking/);
    expect(await page.getByRole("list", { name: "Problems in SKILL.md" }).count()).toBe(0);
    await checkPage(page, J, "04-editor-draft");
  });

  it("UX-3 its impact preview names support-desk as reached and billing-line as pinned", async () => {
    await page.keyboard.press("ControlOrMeta+Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("reaches-count").waitFor();
    expect(await dialog.getByRole("list", { name: "Reached in This project" }).textContent()).toContain("support-desk");
    expect(await dialog.getByRole("list", { name: "Pinned in This project" }).textContent()).toContain("billing-line");
    await checkPage(page, J, "05-impact-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(problems).toEqual([]);
  });
});
