import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import { type SkillVersionEntity, SkillVersionType } from "../skills";
import { SKILL_USAGE_BY_NAME, USAGE_RESOLVED_VERSION } from "./usage.loaders";
import type { SkillUsage, UsageService } from "./usage.service";
import { SkillUsageType } from "./usage.types";

@Resolver(() => SkillUsageType)
export class UsageResolver {
  constructor(private readonly usage: UsageService) {}

  @Query(() => [SkillUsageType], {
    description: "Who uses the skill: draft and published agent versions that list it (US-1).",
  })
  skillUsage(
    @Ctx() ctx: AuthContext,
    @Arg("name", () => String) name: string,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<SkillUsage[]> {
    return this.usage.skillUsage(ctx, name, projectId);
  }

  @FieldResolver(() => SkillVersionType, {
    nullable: true,
    description: "The pinned version, else the live one; null when none is published.",
  })
  resolvesTo(@Root() row: SkillUsage, @Ctx() ctx: AuthContext): Promise<SkillVersionEntity | null> | null {
    if (!row.resolvesToId) return null;
    return ctx.loaders.of(USAGE_RESOLVED_VERSION).load({ projectId: row.skillProjectId, value: row.resolvesToId });
  }
}

/** Adds SkillVersion.usage; batched, so a list of versions costs one usage statement per project. */
@Resolver(() => SkillVersionType)
export class SkillVersionUsageResolver {
  constructor(private readonly usageService: UsageService) {}

  @FieldResolver(() => [SkillUsageType], {
    description: "Who uses this skill: the same as Query.skillUsage for its name.",
  })
  usage(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<SkillUsage[]> {
    return ctx.loaders.of(SKILL_USAGE_BY_NAME).load({ projectId: version.projectId, value: version.name });
  }
}
