import type { Locator, Page } from "playwright-core";

type Scope = Page | Locator;

const pageOf = (scope: Scope): Page =>
  "page" in scope && typeof scope.page === "function" ? scope.page() : (scope as Page);

/** Picks `option` in the Mantine select (or multi-select) labelled `label`. */
export async function pick(scope: Scope, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole("combobox", { name: label }).click();
  await pageOf(scope).getByRole("option", { name: option }).first().click();
}

/** The dialog a ConfirmButton opens, and its confirming button pressed. */
export async function confirmIn(page: Page, confirmLabel: string | RegExp): Promise<void> {
  const dialog = page.getByRole("dialog").last();
  await dialog.getByRole("button", { name: confirmLabel }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Replaces everything in a CodeMirror editor by what a person would type (no per-key events: one insert). */
export async function replaceEditorText(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}
