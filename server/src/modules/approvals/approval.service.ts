import { randomUUID } from "node:crypto";
import { isUniqueViolation, type Database } from "../../platform/db/database";
import { Conflict, Forbidden, Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import { SEVERITIES, type Severity } from "../review";
import type { WebhookService } from "../webhooks";
import { MAX_REQUIRED_APPROVALS, PublishPolicyEntity, VersionApprovalEntity } from "./approval.entity";
import { ApprovalRepository } from "./approval.repository";
import { approvedVersionId } from "./approval.presenters";
import type { ReviewedVersion, ReviewedVersions } from "./reviewed-version";

export interface PublishPolicy {
  requiredApprovals: number;
  allowSelfApproval: boolean;
  /** CR-3: null never blocks. */
  blockSeverity: Severity | null;
}

/** AP-1, CR-3: a project without a policy row. */
export const DEFAULT_POLICY: PublishPolicy = { requiredApprovals: 0, allowSelfApproval: false, blockSeverity: "HIGH" };

export const policyOf = (row: PublishPolicyEntity | null | undefined): PublishPolicy =>
  row
    ? {
        requiredApprovals: row.requiredApprovals,
        allowSelfApproval: row.allowSelfApproval,
        blockSeverity: row.blockSeverity,
      }
    : DEFAULT_POLICY;

/** AP-1..AP-3: the publish policy, approvals and their withdrawal, each in one transaction with its audit entry. */
export class ApprovalService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookService,
    private readonly versions: ReviewedVersions,
  ) {}

  /** AP-1: admin only; `requiredApprovals` 0–5. */
  async setPolicy(
    ctx: AuthContext,
    policy: PublishPolicy,
    projectId?: string | null,
  ): Promise<PublishPolicy & { projectId: string }> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    const { requiredApprovals, allowSelfApproval, blockSeverity } = policy;
    if (blockSeverity !== null && !SEVERITIES.includes(blockSeverity)) {
      throw Invalid.field(
        "block_severity",
        `blockSeverity must be one of ${SEVERITIES.join(", ")} or null; it is ${String(blockSeverity)}.`,
      );
    }
    if (!Number.isInteger(requiredApprovals) || requiredApprovals < 0 || requiredApprovals > MAX_REQUIRED_APPROVALS) {
      throw Invalid.field(
        "required_approvals",
        `requiredApprovals must be a whole number from 0 to ${MAX_REQUIRED_APPROVALS}; it is ${requiredApprovals}.`,
      );
    }
    return this.db.write(async (tx) => {
      const repo = new ApprovalRepository(tx.manager);
      const before = policyOf(await repo.policy(scope.projectId));
      await repo.savePolicy(
        Object.assign(new PublishPolicyEntity(), {
          projectId: scope.projectId,
          requiredApprovals,
          allowSelfApproval,
          blockSeverity,
          updatedBy: scope.actor,
          updatedAt: new Date(),
        }),
      );
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "project",
        resourceId: scope.projectId,
        action: "set_publish_policy",
        actor: scope.actor,
        data: {
          required_approvals: requiredApprovals,
          allow_self_approval: allowSelfApproval,
          block_severity: blockSeverity,
          before: {
            required_approvals: before.requiredApprovals,
            allow_self_approval: before.allowSelfApproval,
            block_severity: before.blockSeverity,
          },
        },
      });
      return { projectId: scope.projectId, requiredApprovals, allowSelfApproval, blockSeverity };
    }, scope);
  }

  /**
   * AP-2: an editor's or admin's approval of the digest they reviewed. A digest that is not the version's now is
   * CONFLICT `digest_changed`; its author's own approval is FORBIDDEN `self_approval` unless the policy allows it;
   * approving the same digest again answers the approval already held.
   */
  async approve(
    ctx: AuthContext,
    versionId: string,
    digest: string,
  ): Promise<{ approval: VersionApprovalEntity; version: ReviewedVersion }> {
    const scope = await this.auth.authorize(ctx, "editor");
    const held = async () =>
      this.db.read(async (m) => {
        const version = await this.versions.find(m, scope.projectId, versionId);
        const approval =
          version && (await new ApprovalRepository(m).findOne(version.kind, versionId, scope.actor, digest));
        return approval && version ? { approval, version } : null;
      });
    try {
      return await this.db.write(async (tx) => {
        const repo = new ApprovalRepository(tx.manager);
        const version = await this.versions.find(tx.manager, scope.projectId, versionId, { lock: true });
        if (!version) throw new NotFound("The version");
        if (version.state !== "draft") {
          throw new Conflict(
            `Version ${version.version} of '${version.name}' is ${version.state}: approvals are given to drafts, before they go live.`,
            { state: version.state },
          );
        }
        if (digest !== version.digest) {
          throw new Conflict(
            `Version ${version.version} of '${version.name}' changed since you reviewed it: its digest is now ${version.digest}. Review it again and approve that digest.`,
            { reason: "digest_changed", digest: version.digest },
          );
        }
        const policy = policyOf(await repo.policy(scope.projectId));
        if (!policy.allowSelfApproval && version.authors.includes(scope.actor)) {
          throw new Forbidden(
            `This key created or last edited version ${version.version} of '${version.name}', and the project's publish policy does not allow approving your own versions; another editor or admin must approve it.`,
            { reason: "self_approval" },
          );
        }
        const existing = await repo.findOne(version.kind, version.id, scope.actor, digest);
        if (existing) return { approval: existing, version };
        const approval = Object.assign(new VersionApprovalEntity(), {
          id: randomUUID(),
          projectId: scope.projectId,
          kind: version.kind,
          skillVersionId: version.kind === "skill" ? version.id : null,
          agentVersionId: version.kind === "agent" ? version.id : null,
          digest,
          approvedBy: scope.actor,
          createdAt: new Date(),
        });
        await repo.insert(approval);
        await this.audit.record(tx, {
          projectId: scope.projectId,
          resourceType: version.kind,
          resourceId: version.id,
          action: "approve",
          actor: scope.actor,
          data: { approval_id: approval.id, name: version.name, version: version.version, digest },
        });
        await this.webhooks.enqueue(tx, scope.projectId, {
          id: approval.id,
          type: "version.approved",
          timestamp: approval.createdAt,
          data: {
            version_id: version.id,
            kind: version.kind,
            name: version.name,
            version: version.version,
            digest,
            approved_by: scope.actor,
          },
        });
        return { approval, version };
      }, scope);
    } catch (error) {
      // The same key approving the same digest twice at once: the unique index lets one in; both answer it.
      const raced = isUniqueViolation(error) ? await held() : null;
      if (raced) return raced;
      throw error;
    }
  }

  /** AP-2: by the key that approved, or an admin; a draft's approvals only (a live version's are its record). */
  async withdraw(ctx: AuthContext, id: string): Promise<string> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new ApprovalRepository(tx.manager);
      const approval = await repo.findById(scope.projectId, id);
      if (!approval) throw new NotFound("The approval");
      if (approval.approvedBy !== scope.actor && scope.role !== "admin") {
        throw new Forbidden("Only the key that gave an approval, or an admin, may withdraw it.", {
          required_role: "admin",
        });
      }
      const versionId = approvedVersionId(approval);
      const version = await this.versions.find(tx.manager, scope.projectId, versionId, {
        kind: approval.kind,
        lock: true,
      });
      // Read again under the version's lock: another withdrawal (or the version's delete) may have removed it meanwhile.
      // PJ-1: a version that no longer reads (its agent was deleted; its row stays for the calls that ran it) is gone
      // for its approvals too.
      if (!version || !(await repo.findById(scope.projectId, id))) throw new NotFound("The approval");
      if (version.state !== "draft") {
        throw new Conflict(
          `Version ${version.version} of '${version.name}' is ${version.state}; the approvals it went live with stay as its record.`,
          { state: version.state },
        );
      }
      await repo.delete(id);
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: approval.kind,
        resourceId: versionId,
        action: "withdraw_approval",
        actor: scope.actor,
        data: {
          approval_id: id,
          approved_by: approval.approvedBy,
          digest: approval.digest,
          name: version.name,
          version: version.version,
        },
      });
      return id;
    }, scope);
  }

  /**
   * Why this credential may not approve a version now, in words for the console (null: it may). The same rules as
   * `approve`, so a reviewer sees the reason before trying: a viewer, the author without self-approval, not a draft.
   */
  async refusalFor(
    ctx: AuthContext,
    version: { state: string; authors: readonly string[] },
    policy: PublishPolicy,
  ): Promise<string | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    if (scope.role === "viewer") return "Approving needs an editor or admin key.";
    if (version.state !== "draft") return "Only drafts are approved; this version has been live.";
    if (!policy.allowSelfApproval && version.authors.includes(scope.actor)) {
      return policy.requiredApprovals > 0
        ? "You created or last edited this version; the publish policy needs another reviewer."
        : "You created or last edited this version, so another key approves it (none are required to publish).";
    }
    return null;
  }

  /** Whether this credential may withdraw an approval: the key that gave it, or an admin (AP-2). */
  async mayWithdraw(ctx: AuthContext, approvedBy: string): Promise<boolean> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return scope.role === "admin" || (scope.role === "editor" && scope.actor === approvedBy);
  }

  async policy(ctx: AuthContext, projectId?: string | null): Promise<PublishPolicy> {
    const scope = await this.auth.authorize(ctx, "viewer", projectId);
    return this.db.read(async (m) => policyOf(await new ApprovalRepository(m).policy(scope.projectId)));
  }

  // ---- batches for this module's loaders: the projects and versions were read through scoped queries ----

  async policiesOf(projectIds: readonly string[]): Promise<PublishPolicy[]> {
    const rows = await this.db.read((m) => new ApprovalRepository(m).policiesOf(projectIds));
    const byProject = new Map(rows.map((r) => [r.projectId, r]));
    return projectIds.map((id) => policyOf(byProject.get(id)));
  }

  ofVersions(versionIds: readonly string[]): Promise<VersionApprovalEntity[]> {
    return this.db.read((m) => new ApprovalRepository(m).ofVersions(versionIds));
  }
}
