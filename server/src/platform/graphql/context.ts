import type { TraceSpan } from "../telemetry";
import DataLoader from "dataloader";

export type Role = "admin" | "editor" | "viewer";

/** Who is calling: the platform credential, or a project API key with its role. */
export type Principal =
  | { readonly kind: "platform" }
  | { readonly kind: "key"; readonly keyId: string; readonly projectId: string; readonly role: Role };

export interface RequestContext {
  readonly requestId: string;
  /** null when no credential was sent: only operations that need none may run. */
  readonly principal: Principal | null;
  readonly loaders: Loaders;
  /** OB-1: the request's span (tracing on): what services' spans hang under. */
  readonly trace?: TraceSpan;
}

// ---- per-request loaders ----

/**
 * Names one per-request loader with its key and value types. Modules declare their keys and batch functions in
 * `*.loaders.ts`; the composition root registers them; resolvers ask the request's `Loaders` for a key.
 */
export class LoaderKey<K, V> {
  declare private readonly types?: (key: K) => V;
  constructor(
    readonly name: string,
    /** For keys that are not strings: how to tell two keys apart. */
    readonly cacheKey?: (key: K) => string,
  ) {}
}

/** Values for `keys`, in the same order (graphql/dataloader's contract); the request context authorises. */
export type BatchFn<K, V> = (keys: readonly K[], ctx: RequestContext) => Promise<ReadonlyArray<V | Error>>;

type AnyBatch = BatchFn<unknown, unknown>;

/** Every batch function the modules registered; one `Loaders` per request is made from it. */
export class LoaderRegistry {
  private readonly batches = new Map<string, AnyBatch>();

  register<K, V>(key: LoaderKey<K, V>, batch: BatchFn<K, V>): void {
    if (this.batches.has(key.name)) throw new Error(`loader '${key.name}' is registered twice`);
    this.batches.set(key.name, batch as AnyBatch);
  }

  forRequest(context: () => RequestContext): Loaders {
    return new Loaders(this.batches, context);
  }
}

/** The loaders of one request, made on first use, so a request batches and caches per key. */
export class Loaders {
  private readonly made = new Map<string, DataLoader<unknown, unknown, string>>();

  /** Without arguments: loaders for code that runs outside a GraphQL request (seeding, scripts); none registered. */
  constructor(
    private readonly batches: ReadonlyMap<string, AnyBatch> = new Map(),
    private readonly context: () => RequestContext = () => {
      throw new Error("no request context");
    },
  ) {}

  of<K, V>(key: LoaderKey<K, V>): DataLoader<K, V, string> {
    let loader = this.made.get(key.name);
    if (!loader) {
      const batch = this.batches.get(key.name);
      if (!batch) throw new Error(`loader '${key.name}' is not registered`);
      loader = new DataLoader<unknown, unknown, string>((keys) => batch(keys, this.context()), {
        cacheKeyFn: (k) => (key.cacheKey ? key.cacheKey(k as K) : String(k)),
      });
      this.made.set(key.name, loader);
    }
    return loader as unknown as DataLoader<K, V, string>;
  }
}

/** Groups rows by one of their fields, in the order of `ids` (an empty list for an id with none). */
export function groupedBy<T, F extends keyof T>(rows: readonly T[], field: F, ids: readonly T[F][]): T[][] {
  const grouped = new Map<T[F], T[]>(ids.map((id) => [id, []]));
  for (const row of rows) grouped.get(row[field])?.push(row);
  return ids.map((id) => grouped.get(id) ?? []);
}

/** One value per id, in the order of `ids`; null where none was found. */
export function byId<T, F extends keyof T>(rows: readonly T[], field: F, ids: readonly T[F][]): Array<T | null> {
  const found = new Map<T[F], T>(rows.map((row) => [row[field], row]));
  return ids.map((id) => found.get(id) ?? null);
}

/** A key scoped to a project: ids and names are only unique within one. */
export interface ProjectKey {
  projectId: string;
  value: string;
}

export const projectKeyString = (key: ProjectKey): string => `${key.projectId}\u0000${key.value}`;

/** Batches per project: `load` runs once per project with its distinct values and answers by value. */
export async function batchPerProject<V>(
  keys: readonly ProjectKey[],
  load: (projectId: string, values: string[]) => Promise<ReadonlyMap<string, V>>,
  missing: V,
): Promise<V[]> {
  const values = new Map<string, Set<string>>();
  for (const key of keys) values.set(key.projectId, (values.get(key.projectId) ?? new Set()).add(key.value));
  const found = new Map<string, V>();
  for (const [projectId, set] of values) {
    for (const [value, v] of await load(projectId, [...set])) found.set(projectKeyString({ projectId, value }), v);
  }
  return keys.map((key) => found.get(projectKeyString(key)) ?? missing);
}
