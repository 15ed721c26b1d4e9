import type { Locator, Page } from "playwright-core";
import { pick } from "./controls";

/** Chat sessions (UX-9): the list with its filters, and one session as a conversation. */
export class SessionsPages {
  readonly table: Locator;
  readonly transcript: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole("table", { name: "Chat sessions" });
    this.transcript = page.getByRole("region", { name: "Transcript" });
  }

  async filterAgent(name: string): Promise<void> {
    await pick(this.page, "Agent", name);
  }

  async filterSince(label: string): Promise<void> {
    await pick(this.page, "Started", label);
  }

  rows(): Locator {
    return this.table.locator("tbody tr");
  }

  async open(idPrefix: string): Promise<void> {
    await this.table.getByRole("link", { name: new RegExp(`^${idPrefix}`) }).click();
    await this.transcript.waitFor();
  }

  userMessages(): Locator {
    return this.transcript.getByTestId("user-message");
  }

  assistantMessages(): Locator {
    return this.transcript.getByTestId("assistant-message");
  }

  toolCalls(): Locator {
    return this.transcript.getByTestId("tool-call");
  }

  resolvedSkills(): Locator {
    return this.page.getByRole("region", { name: "Resolved skills" });
  }
}
