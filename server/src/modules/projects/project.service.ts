import { randomUUID } from "node:crypto";
import type { Database, Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import { PROJECT_NAME_LENGTH, ProjectEntity } from "./project.entity";
import { ProjectRepository } from "./project.repository";

/**
 * Removes, inside the purging transaction, the rows of a project that have no foreign key to it (append-only logs);
 * the modules that own them provide it through the composition root (they sit above projects).
 */
export type ProjectRowsPurge = (tx: Tx, projectId: string) => Promise<void>;

/**
 * Issues a new project's first admin key inside the creating transaction and returns it in clear (the api-keys
 * module provides it; projects sit below api-keys, so they do not import it).
 */
export type FirstKeyIssuer = (tx: Tx, projectId: string) => Promise<string>;

export class ProjectService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly issueFirstKey: FirstKeyIssuer,
    private readonly purgeUnlinkedRows: ProjectRowsPurge,
  ) {}

  /** PJ-2: platform only; returns the project's first admin key, shown once. */
  async create(ctx: AuthContext, name: string): Promise<{ project: ProjectEntity; apiKey: string }> {
    this.auth.requirePlatform(ctx);
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > PROJECT_NAME_LENGTH) {
      throw Invalid.field(
        "name",
        `A project name must have 1 to ${PROJECT_NAME_LENGTH} characters; it has ${trimmed.length}.`,
      );
    }
    return this.db.write(async (tx) => {
      const project = Object.assign(new ProjectEntity(), {
        id: randomUUID(),
        name: trimmed,
        skillLibraryId: null,
        createdAt: new Date(),
        deletedAt: null,
      });
      await new ProjectRepository(tx.manager).insert(project);
      await this.audit.record(tx, {
        projectId: project.id,
        resourceType: "project",
        resourceId: project.id,
        action: "create",
        actor: "platform",
        data: { name: trimmed },
      });
      return { project, apiKey: await this.issueFirstKey(tx, project.id) };
    });
  }

  /** PJ-3: soft delete; the project reads as not found, its data stays until purged. */
  async delete(ctx: AuthContext, id: string): Promise<ProjectEntity> {
    this.auth.requirePlatform(ctx);
    return this.db.write(async (tx) => {
      const projects = new ProjectRepository(tx.manager);
      const project = await projects.lock(id);
      if (!project || project.deletedAt) throw new NotFound("The project");
      project.deletedAt = new Date();
      await projects.markDeleted(id, project.deletedAt);
      tx.afterCommit(() => this.auth.tenancyChanged());
      await this.audit.record(tx, {
        projectId: id,
        resourceType: "project",
        resourceId: id,
        action: "delete",
        actor: "platform",
      });
      return project;
    });
  }

  /** PJ-3: removes a deleted project and everything in it; projects reading from it read their own skills again (LB-7). */
  async purge(ctx: AuthContext, id: string): Promise<string> {
    this.auth.requirePlatform(ctx);
    return this.db.write(async (tx) => {
      const projects = new ProjectRepository(tx.manager);
      const project = await projects.lock(id);
      if (!project) throw new NotFound("The project");
      if (!project.deletedAt) {
        throw new Conflict("Only a deleted project can be purged: delete it first (deleteProject), then purge it.");
      }
      await projects.unlinkFrom(id);
      tx.afterCommit(() => this.auth.tenancyChanged());
      await this.purgeUnlinkedRows(tx, id);
      await projects.remove(id);
      return id;
    });
  }

  /** The credential's project, or for the platform credential the project it names (deleted ones included). */
  async get(ctx: AuthContext, id: string | null | undefined): Promise<ProjectEntity> {
    const principal = this.auth.principal(ctx);
    if (principal.kind === "platform") {
      if (!id) throw Invalid.field("id", "The platform credential must name the project: pass project(id: …).");
      const project = await this.db.read((m) => new ProjectRepository(m).findAny(id));
      if (!project) throw new NotFound("The project");
      return project;
    }
    const scope = await this.auth.authorize(ctx, "viewer", id);
    const project = await this.db.read((m) => new ProjectRepository(m).findLive(scope.projectId));
    if (!project) throw new NotFound("The project");
    return project;
  }

  async list(ctx: AuthContext, includeDeleted: boolean): Promise<ProjectEntity[]> {
    this.auth.requirePlatform(ctx);
    return this.db.read((m) => new ProjectRepository(m).list(includeDeleted));
  }

  /** For authorisation (the auth module's CredentialStore). */
  async isLive(projectId: string): Promise<boolean> {
    return (await this.db.read((m) => new ProjectRepository(m).findLive(projectId))) !== null;
  }

  /** Batch: live projects by id (for Project.skillLibrary). */
  findManyLive(ids: readonly string[]): Promise<ProjectEntity[]> {
    return this.db.read((m) => new ProjectRepository(m).findManyLive(ids));
  }

  /** Batch: live projects linked to each library id (for Project.linkedProjects). */
  findLinkedTo(libraryIds: readonly string[]): Promise<ProjectEntity[]> {
    return this.db.read((m) => new ProjectRepository(m).findLinkedTo(libraryIds));
  }
}
