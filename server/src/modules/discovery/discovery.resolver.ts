import { Arg, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthContext } from "../auth";
import type { DiscoveryService } from "./discovery.service";

/** PV-4 over GraphQL: which project's live skills the discovery index serves without a key. */
@Resolver()
export class DiscoveryResolver {
  constructor(private readonly discovery: DiscoveryService) {}

  @Mutation(() => ID, {
    nullable: true,
    description:
      "PV-4 (platform credential): the project whose live skills /.well-known/agent-skills/index.json serves without a key (null: none; then the index needs a project key). DISCOVERY_PROJECT is its value at start.",
  })
  setDiscoveryProject(
    @Ctx() ctx: AuthContext,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<string | null> {
    return this.discovery.setPublicProject(ctx, projectId ?? null);
  }
}
