import { describe, expect, it } from "vitest";
import { shortId } from "./format";

describe("shortId: an id as a list shows it", () => {
  it("UX-5 calls started in the same minute (time-ordered UUIDv7 ids) get different short ids", () => {
    // three calls of one minute: the ids share their first 13 hex digits (the time), as the server makes them
    const ids = [
      "01a237b8-1f20-7a31-8c4d-5e6f70819203",
      "01a237b8-1f21-7a32-9d5e-6f708192a314",
      "01a237b8-2c10-7a33-a1b2-c3d4e5f60718",
    ];
    const shown = ids.map(shortId);
    expect(new Set(shown).size).toBe(3);
    expect(shown[0]).toBe("70819203");
  });
});
