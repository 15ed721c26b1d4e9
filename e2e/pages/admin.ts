import type { Locator, Page } from "playwright-core";
import { confirmIn, pick } from "./controls";

/** The platform view (UX-6): projects and their library links. */
export class PlatformPage {
  constructor(private readonly page: Page) {}

  async createProject(name: string): Promise<string> {
    await this.page.getByLabel("Project name").fill(name);
    await this.page.getByRole("button", { name: "Create project" }).click();
    await this.page.getByRole("table", { name: "Projects" }).getByRole("cell", { name, exact: true }).waitFor();
    return (await this.page.getByTestId("secret-once").textContent()) ?? "";
  }

  row(name: string): Locator {
    return this.page.getByRole("table", { name: "Projects" }).getByRole("row", { name: new RegExp(`^${name}\\b`) });
  }

  async link(project: string, library: string): Promise<void> {
    await pick(this.page, `Skill library of ${project}`, library);
    await this.page.getByRole("button", { name: `Unlink ${project} from ${library}` }).waitFor();
  }

  async unlink(project: string, library: string): Promise<void> {
    await this.page.getByRole("button", { name: `Unlink ${project} from ${library}` }).click();
    await confirmIn(this.page, "Unlink");
    await this.page.getByRole("button", { name: `Unlink ${project} from ${library}` }).waitFor({ state: "detached" });
  }
}

/** API keys (UX-6): create (shown once), revoke. */
export class ApiKeysPage {
  constructor(private readonly page: Page) {}

  async create(name: string, role: "ADMIN" | "EDITOR" | "VIEWER"): Promise<string> {
    const shown = this.page.getByTestId("secret-once");
    // Read without waiting: the box may go between a count and a read (textContent would then wait for a new one).
    const before = (await shown.allTextContents())[0] ?? null;
    await this.page.getByLabel("Key name").fill(name);
    await pick(this.page, "Role", role);
    await this.page.getByRole("button", { name: "Create key" }).click();
    const secret = this.page.getByTestId("secret-once");
    for (let i = 0; i < 100 && ((await secret.allTextContents())[0] ?? before) === before; i++) {
      await this.page.waitForTimeout(50);
    }
    return (await secret.textContent()) ?? "";
  }

  async revoke(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Revoke ${name}` }).click();
    await confirmIn(this.page, "Revoke");
  }
}

/** Webhooks (UX-6): subscriptions, their deliveries and redelivery. */
export class WebhooksPage {
  readonly deliveries: Locator;

  constructor(private readonly page: Page) {
    this.deliveries = page.getByRole("table", { name: "Deliveries" });
  }

  async subscribe(url: string, events: string[]): Promise<string> {
    const form = this.page.getByRole("region", { name: "New subscription" });
    await form.getByRole("textbox", { name: /^URL/ }).fill(url);
    // the form starts with call.ended chosen; add the others
    const chosen = await form.locator(".mantine-Pill-label").allTextContents();
    for (const event of events) if (!chosen.includes(event)) await pick(form, /^Events/, event);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const secret = form.getByTestId("secret-once");
    await secret.waitFor();
    return (await secret.textContent()) ?? "";
  }

  /** The deliveries' statuses, newest first. */
  statuses(): Promise<string[]> {
    return this.deliveries.getByTestId("delivery-status").allTextContents();
  }

  async redeliver(n = 0): Promise<void> {
    await this.deliveries
      .getByRole("button", { name: /^Redeliver the / })
      .nth(n)
      .click();
  }

  async attempts(n = 0): Promise<Locator> {
    await this.deliveries
      .getByRole("button", { name: /^Attempts of the / })
      .nth(n)
      .click();
    return this.deliveries.getByRole("table", { name: /^Attempts of delivery/ });
  }
}
