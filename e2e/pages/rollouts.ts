import type { Locator, Page } from "playwright-core";
import { confirmIn } from "./controls";

/** The staged-rollout part of the impact preview (UX-8): steps, minutes per step, guards. */
export class StartRolloutForm {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole("dialog").getByRole("region", { name: "Staged rollout" });
  }

  /** From the impact preview: "Start rollout…" beside "Publish now". */
  async open(): Promise<void> {
    await this.page.getByRole("dialog").getByRole("button", { name: "Start rollout…" }).click();
    await this.root.waitFor();
  }

  async fill(plan: { steps?: string; minutes?: number; minSamples?: number }): Promise<void> {
    if (plan.steps !== undefined) await this.root.getByLabel("Steps (% of calls)").fill(plan.steps);
    if (plan.minutes !== undefined) await this.root.getByLabel("Minutes per step").fill(String(plan.minutes));
    if (plan.minSamples !== undefined) {
      const fields = this.root.getByLabel("Min samples per arm");
      for (let i = 0; i < (await fields.count()); i++) await fields.nth(i).fill(String(plan.minSamples));
    }
  }

  async removeGuards(): Promise<void> {
    while ((await this.root.getByRole("button", { name: /^Remove guard/ }).count()) > 0)
      await this.root
        .getByRole("button", { name: /^Remove guard/ })
        .first()
        .click();
  }

  /** The forecast under the i-th guard ("needs about 860 outcomes per arm …"). */
  async forecast(i: number): Promise<string> {
    return (await this.root.getByTestId(`guard-forecast-${i}`).innerText()).trim();
  }

  /** Starts it and waits for the rollout's page. */
  async start(): Promise<void> {
    await this.root.getByRole("button", { name: "Start rollout" }).click();
    await this.page.waitForURL(/\/rollouts\/[0-9a-f-]+$/);
  }
}

/** A rollout's page (/rollouts/:id). */
export class RolloutPage {
  readonly status: Locator;
  readonly arms: Locator;
  readonly chart: Locator;
  readonly points: Locator;

  constructor(private readonly page: Page) {
    this.status = page.getByTestId("rollout-status");
    this.arms = page.getByRole("table", { name: "Both arms" });
    this.chart = page.getByRole("region", { name: "Arms over time" });
    this.points = page.getByTestId("chart-points");
  }

  /** The arms table's row of a signal ("Success rate"): [live, candidate]. */
  async row(signal: string): Promise<[string, string]> {
    const cells = this.arms.getByRole("row", { name: new RegExp(`^${signal}`) }).getByRole("cell");
    return [(await cells.nth(0).innerText()).trim(), (await cells.nth(1).innerText()).trim()];
  }

  /** A guard's verdict in words, by its metric's label ("Success rate"). */
  async guardVerdict(metric: string): Promise<string> {
    const card = this.page.getByRole("region", { name: `${metric} guard` });
    return (await card.getByTestId("guard-verdict").innerText()).trim();
  }

  async pointCount(): Promise<number> {
    return Number.parseInt((await this.points.innerText()).trim(), 10);
  }

  /** A ConfirmButton of the page ("Advance to 50 %…"), confirmed. */
  async act(button: string | RegExp, confirmLabel: string | RegExp): Promise<void> {
    await this.page.getByRole("button", { name: button }).click();
    await confirmIn(this.page, confirmLabel);
  }
}
