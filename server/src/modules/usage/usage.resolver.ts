import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import { AGENT_SKILL_ENTRIES_BY_VERSION, AgentVersionType, type AgentVersionEntity } from "../agents";
import type { AuthContext } from "../auth";
import { KnowledgeBaseType, type KnowledgeBaseEntity } from "../knowledge";
import { type SkillVersionEntity, SkillVersionType } from "../skills";
import { KNOWLEDGE_BASE_USERS, SKILL_USAGE_BY_NAME, USAGE_RESOLVED_VERSION } from "./usage.loaders";
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

/**
 * Adds AgentVersion.skillUsage (UX-7, the usage graph centred on an agent): who uses each skill the agent lists.
 * Batched like SkillVersion.usage: a list of agent versions costs one entries statement and one usage statement.
 */
@Resolver(() => AgentVersionType)
export class AgentVersionUsageResolver {
  @FieldResolver(() => [SkillUsageType], {
    description:
      "Who uses each skill this agent version lists (this one included): Query.skillUsage for each of its skills, " +
      "skill by skill; empty for a skill the project reads from a library.",
  })
  async skillUsage(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<SkillUsage[]> {
    const entries = await ctx.loaders.of(AGENT_SKILL_ENTRIES_BY_VERSION).load(version.id);
    const usage = ctx.loaders.of(SKILL_USAGE_BY_NAME);
    const lists = await usage.loadMany(entries.map((e) => ({ projectId: version.projectId, value: e.name })));
    return lists.flatMap((list) => {
      if (list instanceof Error) throw list;
      return list;
    });
  }
}

/** Adds who names a knowledge base (the console's knowledge page); batched per project. */
@Resolver(() => KnowledgeBaseType)
export class KnowledgeBaseUsageResolver {
  @FieldResolver(() => [SkillVersionType], {
    description: "Draft and published skill versions that bring this knowledge base.",
  })
  async skillVersions(@Root() base: KnowledgeBaseEntity, @Ctx() ctx: AuthContext): Promise<SkillVersionEntity[]> {
    return (await ctx.loaders.of(KNOWLEDGE_BASE_USERS).load({ projectId: base.projectId, value: base.id }))
      .skillVersions;
  }

  @FieldResolver(() => [AgentVersionType], {
    description: "Draft and published versions of the project's agents that list this knowledge base.",
  })
  async agentVersions(@Root() base: KnowledgeBaseEntity, @Ctx() ctx: AuthContext): Promise<AgentVersionEntity[]> {
    return (await ctx.loaders.of(KNOWLEDGE_BASE_USERS).load({ projectId: base.projectId, value: base.id }))
      .agentVersions;
  }
}
