import { expect } from "vitest";

/** Prometheus text (exposition format 0.0.4) read back: every sample by its series (`name{a="x",b="y"}`). */
export type Samples = Map<string, number>;

/** `name{label="value",…}` with the labels sorted, as `series()` writes it. */
function seriesKey(name: string, labels: Record<string, string>): string {
  const parts = Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`);
  return parts.length ? `${name}{${parts.join(",")}}` : name;
}

export function series(name: string, labels: Record<string, string> = {}): string {
  return seriesKey(name, labels);
}

/** Parses every sample line (comments and blank lines skipped); label values unescaped. */
export function parsePrometheus(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    expect(match, `a sample line: ${line}`).not.toBeNull();
    const [, name, rawLabels = "", value] = match!;
    const labels: Record<string, string> = {};
    for (const label of rawLabels.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[label[1]!] = label[2]!.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    samples.set(seriesKey(name!, labels), Number(value));
  }
  return samples;
}

/** GET /metrics with an optional bearer token. */
export async function scrape(url: string, token?: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") ?? "" };
}

/** How much each series grew between two scrapes (absent before: from 0). */
export function grew(before: Samples, after: Samples, key: string): number {
  return (after.get(key) ?? 0) - (before.get(key) ?? 0);
}
