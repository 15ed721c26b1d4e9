import DataLoader from "dataloader";
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import type { ProjectEntity } from "./project.entity";
import type { ProjectService } from "./project.service";
import { CreateProjectPayload, ProjectType } from "./project.types";

@Resolver(() => ProjectType)
export class ProjectResolver {
  constructor(private readonly projectService: ProjectService) {}

  @Query(() => ProjectType, { description: "The credential's project; the platform credential names one." })
  project(@Ctx() ctx: AuthContext, @Arg("id", () => ID, { nullable: true }) id: string | null): Promise<ProjectEntity> {
    return this.projectService.get(ctx, id);
  }

  @Query(() => [ProjectType], { description: "Platform only: every project, newest first." })
  projects(
    @Ctx() ctx: AuthContext,
    @Arg("includeDeleted", () => Boolean, { defaultValue: false }) includeDeleted: boolean,
  ): Promise<ProjectEntity[]> {
    return this.projectService.list(ctx, includeDeleted);
  }

  @Mutation(() => CreateProjectPayload, {
    description: "Platform only. Returns the project's first admin key, shown once.",
  })
  createProject(@Ctx() ctx: AuthContext, @Arg("name", () => String) name: string): Promise<CreateProjectPayload> {
    return this.projectService.create(ctx, name);
  }

  @Mutation(() => ProjectType, {
    description: "Platform only. Soft delete: the project reads as not found until purged.",
  })
  deleteProject(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<ProjectEntity> {
    return this.projectService.delete(ctx, id);
  }

  @Mutation(() => ID, { description: "Platform only. Removes a deleted project and all its data." })
  purgeProject(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<string> {
    return this.projectService.purge(ctx, id);
  }

  @FieldResolver(() => ProjectType, { nullable: true, description: "The library this project reads its skills from." })
  skillLibrary(@Root() project: ProjectEntity, @Ctx() ctx: AuthContext): Promise<ProjectEntity | null> | null {
    if (!project.skillLibraryId) return null;
    return ctx.loaders
      .get(
        "projectById",
        () =>
          new DataLoader<string, ProjectEntity | null>(async (ids) => {
            const found = new Map((await this.projectService.findManyLive(ids)).map((p) => [p.id, p]));
            return ids.map((id) => found.get(id) ?? null);
          }),
      )
      .load(project.skillLibraryId);
  }

  @FieldResolver(() => [ProjectType], { description: "Projects that read their skills from this one." })
  linkedProjects(@Root() project: ProjectEntity, @Ctx() ctx: AuthContext): Promise<ProjectEntity[]> {
    return ctx.loaders
      .get(
        "projectsLinkedTo",
        () =>
          new DataLoader<string, ProjectEntity[]>(async (ids) => {
            const linked = await this.projectService.findLinkedTo(ids);
            return ids.map((id) => linked.filter((p) => p.skillLibraryId === id));
          }),
      )
      .load(project.id);
  }
}
