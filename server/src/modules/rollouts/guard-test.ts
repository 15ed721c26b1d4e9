import { informationFor, mixtureHalfWidth, restrictedRates } from "./guard-math";

/**
 * RO-4: the test a guard decides on, pure. Its question: is the candidate worse than live by MORE than the allowed
 * degradation m? With d = the degradation (live − candidate for a rate that should be high, candidate − live for the
 * error rate), it tests H0: d ≤ m against d > m with an always-valid one-sided test, so that α bounds the chance of a
 * false rollback over the whole rollout, however often it is checked:
 *
 *   d̂ = the two arms' observed difference, v = its variance, I = 1 / v,
 *   w(I) = the half-width of the one-sided normal mixture at I (guard-math.ts: mixtureHalfWidth),
 *   trips when d̂ − w(I) > m; holds (shown within the allowance) when d̂ + w(I) ≤ m.
 *
 * v is the larger of the plug-in variance (each arm's rate with one success and one failure added: no variance of 0 on
 * a small all-success arm) and the variance the arms would have if d were exactly m (Farrington–Manning's restricted
 * estimate: the one the test's null hypothesis names). The mixture's scale τ is twice the margin (at least 5 points):
 * the size of degradation beyond the allowance the test is tuned to find fastest. Normal theory makes this an
 * asymptotic confidence sequence (Waudby-Smith et al. 2024); the property tests simulate it on small samples too.
 */

export type GuardVerdictName = "insufficient" | "holding" | "tripped";

/** One arm's count of a metric: `part` of `whole` samples (successes of outcomes, errors of tool runs, …). */
export interface RateCount {
  part: number;
  whole: number;
}

export interface GuardTestInput {
  live: RateCount;
  candidate: RateCount;
  /** The error rate: the candidate is worse when its rate is higher. */
  higherIsWorse: boolean;
  /** The allowed degradation m, absolute (0–1). */
  margin: number;
  alpha: number;
  /** Both arms need this many samples before the guard may decide. */
  minSamples: number;
}

/** What the guard shows (api.md GuardEvidence) and decides. */
export interface GuardEvidence {
  liveSamples: number;
  candidateSamples: number;
  live: number | null;
  candidate: number | null;
  /** The interval of the degradation d (each end holds with confidence 1 − alpha); null without samples on both arms. */
  differenceLow: number | null;
  differenceHigh: number | null;
  /** About how many more samples per arm until the guard can decide at the current rates; 0 once decided; null: never. */
  samplesNeeded: number | null;
  verdict: GuardVerdictName;
}

/** Rounding noise (0.5 − 0.3 is 0.20000000000000004) never trips a guard set at exactly that degradation. */
const EPSILON = 1e-9;
/** More than this many samples per arm is "no decision in sight" (samplesNeeded null). */
const MAX_SAMPLES_NEEDED = 10_000_000;

/** τ, the mixture's scale: twice the margin, at least 5 points (a margin of 0 still needs a scale). */
export function mixtureScale(margin: number): number {
  return 2 * Math.max(margin, 0.025);
}

/** Rates as the test reads them: the share of good outcomes, so that the degradation is always live − candidate. */
function good(count: RateCount, higherIsWorse: boolean): RateCount {
  return higherIsWorse ? { part: count.whole - count.part, whole: count.whole } : count;
}

/** An arm's rate with one success and one failure added: its variance is never 0 (Agresti & Caffo 2000). */
function padded(count: RateCount): number {
  return (count.part + 1) / (count.whole + 2);
}

/** Per-sample variances of both arms: the plug-in's or, if larger, those of the rates with d exactly m. */
function armVariances(live: RateCount, candidate: RateCount, margin: number): [number, number] {
  const pl = padded(live);
  const pc = padded(candidate);
  let vl = pl * (1 - pl);
  let vc = pc * (1 - pc);
  if (live.whole > 0 && candidate.whole > 0) {
    const [ql, qc] = restrictedRates(live, candidate, margin);
    vl = Math.max(vl, ql * (1 - ql));
    vc = Math.max(vc, qc * (1 - qc));
  }
  return [vl, vc];
}

function informationOf(variances: [number, number], liveSamples: number, candidateSamples: number): number {
  return 1 / (variances[0] / liveSamples + variances[1] / candidateSamples);
}

interface Prepared {
  live: RateCount;
  candidate: RateCount;
  variances: [number, number];
  scale: number;
  /** The observed degradation; null without samples on both arms. */
  estimate: number | null;
  information: number;
}

function prepare(input: GuardTestInput): Prepared {
  const live = good(input.live, input.higherIsWorse);
  const candidate = good(input.candidate, input.higherIsWorse);
  const variances = armVariances(live, candidate, input.margin);
  const both = live.whole > 0 && candidate.whole > 0;
  return {
    live,
    candidate,
    variances,
    scale: mixtureScale(input.margin),
    estimate: both ? live.part / live.whole - candidate.part / candidate.whole : null,
    information: both ? informationOf(variances, live.whole, candidate.whole) : 0,
  };
}

/** The verdict from the interval [estimate − halfWidth, estimate + halfWidth] and the floors. */
function verdictOf(input: GuardTestInput, p: Prepared, halfWidth: number): GuardVerdictName {
  if (p.estimate === null) return "insufficient";
  if (p.live.whole < input.minSamples || p.candidate.whole < input.minSamples) return "insufficient";
  if (p.estimate - halfWidth > input.margin + EPSILON) return "tripped";
  if (p.estimate + halfWidth <= input.margin) return "holding";
  return "insufficient";
}

/**
 * RO-4: the verdict alone — what each check decides on, and what simulations run by the thousand. Most looks are
 * undecided; the two-sided mixture at 2·alpha (closed form) is never wider than the one-sided one, so when even it
 * leaves the margin inside the interval, the bisection is skipped.
 */
export function decideGuard(input: GuardTestInput): GuardVerdictName {
  const p = prepare(input);
  if (p.estimate === null) return "insufficient";
  const root = Math.sqrt(1 + p.information * p.scale * p.scale);
  const narrower = (Math.sqrt(2 * Math.log(root / (2 * input.alpha))) * root) / (p.scale * p.information);
  if (verdictOf(input, p, narrower) === "insufficient") return "insufficient";
  return verdictOf(input, p, mixtureHalfWidth(p.information, p.scale, input.alpha));
}

/** RO-4: the guard's evidence (both arms, the interval, how many more samples) and its verdict. */
export function guardTest(input: GuardTestInput): GuardEvidence {
  const p = prepare(input);
  const rate = (count: RateCount) => (count.whole > 0 ? count.part / count.whole : null);
  const halfWidth = p.estimate === null ? Infinity : mixtureHalfWidth(p.information, p.scale, input.alpha);
  const verdict = verdictOf(input, p, halfWidth);
  return {
    liveSamples: p.live.whole,
    candidateSamples: p.candidate.whole,
    live: rate(input.live),
    candidate: rate(input.candidate),
    differenceLow: p.estimate === null ? null : Math.max(-1, p.estimate - halfWidth),
    differenceHigh: p.estimate === null ? null : Math.min(1, p.estimate + halfWidth),
    samplesNeeded: verdict === "insufficient" ? samplesNeeded(input, p, halfWidth) : 0,
    verdict,
  };
}

/**
 * About how many more samples per arm decide the guard at the current rates: the floor, and an interval narrow
 * enough to land on one side of the margin — narrower than the margin itself (then an equal candidate holds and one
 * two margins worse trips) or, when the estimate is further from the margin than that, than that distance.
 */
function samplesNeeded(input: GuardTestInput, p: Prepared, halfWidth: number): number | null {
  const floor = Math.max(0, input.minSamples - p.live.whole, input.minSamples - p.candidate.whole);
  if (p.estimate !== null && verdictOf({ ...input, minSamples: 0 }, p, halfWidth) !== "insufficient") return floor;
  const distance = p.estimate === null ? 0 : Math.abs(p.estimate - input.margin);
  const width = distance >= input.margin || halfWidth <= input.margin ? distance : input.margin;
  const more = samplesFor(p.variances, p.live.whole, p.candidate.whole, width, p.scale, input.alpha);
  return more === null ? null : Math.max(floor, more);
}

/**
 * More samples per arm (the same number on each) until the boundary's half-width is at most `width` with the arms'
 * variances as they are; null when no number does (a width of 0) or it is absurd.
 */
function samplesFor(
  variances: [number, number],
  liveSamples: number,
  candidateSamples: number,
  width: number,
  scale: number,
  alpha: number,
): number | null {
  const needed = informationFor(width, scale, alpha);
  if (!Number.isFinite(needed)) return null;
  const enough = (k: number) => informationOf(variances, liveSamples + k, candidateSamples + k) >= needed;
  if (!enough(MAX_SAMPLES_NEEDED)) return null;
  let lo = -1; // not enough (or the floor below)
  let hi = MAX_SAMPLES_NEEDED;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (mid >= 0 && enough(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The samples per arm a guard needs before it can decide, for arms both at `rate` and none so far: what the start
 * form shows, and what a forecast turns into time. Null for a margin of 0 (no interval is ever narrow enough).
 */
export function samplesPerArm(
  guard: Pick<GuardTestInput, "higherIsWorse" | "margin" | "alpha" | "minSamples">,
  rate: number,
): number | null {
  const p = Math.min(1, Math.max(0, guard.higherIsWorse ? 1 - rate : rate));
  // the variance the test will use: the larger of the arms' own and that of a candidate exactly m worse
  const worse = Math.max(0, p - guard.margin);
  const variance = Math.max(p * (1 - p), worse * (1 - worse), 1e-4);
  const scale = mixtureScale(guard.margin);
  const needed = samplesFor([variance, variance], 0, 0, guard.margin, scale, guard.alpha);
  return needed === null ? null : Math.max(guard.minSamples, needed);
}
