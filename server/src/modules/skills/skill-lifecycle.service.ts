import type { Database, Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import { moveLivePointer, type PublishGate } from "../versioning";
import { SkillLiveMoved } from "./skill.events";
import { refusePublish, refuseRevoked, refuseRollback } from "./skill-live-checks";
import type { SkillVersionEntity } from "./skill-version.entity";
import { SkillRepository } from "./skill.repository";

/**
 * Refuses, inside the deleting transaction, to delete a version while something depends on the skill (SV-7); the
 * usage module provides it through the composition root (it sits above skills).
 */
export type DeleteGuard = (tx: Tx, projectId: string, name: string) => Promise<void>;
export type { PublishGate };

/**
 * PV-2: signs the attestation of a version going live, inside the publishing transaction (after the pointer moved);
 * the provenance module provides it through the composition root (it sits above skills).
 */
export type PublishAttestor = (tx: Tx, version: SkillVersionEntity, actor: string) => Promise<void>;

/** Who acts on a project: a request's scope, or a system actor (a rollout's completion, RO-5). */
export type ActingScope = Pick<ProjectScope, "projectId" | "actor">;

/** A skill's live pointer: publish, roll back, delete (SV-3, SV-4, SV-7, SV-9), each in one transaction. */
export class SkillLifecycleService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly guardDelete: DeleteGuard,
    /** AP-1, SEC-24: every publish (GraphQL, the Skills API, the CLI) passes it; a rollback does not (AP-3). */
    private readonly gate: PublishGate,
    /** PV-2: every publish — the one path below — signs its attestation in its transaction; a rollback does not. */
    private readonly attest: PublishAttestor,
  ) {}

  /** SV-3: the draft goes live; the version that was live is archived, in one transaction. */
  async publish(ctx: AuthContext, id: string): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write((tx) => this.publishInTx(tx, scope, id), scope);
  }

  /**
   * SV-3 inside the caller's transaction: the one publish — GraphQL's, the Skills API's and a staged rollout's
   * completion (RO-5) — live pointer, archive, pointer history, audit, invalidation, in that transaction.
   */
  async publishInTx(tx: Tx, scope: ActingScope, id: string): Promise<SkillVersionEntity> {
    const repo = new SkillRepository(tx.manager);
    const target = await this.findLockedVersion(repo, scope.projectId, id);
    refusePublish(target);
    return this.moveLivePointer(tx, repo, scope, target, "publish");
  }

  /**
   * A version with its skill's row locked for the rest of the transaction (publishes, rollbacks, edits and rollout
   * decisions of one skill take turns on it), and the skill's live version id; null when there is no such version.
   */
  async lockedForRollout(
    tx: Tx,
    projectId: string,
    id: string,
  ): Promise<{ version: SkillVersionEntity; liveVersionId: string | null } | null> {
    const repo = new SkillRepository(tx.manager);
    const found = await repo.findVersion(projectId, id);
    if (!found) return null;
    const skill = await repo.lockSkill(projectId, found.name);
    const version = await repo.findVersion(projectId, id);
    return version ? { version, liveVersionId: skill?.liveVersionId ?? null } : null;
  }

  /** SV-4: an archived version goes live again, keeping its id and number. */
  async rollback(ctx: AuthContext, name: string, toVersionId: string): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const target = await this.findLockedVersion(repo, scope.projectId, toVersionId);
      refuseRollback(name, toVersionId, target);
      return this.moveLivePointer(tx, repo, scope, target, "rollback");
    }, scope);
  }

  /**
   * PV-3 inside the caller's transaction: `target` (read with its skill's row locked) is revoked for good; the object
   * is updated to match what was written. When it is the live version, `rollbackTo`
   * (an archived version of the same skill) goes live in its place, as a rollback does; without one the skill is left
   * without a live version. Refuses a version already revoked (`CONFLICT` `revoked`): a revocation is never redone.
   */
  async revokeInTx(
    tx: Tx,
    scope: ActingScope,
    target: SkillVersionEntity,
    revocation: { reason: string; digest: string; rollbackTo: string | null },
  ): Promise<{ version: SkillVersionEntity; wasLive: boolean; rolledBackTo: SkillVersionEntity | null }> {
    const repo = new SkillRepository(tx.manager);
    refuseRevoked(target);
    const wasLive = target.state === "published";
    let rolledBackTo: SkillVersionEntity | null = null;
    const now = new Date();
    if (revocation.rollbackTo !== null) {
      if (!wasLive) {
        throw Invalid.field(
          "rollbackTo",
          `Version ${target.version} of '${target.name}' is not the live version: nothing needs to go live in its place.`,
          { version_id: target.id },
        );
      }
      const to = await repo.findVersion(scope.projectId, revocation.rollbackTo);
      if (!to)
        throw Invalid.field("rollbackTo", `Version ${revocation.rollbackTo} is not a version of '${target.name}'.`);
      refuseRollback(target.name, to.id, to);
      rolledBackTo = await this.moveLivePointer(tx, repo, scope, to, "rollback");
      // the move archived the target at the time it published `to`
      Object.assign(target, { state: "archived", archivedAt: to.publishedAt, updatedAt: to.updatedAt });
    } else if (wasLive) {
      await repo.setState(target.id, "archived", now);
      Object.assign(target, { state: "archived", archivedAt: now, updatedAt: now });
      await this.clearLive(tx, repo, scope, target.name, "revoke", now);
    } else {
      // not live: nothing moves, but caches and a rollout whose candidate it is must hear of it
      tx.emit(SkillLiveMoved({ projectId: scope.projectId, name: target.name }));
    }
    const revoked = { at: now, reason: revocation.reason, by: scope.actor, digest: revocation.digest };
    await repo.markRevoked(target.id, revoked);
    Object.assign(target, {
      revokedAt: revoked.at,
      revokedReason: revoked.reason,
      revokedBy: revoked.by,
      revokedDigest: revoked.digest,
    });
    return { version: target, wasLive, rolledBackTo };
  }

  /** The skill is left without a live version (its live one revoked or deleted), recorded and announced. */
  private async clearLive(
    tx: Tx,
    repo: SkillRepository,
    scope: ActingScope,
    name: string,
    action: "revoke" | "delete",
    at: Date,
  ): Promise<void> {
    await repo.setLiveVersion(scope.projectId, name, null);
    await repo.recordMove({
      projectId: scope.projectId,
      name,
      versionId: null,
      version: null,
      action,
      actor: scope.actor,
      at,
    });
    tx.emit(SkillLiveMoved({ projectId: scope.projectId, name }));
  }

  private async findLockedVersion(repo: SkillRepository, projectId: string, id: string): Promise<SkillVersionEntity> {
    const found = await repo.findVersion(projectId, id);
    if (!found) throw new NotFound("The skill version");
    await repo.lockSkill(projectId, found.name);
    // Read again under the lock: a concurrent publish may have changed its state meanwhile.
    const locked = await repo.findVersion(projectId, id);
    if (!locked) throw new NotFound("The skill version");
    return locked;
  }

  private async moveLivePointer(
    tx: Tx,
    repo: SkillRepository,
    scope: ActingScope,
    target: SkillVersionEntity,
    action: "publish" | "rollback",
  ): Promise<SkillVersionEntity> {
    const { projectId, actor } = scope;
    await moveLivePointer(
      tx,
      {
        findPublished: () => repo.findPublished(projectId, target.name),
        setState: (id, state, at) => repo.setState(id, state, at),
        pointTo: (versionId) => repo.setLiveVersion(projectId, target.name, versionId),
      },
      {
        action,
        target,
        audit: this.audit,
        entry: { projectId, resourceType: "skill", actor },
        gate: this.gate,
        describe: (v) => ({ name: v.name, version: v.version }),
      },
    );
    await repo.recordMove({
      projectId,
      name: target.name,
      versionId: target.id,
      version: target.version,
      action,
      actor,
      at: target.publishedAt ?? new Date(),
    });
    if (action === "publish") await this.attest(tx, target, actor);
    tx.emit(SkillLiveMoved({ projectId, name: target.name }));
    return target;
  }

  /** SV-7: deletes one version unless the skill is in use; deleting the live one leaves no live version. */
  async delete(ctx: AuthContext, id: string): Promise<string> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const version = await this.findLockedVersion(repo, scope.projectId, id);
      await this.guardDelete(tx, scope.projectId, version.name);
      await this.deleteLocked(tx, repo, scope, version);
      return id;
    }, scope);
  }

  /**
   * SV-7 for a whole skill (the Skills APIs' `DELETE /v1/skills/{id}`): every version in one transaction, each an
   * audit entry, refused as a version's delete is while the skill is in use. Returns the versions deleted.
   */
  async deleteSkill(ctx: AuthContext, name: string): Promise<SkillVersionEntity[]> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      await repo.lockSkill(scope.projectId, name);
      const versions = await repo.findAllOfName(scope.projectId, name);
      if (versions.length === 0) throw new NotFound("The skill");
      await this.guardDelete(tx, scope.projectId, name);
      for (const version of versions) await this.deleteLocked(tx, repo, scope, version);
      return versions;
    }, scope);
  }

  private async deleteLocked(
    tx: Tx,
    repo: SkillRepository,
    scope: ProjectScope,
    version: SkillVersionEntity,
  ): Promise<void> {
    // PV-3: a revoked version stays on record (revocations.json lists it)
    if (version.revokedAt) {
      throw new Conflict(`Version ${version.version} of '${version.name}' was revoked; it stays on record.`, {
        reason: "revoked",
      });
    }
    const now = new Date();
    if (version.state === "published") await this.clearLive(tx, repo, scope, version.name, "delete", now);
    await repo.deleteVersion(version.id);
    await this.audit.record(tx, {
      projectId: scope.projectId,
      resourceType: "skill",
      resourceId: version.id,
      action: "delete",
      actor: scope.actor,
      data: { name: version.name, version: version.version, state: version.state },
    });
  }
}
