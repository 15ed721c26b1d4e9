import type { DbManager, Tx } from "../../platform/db/database";
import { Forbidden, NotFound } from "../../platform/errors";
import type { ReviewService, Severity } from "../review";
import type { ApprovalKind } from "./approval.entity";
import { ApprovalRepository } from "./approval.repository";
import { policyOf } from "./approval.service";
import type { ReviewedVersions } from "./reviewed-version";

/** The version a publish (or a rollout start) is about to make live. */
export interface ApprovalTarget {
  kind: ApprovalKind;
  projectId: string;
  versionId: string;
}

/**
 * AP-1, CR-3, SEC-24: the one check every path that makes a version live asks, inside its own transaction
 * (publishing a skill or an agent version, the Skills API's default version, the CLI's --publish, a rollout's start
 * and completion). It reads the project's policy once; a skill version must have no content-review finding at or
 * above the policy's block severity that is not suppressed, and every version enough approvals of its digest now.
 * A rollback to an archived version never asks (AP-3).
 */
export class ApprovalCheck {
  constructor(
    private readonly versions: ReviewedVersions,
    private readonly reviews: Pick<ReviewService, "requireNoBlockingFindings">,
  ) {}

  /** CR-3: the project's block severity (HIGH without a policy row), for the review module's reads. */
  async blockSeverityOf(manager: DbManager, projectId: string): Promise<Severity | null> {
    return policyOf(await new ApprovalRepository(manager).policy(projectId)).blockSeverity;
  }

  /**
   * Returns when the policy is met; else throws FORBIDDEN `{ reason: "review_findings", findings }` (CR-3) or
   * `{ reason: "approval_required", required, current }` (AP-1). NOT_FOUND when the version is not the project's.
   */
  async requireApproved(tx: Tx, target: ApprovalTarget): Promise<void> {
    const repo = new ApprovalRepository(tx.manager);
    const policy = policyOf(await repo.policy(target.projectId));
    if (target.kind === "skill") {
      await this.reviews.requireNoBlockingFindings(tx, target, policy.blockSeverity);
    }
    const required = policy.requiredApprovals;
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
