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

  it("LocalBus delivers a publish to this instance's subscribers of that topic only", async () => {
    const bus = new LocalBus();
    const seen: string[] = [];
    bus.subscribe("skill_live", (key) => seen.push(`live:${key}`));
    bus.subscribe("agent", (key) => seen.push(`agent:${key}`));
    await bus.publish("skill_live", "p1:greet");
    expect(seen).toEqual(["live:p1:greet"]);
  });
});
