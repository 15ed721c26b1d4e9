import type { AxeResults } from "axe-core";
import { readFileSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { repoRoot } from "./paths";
import type { RunningServer } from "./server";

export const screenshotsDir = join(repoRoot, "e2e", "screenshots");

/**
 * Copies a step's screenshot to docs/images/<image> (the pictures README.md shows) only when the run was asked to,
 * with UPDATE_DOCS_IMAGES=1: an ordinary run leaves the tree as it found it. Answers whether it copied.
 */
export async function updateDocsImage(journey: string, step: string, image: string): Promise<boolean> {
  if (process.env.UPDATE_DOCS_IMAGES !== "1") return false;
  await copyFile(join(screenshotsDir, journey, `${step}.png`), join(repoRoot, "docs", "images", image));
  return true;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page as it is now. axe is put into the document once: the console is one page, so
 * it stays there across the journey's steps (a reload puts it in again).
 */
async function axeViolations(page: Page): Promise<AxeResults["violations"]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
}

/**
 * After each page a journey visits: a full-page screenshot to e2e/screenshots/<journey>/<step>.png, and axe-core
 * with no serious or critical violation.
 */
export async function checkPage(page: Page, journey: string, step: string): Promise<void> {
  await settled(page);
  const dir = join(screenshotsDir, journey);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${step}.png`), fullPage: true });
  const violations = await axeViolations(page);
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(bad, `axe on ${journey}/${step}`).toEqual([]);
}

/**
 * The page as a person would look at it (in front): nothing loading (no Mantine loader, in a list or on a button),
 * fonts in, no transition running, and two frames painted. Cheaper than waiting for the network to idle, which pages
 * that poll never do.
 */
async function settled(page: Page): Promise<void> {
  // a tab in the background paints no frames: the step's tab comes to the front first; the pointer goes to a
  // corner, so what the last click left hovered is not in the picture
  await page.bringToFront();
  await page.mouse.move(0, 0);
  await page
    .waitForFunction(() => document.querySelector(".mantine-Loader-root") === null, null, { timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(async () => {
    // a full-page picture from the top: scrolled, the fixed header would be drawn over the middle of the page
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // a dialog or menu still fading in is drawn half-transparent: axe would measure the contrast of a blend
    await Promise.race([
      Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
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
