import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { JSONScalar } from "../../platform/graphql/scalars";
import type { AuthContext } from "../auth";
import { SkillVersionType, type SkillVersionEntity } from "../skills";
import { ATTESTATION_BY_VERSION } from "./provenance.loaders";

@Resolver(() => SkillVersionType)
export class SkillVersionAttestationResolver {
  @FieldResolver(() => JSONScalar, {
    nullable: true,
    description:
      "PV-2: the DSSE envelope signed when this version went live (an in-toto Statement v1; verify it with /.well-known/skillgraph/keys.json); null for a version never published since signing began.",
  })
  attestation(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<unknown> {
    return ctx.loaders.of(ATTESTATION_BY_VERSION).load(version.id);
  }
}
