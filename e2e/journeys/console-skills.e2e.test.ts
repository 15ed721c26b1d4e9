import { unzipSync, zipSync } from "fflate";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageProblems } from "../support/browser";
import { checkPage, gql, newProject, pick, signIn, typeSkillMd } from "../support/console";
import { repoRoot } from "../support/paths";
import { startServer, type RunningServer } from "../support/server";

const J = "skills";
const INVALID = [
  "---",
  "name: Refund Policy",
  "description: Use when the caller asks for a refund or about the refund policy.",
  "---",
  "",
  "# Refunds",
  "",
  "<script>window.__injected = true</script>",
  "",
  "1. Ask for the order number.",
  "2. Check the order is under 30 days old.",
].join("\n");
const VALID = INVALID.replace("name: Refund Policy", "name: refunds");

/** examples/skills/explain-bill as a zip, the way an author would download a skill from a repository. */
function exampleZip(): Buffer {
  const dir = join(repoRoot, "examples", "skills", "explain-bill");
  const entries: Record<string, Uint8Array> = {};
  for (const path of ["SKILL.md", "references/rates.md", "references/glossary.md"]) {
    entries[`explain-bill/${path}`] = new Uint8Array(readFileSync(join(dir, path)));
  }
  return Buffer.from(zipSync(entries));
}

const notesOnlyZip = () => Buffer.from(zipSync({ "notes.txt": new TextEncoder().encode("no SKILL.md here") }));

async function readDownload(download: Download, encoding: BufferEncoding = "utf8"): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString(encoding);
}

async function createAgent(page: Page, name: string, pinLabel: string | null, keyboard = false) {
  await page.goto("/agents/new");
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: "Prompt" }).fill(`You are ${name}, a support agent.`);
  await pick(page, "Add a skill", "refunds");
  if (pinLabel) await pick(page, "Version of refunds", pinLabel);
  if (keyboard) {
    // the shortcuts the page shows: Ctrl/Cmd-S creates, Ctrl/Cmd-Enter publishes, while typing in a field
    expect(await page.getByTestId("shortcut-hint").textContent()).toMatch(/S create/);
    await page.getByRole("textbox", { name: "Prompt" }).press("ControlOrMeta+s");
    await page.waitForURL(/\/agents\/v\//);
    await expect.poll(() => page.getByTestId("shortcut-hint").textContent()).toMatch(/Enter publish/);
    await page.getByRole("textbox", { name: "Prompt" }).press("ControlOrMeta+Enter");
  } else {
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.waitForURL(/\/agents\/v\//);
    await page.getByRole("button", { name: "Publish agent" }).click();
  }
  await expect.poll(() => page.getByText("published", { exact: true }).count()).toBeGreaterThan(0);
}

describe("console journey: author, publish with impact preview, pin, roll back, try (UX-1..5, SEC-14)", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let editorUrl = "";
  let projectKey = "";

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    problems = watchPageProblems(page);
    const project = await newProject(server, "Acme support");
    projectKey = project.key;
    await signIn(page, project.key);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("UX-1 authors a skill: the server's validation error is shown on its line, then fixed and saved as a draft", async () => {
    await expect.poll(() => page.getByTestId("session-role").textContent()).toBe("admin");
    await page.goto("/skills");
    await page.getByText("No skills yet").waitFor();
    await checkPage(page, J, "01-skills-empty");
    await page.getByRole("link", { name: "New skill" }).click();
    await typeSkillMd(page, INVALID);
    const list = page.getByRole("list", { name: "Problems in SKILL.md" });
    await list.waitFor({ timeout: 15_000 });
    expect(await list.textContent()).toMatch(/Line 2.*frontmatter\.name/);
    await expect.poll(() => page.locator(".cm-lintRange-error").count()).toBeGreaterThan(0);
    await checkPage(page, J, "02-editor-invalid");

    await typeSkillMd(page, VALID);
    await page.waitForURL(/\/skills\/v\//, { timeout: 15_000 });
    // The first save creates the version and the editor moves to its address: the status still says so (UX-1).
    await page.getByRole("heading", { name: /refunds · version 1/ }).waitFor();
    await expect.poll(() => page.getByTestId("draft-status").textContent(), { timeout: 15_000 }).toBe("Draft saved");
    // …and it is the same editor: the author's cursor is still in SKILL.md.
    expect(await page.locator(".cm-editor.cm-focused").count()).toBe(1);
    editorUrl = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: /refunds · version 1/ }).waitFor();
    await checkPage(page, J, "03-editor-draft");
  });

  it("SEC-14 markdown is rendered without raw HTML and the CSP allows no inline script", async () => {
    const preview = page.getByTestId("markdown-preview");
    await preview.getByRole("heading", { name: "Refunds" }).waitFor();
    expect(await preview.locator("script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    const res = await fetch(`${server.baseUrl}/skills`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // 'self' covers ws(s):// to the same host (CSP 3): the live call timeline (UX-5) connects under it, and any
    // refusal would be caught by watchPageProblems.
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("UX-1 bundle files: uploads a file into the draft, downloads it, exports the zip, imports a zip from examples/", async () => {
    await page.getByRole("tab", { name: /^Files/ }).click();
    await page.getByText("No files besides SKILL.md.").waitFor();
    await page.getByLabel("Upload into").selectOption("references");
    const faq = "# Refund FAQ\n\nRefunds take 5 business days.\n";
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload files" }).click();
    await (await chooser).setFiles({ name: "faq.md", mimeType: "text/markdown", buffer: Buffer.from(faq) });
    await page.getByRole("button", { name: "Download references/faq.md" }).waitFor();
    await expect.poll(() => page.getByTestId("draft-status").textContent(), { timeout: 15_000 }).toBe("Draft saved");
    const versionId = editorUrl.split("/").pop();
    const stored = await gql<{ skillVersion: { files: Array<{ path: string }> } }>(
      server,
      projectKey,
      `query($id: ID!) { skillVersion(id: $id) { files { path } } }`,
      { id: versionId },
    );
    expect(stored.skillVersion.files.map((f) => f.path)).toEqual(["references/faq.md"]);
    await checkPage(page, J, "03b-editor-files");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download references/faq.md" }).click();
    expect(await readDownload(await download)).toBe(faq);
    const exported = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export zip" }).click();
    const zip = unzipSync(new Uint8Array(Buffer.from(await readDownload(await exported, "base64"), "base64")));
    expect(Object.keys(zip).sort()).toEqual(["refunds/SKILL.md", "refunds/references/faq.md"]);

    // A zip the server refuses: the reason is shown on the page, nothing else changes.
    let picked = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import zip" }).click();
    await (await picked).setFiles({ name: "notes.zip", mimeType: "application/zip", buffer: notesOnlyZip() });
    await page.getByRole("alert").filter({ hasText: "The bundle was not imported" }).waitFor();
    expect(page.url()).toContain(editorUrl);

    picked = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import zip" }).click();
    await (await picked).setFiles({ name: "explain-bill.zip", mimeType: "application/zip", buffer: exampleZip() });
    await page.getByRole("heading", { name: /explain-bill · version 1/ }).waitFor();
    await page.getByRole("tab", { name: "Files (2)" }).click();
    await page.getByRole("button", { name: "Download references/rates.md" }).waitFor();
    await checkPage(page, J, "03c-imported-zip");
    await page.goto(editorUrl);
    await page.getByRole("heading", { name: /refunds · version 1/ }).waitFor();
  });

  it("UX-3 publishes version 1 after an impact preview that reaches nobody yet", async () => {
    await page.getByRole("button", { name: "Publish…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("reaches-count").waitFor();
    expect(await dialog.getByTestId("reaches-count").textContent()).toBe("Reaches 0 agent versions");
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("published", { exact: true }).first().waitFor();
  });

  it("UX-4 creates an agent that follows the skill and one that pins version 1 (with Ctrl/Cmd-S and Ctrl/Cmd-Enter), and publishes both", async () => {
    await createAgent(page, "follower", null);
    await checkPage(page, J, "04-agent-follower");
    await createAgent(page, "pinned", "Pin version 1 (published)", true);
    expect(await page.getByRole("combobox", { name: "Version of refunds" }).inputValue()).toBe(
      "Pin version 1 (published)",
    );
    await checkPage(page, J, "05-agent-pinned");
    await page.goto("/agents");
    await page.getByRole("link", { name: "Try follower" }).waitFor();
    await checkPage(page, J, "06-agents");
  });

  it("UX-3 Ctrl/Cmd-Enter opens the impact preview of version 2: it names the follower as reached and the pinned agent as unchanged", async () => {
    await page.goto(editorUrl);
    await page.getByRole("button", { name: "New draft from this version" }).click();
    // The new draft's editor replaces the read-only one: type only once it is there and editable.
    await page.waitForURL(/\/skills\/new$/);
    await page.locator('[aria-label="SKILL.md"][contenteditable="true"]').waitFor();
    await typeSkillMd(page, VALID.replace("30 days", "60 days"));
    await page.waitForURL(/\/skills\/v\//, { timeout: 15_000 });
    await page.getByRole("heading", { name: /refunds · version 2/ }).waitFor();
    // A last edit, then Ctrl/Cmd-Enter while still typing: the edit is saved first, then the preview opens.
    expect(await page.getByTestId("shortcut-hint").textContent()).toMatch(/S save.*Enter publish/);
    await page.getByRole("textbox", { name: "SKILL.md" }).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("\n3. Refund to the original payment method.");
    await page.keyboard.press("ControlOrMeta+Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("reaches-count").waitFor();
    expect(await dialog.getByTestId("reaches-count").textContent()).toBe("Reaches 1 agent version");
    const reached = await dialog.getByRole("list", { name: "Reached in This project" }).textContent();
    const pinned = await dialog.getByRole("list", { name: "Pinned in This project" }).textContent();
    expect(reached).toContain("follower");
    expect(reached).not.toContain("pinned");
    expect(pinned).toContain("pinned");
    await checkPage(page, J, "07-impact-dialog");
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await dialog.waitFor({ state: "hidden" });
    const live = await gql<{ skills: { items: Array<{ version: number; skillMd: string }> } }>(
      server,
      projectKey,
      `{ skills(name: "refunds", state: PUBLISHED, limit: 5) { items { version skillMd } } }`,
    );
    expect(live.skills.items.map((v) => v.version)).toEqual([2]);
    expect(live.skills.items[0]?.skillMd).toContain("3. Refund to the original payment method.");
  });

  it("UX-2 the history lists every version with who and when, and two versions are compared side by side", async () => {
    await page.getByRole("link", { name: "History" }).click();
    await page.getByRole("checkbox", { name: "Compare version 1" }).check();
    await page.getByRole("checkbox", { name: "Compare version 2" }).check();
    expect(await page.getByRole("row").count()).toBe(3);
    // who: the name of the key that saved each version, not its id
    expect(await page.getByRole("row", { name: /version 2/ }).textContent()).toContain("initial admin key");
    await checkPage(page, J, "08-history");
    await page.getByRole("button", { name: /Compare selected/ }).click();
    await page.locator(".cm-mergeView").first().waitFor();
    expect(await page.locator(".cm-changedLine").count()).toBeGreaterThan(0);
    await checkPage(page, J, "09-diff");
  });

  it("UX-3 rolls back to version 1 after a preview that reaches the follower", async () => {
    await page.goBack();
    await page.getByRole("button", { name: "Roll back to version 1…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("reaches-count").waitFor();
    expect(await dialog.getByRole("list", { name: "Reached in This project" }).textContent()).toContain("follower");
    await dialog.getByRole("button", { name: "Roll back now" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByRole("row", { name: /version 1 published/ }).count()).toBe(1);
  });

  it("UX-5 the try-it panel starts a call; the call page, open in a second tab, shows the load live without reading again", async () => {
    await page.goto("/agents");
    await page.getByRole("link", { name: "Try follower" }).click();
    await page.getByRole("button", { name: "Start call" }).click();
    await page.getByTestId("call-timeline").waitFor();
    const callPath = (await page.getByRole("link", { name: "Open call page" }).getAttribute("href")) ?? "";
    expect(callPath).toMatch(/^\/calls\//);

    // A second tab on the call page: it must learn of the load over graphql-ws, not by reading the call again.
    const watcher = await context.newPage();
    const watcherProblems = watchPageProblems(watcher);
    const sockets: string[] = [];
    watcher.on("websocket", (ws) => sockets.push(ws.url()));
    const callReads: string[] = [];
    watcher.on("request", (req) => {
      if (req.url().endsWith("/graphql") && /"operationName":"ReadCall"/.test(req.postData() ?? "")) {
        callReads.push(req.url());
      }
    });
    await signIn(watcher, projectKey);
    await watcher.goto(callPath);
    await watcher.getByTestId("call-timeline").waitFor();
    await expect.poll(() => watcher.getByTestId("live-mode").textContent()).toMatch(/^live/);
    expect(sockets.map((u) => new URL(u).pathname)).toEqual(["/graphql"]);
    const readsBefore = callReads.length;
    expect(await watcher.getByTestId("call-timeline").textContent()).not.toContain("skill.loaded");

    await pick(page, "Skill to load", "refunds");
    await page.getByRole("button", { name: "Load skill" }).click();
    await page.getByText(/^LOADED/).waitFor();
    expect(await page.getByTestId("call-timeline").textContent()).toContain("skill.loaded · refunds");
    expect(await page.getByTestId("system-prompt").textContent()).toContain("Ask for the order number");
    await checkPage(page, J, "10-try-it");

    await expect
      .poll(() => watcher.getByTestId("call-timeline").textContent(), { timeout: 3_000, interval: 100 })
      .toContain("skill.loaded · refunds");
    expect(await watcher.getByTestId("system-prompt").textContent()).toContain("Ask for the order number");
    expect(await watcher.getByRole("row", { name: /refunds/ }).textContent()).toContain("loaded");
    expect(callReads.length, "the call page read the call again instead of following its events").toBe(readsBefore);

    // A tool run arrives the same way (callToolInvocations on the same socket), not with a later read of the call.
    await pick(page, "Tool to run", "load_skill");
    await page.getByRole("textbox", { name: "Arguments (JSON)" }).fill('{"name":"refunds"}');
    await page.getByRole("button", { name: "Run tool" }).click();
    await page.getByText(/^load_skill: ok in/).waitFor();
    await expect
      .poll(() => watcher.getByTestId("tool-runs").textContent(), { timeout: 3_000, interval: 100 })
      .toContain("load_skill · ok");
    expect(callReads.length, "the call page read the call again instead of following its tool runs").toBe(readsBefore);
    expect(sockets).toHaveLength(1);
    await checkPage(watcher, J, "11-call-live");

    // The end arrives the same way: the page stops following and says the call ended.
    await gql(server, projectKey, `mutation($id: ID!) { endCall(callId: $id) { id } }`, {
      id: callPath.split("/").pop(),
    });
    await watcher.getByText("ended", { exact: true }).waitFor({ timeout: 3_000 });
    await watcher.close();
    expect(watcherProblems).toEqual([]);

    await page.goto("/calls");
    await page.getByRole("cell", { name: "follower" }).first().waitFor();
    await checkPage(page, J, "12-calls");
  });

  it("UX-5 when the WebSocket cannot connect, the call page falls back to reading the call every 2 s", async () => {
    const started = await gql<{ agents: { items: Array<{ agentId: string; name: string }> } }>(
      server,
      projectKey,
      `{ agents(state: PUBLISHED) { items { agentId name } } }`,
    );
    const agentId = started.agents.items.find((a) => a.name === "follower")?.agentId;
    const call = await gql<{ startCall: { id: string } }>(
      server,
      projectKey,
      `mutation($agentId: ID!) { startCall(input: { agentId: $agentId }) { id } }`,
      { agentId },
    );
    const id = call.startCall.id;
    const blocked = await context.newPage();
    // As a proxy that refuses upgrades would: every socket to /graphql is closed at once.
    await blocked.routeWebSocket(/\/graphql$/, (ws) => ws.close({ code: 1011, reason: "no upgrades here" }));
    await signIn(blocked, projectKey);
    await blocked.goto(`/calls/${id}`);
    await expect
      .poll(() => blocked.getByTestId("live-mode").textContent(), { timeout: 8_000 })
      .toMatch(/live updates unavailable/);
    await gql(server, projectKey, `mutation($id: ID!) { loadSkill(callId: $id, name: "refunds") { status } }`, { id });
    await expect
      .poll(() => blocked.getByTestId("call-timeline").textContent(), { timeout: 5_000 })
      .toContain("skill.loaded · refunds");
    await blocked.close();
    expect(problems).toEqual([]);
  });
});
