import { Arg, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthContext } from "../auth";
import { type ProjectEntity, ProjectType } from "../projects";
import type { LibraryService } from "./library.service";

@Resolver()
export class LibraryResolver {
  constructor(private readonly libraries: LibraryService) {}

  @Mutation(() => ProjectType, {
    description:
      "Platform only (LB-1). Links the project to a skill library, or unlinks it with an explicit null; the argument is required.",
  })
  setSkillLibrary(
    @Ctx() ctx: AuthContext,
    @Arg("projectId", () => ID) projectId: string,
    @Arg("libraryProjectId", () => ID, { nullable: true }) libraryProjectId: string | null | undefined,
  ): Promise<ProjectEntity> {
    return this.libraries.setSkillLibrary(ctx, projectId, libraryProjectId);
  }
}
