import type { Locator, Page } from "playwright-core";
import { pick } from "./controls";

/** The try-it panel of an agent (UX-5): start a call, load a skill, run a tool. */
export class TryIt {
  readonly timeline: Locator;

  constructor(private readonly page: Page) {
    this.timeline = page.getByTestId("call-timeline");
  }

  async start(): Promise<string> {
    await this.page.getByRole("button", { name: "Start call" }).click();
    await this.timeline.waitFor();
    return (await this.page.getByRole("link", { name: "Open call page" }).getAttribute("href")) ?? "";
  }

  async load(skill: string): Promise<void> {
    await pick(this.page, "Skill to load", skill);
    await this.page.getByRole("button", { name: "Load skill" }).click();
    await this.page.getByText(/^LOADED/).waitFor();
  }

  async runTool(tool: string, args: unknown): Promise<void> {
    await pick(this.page, "Tool to run", tool);
    await this.page.getByRole("textbox", { name: "Arguments (JSON)" }).fill(JSON.stringify(args));
    await this.page.getByRole("button", { name: "Run tool" }).click();
    await this.page.getByText(new RegExp(`^${tool}: ok in`)).waitFor();
  }
}

/** A call's page: its live mode, timeline, what the model sees, tool runs. */
export class CallPage {
  readonly timeline: Locator;
  readonly liveMode: Locator;
  readonly systemPrompt: Locator;
  readonly toolRuns: Locator;

  constructor(readonly page: Page) {
    this.timeline = page.getByTestId("call-timeline");
    this.liveMode = page.getByTestId("live-mode");
    this.systemPrompt = page.getByTestId("system-prompt");
    this.toolRuns = page.getByTestId("tool-runs");
  }
}

/** The calls list with its filters. */
export class CallsList {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole("table", { name: "Calls" });
  }

  async open(): Promise<void> {
    await this.page.goto("/calls");
  }

  async filterAgent(name: string): Promise<void> {
    await pick(this.page, "Agent", name);
  }
}
