/**
 * A bounded map that forgets the least recently used entry first, by second chance (CLOCK): a read marks its entry,
 * and past the capacity the oldest unmarked entry goes while marked ones lose their mark and move to the back.
 *
 * Reads leave the map as it is. Moving an entry to the back on every read (delete, then set) made the map rebuild its
 * table every few hundred reads; on the gateway's hot path (dozens of cache reads per turn) those tables outlived
 * the turn and were copied and promoted by every young-generation collection.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; used: boolean }>();
  /** Counts every change of what a `get` of a key held before would answer: a replaced value, a delete, an eviction. */
  private changed = 0;

  constructor(private readonly capacity: number) {}

  /**
   * A number that moves whenever a key read before could read differently now (a new key moves it only when its room
   * evicts another): equal numbers mean every earlier `get` would answer the same object.
   */
  get changes(): number {
    return this.changed;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      if (entry.value !== value) this.changed++;
      entry.value = value;
      entry.used = true;
      return;
    }
    this.entries.set(key, { value, used: false });
    while (this.entries.size > this.capacity && this.evictOne(key));
  }

  delete(key: K): void {
    if (this.entries.delete(key)) this.changed++;
  }

  clear(): void {
    if (this.entries.size > 0) this.changed++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The oldest entry not read since it last came round (never `added`); read ones move to the back, unmarked. */
  private evictOne(added: K): boolean {
    for (const [key, entry] of this.entries) {
      if (key === added) continue;
      this.entries.delete(key);
      if (!entry.used) {
        this.changed++;
        return true;
      }
      entry.used = false;
      this.entries.set(key, entry);
    }
    return false; // only the added entry is left (a capacity of 0): it stays until the next set
  }
}
