import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { informationFor, logMixture, mixtureHalfWidth, normalCdf, restrictedRates } from "./guard-math";

describe("the guard test's numbers (RO-4)", () => {
  it("RO-4 Φ matches the normal table", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5);
    expect(normalCdf(-8)).toBeGreaterThanOrEqual(0);
  });

  it("RO-4 the half-width is where the one-sided mixture reaches 1/alpha, between the two-sided ones at alpha and 2·alpha", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.constantFrom(0.01, 0.05, 0.1, 0.2),
        (information, scale, alpha) => {
          const w = mixtureHalfWidth(information, scale, alpha);
          const root = Math.sqrt(1 + information * scale * scale);
          const u = (w * scale * information) / root;
          expect(logMixture(u, information, scale)).toBeCloseTo(Math.log(1 / alpha), 6);
          // two-sided normal mixture (Robbins): u² / 2 = log(√(1 + Iτ²) / a); the one-sided lies between a = α and 2α
          const twoSided = (a: number) => (Math.sqrt(2 * Math.log(root / a)) * root) / (scale * information);
          expect(w).toBeLessThanOrEqual(twoSided(alpha) + 1e-12);
          expect(w).toBeGreaterThanOrEqual(twoSided(2 * alpha) - 1e-12);
        },
      ),
    );
  });

  it("RO-4 more information never widens the boundary; informationFor inverts it; none is infinitely wide", () => {
    for (const scale of [0.05, 0.1, 0.4]) {
      let previous = Infinity;
      for (let e = -3; e <= 9; e += 0.25) {
        const w = mixtureHalfWidth(10 ** e, scale, 0.05);
        expect(w).toBeLessThanOrEqual(previous);
        previous = w;
      }
      for (const width of [0.01, 0.05, 0.2]) {
        const needed = informationFor(width, scale, 0.05);
        expect(mixtureHalfWidth(needed, scale, 0.05)).toBeLessThanOrEqual(width);
        expect(mixtureHalfWidth(needed * 0.999, scale, 0.05)).toBeGreaterThan(width * 0.999);
      }
    }
    expect(mixtureHalfWidth(0, 0.1, 0.05)).toBe(Infinity);
    expect(informationFor(0, 0.1, 0.05)).toBe(Infinity);
  });

  it("RO-4 Farrington–Manning: the rates that keep the difference at delta and explain the counts best", () => {
    const loglik = (x: number, n: number, p: number) =>
      (x > 0 ? x * Math.log(p) : 0) + (n - x > 0 ? (n - x) * Math.log(1 - p) : 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        (n1, n2, f1, f2, delta) => {
          const x1 = Math.round(f1 * n1);
          const x2 = Math.round(f2 * n2);
          const [q1, q2] = restrictedRates({ part: x1, whole: n1 }, { part: x2, whole: n2 }, delta);
          expect(q1 - q2).toBeCloseTo(delta, 6);
          // no feasible pair on a fine grid explains the counts better
          const best = loglik(x1, n1, q1) + loglik(x2, n2, q2);
          for (let q = Math.max(0, -delta); q <= Math.min(1, 1 - delta); q += 0.01) {
            expect(loglik(x1, n1, q + delta) + loglik(x2, n2, q)).toBeLessThanOrEqual(best + 1e-4);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
