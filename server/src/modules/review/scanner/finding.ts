import { createHash } from "node:crypto";

/**
 * The rules' version (CR-5): a change to any rule — added, removed, a pattern or a severity changed — bumps it, and
 * every live version is reviewed again in the background.
 */
export const RULES_VERSION = "2026.12.3";

export const SEVERITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;
export type Severity = (typeof SEVERITIES)[number];

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

export function atLeast(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) >= severityRank(threshold);
}

export function highestOf(severities: Iterable<Severity>): Severity | null {
  let highest: Severity | null = null;
  for (const s of severities) if (highest === null || severityRank(s) > severityRank(highest)) highest = s;
  return highest;
}

/** One finding of a review (CR-1): where, how bad, what it is, why it matters. */
export interface Finding {
  /** Stable: the same rule matching the same text at the same place always has the same id. */
  id: string;
  rule: string;
  severity: Severity;
  /** `SKILL.md`, a bundle file's path, or `tools[i].field` for a webhook tool. */
  path: string;
  /** 1-based; null for a finding about a whole file (binary, over a limit). */
  line: number | null;
  column: number | null;
  /** The text around the match with hidden characters made visible (never the raw characters). */
  excerpt: string;
  /** What was found, why it matters and what to do, in full sentences. */
  message: string;
}

export interface ReviewResult {
  rulesVersion: string;
  highest: Severity | null;
  findings: Finding[];
}

/** A short hash of what makes a finding this finding; ids repeat when the same content is reviewed again. */
export function findingId(parts: {
  rule: string;
  path: string;
  line: number | null;
  column: number | null;
  matched: string;
}): string {
  return createHash("sha256")
    .update(
      `${parts.rule}\u0000${parts.path}\u0000${parts.line ?? ""}\u0000${parts.column ?? ""}\u0000${parts.matched}`,
    )
    .digest("hex")
    .slice(0, 16);
}

/** Findings in reading order: by path (SKILL.md first), line, column, then rule. */
export function sortFindings(findings: Finding[]): Finding[] {
  const pathKey = (p: string) => (p === "SKILL.md" ? "" : p);
  return [...findings].sort(
    (a, b) =>
      pathKey(a.path).localeCompare(pathKey(b.path)) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.rule.localeCompare(b.rule),
  );
}
