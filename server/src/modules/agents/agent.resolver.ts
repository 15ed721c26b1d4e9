import DataLoader from "dataloader";
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import type { AuthContext } from "../auth";
import type { KnowledgeBaseEntity } from "../knowledge";
import type { KnowledgeService } from "../knowledge";
import { KnowledgeBaseType } from "../knowledge";
import { MASKED_SECRET } from "../skills";
import { SkillToolType, VersionState } from "../skills";
import type { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
import type { AgentVersionEntity } from "./agent-version.entity";
import { AgentInput } from "./agent.inputs";
import type { AgentService } from "./agent.service";
import {
  AgentModelConfigType,
  AgentSkillEntryType,
  AgentVersionPage,
  AgentVersionType,
  McpServerType,
} from "./agent.types";

@Resolver(() => AgentVersionType)
export class AgentResolver {
  constructor(
    private readonly agents: AgentService,
    private readonly knowledge: KnowledgeService,
  ) {}

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
  ): Promise<Page<AgentVersionEntity>> {
    return this.agents.list(ctx, { agentId, state, projectId }, page, limit);
  }

  @Query(() => AgentVersionType, { nullable: true })
  agentVersion(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<AgentVersionEntity | null> {
    return this.agents.get(ctx, id);
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
    const entries = await ctx.loaders
      .get(
        "agentSkillEntriesByVersion",
        () =>
          new DataLoader<string, AgentSkillEntryEntity[]>(async (ids) => {
            const all = await this.agents.entriesOf(ids);
            return ids.map((id) => all.filter((e) => e.agentVersionId === id));
          }),
      )
      .load(version.id);
    return entries.map((e) => ({ name: e.name, versionId: e.pinnedVersionId }));
  }

  @FieldResolver(() => [SkillToolType])
  tools(@Root() version: AgentVersionEntity): SkillToolType[] {
    return version.tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      webhookUrl: t.webhookUrl,
      webhookSecret: t.sealedSecret ? MASKED_SECRET : null,
    }));
  }

  @FieldResolver(() => AgentModelConfigType, { nullable: true })
  model(@Root() version: AgentVersionEntity): AgentModelConfigType | null {
    const model = version.model;
    return model
      ? { baseUrl: model.baseUrl, model: model.model, apiKey: model.sealedApiKey ? MASKED_SECRET : null }
      : null;
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
  async knowledgeBases(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<KnowledgeBaseEntity[]> {
    const loader = ctx.loaders.get(
      `agentKnowledgeBases:${version.projectId}`,
      () =>
        new DataLoader<string, KnowledgeBaseEntity | null>(async (ids) => {
          const bases = new Map((await this.knowledge.findBases(version.projectId, ids)).map((b) => [b.id, b]));
          return ids.map((id) => bases.get(id) ?? null);
        }),
    );
    const bases = await loader.loadMany(version.knowledgeBaseIds);
    return bases.filter((b): b is KnowledgeBaseEntity => b !== null && !(b instanceof Error));
  }
}
