import { describe, expect, it } from "vitest";
import { catalogFitText } from "./catalog-panel";

describe("the catalog panel's fit (CT-1)", () => {
  it("CT-1 says plainly when there is no skill, none that can be served, one, all of them, or some left out", () => {
    const fit = (shown: number, omitted: number, entries = shown + omitted) =>
      catalogFitText(
        {
          shown: Array.from({ length: shown }, (_, i) => `s${i}`),
          omitted: Array.from({ length: omitted }, (_, i) => `o${i}`),
          budget: 8000,
        },
        entries,
      );
    expect(fit(0, 0)).toBe("No skills yet: the catalog is empty.");
    expect(fit(0, 0, 1)).toBe("None of this version's skills can be served now: the catalog is empty.");
    expect(fit(1, 0)).toBe("The one skill fits in 8,000 characters: the catalog lists it.");
    expect(fit(5, 0)).toBe("All 5 skills fit in 8,000 characters: the catalog lists them all.");
    expect(fit(3, 1)).toMatch(/^3 of 4 skills fit in 8,000 characters now; 1 is left out until/);
    expect(fit(3, 5)).toMatch(/^3 of 8 skills fit in 8,000 characters now; 5 are left out until/);
  });
});
