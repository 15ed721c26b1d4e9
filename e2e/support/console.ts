import AxeBuilder from "@axe-core/playwright";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { repoRoot } from "./paths";
import type { RunningServer } from "./server";

export const screenshotsDir = join(repoRoot, "e2e", "screenshots");

/**
 * After each page a journey visits: a full-page screenshot to e2e/screenshots/<journey>/<step>.png, and axe-core
 * with no serious or critical violation.
 */
export async function checkPage(page: Page, journey: string, step: string): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  const dir = join(screenshotsDir, journey);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${step}.png`), fullPage: true });
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(bad, `axe on ${journey}/${step}`).toEqual([]);
}

/** One GraphQL operation against the test server, for setup that is not what the journey is about. */
export async function gql<T>(
  server: RunningServer,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data as T;
}

/** A fresh project and its admin key, made with the platform credential. */
export async function newProject(server: RunningServer, name: string): Promise<{ id: string; key: string }> {
  const data = await gql<{ createProject: { apiKey: string; project: { id: string } } }>(
    server,
    server.platformToken,
    `mutation($name: String!) { createProject(name: $name) { apiKey project { id } } }`,
    { name },
  );
  return { id: data.createProject.project.id, key: data.createProject.apiKey };
}

/** Signs in through the console's own form. */
export async function signIn(page: Page, credential: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("API key or platform credential").fill(credential);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("session-role").waitFor();
}

/** Picks `option` in the Mantine select labelled `label`. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** Replaces everything in the CodeMirror SKILL.md editor. */
export async function typeSkillMd(page: Page, text: string): Promise<void> {
  const editor = page.getByRole("textbox", { name: "SKILL.md" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}
