import type { DbManager } from "../../platform/db/database";
import { ReviewRepository } from "./review.repository";
import { reviewView } from "./review-view";
import type { Severity } from "./scanner";

/** What a publish attestation says of a version's review (provenance): the rules, the worst finding, suppressions. */
export interface ReviewSummary {
  rulesVersion: string;
  /** The highest severity of all findings, suppressed or not (null: none). */
  highest: Severity | null;
  findings: number;
  suppressions: Array<{ findingId: string; rule: string; severity: Severity; reason: string; by: string }>;
}

/** The stored review of a version, read through the caller's manager (the publishing transaction's); null: none. */
export async function reviewSummaryOf(manager: DbManager, versionId: string): Promise<ReviewSummary | null> {
  const repo = new ReviewRepository(manager);
  const review = await repo.reviewOf(versionId);
  if (!review) return null;
  const view = reviewView(review, await repo.suppressionsOf([versionId]), null);
  return {
    rulesVersion: review.rulesVersion,
    highest: review.highest,
    findings: review.findings.length,
    suppressions: view.findings
      .filter((f) => f.suppression !== null)
      .map((f) => ({
        findingId: f.id,
        rule: f.rule,
        severity: f.severity,
        reason: f.suppression!.reason,
        by: f.suppression!.by,
      })),
  };
}
