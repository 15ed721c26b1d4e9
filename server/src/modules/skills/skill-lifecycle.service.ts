import type { Database, Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import { moveLivePointer } from "../versioning";
import { parseSkillMd } from "./skill-md";
import type { SkillVersionEntity } from "./skill-version.entity";
import { SkillRepository } from "./skill.repository";

/** Refuses to delete a version while something depends on the skill (SV-7); registered by other modules. */
export type DeleteGuard = (tx: Tx, projectId: string, name: string) => Promise<void>;

/** A skill's live pointer: publish, roll back, delete (SV-3, SV-4, SV-7, SV-9), each in one transaction. */
export class SkillLifecycleService {
  private readonly deleteGuards: DeleteGuard[] = [];

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  onDelete(guard: DeleteGuard): void {
    this.deleteGuards.push(guard);
  }

  private readonly liveMovedHooks: Array<(projectId: string, name: string) => Promise<void>> = [];

  /** Runs after a publish, rollback or delete moved a skill's live pointer and committed (cache invalidation). */
  onLiveMoved(hook: (projectId: string, name: string) => Promise<void>): void {
    this.liveMovedHooks.push(hook);
  }

  private afterLiveMoved(tx: Tx, projectId: string, name: string): void {
    tx.afterCommit(async () => {
      for (const hook of this.liveMovedHooks) await hook(projectId, name);
    });
  }

  /** SV-3: the draft goes live; the version that was live is archived, in one transaction. */
  async publish(ctx: AuthContext, id: string): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const target = await this.findLockedVersion(repo, scope.projectId, id);
      if (target.state !== "draft") {
        throw new Conflict(
          target.state === "published"
            ? `Version ${target.version} of '${target.name}' is already live.`
            : `Version ${target.version} of '${target.name}' is archived; roll back to it (rollbackSkill) to make it live again.`,
          { state: target.state },
        );
      }
      const publishProblems = parseSkillMd(target.skillMd).publishProblems;
      if (publishProblems.length > 0) {
        throw Invalid.of(
          publishProblems,
          `Version ${target.version} of '${target.name}' cannot be published: ${publishProblems.map((p) => p.message).join(" ")}`,
        );
      }
      return this.moveLivePointer(tx, repo, scope, target, "publish");
    });
  }

  /** SV-4: an archived version goes live again, keeping its id and number. */
  async rollback(ctx: AuthContext, name: string, toVersionId: string): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const target = await this.findLockedVersion(repo, scope.projectId, toVersionId);
      if (target.name !== name) {
        throw Invalid.field("toVersionId", `Version ${toVersionId} is not a version of '${name}'.`, {
          skill: name,
          version_id: toVersionId,
        });
      }
      if (target.state === "draft") {
        throw Invalid.field(
          "toVersionId",
          `Version ${target.version} of '${name}' is a draft: publish it instead of rolling back to it.`,
          { skill: name, version_id: toVersionId },
        );
      }
      if (target.state === "published")
        throw new Conflict(`Version ${target.version} of '${name}' is already live.`, { state: "published" });
      return this.moveLivePointer(tx, repo, scope, target, "rollback");
    });
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
    scope: ProjectScope,
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
    this.afterLiveMoved(tx, projectId, target.name);
    return target;
  }

  /** SV-7: deletes one version unless the skill is in use; deleting the live one leaves no live version. */
  async delete(ctx: AuthContext, id: string): Promise<string> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const version = await this.findLockedVersion(repo, scope.projectId, id);
      for (const guard of this.deleteGuards) await guard(tx, scope.projectId, version.name);
      const now = new Date();
      if (version.state === "published") {
        await repo.setLiveVersion(scope.projectId, version.name, null);
        await repo.recordMove({
          projectId: scope.projectId,
          name: version.name,
          versionId: null,
          version: null,
          action: "delete",
          actor: scope.actor,
          at: now,
        });
        this.afterLiveMoved(tx, scope.projectId, version.name);
      }
      await repo.deleteVersion(id);
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "skill",
        resourceId: id,
        action: "delete",
        actor: scope.actor,
        data: { name: version.name, version: version.version, state: version.state },
      });
      return id;
    });
  }

  /** PJ-3: a purged project's versions and its pointer log (rows without a foreign key to the project). */
}
