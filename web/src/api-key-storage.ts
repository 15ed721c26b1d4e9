// The key lives in sessionStorage: it survives a reload but not closing the tab, and is never sent anywhere but
// this server's /graphql.
const STORAGE_KEY = "skillgraph.apiKey";

export function readApiKey(): string {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return ""; // storage disabled (privacy mode): the form still works for this page view
  }
}

export function saveApiKey(key: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // storage disabled: nothing to keep
  }
}

export function forgetApiKey(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing to forget
  }
}
