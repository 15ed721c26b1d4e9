import type { Locator, Page } from "playwright-core";

/** Evals (EV): scenarios, runs and a run's results. */
export class EvalPages {
  readonly results: Locator;

  constructor(private readonly page: Page) {
    this.results = page.getByRole("table", { name: "Results" });
  }

  async writeScenario(fields: { name: string; tags: string; turns: string; expectations: unknown }): Promise<void> {
    await this.page.getByRole("button", { name: "New scenario" }).click();
    const editor = this.page.getByRole("region", { name: "Scenario editor" });
    await editor.getByRole("textbox", { name: "Name" }).fill(fields.name);
    await editor.getByRole("textbox", { name: /^Tags/ }).fill(fields.tags);
    await editor.getByRole("textbox", { name: /^Turns/ }).fill(fields.turns);
    await editor.getByRole("textbox", { name: "Expectations (JSON)" }).fill(JSON.stringify(fields.expectations));
    await editor.getByRole("button", { name: "Save scenario" }).click();
    await editor.waitFor({ state: "hidden" });
  }

  /** Finds the agent by typing part of its name (the server searches every published agent) and starts a run. */
  async startRun(agent: string, iterations: number): Promise<void> {
    const box = this.page.getByRole("combobox", { name: "Agent" });
    await box.click();
    await box.fill(agent.slice(1));
    await this.page.getByRole("option", { name: agent, exact: true }).click();
    await this.page.getByRole("textbox", { name: "Iterations" }).fill(String(iterations));
    await this.page.getByRole("button", { name: "Start run" }).click();
    await this.page.waitForURL(/\/evals\/runs\//);
  }

  resultRow(scenario: string): Locator {
    return this.results.getByRole("row").filter({ hasText: scenario }).first();
  }
}
