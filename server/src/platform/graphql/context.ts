import type DataLoader from "dataloader";

export type Role = "admin" | "editor" | "viewer";

/** Who is calling: the platform credential, or a project API key with its role. */
export type Principal =
  | { readonly kind: "platform" }
  | { readonly kind: "key"; readonly keyId: string; readonly projectId: string; readonly role: Role };

/** Per-request loaders, created lazily by the factories the composition root registers. */
export class Loaders {
  private readonly made = new Map<string, DataLoader<unknown, unknown>>();
  get<K, V>(name: string, make: () => DataLoader<K, V>): DataLoader<K, V> {
    let loader = this.made.get(name);
    if (!loader) {
      loader = make() as unknown as DataLoader<unknown, unknown>;
      this.made.set(name, loader);
    }
    return loader as unknown as DataLoader<K, V>;
  }
}

export interface RequestContext {
  readonly requestId: string;
  /** null when no credential was sent: only operations that need none may run. */
  readonly principal: Principal | null;
  readonly loaders: Loaders;
}

/** The actor written to audit entries: the key id, or "platform". */
export function actorOf(principal: Principal): string {
  return principal.kind === "platform" ? "platform" : principal.keyId;
}
