import type { Database } from "../../platform/db/database";
import { Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import type { ProjectEntity } from "../projects";
import { LibraryRepository } from "./library.repository";
import { skillSourceProject, type SkillSource } from "./skill-source";

const FIELD = "library_project_id";

export class LibraryService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  /**
   * LB-1..LB-3: links `projectId` to a library, or unlinks it with an explicit null (leaving the argument out is
   * refused, so a forgotten field never unlinks). Platform only; one level deep; audited on the linked project.
   */
  async setSkillLibrary(
    ctx: AuthContext,
    projectId: string,
    libraryProjectId: string | null | undefined,
  ): Promise<ProjectEntity> {
    this.auth.requirePlatform(ctx);
    if (libraryProjectId === undefined) {
      throw Invalid.field(
        FIELD,
        "libraryProjectId is required: pass the library's project id to link, or null to unlink; leaving it out changes nothing.",
      );
    }
    return this.db.write(async (tx) => {
      const repo = new LibraryRepository(tx.manager);
      const locked = await repo.lockProjects(libraryProjectId ? [projectId, libraryProjectId] : [projectId]);
      const project = locked.find((p) => p.id === projectId);
      if (!project || project.deletedAt) throw new NotFound("The project");
      const previous = project.skillLibraryId;
      if (libraryProjectId !== null) {
        const library = locked.find((p) => p.id === libraryProjectId) ?? null;
        await this.checkLink(repo, project, libraryProjectId, library);
      }
      await repo.setLibrary(projectId, libraryProjectId);
      tx.afterCommit(() => this.auth.tenancyChanged());
      await this.audit.record(tx, {
        projectId,
        resourceType: "project",
        resourceId: projectId,
        action: "skill_library_set",
        actor: "platform",
        data: { library_project_id: libraryProjectId, previous_library_project_id: previous },
      });
      return Object.assign(project, { skillLibraryId: libraryProjectId });
    });
  }

  /** LB-2: the refusals, each naming the library and what would be accepted. */
  private async checkLink(
    repo: LibraryRepository,
    project: ProjectEntity,
    libraryId: string,
    library: ProjectEntity | null,
  ): Promise<void> {
    const refuse = (message: string) => Invalid.field(FIELD, message, { library_project_id: libraryId });
    if (libraryId === project.id) throw refuse("A project cannot be its own skill library; name another project.");
    if (!library || library.deletedAt) {
      throw refuse(`No project '${libraryId}' can be a skill library: it does not exist or is deleted.`);
    }
    if (library.skillLibraryId) {
      throw refuse(
        `Project '${libraryId}' reads its skills from another library, so it cannot be one: a library is one level deep. Link to '${library.skillLibraryId}' instead, or unlink '${libraryId}' first.`,
      );
    }
    if (await repo.hasReaders(project.id)) {
      throw refuse(
        `Other projects read their skills from project '${project.id}', so it cannot read from a library itself: a library is one level deep. Unlink those projects first.`,
      );
    }
  }

  /** LB-4: see skillSourceProject; outside a transaction. */
  sourceOf(projectId: string): Promise<SkillSource> {
    return this.db.read((m) => skillSourceProject(m, projectId));
  }
}
