import { describe, expect, it } from "vitest";
import { analysisThreadsFor } from "./skill-analysis-pool";

describe("analysis threads by default", () => {
  it("CT-2 one per core, at most 4, and no more than a CPU quota lets run (rounded up, at least 1)", () => {
    expect(analysisThreadsFor(2, null)).toBe(2);
    expect(analysisThreadsFor(16, null)).toBe(4);
    expect(analysisThreadsFor(16, 1)).toBe(1);
    expect(analysisThreadsFor(16, 1.5)).toBe(2);
    expect(analysisThreadsFor(16, 0.25)).toBe(1);
    expect(analysisThreadsFor(2, 8)).toBe(2);
    expect(analysisThreadsFor(1, null)).toBe(1);
  });
});
