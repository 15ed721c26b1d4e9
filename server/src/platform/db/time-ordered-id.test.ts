import { describe, expect, it } from "vitest";
import { timeOrderedId } from "./time-ordered-id";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string) => parseInt(id.replace(/-/g, "").slice(0, 12), 16);
const YEAR = 365 * 24 * 3600 * 1000;
// The generator keeps the last millisecond it used for the whole process (other test files in the same worker make
// ids too), so each test below uses a time later than any id made before it.

describe("time-ordered ids (RFC 9562 version 7)", () => {
  it("are version 7, variant 10, 36 characters like every other id", () => {
    for (let i = 0; i < 1000; i++) expect(timeOrderedId()).toMatch(V7);
  });

  it("carry the time they were made in their first 48 bits", () => {
    const at = Date.now() + YEAR;
    expect(millisOf(timeOrderedId(at))).toBe(at);
  });

  it("rise strictly within a millisecond, past the counter's end, and when the clock steps back", () => {
    const at = Date.now() + 2 * YEAR;
    const ids = [...Array.from({ length: 5000 }, () => timeOrderedId(at)), timeOrderedId(at - 10_000)];
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(millisOf(ids.at(-1)!)).toBeGreaterThan(at); // 5,000 ids overflowed the 12-bit counter into later millis
  });

  it("differ in their random bits across calls", () => {
    const tails = new Set(Array.from({ length: 2000 }, () => timeOrderedId().slice(19)));
    expect(tails.size).toBe(2000);
  });
});
