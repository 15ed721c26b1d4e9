import type { Locator, Page } from "playwright-core";
import { pick } from "./controls";
import { UsageGraph } from "./usage-graph";

/** The agent editor (UX-4): fields, skill entries with their pin picker, tools, save and publish. */
export class AgentEditor {
  constructor(private readonly page: Page) {}

  async openNew(): Promise<void> {
    await this.page.goto("/agents/new");
  }

  heading(title: string | RegExp): Locator {
    return this.page.getByRole("heading", { name: title, level: 1 });
  }

  field(label: string): Locator {
    return this.page.getByRole("textbox", { name: label, exact: true });
  }

  /** Types the skill's name into "Add a skill" (the server searches every published skill) and picks it. */
  async addSkill(name: string): Promise<void> {
    const box = this.page.getByRole("combobox", { name: "Add a skill" });
    await box.click();
    await box.fill(name);
    await this.page.getByRole("option", { name, exact: true }).click();
    await this.entry(name).waitFor();
  }

  entry(skill: string): Locator {
    return this.page.getByLabel(`Skill entry ${skill}`);
  }

  picker(skill: string): Locator {
    return this.page.getByRole("combobox", { name: `Version of ${skill}` });
  }

  async pin(skill: string, option: string): Promise<void> {
    await pick(this.page, `Version of ${skill}`, option);
  }

  async unpin(skill: string): Promise<void> {
    await this.page.getByRole("button", { name: `Unpin ${skill}` }).click();
  }

  /** Adds an agent tool (the last card) with a name and a webhook. */
  async addTool(name: string, webhookUrl = "https://tools.example.com/hook"): Promise<void> {
    await this.page.getByRole("button", { name: "Add tool" }).click();
    const cards = this.page.locator('[aria-label^="Tool "]');
    const card = cards.last();
    await card.getByRole("textbox", { name: "Name" }).fill(name);
    await card.getByRole("textbox", { name: "Webhook URL" }).fill(webhookUrl);
    await card.getByRole("textbox", { name: "Description" }).fill(`The ${name} tool.`);
  }

  /** The message a field shows under it (Mantine's error), or null. */
  async errorOf(control: Locator): Promise<string | null> {
    const id = await control.getAttribute("aria-describedby");
    if (!id) return null;
    const texts = await Promise.all(id.split(" ").map((one) => this.page.locator(`[id="${one}"]`).textContent()));
    return texts.filter(Boolean).join(" ") || null;
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: /^(Save as new draft|Create agent)$/ }).click();
  }

  async publish(): Promise<void> {
    await this.page.getByRole("button", { name: "Publish agent" }).click();
    await this.page.getByText("published", { exact: true }).first().waitFor();
  }

  /** The "Skills graph" tab: the usage graph centred on this agent. */
  async graph(agent: string): Promise<UsageGraph> {
    await this.page.getByRole("tab", { name: "Skills graph" }).click();
    const graph = new UsageGraph(this.page, `Skills graph of ${agent}`);
    await graph.root.locator(".react-flow__node").first().waitFor();
    return graph;
  }
}

/** The agents list (/agents). */
export class AgentsList {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole("table", { name: "Agents" });
  }

  async open(): Promise<void> {
    await this.page.goto("/agents");
    await this.table.waitFor();
  }

  row(name: string): Locator {
    return this.table.getByRole("row", { name: new RegExp(name) });
  }
}
