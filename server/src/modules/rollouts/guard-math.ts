/**
 * The numbers behind a guard's test (RO-4), pure: the standard normal distribution function, the one-sided
 * normal-mixture boundary of a confidence sequence, and the rates two arms would have if their difference were
 * exactly a given value (Farrington–Manning). docs/rollouts.md says what they are for; guard-test.ts uses them.
 */

/** The coefficients of Numerical Recipes' erfc fit (its `erfcc`), highest power last. */
const ERFC = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587, -0.82215223,
  0.17087277,
];

/** erfc(x), Numerical Recipes' Chebyshev fit (fractional error below 1.2e-7 everywhere). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  let poly = 0;
  for (let i = ERFC.length - 1; i >= 0; i--) poly = ERFC[i]! + t * poly;
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}

/** Φ(u): the standard normal distribution function. */
export function normalCdf(u: number): number {
  return 0.5 * erfc(-u / Math.SQRT2);
}

/**
 * log Λ of the one-sided normal mixture (Howard, Ramdas, McAuliffe & Sekhon 2021, the `OneSidedNormalMixture` of
 * their confseq library): for a sum X that drifts by δ per unit of information I, mixing the likelihood ratio
 * exp(δX − δ²I/2) over δ > 0 with a half-normal of scale τ gives Λ = 2 Φ(u) e^{u²/2} / √(1 + Iτ²), with
 * u = τX / √(1 + Iτ²). Under any δ ≤ 0 it is a nonnegative supermartingale, so by Ville's inequality it ever reaches
 * 1/α with probability at most α — however often it is looked at.
 */
export function logMixture(u: number, information: number, scale: number): number {
  return Math.log(2 * normalCdf(u)) + (u * u) / 2 - 0.5 * Math.log1p(information * scale * scale);
}

/**
 * The half-width of the one-sided mixture boundary for a mean difference: the estimate must exceed the null value by
 * more than this for Λ to reach 1/α, at `information` (1 / the estimate's variance). Infinite without information.
 */
export function mixtureHalfWidth(information: number, scale: number, alpha: number): number {
  if (!(information > 0)) return Infinity;
  if (!Number.isFinite(information)) return 0;
  const root = Math.sqrt(1 + information * scale * scale);
  return (boundaryU(information, scale, alpha) * root) / (scale * information);
}

/**
 * The u at which logMixture reaches log(1/α), by Newton's method inside a bracket: logMixture rises with u ≥ 0; it
 * is at least u²/2 − ½ log(1 + Iτ²) and at most that plus log 2, which brackets u.
 */
function boundaryU(information: number, scale: number, alpha: number): number {
  const target = Math.log(1 / alpha);
  const c = target + 0.5 * Math.log1p(information * scale * scale);
  let lo = Math.sqrt(2 * Math.max(0, c - Math.LN2));
  let hi = Math.sqrt(2 * c);
  let u = hi;
  for (let i = 0; i < 40; i++) {
    const f = logMixture(u, information, scale) - target;
    if (Math.abs(f) < 1e-12) break;
    if (f > 0) hi = u;
    else lo = u;
    const slope = normalPdf(u) / normalCdf(u) + u;
    const next = u - f / slope;
    u = next > lo && next < hi ? next : (lo + hi) / 2;
    if (hi - lo < 1e-12) break;
  }
  return u;
}

function normalPdf(u: number): number {
  return Math.exp(-0.5 * u * u) / Math.sqrt(2 * Math.PI);
}

/**
 * The information (1 / variance of the difference) at which the boundary's half-width comes down to `width`;
 * Infinity for a width of 0. The half-width falls as information grows; with u held, width = u √(1 + Iτ²) / (τI) is a
 * quadratic in I, so I and u are refined in turn until they agree (u moves only with log I: a few rounds).
 */
export function informationFor(width: number, scale: number, alpha: number): number {
  if (!(width > 0)) return Infinity;
  const a2 = (scale * width) ** 2;
  let information = 1;
  for (let i = 0; i < 60; i++) {
    const u2 = boundaryU(information, scale, alpha) ** 2;
    const next = (u2 * scale * scale + Math.sqrt(u2 * u2 * scale ** 4 + 4 * a2 * u2)) / (2 * a2);
    // a hair above, so that the width there is at most `width` despite rounding
    if (Math.abs(next - information) <= 1e-9 * information) return next * (1 + 1e-8);
    information = next;
  }
  return information * (1 + 1e-8);
}

/**
 * The maximum-likelihood rates of two binomial samples under the constraint that the first's rate is the second's
 * plus `delta` (Farrington & Manning 1990, the closed form of their score test; Miettinen & Nurminen 1985). Both
 * samples need at least one trial.
 */
export function restrictedRates(
  first: { part: number; whole: number },
  second: { part: number; whole: number },
  delta: number,
): [number, number] {
  const p1 = first.part / first.whole;
  const p2 = second.part / second.whole;
  const theta = second.whole / first.whole;
  const a = 1 + theta;
  const b = -(1 + theta + p1 + theta * p2 + delta * (theta + 2));
  const c = delta * delta + delta * (2 * p1 + theta + 1) + p1 + theta * p2;
  const d = -p1 * delta * (1 + delta);
  const v = b ** 3 / (27 * a ** 3) - (b * c) / (6 * a * a) + d / (2 * a);
  const u = (v < 0 ? -1 : 1) * Math.sqrt(Math.max(0, (b * b) / (9 * a * a) - c / (3 * a)));
  const cos = u === 0 ? 0 : Math.max(-1, Math.min(1, v / u ** 3));
  const w = (Math.PI + Math.acos(cos)) / 3;
  const q1 = clamp01(2 * u * Math.cos(w) - b / (3 * a));
  return [q1, clamp01(q1 - delta)];
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
