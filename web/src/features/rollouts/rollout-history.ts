import type { RolloutArmFieldsFragment, RolloutMetric } from "../../gql/graphql";

/**
 * The chart's history of a rollout. The server keeps no time series of the arms' signals (only the totals now and
 * the rollout's events), so the page collects one point per answer it gets — the first read, then each
 * `rolloutUpdates` push (after every change and every few seconds) — and keeps them for this tab's session.
 */
export interface HistoryPoint {
  /** Epoch ms the page got the answer. */
  at: number;
  live: ArmRates;
  candidate: ArmRates;
}

export type ArmRates = Record<RolloutMetric, number | null> & { starts: number };

/** The most points kept: about an hour at one push every 5 s. */
export const MAX_POINTS = 720;

export function ratesOf(arm: RolloutArmFieldsFragment | undefined): ArmRates {
  return {
    starts: arm?.starts ?? 0,
    LOAD_RATE: arm?.loadRate ?? null,
    TOOL_ERROR_RATE: arm?.toolErrorRate ?? null,
    SUCCESS_RATE: arm?.successRate ?? null,
    EVAL_PASS_RATE: arm?.evalPassRate ?? null,
  };
}

const same = (a: ArmRates, b: ArmRates) =>
  a.starts === b.starts && (Object.keys(a) as Array<keyof ArmRates>).every((k) => a[k] === b[k]);

/**
 * The history with the rollout's arms as they are at `at`. A push that changes nothing only moves the last point's
 * time when the one before it says the same (a flat stretch stays two points, not hundreds); time never goes back.
 */
export function withPoint(
  history: readonly HistoryPoint[],
  arms: readonly RolloutArmFieldsFragment[],
  at: number,
): HistoryPoint[] {
  const point: HistoryPoint = {
    at,
    live: ratesOf(arms.find((a) => a.arm === "live")),
    candidate: ratesOf(arms.find((a) => a.arm === "candidate")),
  };
  const last = history.at(-1);
  if (last && at < last.at) return [...history];
  const before = history.at(-2);
  const unchanged = (p: HistoryPoint | undefined) =>
    p !== undefined && same(p.live, point.live) && same(p.candidate, point.candidate);
  if (unchanged(last) && unchanged(before)) return [...history.slice(0, -1), point];
  return [...history, point].slice(-MAX_POINTS);
}

/** One metric of the history as the chart reads it: percentages, null where an arm has no sample yet. */
export function chartRows(history: readonly HistoryPoint[], metric: RolloutMetric) {
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  return history.map((p) => ({
    time: new Date(p.at).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" }),
    live: pct(p.live[metric]),
    candidate: pct(p.candidate[metric]),
  }));
}

const storageKey = (id: string) => `skillgraph.rollout-history.${id}`;

export function loadHistory(id: string): HistoryPoint[] {
  try {
    const raw = sessionStorage.getItem(storageKey(id));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as HistoryPoint[]) : [];
  } catch {
    return [];
  }
}

export function saveHistory(id: string, history: readonly HistoryPoint[]): void {
  try {
    sessionStorage.setItem(storageKey(id), JSON.stringify(history));
  } catch {
    // a full or disabled storage only loses the history on reload
  }
}
