import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import { AGENT_SKILL_ENTRIES_BY_VERSION, AgentVersionType, type AgentVersionEntity } from "../agents";
import type { CallService } from "./call.service";
import { CallCatalogType } from "./call.types";

/** CT-1 in the agent editor: what the catalog of this version shows when a call starts with nothing to rank for. */
@Resolver(() => AgentVersionType)
export class AgentVersionCatalogResolver {
  constructor(private readonly calls: CallService) {}

  @FieldResolver(() => CallCatalogType, {
    description:
      "CT-1: the catalog a call of this version starts with before any message or variables — its skills as they " +
      "resolve now, ranked by the agent's recent loads, then its order — within its catalogBudget.",
  })
  async catalog(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<CallCatalogType> {
    const entries = await ctx.loaders.of(AGENT_SKILL_ENTRIES_BY_VERSION).load(version.id);
    return this.calls.versionCatalog(ctx, {
      agentId: version.agentId,
      name: version.name,
      mode: version.mode,
      catalogBudget: version.catalogBudget,
      skills: [...entries]
        .sort((a, b) => a.position - b.position)
        .map((e) => ({ name: e.name, versionId: e.pinnedVersionId })),
    });
  }
}
