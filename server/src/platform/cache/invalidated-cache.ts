import { DEGRADED_TTL_MS, EVERY_KEY, type InvalidationBus } from "./invalidation-bus";
import { LruCache } from "./lru-cache";

export { DEGRADED_TTL_MS };

export interface InvalidatedCacheOptions {
  /** Entries also expire after this long, whatever the bus says. */
  ttlMs?: number;
}

/**
 * A cache of values that change (a live pointer, a published agent, a key, a link), kept right on every instance:
 * a change publishes its key on the bus after it commits and every instance drops it. A read that overlapped an
 * invalidation is not stored (it may hold the old value). While the bus is down entries live only briefly, and
 * when it comes back everything is forgotten, since messages may have been missed.
 */
export class InvalidatedCache<K extends string, V> {
  private readonly entries: LruCache<K, { value: V; until: number }>;
  /** Bumped by every invalidation: a read that started before it does not store what it read. */
  private epoch = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly topic: string,
    capacity: number,
    private readonly options: InvalidatedCacheOptions = {},
  ) {
    this.entries = new LruCache(capacity);
    bus.subscribe(topic, (key) => {
      this.epoch++;
      if (key === EVERY_KEY) this.entries.clear();
      else this.entries.delete(key as K);
    });
    bus.onConnection(() => this.clear());
  }

  /**
   * A number that moves whenever a key read before could read differently now (an invalidation, a replaced or dropped
   * entry); expiry is not in it: see `expiresAt` and `entryOf`.
   */
  get changes(): number {
    return this.epoch + this.entries.changes;
  }

  /** When the key's entry expires (epoch ms), or undefined when there is none. */
  expiresAt(key: K): number | undefined {
    return this.entries.get(key)?.until;
  }

  /** The key's entry while it has not expired: its value and when it expires (epoch ms); an expired one is dropped. */
  entryOf(key: K): { readonly value: V; readonly until: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  get(key: K): V | undefined {
    return this.entryOf(key)?.value;
  }

  /**
   * The cached value, or `load`'s, stored unless an invalidation happened while it loaded. Concurrent misses of a key
   * share one load begun since the last invalidation (after a change, N requests in flight read once, not N times); a
   * miss after an invalidation never joins a load begun before it.
   */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.loading.get(key);
    if (running && running.epoch === this.epoch) return running.value;
    const token = this.readToken();
    const value = load().then((loaded) => {
      this.setIfCurrent(token, key, loaded);
      return loaded;
    });
    const entry = { epoch: token, value };
    this.loading.set(key, entry);
    const done = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    value.then(done, done);
    return value;
  }

  private readonly loading = new Map<K, { epoch: number; value: Promise<V> }>();

  /** Taken before a read that fills several keys at once (see setIfCurrent). */
  readToken(): number {
    return this.epoch;
  }

  /** Stores what a read begun at `token` found, unless an invalidation happened since. */
  setIfCurrent(token: number, key: K, value: V): void {
    if (token !== this.epoch) return;
    const lifetime = Math.min(
      this.options.ttlMs ?? Number.POSITIVE_INFINITY,
      this.bus.connected ? Number.POSITIVE_INFINITY : DEGRADED_TTL_MS,
    );
    this.entries.set(key, { value, until: Date.now() + lifetime });
  }

  /** After a change committed: every instance drops `key` (or every key). */
  invalidate(key: K | typeof EVERY_KEY): Promise<void> {
    return this.bus.publish(this.topic, key);
  }

  /** This instance forgets everything. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}
