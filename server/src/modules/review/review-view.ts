import type { ContentReviewEntity, FindingSuppressionEntity } from "./content-review.entity";
import { atLeast, highestOf, type Finding, type ReviewResult, type Severity } from "./scanner";

/** A finding as the API shows it: with its suppression, if an admin gave one. */
export interface FindingView extends Finding {
  suppressed: boolean;
  suppression: { reason: string; by: string; at: Date; projectId: string } | null;
}

export interface ReviewView {
  status: "clean" | "findings" | "blocked";
  /** The highest severity of the findings still in force (not suppressed); null when none is. */
  highest: Severity | null;
  rulesVersion: string;
  findings: FindingView[];
  reviewedAt: Date;
}

/** CR-3: the findings at or above the policy's block severity that no admin suppressed (null: nothing blocks). */
export function blockingFindings(findings: readonly FindingView[], blockSeverity: Severity | null): FindingView[] {
  if (blockSeverity === null) return [];
  return findings.filter((f) => !f.suppressed && atLeast(f.severity, blockSeverity));
}

export function reviewView(
  review: Pick<ContentReviewEntity, "rulesVersion" | "findings" | "reviewedAt"> | (ReviewResult & { reviewedAt: Date }),
  suppressions: readonly FindingSuppressionEntity[],
  blockSeverity: Severity | null,
): ReviewView {
  const byFinding = new Map(suppressions.map((s) => [s.findingId, s]));
  const findings = review.findings.map((f): FindingView => {
    const s = byFinding.get(f.id);
    return {
      ...f,
      suppressed: s !== undefined,
      suppression: s ? { reason: s.reason, by: s.suppressedBy, at: s.createdAt, projectId: s.projectId } : null,
    };
  });
  const inForce = findings.filter((f) => !f.suppressed);
  const status =
    findings.length === 0 ? "clean" : blockingFindings(findings, blockSeverity).length > 0 ? "blocked" : "findings";
  return {
    status,
    highest: highestOf(inForce.map((f) => f.severity)),
    rulesVersion: review.rulesVersion,
    findings,
    reviewedAt: review.reviewedAt,
  };
}

/** What a refusal and a webhook name of a finding (api.md: `{ id, rule, severity, path, line }`). */
export function findingRef(f: Finding): {
  id: string;
  rule: string;
  severity: Severity;
  path: string;
  line: number | null;
} {
  return { id: f.id, rule: f.rule, severity: f.severity, path: f.path, line: f.line };
}
