import { afterEach, describe, expect, it, vi } from "vitest";
import { DEGRADED_TTL_MS, InvalidatedCache } from "./invalidated-cache";
import { EVERY_KEY, LocalBus } from "./invalidation-bus";

/** A local bus whose connection to other instances can be cut and restored, as a real one's can. */
class SwitchableBus extends LocalBus {
  cut(): void {
    this.connectionChanged("down");
  }
  restore(): void {
    this.connectionChanged("up");
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("InvalidatedCache", () => {
  it("changes moves with every invalidation, replaced or evicted entry, and not with reads or new keys that fit", async () => {
    const bus = new SwitchableBus();
    const cache = new InvalidatedCache<string, number>(bus, "t", 2);
    await cache.getOrLoad("a", async () => 1);
    let seen = cache.changes;
    await cache.getOrLoad("b", async () => 2);
    cache.get("a");
    expect(cache.changes).toBe(seen);
    expect(cache.expiresAt("a")).toBe(Number.POSITIVE_INFINITY);
    await cache.invalidate("a");
    expect(cache.changes).toBeGreaterThan(seen);
    seen = cache.changes;
    cache.setIfCurrent(cache.readToken(), "b", 3); // replaced
    expect(cache.changes).toBeGreaterThan(seen);
    seen = cache.changes;
    cache.setIfCurrent(cache.readToken(), "c", 4);
    cache.setIfCurrent(cache.readToken(), "d", 5); // past the capacity: an entry goes
    expect(cache.changes).toBeGreaterThan(seen);
    expect(cache.expiresAt("zzz")).toBeUndefined();
  });

  it("drops a key when it is invalidated, and every key on EVERY_KEY", async () => {
    const bus = new SwitchableBus();
    const cache = new InvalidatedCache<string, number>(bus, "t", 10);
    await cache.getOrLoad("a", async () => 1);
    await cache.getOrLoad("b", async () => 2);
    await cache.invalidate("a");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe(2);
    await cache.invalidate(EVERY_KEY);
    expect(cache.get("b")).toBeUndefined();
  });

  it("does not store a read that overlapped an invalidation (it may hold the old value)", async () => {
    const bus = new SwitchableBus();
    const cache = new InvalidatedCache<string, string>(bus, "t", 10);
    let release: () => void = () => undefined;
    const reading = cache.getOrLoad("live", () => new Promise<string>((resolve) => (release = () => resolve("old"))));
    await cache.invalidate("live");
    release();
    expect(await reading).toBe("old");
    expect(cache.get("live")).toBeUndefined();
  });

  it("concurrent misses share one load; a miss after an invalidation starts its own and reads the new value", async () => {
    const bus = new SwitchableBus();
    const cache = new InvalidatedCache<string, string>(bus, "t", 10);
    let loads = 0;
    const releases: Array<(value: string) => void> = [];
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => releases.push(resolve));
    };
    const first = [cache.getOrLoad("k", load), cache.getOrLoad("k", load), cache.getOrLoad("k", load)];
    expect(loads).toBe(1);
    await cache.invalidate("k");
    const after = cache.getOrLoad("k", load);
    expect(loads).toBe(2);
    releases[0]!("old");
    releases[1]!("new");
    expect(await Promise.all(first)).toEqual(["old", "old", "old"]);
    expect(await after).toBe("new");
    expect(cache.get("k")).toBe("new");
  });

  it("a failed load is not shared with the next miss", async () => {
    const bus = new SwitchableBus();
    const cache = new InvalidatedCache<string, number>(bus, "t", 10);
    await expect(cache.getOrLoad("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.getOrLoad("k", async () => 2)).toBe(2);
  });

  it("SEC-19 while the bus is down entries live only briefly, and everything is forgotten when it comes back", async () => {
    vi.useFakeTimers();
    const bus = new SwitchableBus();
    const cache = new InvalidatedCache<string, string>(bus, "t", 10);
    await cache.getOrLoad("kept", async () => "v1");
    bus.cut();
    expect(cache.get("kept")).toBeUndefined(); // what was cached before the cut may miss a change: forgotten
    await cache.getOrLoad("during", async () => "v2");
    expect(cache.get("during")).toBe("v2");
    vi.advanceTimersByTime(DEGRADED_TTL_MS + 1);
    expect(cache.get("during")).toBeUndefined();
    await cache.getOrLoad("during", async () => "v3");
    bus.restore();
    expect(cache.get("during")).toBeUndefined();
    await cache.getOrLoad("after", async () => "v4");
    vi.advanceTimersByTime(DEGRADED_TTL_MS * 100);
    expect(cache.get("after")).toBe("v4");
  });

  it("entries expire after ttlMs when one is given", async () => {
    vi.useFakeTimers();
    const cache = new InvalidatedCache<string, number>(new SwitchableBus(), "t", 10, { ttlMs: 1000 });
    await cache.getOrLoad("k", async () => 1);
    vi.advanceTimersByTime(999);
    expect(cache.get("k")).toBe(1);
    vi.advanceTimersByTime(2);
    expect(cache.get("k")).toBeUndefined();
  });
});
