import type { Locator, Page } from "playwright-core";
import { confirmIn } from "./controls";

/** Knowledge bases: the list with its "new" form, and one base's documents and users. */
export class KnowledgePages {
  constructor(private readonly page: Page) {}

  async create(name: string, description: string): Promise<void> {
    const form = this.page.getByRole("region", { name: "New knowledge base" });
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("textbox", { name: "Description" }).fill(description);
    await form.getByRole("button", { name: "Create knowledge base" }).click();
    await this.page.getByRole("heading", { name, level: 1 }).waitFor();
  }

  async addDocument(title: string, content: string): Promise<void> {
    const form = this.page.getByRole("region", { name: "Add a document" });
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await form.getByRole("textbox", { name: "Content" }).fill(content);
    await form.getByRole("button", { name: "Add document" }).click();
    await this.documents().getByText(title, { exact: true }).waitFor();
  }

  documents(): Locator {
    return this.page.getByRole("region", { name: "Documents" });
  }

  async removeDocument(title: string): Promise<void> {
    await this.page.getByRole("button", { name: `Remove ${title}` }).click();
    await confirmIn(this.page, "Remove");
    await this.documents().getByText(title, { exact: true }).waitFor({ state: "detached" });
  }

  usedBy(): Locator {
    return this.page.getByRole("region", { name: "Used by" });
  }

  table(): Locator {
    return this.page.getByRole("table", { name: "Knowledge bases" });
  }
}
