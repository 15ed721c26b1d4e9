import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import type { ProjectEntity } from "./project.entity";
import { LIVE_PROJECT_BY_ID, PROJECTS_LINKED_TO } from "./project.loaders";
import type { ProjectService } from "./project.service";
import { CreateProjectPayload, ProjectType } from "./project.types";
import { ArgsStoredIn } from "../../platform/graphql/stored-in";

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
  @ArgsStoredIn({ name: "projects.name" })
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
    return project.skillLibraryId ? ctx.loaders.of(LIVE_PROJECT_BY_ID).load(project.skillLibraryId) : null;
  }

  @FieldResolver(() => [ProjectType], { description: "Projects that read their skills from this one." })
  linkedProjects(@Root() project: ProjectEntity, @Ctx() ctx: AuthContext): Promise<ProjectEntity[]> {
    return ctx.loaders.of(PROJECTS_LINKED_TO).load(project.id);
  }
}
