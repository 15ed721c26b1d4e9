import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import type { AgentDigests } from "./agent-digest";
import type { AgentVersionEntity } from "./agent-version.entity";
import { AgentVersionType } from "./agent.types";

/** Adds AgentVersion.digest (AP-2); the skill entries come through the per-request loader (one query per list). */
@Resolver(() => AgentVersionType)
export class AgentVersionDigestResolver {
  constructor(private readonly digests: AgentDigests) {}

  @FieldResolver(() => String, {
    description:
      '"sha256:<hex>" over a canonical form of the agent\'s whole config: prompt, model, skills, tools, knowledge bases, MCP servers and handoffs, secrets by a keyed fingerprint (AP-2).',
  })
  digest(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<string> {
    return this.digests.inRequest(ctx, version);
  }
}
