import type { Locator, Page } from "playwright-core";
import { replaceEditorText } from "./controls";
import { UsageGraph } from "./usage-graph";

/** The skills list (/skills). */
export class SkillsList {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole("table", { name: "Skills" });
  }

  async open(): Promise<void> {
    await this.page.goto("/skills");
  }

  rows(): Locator {
    return this.table.locator("tbody tr");
  }

  async openSkill(name: string): Promise<void> {
    await this.table.getByRole("link", { name, exact: true }).first().click();
    await this.page.getByRole("heading", { name: new RegExp(`^${name} · version`) }).waitFor();
  }
}

/** A skill version's page: the SKILL.md editor, its tabs (tools, knowledge, files), "Used by", publish. */
export class SkillEditor {
  readonly skillMd: Locator;
  readonly problems: Locator;
  readonly status: Locator;

  constructor(private readonly page: Page) {
    this.skillMd = page.getByRole("textbox", { name: "SKILL.md" });
    this.problems = page.getByRole("list", { name: "Problems in SKILL.md" });
    this.status = page.getByTestId("draft-status");
  }

  heading(title: string | RegExp): Locator {
    return this.page.getByRole("heading", { name: title, level: 1 });
  }

  /** Waits for an editable editor (a new draft replaces the read-only one). */
  async editable(): Promise<void> {
    await this.page.locator('[aria-label="SKILL.md"][contenteditable="true"]').waitFor();
  }

  async type(text: string): Promise<void> {
    await replaceEditorText(this.page, this.skillMd, text);
  }

  /** Waits until the draft's save settled as `expected` ("Draft saved" by default). */
  async saved(expected = "Draft saved", timeout = 15_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while ((await this.status.textContent()) !== expected) {
      if (Date.now() > deadline) throw new Error(`The draft status stayed "${await this.status.textContent()}".`);
      await this.page.waitForTimeout(100);
    }
  }

  async newDraftFromThis(): Promise<void> {
    await this.page.getByRole("button", { name: "New draft from this version" }).click();
    await this.page.waitForURL(/\/skills\/new$/);
    await this.editable();
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole("tab", { name });
  }

  async openPublish(): Promise<ImpactDialog> {
    await this.page.getByRole("button", { name: "Publish…" }).click();
    return this.impact();
  }

  /** The impact preview once it has its answer (opened by a button or Ctrl/Cmd-Enter). */
  async impact(): Promise<ImpactDialog> {
    const dialog = new ImpactDialog(this.page);
    await dialog.reaches.waitFor();
    return dialog;
  }

  /** The "Used by" tab: the list and the usage graph. */
  async usedBy(skill: string): Promise<{ list: Locator; graph: UsageGraph; summary: Locator }> {
    await this.tab(/^Used by/).click();
    const graph = new UsageGraph(this.page, `Usage graph of ${skill}`);
    await graph.root.locator(".react-flow__node").first().waitFor();
    return {
      list: this.page.getByRole("table", { name: "Used by" }),
      graph,
      summary: this.page.getByTestId("usage-summary"),
    };
  }

  /** The Tools tab's card of tool `n` (1-based). */
  toolCard(n: number): Locator {
    return this.page.getByLabel(`Tool ${n}`, { exact: true });
  }
}

/** The impact preview of a publish or rollback (UX-3). */
export class ImpactDialog {
  readonly root: Locator;
  readonly reaches: Locator;

  constructor(page: Page) {
    this.root = page.getByRole("dialog");
    this.reaches = this.root.getByTestId("reaches-count");
  }

  list(kind: "Reached" | "Pinned", project = "This project"): Locator {
    return this.root.getByRole("list", { name: `${kind} in ${project}` });
  }

  async confirm(label = "Publish now"): Promise<void> {
    await this.root.getByRole("button", { name: label }).click();
    await this.root.waitFor({ state: "hidden" });
  }

  async cancel(): Promise<void> {
    await this.root.getByRole("button", { name: "Cancel" }).click();
    await this.root.waitFor({ state: "hidden" });
  }
}

/** A skill's history and the diff of two versions (UX-2). */
export class SkillHistory {
  constructor(private readonly page: Page) {}

  async compare(a: number, b: number): Promise<void> {
    await this.page.getByRole("checkbox", { name: `Compare version ${a}` }).check();
    await this.page.getByRole("checkbox", { name: `Compare version ${b}` }).check();
    await this.page.getByRole("button", { name: /Compare selected/ }).click();
    await this.page.locator(".cm-mergeView").first().waitFor();
  }

  row(version: number): Locator {
    return this.page.getByRole("row", { name: new RegExp(`version ${version}\\b`) });
  }

  /** A part of the diff page: "SKILL.md", "Tools", "Knowledge bases", "Files". */
  part(name: string): Locator {
    return this.page.getByRole("region", { name, exact: true });
  }
}
