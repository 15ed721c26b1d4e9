import { describe, expect, it } from "vitest";
import { timeBounds } from "./time-range";

describe("a list's time filter", () => {
  it("UX-9 a preset counts back from now, taken to the minute so a re-render asks nothing new", () => {
    const a = timeBounds({ since: "1h", from: null, until: null });
    const b = timeBounds({ since: "1h", from: null, until: null });
    expect(a).toEqual(b);
    expect(new Date(a.after!).getSeconds()).toBe(0);
    expect(timeBounds({ since: "24h", from: null, until: null }, Date.UTC(2026, 0, 2, 12))).toEqual({
      after: "2026-01-01T12:00:00.000Z",
      before: null,
    });
  });

  it("UX-9 a range of days runs from the start of the first to the end of the last; a preset wins", () => {
    const { after, before } = timeBounds({ since: null, from: "2026-03-01", until: "2026-03-02" });
    expect(new Date(after!).getDate()).toBe(1);
    expect(new Date(before!).getDate()).toBe(3);
    expect(new Date(before!).getHours()).toBe(0);
    expect(timeBounds({ since: null, from: "not a day", until: null })).toEqual({ after: null, before: null });
    expect(timeBounds({ since: "7d", from: "2026-03-01", until: null }, 0).after).toBe(
      new Date(-7 * 86400e3).toISOString(),
    );
  });
});
