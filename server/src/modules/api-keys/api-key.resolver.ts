import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import type { ApiKeyService } from "./api-key.service";
import { ApiKeyPayload, ApiKeyRole, ApiKeyType } from "./api-key.types";
import type { AuthContext } from "../auth";

@Resolver()
export class ApiKeyResolver {
  constructor(private readonly keys: ApiKeyService) {}

  @Mutation(() => ApiKeyPayload, { description: "Admin. The key is shown once." })
  async createApiKey(
    @Ctx() ctx: AuthContext,
    @Arg("role", () => ApiKeyRole) role: ApiKeyRole,
    @Arg("name", () => String, { nullable: true }) name: string | null,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<ApiKeyPayload> {
    const issued = await this.keys.create(ctx, role, name, projectId);
    return { id: issued.id, role: issued.role as ApiKeyRole, key: issued.key };
  }

  @Mutation(() => ID, { description: "Admin. A revoked key is refused from then on." })
  revokeApiKey(
    @Ctx() ctx: AuthContext,
    @Arg("id", () => ID) id: string,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<string> {
    return this.keys.revoke(ctx, id, projectId);
  }

  @Query(() => [ApiKeyType], { description: "Admin. The project's keys, newest first; never the keys themselves." })
  async apiKeys(
    @Ctx() ctx: AuthContext,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<ApiKeyType[]> {
    const keys = await this.keys.list(ctx, projectId);
    return keys.map((k) => ({
      id: k.id,
      name: k.name,
      role: k.role as ApiKeyRole,
      prefix: k.lookup,
      createdAt: k.createdAt,
      revokedAt: k.revokedAt,
    }));
  }
}
