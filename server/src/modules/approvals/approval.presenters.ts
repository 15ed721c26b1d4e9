import type { VersionApprovalEntity } from "./approval.entity";
import type { ApprovalType } from "./approval.types";

/** The version an approval is of, whichever its kind. */
export const approvedVersionId = (approval: VersionApprovalEntity): string =>
  (approval.skillVersionId ?? approval.agentVersionId)!;

/** What the API shows of an approval; `current` compares it with the version's digest now (AP-3). */
export const approvalView = (a: VersionApprovalEntity, digestNow: string): ApprovalType => ({
  id: a.id,
  versionId: approvedVersionId(a),
  digest: a.digest,
  approvedBy: a.approvedBy,
  current: a.digest === digestNow,
  createdAt: a.createdAt,
  projectId: a.projectId,
});
