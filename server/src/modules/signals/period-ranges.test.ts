import { describe, expect, it } from "vitest";
import { seededRandom } from "../../platform/seeded-random";
import { periodRanges } from "./insights.repository";
import { AGENT_PERIODS, DAY_MS, HOUR_MS } from "./signal-delta";

describe("periodRanges", () => {
  it("CT-3 capAdvice's periods cover each hour of a range exactly once, each period aligned to its length", () => {
    const random = seededRandom(41);
    const base = Math.floor(Date.UTC(2026, 0, 1) / HOUR_MS) * HOUR_MS;
    let coarsest = 0;
    for (let i = 0; i < 300; i++) {
      const fromHour = base + Math.floor(random() * 400 * 24) * HOUR_MS;
      // up to 400 days, `to` anywhere in an hour (its hour counts)
      const to = fromHour + Math.floor(random() * (random() < 0.3 ? 3 * DAY_MS : 400 * DAY_MS));
      const counted = new Map<number, number>();
      for (const [period, from, until] of periodRanges(fromHour, to)) {
        expect(AGENT_PERIODS).toContain(period);
        for (let start = from; start < until; start += period) {
          expect(start % period).toBe(0);
          if (period === AGENT_PERIODS.at(-1)) coarsest++;
          for (let hour = start; hour < start + period; hour += HOUR_MS)
            counted.set(hour, (counted.get(hour) ?? 0) + 1);
        }
      }
      const expected = new Map<number, number>();
      for (let hour = fromHour; hour < to; hour += HOUR_MS) expected.set(hour, 1);
      expect(counted).toEqual(expected);
    }
    expect(coarsest).toBeGreaterThan(100);
  });
});
