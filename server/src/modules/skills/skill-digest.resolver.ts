import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import type { SkillDigests } from "./skill-digest.service";
import type { SkillVersionEntity } from "./skill-version.entity";
import { SkillVersionType } from "./skill.types";

/** Adds SkillVersion.digest (AP-2); the files come through the per-request loader, so a list costs one file query. */
@Resolver(() => SkillVersionType)
export class SkillVersionDigestResolver {
  constructor(private readonly digests: SkillDigests) {}

  @FieldResolver(() => String, {
    description:
      '"sha256:<hex>" over a canonical form of SKILL.md, the files\' digests, the tools (with a keyed fingerprint of their secrets) and the knowledge-base references (AP-2).',
  })
  digest(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<string> {
    return this.digests.inRequest(ctx, version);
  }
}
