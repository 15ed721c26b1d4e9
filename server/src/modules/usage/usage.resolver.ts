import DataLoader from "dataloader";
import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import type { SkillVersionEntity } from "../skills";
import { SkillVersionType } from "../skills";
import type { SkillUsage, UsageService } from "./usage.service";
import { SkillUsageType } from "./usage.types";

const key = (projectId: string, value: string) => `${projectId}\u0000${value}`;

/** Groups `projectId\0value` keys by project, so each project is one call with many values. */
function byProject(keys: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const k of keys) {
    const [projectId, value] = k.split("\u0000") as [string, string];
    groups.set(projectId, [...(groups.get(projectId) ?? []), value]);
  }
  return groups;
}

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
    return ctx.loaders
      .get(
        "usageResolvedVersion",
        () =>
          new DataLoader<string, SkillVersionEntity | null>(async (keys) => {
            const found = new Map<string, SkillVersionEntity>();
            for (const [projectId, ids] of byProject(keys)) {
              for (const v of await this.usage.resolvedVersions(projectId, ids)) found.set(key(projectId, v.id), v);
            }
            return keys.map((k) => found.get(k) ?? null);
          }),
      )
      .load(key(row.skillProjectId, row.resolvesToId));
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
    return ctx.loaders
      .get(
        "skillUsageByName",
        () =>
          new DataLoader<string, SkillUsage[]>(async (keys) => {
            const found = new Map<string, SkillUsage[]>();
            for (const [projectId, names] of byProject(keys)) {
              const usage = await this.usageService.usageOfSkills(ctx, projectId, [...new Set(names)]);
              for (const [name, rows] of usage) found.set(key(projectId, name), rows);
            }
            return keys.map((k) => found.get(k) ?? []);
          }),
      )
      .load(key(version.projectId, version.name));
  }
}
