import type { Page } from "playwright-core";

/** The signed-in frame every page shares: sign in, the sections, who you are. */
export class ConsoleFrame {
  constructor(private readonly page: Page) {}

  /** Signs in through the console's own form; resolves once the frame shows the session. */
  async signIn(credential: string): Promise<void> {
    await this.page.goto("/signin");
    await this.page.getByLabel("API key or platform credential").fill(credential);
    await this.page.getByRole("button", { name: "Sign in" }).click();
    await this.page.getByTestId("session-role").waitFor();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole("button", { name: "Sign out" }).click();
    await this.page.waitForURL(/\/signin/);
  }

  /** Opens a section from the navigation ("Skills", "Sessions", "Webhooks" …). */
  async open(section: string): Promise<void> {
    await this.page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: section }).click();
  }

  section(section: string) {
    return this.page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: section });
  }

  role(): Promise<string | null> {
    return this.page.getByTestId("session-role").textContent();
  }

  project(): Promise<string | null> {
    return this.page.getByTestId("session-project").textContent();
  }
}
