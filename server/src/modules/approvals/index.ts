// Approvals (AP-1..AP-3): the publish policy, approvals of a version's digest, and the check every publish asks.
//
// The face other modules call inside their own transaction (SEC-24), e.g. a rollout's start (RO-1):
//   await approvalCheck.requireApproved(tx, { kind: "skill", projectId, versionId });
// It returns when the project's policy is met and throws FORBIDDEN { reason: "approval_required", required, current }
// otherwise (NOT_FOUND when the version is not the project's). Skills and agents reach it through their PublishGate
// port (versioning), wired in app.ts, so every publish asks it; a rollback to an archived version does not (AP-3).
export { ApprovalCheck, type ApprovalTarget } from "./approval-check";
export { ApprovalService, DEFAULT_POLICY, type PublishPolicy } from "./approval.service";
export {
  PublishPolicyEntity,
  VersionApprovalEntity,
  MAX_REQUIRED_APPROVALS,
  type ApprovalKind,
} from "./approval.entity";
export { approvalsOfDigest, type AttestedApproval } from "./approvals-of-digest";
export { ReviewedVersions, type ReviewedVersion } from "./reviewed-version";
export { registerApprovalLoaders } from "./approval.loaders";
export {
  AgentVersionApprovalsResolver,
  ApprovalResolver,
  ProjectPublishPolicyResolver,
  SkillVersionApprovalsResolver,
} from "./approval.resolver";
export { ApprovalType, PublishPolicyType } from "./approval.types";
