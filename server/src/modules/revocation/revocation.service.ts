import type { Database } from "../../platform/db/database";
import { Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import type { SkillDigests, SkillLifecycleService, SkillReader, SkillVersionEntity } from "../skills";
import type { WebhookService } from "../webhooks";
import { SkillVersionRevoked } from "./revocation.events";

const MAX_REVOCATION_REASON = 1000;

/** One line of `/.well-known/skillgraph/revocations.json` (api.md "Provenance"). */
export interface RevokedEntry {
  skill: string;
  version: number;
  versionId: string;
  digest: string;
  reason: string;
  revokedAt: string;
}

/**
 * PV-3: revoking a skill version (a security incident). One transaction: the live pointer moves (to `rollbackTo`, or
 * nowhere), the version is marked revoked for good, the audit entry and the `version.revoked` webhook are written;
 * once it commits, every instance drops the version and the live pointer from its caches (the bus) and MCP sessions
 * hear `list_changed`.
 */
export class RevocationService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly lifecycle: SkillLifecycleService,
    private readonly digests: SkillDigests,
    private readonly webhooks: WebhookService,
    private readonly skills: SkillReader,
  ) {}

  async revoke(
    ctx: AuthContext,
    input: { id: string; reason: string; rollbackTo: string | null },
  ): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "admin");
    const reason = input.reason.trim();
    if (reason.length === 0 || reason.length > MAX_REVOCATION_REASON) {
      throw Invalid.field(
        "reason",
        `reason must say why the version is revoked, in 1 to ${MAX_REVOCATION_REASON} characters; it has ${reason.length}.`,
      );
    }
    return this.db.write(async (tx) => {
      const current = await this.digests.current(tx.manager, scope.projectId, input.id, { lock: true });
      if (!current) throw new NotFound("The skill version");
      const { version, wasLive, rolledBackTo } = await this.lifecycle.revokeInTx(tx, scope, current.version, {
        reason,
        digest: current.digest,
        rollbackTo: input.rollbackTo,
      });
      const data = {
        name: version.name,
        version: version.version,
        digest: current.digest,
        reason,
        was_live: wasLive,
        ...(rolledBackTo ? { rolled_back_to: rolledBackTo.id, rolled_back_to_version: rolledBackTo.version } : {}),
      };
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "skill",
        resourceId: version.id,
        action: "revoke",
        actor: scope.actor,
        data,
      });
      await this.webhooks.enqueue(tx, scope.projectId, {
        // one event per version: a version is revoked once
        id: `revoked-${version.id}`.slice(0, 64),
        type: "version.revoked",
        timestamp: version.revokedAt!,
        // was_live: the skill's live version is now `live_version_id` (null: none is live)
        data: { version_id: version.id, ...data, ...(wasLive ? { live_version_id: rolledBackTo?.id ?? null } : {}) },
      });
      tx.emit(SkillVersionRevoked({ projectId: scope.projectId, name: version.name, versionId: version.id }));
      return version;
    }, scope);
  }

  /** revocations.json for the key's project: every revoked version with the digest it had, newest first. */
  async revoked(projectId: string): Promise<RevokedEntry[]> {
    const versions = await this.skills.revokedVersions(projectId);
    return versions.map((v) => ({
      skill: v.name,
      version: v.version,
      versionId: v.id,
      digest: v.revokedDigest ?? "",
      reason: v.revokedReason ?? "",
      revokedAt: v.revokedAt!.toISOString(),
    }));
  }
}
