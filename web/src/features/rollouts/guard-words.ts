import type { RolloutFieldsFragment, RolloutForecastQuery, RolloutMetric } from "../../gql/graphql";

type Guard = RolloutFieldsFragment["guards"][number];
type Forecast = RolloutForecastQuery["rolloutForecast"]["guards"][number];

/** What a metric's samples are, as a person counts them. */
export const SAMPLE_NOUNS: Record<RolloutMetric, string> = {
  LOAD_RATE: "calls",
  TOOL_ERROR_RATE: "tool runs",
  SUCCESS_RATE: "outcomes",
  EVAL_PASS_RATE: "eval runs",
};

/** A difference of rates in percentage points, one decimal: 0.0534 → "5.3". */
export const points = (difference: number) => (Math.round(difference * 1000) / 10).toFixed(1);

/** "5 points" for the allowance (no decimal when whole). */
export const allowance = (maxDegradation: number) => {
  const p = Math.round(maxDegradation * 1000) / 10;
  return `${p} ${p === 1 ? "point" : "points"}`;
};

const worse = (metric: RolloutMetric) => (metric === "TOOL_ERROR_RATE" ? "higher" : "lower");

/** About how many: 1,234 → "1,234"; big ones rounded to two figures. */
export function about(n: number): string {
  const rounded = n >= 1000 ? Number(n.toPrecision(2)) : n;
  return rounded.toLocaleString("en-US");
}

/**
 * RO-4: a guard's verdict in words — "not enough outcomes yet: about 140 more per arm", "holding: at most 2.1 points
 * lower, within the 5 allowed", "tripped: 8.1 to 31.9 points lower, more than the 5 allowed".
 */
export function verdictWords(guard: Guard): string {
  const e = guard.evidence;
  const noun = SAMPLE_NOUNS[guard.metric];
  const side = worse(guard.metric);
  const allowed = allowance(guard.maxDegradation);
  if (guard.verdict === "tripped") {
    if (!e || e.differenceLow === null || e.differenceHigh === null) return "tripped: the candidate was rolled back";
    return `tripped: ${points(e.differenceLow)} to ${points(e.differenceHigh)} points ${side}, more than the ${allowed} allowed`;
  }
  if (guard.verdict === "holding") {
    const high = e?.differenceHigh ?? 0;
    return high <= 0
      ? `holding: not ${side} than live`
      : `holding: at most ${points(high)} points ${side}, within the ${allowed} allowed`;
  }
  if (!e) return `not enough ${noun} yet`;
  const below = Math.max(guard.minSamples - e.liveSamples, guard.minSamples - e.candidateSamples, 0);
  if (e.samplesNeeded === null)
    return guard.maxDegradation === 0
      ? `watching: with no degradation allowed it trips once the candidate is shown ${side} at all`
      : `undecided: the candidate sits at about the ${allowed} allowed`;
  if (e.samplesNeeded === 0 || (below > 0 && below >= e.samplesNeeded))
    return `not enough ${noun} yet: ${below} more per arm before it may decide`;
  return `not enough ${noun} yet: about ${about(e.samplesNeeded)} more per arm`;
}

/** A duration in minutes as a person plans with it: "45 min", "about 5 h", "about 3 days". */
export function duration(minutes: number): string {
  if (minutes < 90) return `${Math.max(1, Math.round(minutes))} min`;
  if (minutes < 48 * 60) return `about ${Math.round(minutes / 60)} h`;
  return `about ${Math.round(minutes / (24 * 60))} days`;
}

/**
 * UX-8: the start form's line under a guard — "needs about 860 outcomes per arm (at 90 %, as in the last 7 days); at
 * 1,000 outcomes a day, about 42 h", or why no time can be given.
 */
export function forecastWords(f: Forecast, days: number): string {
  const noun = SAMPLE_NOUNS[f.metric];
  if (f.samplesPerArm === null) return "with no degradation allowed it never holds: it only watches for a drop";
  const needs = `needs about ${about(f.samplesPerArm)} ${noun} per arm`;
  const rate = f.rateFromTraffic ? ` (at ${(f.rate * 100).toFixed(0)} %, as in the last ${days} days)` : "";
  if (f.metric === "EVAL_PASS_RATE") {
    if (f.samplesPerDay === 0) return `${needs}: no tagged scenario runs on an agent it reaches`;
    const steps = `the evals of ${f.steps} step${f.steps === 1 ? "" : "s"} (${about(f.samplesPerDay)} per arm each)`;
    return f.minutes === null ? `${needs}: more than the steps before 100 give` : `${needs}: ${steps}`;
  }
  if (f.samplesPerDay === 0) return `${needs}; no ${noun} in the last ${days} days, so no time can be given`;
  const perDay = f.samplesPerDay < 10 ? f.samplesPerDay.toFixed(1) : about(Math.round(f.samplesPerDay));
  const traffic = `${perDay} ${noun} a day`;
  if (f.minutes === null) {
    const share = Math.round((f.coverage ?? 0) * 100);
    const part = share < 1 ? "less than 1 %" : `about ${share} %`;
    return `${needs}${rate}; at ${traffic} the rollout completes first, with ${part} of that`;
  }
  return `${needs}${rate}; at ${traffic}, ${duration(f.minutes)}`;
}
