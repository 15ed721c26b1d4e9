/** Pure comparison of two versions' content (SV-8). */

export type LineChange = { op: "equal" | "add" | "remove"; line: string };

/** A line diff by longest common subsequence; inputs are SKILL.md sized, so O(n·m) is fine. */
export function diffLines(from: string, to: string): LineChange[] {
  const a = from.split("\n");
  const b = to.split("\n");
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: LineChange[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: "equal", line: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ op: "remove", line: a[i++]! });
    } else {
      out.push({ op: "add", line: b[j++]! });
    }
  }
  while (i < n) out.push({ op: "remove", line: a[i++]! });
  while (j < m) out.push({ op: "add", line: b[j++]! });
  return out;
}

export interface KeyedDiff<T> {
  added: T[];
  removed: T[];
  changed: Array<{ from: T; to: T }>;
}

/** Compares two lists of items by key; `same` decides whether two items of one key are unchanged. */
export function diffByKey<T>(
  from: readonly T[],
  to: readonly T[],
  key: (item: T) => string,
  same: (a: T, b: T) => boolean,
): KeyedDiff<T> {
  const before = new Map(from.map((item) => [key(item), item]));
  const after = new Map(to.map((item) => [key(item), item]));
  const diff: KeyedDiff<T> = { added: [], removed: [], changed: [] };
  for (const [k, item] of after) {
    const old = before.get(k);
    if (!old) diff.added.push(item);
    else if (!same(old, item)) diff.changed.push({ from: old, to: item });
  }
  for (const [k, item] of before) if (!after.has(k)) diff.removed.push(item);
  return diff;
}

/** Structural equality for JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
