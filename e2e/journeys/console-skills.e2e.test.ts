import { unzipSync, zipSync } from "fflate";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Download, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { AgentEditor } from "../pages/agents";
import { ConsoleFrame } from "../pages/console-frame";
import { pick } from "../pages/controls";
import { KnowledgePages } from "../pages/knowledge";
import { SkillEditor, SkillHistory } from "../pages/skills";
import { repoRoot } from "../support/paths";
import { useConsoleSession } from "../support/session";

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
const FAQ = "# Refund FAQ\n\nRefunds take 5 business days.\n";

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

async function uploadInto(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel("Upload into").selectOption("references");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload files" }).click();
  await (await chooser).setFiles({ name, mimeType: "text/markdown", buffer: Buffer.from(text) });
}

describe("console journey: author with tools, knowledge and files, publish, pin, compare, roll back (UX-1..4, SEC-14)", () => {
  const s = useConsoleSession({ journey: "skills" });
  let editorUrl = "";
  let key = "";
  const editor = () => new SkillEditor(s.page);
  const stored = async <T>(fields: string) =>
    (
      await s.gql<{ skillVersion: T }>(key, `query($id: ID!) { skillVersion(id: $id) { ${fields} } }`, {
        id: editorUrl.split("/").pop(),
      })
    ).skillVersion;

  beforeAll(async () => {
    key = (await s.project("Acme support")).key;
    await new ConsoleFrame(s.page).signIn(key);
  });

  it("UX-1 authors a skill: the server's validation error is shown on its line, then fixed and saved as a draft", async () => {
    await s.page.goto("/skills");
    await s.page.getByText("No skills yet").waitFor();
    await s.check("01-skills-empty");
    await s.page.getByRole("link", { name: "New skill" }).click();
    await editor().type(INVALID);
    await editor().problems.waitFor({ timeout: 15_000 });
    expect(await editor().problems.textContent()).toMatch(/Line 2.*frontmatter\.name/);
    await expect.poll(() => s.page.locator(".cm-lintRange-error").count()).toBeGreaterThan(0);
    await s.check("02-editor-invalid");

    await editor().type(VALID);
    await s.page.waitForURL(/\/skills\/v\//, { timeout: 15_000 });
    // The first save creates the version and the editor moves to its address: the status still says so (UX-1).
    await editor()
      .heading(/refunds · version 1/)
      .waitFor();
    await editor().saved();
    // …and it is the same editor: the author's cursor is still in SKILL.md.
    expect(await s.page.locator(".cm-editor.cm-focused").count()).toBe(1);
    editorUrl = new URL(s.page.url()).pathname;
    // the editor fills the window below the header: its bottom is at the window's bottom
    const box = await s.page.locator(".cm-editor").boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBeGreaterThan(800);
    await s.check("03-editor-draft");
  });

  it("SEC-14 markdown is rendered without raw HTML and the CSP allows no inline script", async () => {
    const preview = s.page.getByTestId("markdown-preview");
    await preview.getByRole("heading", { name: "Refunds" }).waitFor();
    expect(await preview.locator("script").count()).toBe(0);
    expect(await s.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    const res = await fetch(`${s.server.baseUrl}/skills`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // 'self' covers ws(s):// to the same host (CSP 3): the live call timeline (UX-5) connects under it.
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("UX-1 the Tools tab: a tool is added, the server's refusal shows on its field, then it saves", async () => {
    await editor()
      .tab(/^Tools/)
      .click();
    await s.page.getByRole("button", { name: "Add tool" }).click();
    const tool = editor().toolCard(1);
    await tool.getByRole("textbox", { name: "Name" }).fill("lookup_order");
    await tool.getByRole("textbox", { name: "Description" }).fill("Finds an order by its number.");
    await tool.getByRole("textbox", { name: "Webhook URL" }).fill("ftp://orders.example.com/lookup");
    const url = tool.getByRole("textbox", { name: "Webhook URL" });
    await expect.poll(() => url.getAttribute("aria-invalid"), { timeout: 15_000 }).toBe("true");
    expect(await tool.textContent()).toMatch(/webhook_url/);
    expect(await editor().status.textContent()).toBe("Not saved: fix the problems shown");
    await s.check("04-editor-tool-refused");

    await url.fill("https://orders.example.com/lookup");
    await tool
      .getByRole("textbox", { name: "Parameters (JSON Schema)" })
      .fill('{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}');
    await editor().saved();
    const saved = await stored<{ tools: Array<{ name: string; webhookUrl: string; parameters: unknown }> }>(
      "tools { name webhookUrl parameters }",
    );
    expect(saved.tools).toEqual([
      {
        name: "lookup_order",
        webhookUrl: "https://orders.example.com/lookup",
        parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
      },
    ]);
    await s.check("05-editor-tools");
  });

  it("SK-4 a knowledge base made in the console, its documents added and removed, then used by the skill", async () => {
    const frame = new ConsoleFrame(s.page);
    await frame.open("Knowledge");
    await s.page.getByText("No knowledge bases yet.").waitFor();
    const kb = new KnowledgePages(s.page);
    await kb.create("Refund rules", "What the refund desk may promise, by product and by country.");
    await kb.addDocument("Window", "Refunds are possible within 30 days of delivery.");
    await kb.addDocument("Draft note", "Not for customers.");
    await kb.removeDocument("Draft note");
    expect(await kb.documents().textContent()).toContain("Window");
    expect(await kb.usedBy().textContent()).toMatch(/No draft or published skill version or agent names/);
    await s.check("06-knowledge-base");

    await s.page.goto(editorUrl);
    await editor()
      .tab(/^Knowledge/)
      .click();
    await pick(s.page, "Add a knowledge base", "Refund rules");
    await pick(s.page, "Mode of Refund rules", "As a search tool");
    await editor().saved();
    const saved = await stored<{ knowledgeBases: Array<{ mode: string; knowledgeBase: { name: string } }> }>(
      "knowledgeBases { mode knowledgeBase { name } }",
    );
    expect(saved.knowledgeBases).toEqual([{ mode: "TOOL", knowledgeBase: { name: "Refund rules" } }]);
    await s.check("07-editor-knowledge");

    await frame.open("Knowledge");
    const row = kb.table().getByRole("row", { name: /Refund rules/ });
    expect(await row.textContent()).toMatch(/1 skill version: refunds/);
    await row.getByRole("link", { name: "Refund rules" }).click();
    await kb.usedBy().getByRole("link", { name: "refunds · version 1" }).waitFor();
    await s.check("08-knowledge-used");
    await kb.usedBy().getByRole("link", { name: "refunds · version 1" }).click();
    await editor()
      .heading(/refunds · version 1/)
      .waitFor();
  });

  it("UX-1 bundle files: uploads a file into the draft, downloads it, exports the zip, imports a zip from examples/", async () => {
    const page = s.page;
    await editor()
      .tab(/^Files/)
      .click();
    await page.getByText("No files besides SKILL.md.").waitFor();
    await uploadInto(page, "faq.md", FAQ);
    await page.getByRole("button", { name: "Download references/faq.md" }).waitFor();
    await editor().saved();
    expect((await stored<{ files: Array<{ path: string }> }>("files { path }")).files).toEqual([
      { path: "references/faq.md" },
    ]);
    await s.check("09-editor-files");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download references/faq.md" }).click();
    expect(await readDownload(await download)).toBe(FAQ);
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
    await editor()
      .heading(/explain-bill · version 1/)
      .waitFor();
    await editor().tab("Files (2)").click();
    await page.getByRole("button", { name: "Download references/rates.md" }).waitFor();
    await s.check("10-imported-zip");
    await page.goto(editorUrl);
    await editor()
      .heading(/refunds · version 1/)
      .waitFor();
  });

  it("UX-3 publishes version 1 after an impact preview that reaches nobody yet", async () => {
    const dialog = await editor().openPublish();
    expect(await dialog.reaches.textContent()).toBe("Reaches 0 agent versions");
    await dialog.confirm();
    await s.page.getByText("published", { exact: true }).first().waitFor();
  });

  it("UX-4 creates an agent that follows the skill and one that pins version 1 (with Ctrl/Cmd-S and Ctrl/Cmd-Enter), and publishes both", async () => {
    const agent = new AgentEditor(s.page);
    const create = async (name: string, pin: string | null, keyboard: boolean) => {
      await agent.openNew();
      await agent.field("Name").fill(name);
      await s.page.getByRole("textbox", { name: "Prompt" }).fill(`You are ${name}, a support agent.`);
      await agent.addSkill("refunds");
      if (pin) await agent.pin("refunds", pin);
      if (keyboard) {
        // the shortcuts the page shows: Ctrl/Cmd-S creates, Ctrl/Cmd-Enter publishes, while typing in a field
        expect(await s.page.getByTestId("shortcut-hint").textContent()).toMatch(/S create/);
        await s.page.getByRole("textbox", { name: "Prompt" }).press("ControlOrMeta+s");
        await s.page.waitForURL(/\/agents\/v\//);
        await expect.poll(() => s.page.getByTestId("shortcut-hint").textContent()).toMatch(/Enter publish/);
        await s.page.getByRole("textbox", { name: "Prompt" }).press("ControlOrMeta+Enter");
        await s.page.getByText("published", { exact: true }).first().waitFor();
      } else {
        await agent.save();
        await s.page.waitForURL(/\/agents\/v\//);
        await agent.publish();
      }
    };
    await create("follower", null, false);
    await s.check("11-agent-follower");
    await create("pinned", "Pin version 1 (published)", true);
    expect(await agent.picker("refunds").inputValue()).toBe("Pin version 1 (published)");
    await s.check("12-agent-pinned");
    await s.page.goto("/agents");
    await s.page.getByRole("link", { name: "Try follower" }).waitFor();
    await s.check("13-agents");
  });

  it("UX-3 version 2 (a tool and a file changed): Ctrl/Cmd-Enter previews the follower reached and the pinned agent unchanged", async () => {
    await s.page.goto(editorUrl);
    await editor().newDraftFromThis();
    await editor().type(VALID.replace("30 days", "60 days"));
    await s.page.waitForURL(/\/skills\/v\//, { timeout: 15_000 });
    await editor()
      .heading(/refunds · version 2/)
      .waitFor();
    editorUrl = new URL(s.page.url()).pathname;
    await editor()
      .tab(/^Tools/)
      .click();
    await editor().toolCard(1).getByRole("textbox", { name: "Description" }).fill("Finds an order by number or email.");
    await editor()
      .tab(/^Files/)
      .click();
    await uploadInto(s.page, "faq.md", FAQ.replace("5 business days", "3 business days"));
    await editor().saved();
    // A last edit, then Ctrl/Cmd-Enter while still typing: the edit is saved first, then the preview opens.
    expect(await s.page.getByTestId("shortcut-hint").textContent()).toMatch(/S save.*Enter publish/);
    await editor().skillMd.click();
    await s.page.keyboard.press("ControlOrMeta+End");
    await s.page.keyboard.insertText("\n3. Refund to the original payment method.");
    await s.page.keyboard.press("ControlOrMeta+Enter");
    const dialog = await editor().impact();
    expect(await dialog.reaches.textContent()).toBe("Reaches 1 agent version");
    expect(await dialog.list("Reached").textContent()).toContain("follower");
    expect(await dialog.list("Reached").textContent()).not.toContain("pinned");
    expect(await dialog.list("Pinned").textContent()).toContain("pinned");
    await s.check("14-impact-dialog");
    await dialog.confirm();
    const live = await s.gql<{ skills: { items: Array<{ version: number; skillMd: string }> } }>(
      key,
      `{ skills(name: "refunds", state: PUBLISHED, limit: 5) { items { version skillMd } } }`,
    );
    expect(live.skills.items.map((v) => v.version)).toEqual([2]);
    expect(live.skills.items[0]?.skillMd).toContain("3. Refund to the original payment method.");
  });

  it("UX-2 the history lists every version with who and when; the diff shows SKILL.md, the tool and the file as what changed", async () => {
    await s.page.getByRole("link", { name: "History" }).click();
    const history = new SkillHistory(s.page);
    await history.row(2).waitFor();
    expect(await s.page.getByRole("row").count()).toBe(3);
    // who: the name of the key that saved each version, not its id
    expect(await history.row(2).textContent()).toContain("initial admin key");
    await s.check("15-history");
    await history.compare(1, 2);
    expect(await s.page.locator(".cm-changedLine").count()).toBeGreaterThan(0);
    const tools = history.part("Tools");
    expect(await tools.getByTestId("summary-Tools").textContent()).toBe("1 changed");
    const change = tools.getByRole("table", { name: "Changes to the tool lookup_order" });
    expect(await change.getByRole("row").nth(1).innerText()).toMatch(
      /^description\s+Finds an order by its number\.\s+Finds an order by number or email\.$/,
    );
    expect(await change.getByRole("row").count()).toBe(2); // only the field that changed
    expect(await history.part("Knowledge bases").textContent()).toContain("The knowledge bases are the same.");
    const files = history.part("Files");
    expect(await files.getByTestId("summary-Files").textContent()).toBe("1 changed");
    await files.getByRole("textbox", { name: "references/faq.md, newer version" }).waitFor();
    expect(await files.textContent()).toContain("3 business days");
    // not two JSON dumps
    expect(await s.page.getByText(/"webhook_url"|"__typename"/).count()).toBe(0);
    await s.check("16-diff");
  });

  it("UX-3 rolls back to version 1 after a preview that reaches the follower", async () => {
    await s.page.goBack();
    await s.page.getByRole("button", { name: "Roll back to version 1…" }).click();
    const dialog = await editor().impact();
    expect(await dialog.list("Reached").textContent()).toContain("follower");
    await dialog.confirm("Roll back now");
    await expect.poll(() => s.page.getByRole("row", { name: /version 1 published/ }).count()).toBe(1);
  });
});
