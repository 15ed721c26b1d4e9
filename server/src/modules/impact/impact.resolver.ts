import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import { EvalComparisonType, type EvalComparison } from "../evals";
import type { ImpactService, PublishPreview } from "./impact.service";
import { PublishPreviewType } from "./impact.types";

@Resolver(() => PublishPreviewType)
export class ImpactResolver {
  constructor(private readonly impact: ImpactService) {}

  @Query(() => PublishPreviewType, {
    description: "Who publishing this draft reaches, who stays pinned, and the tool collisions it causes (UX-3).",
  })
  publishPreview(@Ctx() ctx: AuthContext, @Arg("versionId", () => ID) versionId: string): Promise<PublishPreview> {
    return this.impact.publishPreview(ctx, versionId);
  }

  @Query(() => PublishPreviewType, {
    description: "Who rolling the skill back to this archived version reaches, who stays pinned, and tool collisions.",
  })
  rollbackPreview(
    @Ctx() ctx: AuthContext,
    @Arg("name", () => String) name: string,
    @Arg("toVersionId", () => ID) toVersionId: string,
  ): Promise<PublishPreview> {
    return this.impact.rollbackPreview(ctx, name, toVersionId);
  }

  @FieldResolver(() => EvalComparisonType, {
    nullable: true,
    description:
      "Runs the skill's scenarios tagged skill:<name> against every agent of this project the change reaches, with " +
      "this version and with the live one (iterations: 1 to 20). It asks the model: select it on demand.",
  })
  evaluation(
    @Ctx() ctx: AuthContext,
    @Root() preview: PublishPreview,
    @Arg("iterations", () => Int, { defaultValue: 3 }) iterations: number,
  ): Promise<EvalComparison> {
    return this.impact.evaluation(ctx, preview, iterations);
  }
}
