import { describe, expect, it } from "vitest";
import { ArchiveBytes } from "./archive-bytes";

const bytes = (n: number) => new Uint8Array(n);

describe("archives kept by digest (PV-4)", () => {
  it("PV-4 never holds more than its byte budget: the least recently used archives go first", () => {
    const kept = new ArchiveBytes(100);
    kept.set("a", bytes(40));
    kept.set("b", bytes(40));
    expect(kept.get("a")).toBeDefined(); // a is now the most recently used
    kept.set("c", bytes(40));
    expect(kept.bytesHeld).toBeLessThanOrEqual(100);
    expect(kept.get("b")).toBeUndefined();
    expect(kept.get("a")).toBeDefined();
    expect(kept.get("c")).toBeDefined();
  });

  it("PV-4 an archive larger than the budget is not kept at all", () => {
    const kept = new ArchiveBytes(10);
    kept.set("big", bytes(11));
    expect(kept.get("big")).toBeUndefined();
    expect(kept.bytesHeld).toBe(0);
  });
});
