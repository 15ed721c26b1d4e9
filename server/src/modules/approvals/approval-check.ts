import type { Tx } from "../../platform/db/database";
import { Forbidden, NotFound } from "../../platform/errors";
import type { ApprovalKind } from "./approval.entity";
import { ApprovalRepository } from "./approval.repository";
import type { ReviewedVersions } from "./reviewed-version";

/** The version a publish (or a rollout start) is about to make live. */
export interface ApprovalTarget {
  kind: ApprovalKind;
  projectId: string;
  versionId: string;
}

/**
 * AP-1, SEC-24: the one check every path that makes a version live asks, inside its own transaction (publishing a
 * skill or an agent version, the Skills API's default version, the CLI's --publish, a rollout's start). It reads
 * the project's policy and counts the approvals of the version's digest now; a rollback to an archived version
 * never asks (AP-3).
 */
export class ApprovalCheck {
  constructor(private readonly versions: ReviewedVersions) {}

  /**
   * Returns when the policy is met (always with `requiredApprovals` 0: one read of the policy); else throws
   * FORBIDDEN `{ reason: "approval_required", required, current }`. NOT_FOUND when the version is not the project's.
   */
  async requireApproved(tx: Tx, target: ApprovalTarget): Promise<void> {
    const repo = new ApprovalRepository(tx.manager);
    const required = (await repo.policy(target.projectId))?.requiredApprovals ?? 0;
    if (required === 0) return;
    const version = await this.versions.find(tx.manager, target.projectId, target.versionId, { kind: target.kind });
    if (!version) throw new NotFound(`The ${target.kind} version`);
    const current = await repo.countOf(version.kind, version.id, version.digest);
    if (current >= required) return;
    const what = version.kind === "skill" ? `'${version.name}'` : `agent '${version.name}'`;
    throw new Forbidden(
      `Version ${version.version} of ${what} needs ${required} approval${required === 1 ? "" : "s"} of its current content to go live; it has ${current}.`,
      { reason: "approval_required", required, current },
    );
  }
}
