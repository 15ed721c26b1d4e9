import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from "type-graphql";
import { ArgsStoredIn } from "../../platform/graphql/stored-in";
import type { AuthContext } from "../auth";
import { SkillVersionType, type SkillVersionEntity } from "../skills";
import type { RevocationService } from "./revocation.service";

/** PV-3 over GraphQL: the revoke mutation and what a version says of its revocation. */
@Resolver(() => SkillVersionType)
export class RevocationResolver {
  constructor(private readonly revocations: RevocationService) {}

  @Mutation(() => SkillVersionType, {
    description:
      "PV-3 (admin): the version is never served again (calls, chat, gateway, evals, MCP, the Skills API, the discovery index, pulls), nor published, rolled back to or rolled out. Revoking the live version makes `rollbackTo` (an archived version of the same skill) live in the same step, or leaves the skill without a live version. Not undoable: a second revoke is CONFLICT `revoked`.",
  })
  @ArgsStoredIn({ reason: "skill_versions.revoked_reason" })
  async revokeSkillVersion(
    @Ctx() ctx: AuthContext,
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Arg("rollbackTo", () => ID, { nullable: true }) rollbackTo: string | null,
  ): Promise<SkillVersionEntity> {
    return this.revocations.revoke(ctx, { id, reason, rollbackTo: rollbackTo ?? null });
  }

  @FieldResolver(() => Boolean, { description: "PV-3: revoked — never served, published or rolled back to again." })
  revoked(@Root() version: SkillVersionEntity): boolean {
    return version.revokedAt !== null && version.revokedAt !== undefined;
  }

  @FieldResolver(() => String, { nullable: true, description: "PV-3: why it was revoked (null: it was not)." })
  revokedReason(@Root() version: SkillVersionEntity): string | null {
    return version.revokedReason ?? null;
  }

  @FieldResolver(() => Date, { nullable: true, description: "PV-3: when it was revoked (null: it was not)." })
  revokedAt(@Root() version: SkillVersionEntity): Date | null {
    return version.revokedAt ?? null;
  }
}
