import type { Locator, Page } from "playwright-core";

/** CR-4: a skill version's content review on its page: the findings, a line opened, a suppression. */
export class FindingsPanel {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole("region", { name: "Content review" });
  }

  finding(rule: string): Locator {
    return this.root.getByTestId("finding").filter({ hasText: rule });
  }

  async openLine(path: string, line: number): Promise<void> {
    await this.root
      .getByRole("button", { name: `${path}:${line} (open the line in the editor)` })
      .first()
      .click();
  }

  async suppress(rule: string, reason: string): Promise<void> {
    await this.finding(rule).first().getByRole("button", { name: "Suppress…" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Suppress this finding?" });
    await dialog.getByLabel("Reason").fill(reason);
    await dialog.getByRole("button", { name: "Suppress", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
  }
}

/** Settings: the publish policy's block severity (CR-3). */
export class PublishPolicySection {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole("region", { name: "Publish policy" });
  }

  async blockAt(label: string): Promise<void> {
    await this.root.getByLabel("Content review blocks at").click();
    await this.root.page().getByRole("option", { name: label }).click();
    await this.root.getByRole("button", { name: "Save policy" }).click();
    await this.root.getByRole("status").getByText("Saved.").waitFor();
  }
}

/** CR-4: the editor's review of what it holds, as the author types (nothing saved). */
export class LiveReview {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole("region", { name: "Review as you type" });
  }

  finding(rule: string): Locator {
    return this.root.getByTestId("live-finding").filter({ hasText: rule });
  }
}
