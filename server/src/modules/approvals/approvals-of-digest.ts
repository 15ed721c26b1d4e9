import type { DbManager } from "../../platform/db/database";
import { ApprovalRepository } from "./approval.repository";

/** What a publish attestation names of an approval (PV-2): the approving key, the digest it saw, when. */
export interface AttestedApproval {
  key: string;
  digest: string;
  at: string;
}

/** The approvals of a version's current digest (those AP-1 counted), oldest first, through the caller's manager. */
export async function approvalsOfDigest(
  manager: DbManager,
  versionId: string,
  digest: string,
): Promise<AttestedApproval[]> {
  const approvals = await new ApprovalRepository(manager).ofVersions([versionId]);
  return approvals
    .filter((a) => a.digest === digest)
    .map((a) => ({ key: a.approvedBy, digest: a.digest, at: a.createdAt.toISOString() }));
}
