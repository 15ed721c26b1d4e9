import { Badge } from "@mantine/core";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";
import { OK_COLOR } from "../../shared/format";
import { severityColor } from "./severity";

/** CR-4: a review in one badge — the count of findings in force and the highest severity; "blocked" by the policy. */
export function ReviewBadge({
  review,
  size = "md",
}: {
  review: ContentReviewFieldsFragment | null;
  size?: "sm" | "md" | "lg";
}) {
  if (!review) return null;
  const open = review.findings.filter((f) => !f.suppressed).length;
  if (review.status === "clean" || open === 0) {
    return (
      <Badge color={OK_COLOR} variant="light" size={size} data-testid="review-badge">
        {review.findings.length === 0 ? "Review: no findings" : `Review: ${review.findings.length} suppressed`}
      </Badge>
    );
  }
  const text = `${open} finding${open === 1 ? "" : "s"} · highest ${review.highest?.toLowerCase()}`;
  return (
    <Badge color={severityColor(review.highest)} variant="light" size={size} data-testid="review-badge">
      {review.status === "blocked" ? `Blocked: ${text}` : `Review: ${text}`}
    </Badge>
  );
}
