import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { AgentVersionType, type AgentVersionEntity } from "../agents";
import { AuditEntryType, type AuditEntryRoot } from "../audit";
import { SkillVersionType, type SkillVersionEntity } from "../skills";
import type { ApiKeyEntity } from "./api-key.entity";
import { API_KEY_IN_PROJECT } from "./api-key.loaders";
import type { ApiKeyService } from "./api-key.service";
import { ApiKeyPayload, ApiKeyRole, ApiKeyType } from "./api-key.types";
import type { AuthContext } from "../auth";
import { ArgsStoredIn } from "../../platform/graphql/stored-in";

@Resolver()
export class ApiKeyResolver {
  constructor(private readonly keys: ApiKeyService) {}

  @Mutation(() => ApiKeyPayload, { description: "Admin. The key is shown once." })
  @ArgsStoredIn({ name: "api_keys.name" })
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
    return keys.map(toApiKeyType);
  }
}

/** The key as the API shows it: never its hash. */
export function toApiKeyType(k: ApiKeyEntity): ApiKeyType {
  return {
    id: k.id,
    name: k.name,
    role: k.role as ApiKeyRole,
    prefix: k.lookup,
    createdAt: k.createdAt,
    revokedAt: k.revokedAt,
  };
}

/** Who acted, for the audit log (UX-6): the key's name and role rather than its id. */
@Resolver(() => AuditEntryType)
export class AuditActorResolver {
  @FieldResolver(() => ApiKeyType, {
    nullable: true,
    description: "The API key that acted (its name and role); null for the platform credential or a purged key.",
  })
  async actorKey(@Root() entry: AuditEntryRoot, @Ctx() ctx: AuthContext): Promise<ApiKeyType | null> {
    if (entry.actor === "platform") return null;
    const key = await ctx.loaders.of(API_KEY_IN_PROJECT).load({ projectId: entry.projectId, value: entry.actor });
    return key ? toApiKeyType(key) : null;
  }
}

/** A version's author as a person reads it: the name of the key that saved it (UX-2 "who"). */
async function authorName(ctx: AuthContext, projectId: string, createdBy: string): Promise<string | null> {
  if (createdBy === "platform") return null;
  const key = await ctx.loaders.of(API_KEY_IN_PROJECT).load({ projectId, value: createdBy });
  return key?.name ?? null;
}

const AUTHOR_NAME = "The name of the API key that saved it; null for the platform credential or an unnamed key.";

@Resolver(() => SkillVersionType)
export class SkillVersionAuthorResolver {
  @FieldResolver(() => String, { nullable: true, description: AUTHOR_NAME })
  createdByName(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    return authorName(ctx, version.projectId, version.createdBy);
  }
}

@Resolver(() => AgentVersionType)
export class AgentVersionAuthorResolver {
  @FieldResolver(() => String, { nullable: true, description: AUTHOR_NAME })
  createdByName(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    return authorName(ctx, version.projectId, version.createdBy);
  }
}
