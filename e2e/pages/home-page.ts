import type { Locator, Page } from "playwright-core";

/** The console's start page at `/`: title, server status and the sign-in form. */
export class HomePage {
  readonly heading: Locator;
  readonly serverStatus: Locator;
  readonly serverReadiness: Locator;
  readonly apiKeyInput: Locator;
  readonly signInButton: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.serverStatus = page.getByTestId("server-status");
    this.serverReadiness = page.getByTestId("server-readiness");
    this.apiKeyInput = page.getByLabel("API key or platform credential");
    this.signInButton = page.getByRole("button", { name: "Sign in" });
  }

  async open(): Promise<number | undefined> {
    const response = await this.page.goto("/");
    return response?.status();
  }

  title(): Promise<string> {
    return this.page.title();
  }
}
