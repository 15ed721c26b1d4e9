import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import { AUTHOR_NAME, authorName } from "../api-keys";
import type { AuthContext } from "../auth";
import { KnowledgeBaseType, knowledgeBasesOf, type KnowledgeBaseEntity } from "../knowledge";
import { MASKED_SECRET, presentSecret, presentTool, SkillToolType, VersionState } from "../skills";
import { AGENT_SKILL_ENTRIES_BY_VERSION } from "./agent.loaders";
import type { AgentVersionEntity } from "./agent-version.entity";
import { AgentInput } from "./agent.inputs";
import type { AgentService, AgentSkillsAt } from "./agent.service";
import {
  AgentModelConfigType,
  AgentSkillsAtType,
  AgentSkillEntryType,
  AgentVersionPage,
  AgentVersionType,
  McpServerType,
} from "./agent.types";

@Resolver(() => AgentVersionType)
export class AgentResolver {
  constructor(private readonly agents: AgentService) {}

  @Query(() => AgentVersionPage, {
    name: "agents",
    description: "Agent versions, newest first, in a page envelope; deleted agents are not listed.",
  })
  list(
    @Ctx() ctx: AuthContext,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Arg("state", () => VersionState, { nullable: true }) state: VersionState | null,
    @Arg("agentId", () => ID, { nullable: true, description: "Only this agent's versions." }) agentId: string | null,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
    @Arg("latest", () => Boolean, {
      nullable: true,
      description: "UX-5: only each agent's newest version, one row per agent (a picker's list).",
    })
    latest: boolean | null,
    @Arg("search", () => String, {
      nullable: true,
      description: "UX-5: versions whose name contains this text, case aside.",
    })
    search: string | null,
  ): Promise<Page<AgentVersionEntity>> {
    return this.agents.list(ctx, { agentId, state, projectId, latest, search }, page, limit);
  }

  @Query(() => AgentVersionType, { nullable: true })
  agentVersion(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<AgentVersionEntity | null> {
    return this.agents.get(ctx, id);
  }

  @Query(() => AgentSkillsAtType, {
    description:
      "SV-9: the agent version published at `at` and the skill versions a call started then resolved (none published then: null and no skills). An agent that is not in the project, or was deleted, is NOT_FOUND.",
  })
  agentSkillsAt(
    @Ctx() ctx: AuthContext,
    @Arg("agentId", () => ID) agentId: string,
    @Arg("at", () => Date) at: Date,
  ): Promise<AgentSkillsAt> {
    return this.agents.skillsResolvedAt(ctx, agentId, at);
  }

  @Mutation(() => AgentVersionType, {
    description: "No agentId: a new agent (version 1, a draft); else that agent's next draft (AG-1, AG-2).",
  })
  saveAgent(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => AgentInput) input: AgentInput,
    @Arg("agentId", () => ID, { nullable: true }) agentId: string | null,
  ): Promise<AgentVersionEntity> {
    return this.agents.save(ctx, input, agentId);
  }

  @Mutation(() => AgentVersionType)
  publishAgentVersion(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<AgentVersionEntity> {
    return this.agents.publish(ctx, id);
  }

  @Mutation(() => ID)
  deleteAgent(@Ctx() ctx: AuthContext, @Arg("agentId", () => ID) agentId: string): Promise<string> {
    return this.agents.delete(ctx, agentId);
  }

  @FieldResolver(() => [AgentSkillEntryType])
  async skills(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<AgentSkillEntryType[]> {
    const entries = await ctx.loaders.of(AGENT_SKILL_ENTRIES_BY_VERSION).load(version.id);
    return entries.map((e) => ({ name: e.name, versionId: e.pinnedVersionId }));
  }

  @FieldResolver(() => [SkillToolType])
  tools(@Root() version: AgentVersionEntity): SkillToolType[] {
    return version.tools.map(presentTool);
  }

  @FieldResolver(() => AgentModelConfigType, { nullable: true })
  model(@Root() version: AgentVersionEntity): AgentModelConfigType | null {
    const model = version.model;
    return model ? { baseUrl: model.baseUrl, model: model.model, apiKey: presentSecret(model.sealedApiKey) } : null;
  }

  @FieldResolver(() => [McpServerType])
  mcpServers(@Root() version: AgentVersionEntity): McpServerType[] {
    return version.mcpServers.map((s) => ({
      name: s.name,
      url: s.url,
      headers: Object.fromEntries(Object.keys(s.sealedHeaders).map((h) => [h, MASKED_SECRET])),
    }));
  }

  @FieldResolver(() => [KnowledgeBaseType])
  knowledgeBases(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<KnowledgeBaseEntity[]> {
    return knowledgeBasesOf(ctx.loaders, version.projectId, version.knowledgeBaseIds);
  }
}

@Resolver(() => AgentVersionType)
export class AgentVersionAuthorResolver {
  @FieldResolver(() => String, { nullable: true, description: AUTHOR_NAME })
  createdByName(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    return authorName(ctx, version.projectId, version.createdBy);
  }
}
