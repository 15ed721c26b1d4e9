import { describe, expect, it } from "vitest";
import { LruCache } from "./lru-cache";
import { LocalBus } from "./invalidation-bus";

describe("cache plumbing", () => {
  it("LruCache forgets the least recently used entry past its capacity", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.size).toBe(2);
  });

  it("LruCache keeps what is read: past capacity the oldest entry not read since goes, whatever the order of reads", () => {
    const cache = new LruCache<string, number>(3);
    for (const [key, value] of [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ] as const)
      cache.set(key, value);
    cache.get("a");
    cache.get("c");
    cache.set("d", 4); // b was not read
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.get("d")]).toEqual([1, undefined, 3, 4]);
    // c, d and a were read (in that order of age): each loses its mark once and moves back, then the oldest, c, goes
    cache.set("e", 5);
    expect(cache.size).toBe(3);
    expect([cache.get("a"), cache.get("c"), cache.get("d"), cache.get("e")]).toEqual([1, undefined, 4, 5]);
    cache.set("a", 10); // a set of a present key refreshes its value, keeps the others and counts as a use
    expect([cache.get("a"), cache.get("d"), cache.get("e"), cache.size]).toEqual([10, 4, 5, 3]);
    // all three were read again: a new entry takes them round once more, and the first in line, e, goes
    cache.set("f", 6);
    expect([cache.get("a"), cache.get("d"), cache.get("e"), cache.get("f")]).toEqual([10, 4, undefined, 6]);
  });

  it("LocalBus delivers a publish to this instance's subscribers of that topic only", async () => {
    const bus = new LocalBus();
    const seen: string[] = [];
    bus.subscribe("skill_live", (key) => seen.push(`live:${key}`));
    bus.subscribe("agent", (key) => seen.push(`agent:${key}`));
    await bus.publish("skill_live", "p1:greet");
    expect(seen).toEqual(["live:p1:greet"]);
  });
});
