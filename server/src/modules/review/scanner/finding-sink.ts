import { findingId, severityRank, sortFindings, SEVERITIES, type Finding, type Severity } from "./finding";

/** At most this many findings are kept (the worst first); the rest are one HIGH finding that says how many. */
export const MAX_FINDINGS = 500;

interface Pending {
  seq: number;
  severity: Severity;
  make(): Omit<Finding, "id"> & { matched: string };
}

/**
 * Where a review's findings gather. A hostile bundle yields a quarter of a million matches of which at most
 * MAX_FINDINGS are kept: each match is counted and, while its severity's share has room, kept as a recipe; its
 * position, excerpt and id are made only for the findings returned.
 */
export class FindingSink {
  private readonly kept = new Map<Severity, Pending[]>(SEVERITIES.map((s) => [s, []]));
  private readonly seen = new Set<string>();
  private count = 0;

  /** `key` tells repeats apart: what the finding's id is a hash of, or anything that is equal exactly when it is. */
  add(key: string, severity: Severity, make: Pending["make"]): void {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const bucket = this.kept.get(severity)!;
    if (bucket.length < MAX_FINDINGS) bucket.push({ seq: this.count, severity, make });
    this.count++;
  }

  /** Every finding, in reading order; past MAX_FINDINGS the worst, and one more that counts the rest. */
  findings(): Finding[] {
    const worstFirst = [...SEVERITIES].sort((a, b) => severityRank(b) - severityRank(a));
    const all = worstFirst.flatMap((s) => this.kept.get(s)!);
    const over = this.count > MAX_FINDINGS;
    const chosen = (over ? all.slice(0, MAX_FINDINGS - 1) : all).sort((a, b) => a.seq - b.seq).map(finished);
    const sorted = sortFindings(chosen);
    if (!over) return sorted;
    const message = `The review found ${this.count} findings; the ${MAX_FINDINGS - 1} worst are listed and ${this.count - MAX_FINDINGS + 1} more are not. Content this noisy is not reviewable as it stands.`;
    const limit: Finding = {
      id: findingId({ rule: "finding-limit", path: "bundle", line: null, column: null, matched: String(this.count) }),
      rule: "finding-limit",
      severity: "HIGH",
      path: "bundle",
      line: null,
      column: null,
      excerpt: "bundle",
      message,
    };
    return [...sorted, limit];
  }
}

function finished(p: Pending): Finding {
  const { matched, ...f } = p.make();
  return { id: findingId({ rule: f.rule, path: f.path, line: f.line, column: f.column, matched }), ...f };
}
