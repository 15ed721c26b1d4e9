// Content review (CR-1..5, SEC-25): the scanner (a pure core under scanner/, which the CLI compiles in too), the
// reviews stored with skill versions, suppressions, and the check the publish gate asks:
//   await review.requireNoBlockingFindings(tx, { projectId, versionId }, blockSeverity);
// throws FORBIDDEN { reason: "review_findings", findings } (the approvals module's ApprovalCheck asks it).
export { ContentReviewEntity, FindingSuppressionEntity } from "./content-review.entity";
export { ReviewService, type BlockSeverityOf } from "./review.service";
export { ReviewWorker } from "./review-worker";
export { registerReviewLoaders } from "./review.loaders";
export { FindingSuppressionResolver, ReviewResolver, SkillVersionReviewResolver } from "./review.resolver";
export { ContentReviewType, FindingSeverity, ReviewFindingType } from "./review.types";
export { reviewSummaryOf, type ReviewSummary } from "./review-summary";
export { atLeast, reviewSkill, RULES_VERSION, SEVERITIES, type Finding, type Severity } from "./scanner";
