import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from "type-graphql";
import { authorName } from "../api-keys";
import type { AuthContext } from "../auth";
import { SkillVersionInput, SkillVersionType, type SkillVersionEntity } from "../skills";
import { BLOCK_SEVERITY_BY_PROJECT, REVIEW_BY_VERSION } from "./review.loaders";
import type { ReviewService } from "./review.service";
import { ContentReviewType, FindingSuppressionType, ReviewFindingType } from "./review.types";
import { reviewView, type FindingView, type ReviewView } from "./review-view";

const asType = (view: ReviewView) => view as unknown as ContentReviewType;
const findingType = (f: FindingView) => f as unknown as ReviewFindingType;

/** CR-1, CR-3 over GraphQL: a version's review, the dry run, suppressing a finding. */
@Resolver(() => ContentReviewType)
export class ReviewResolver {
  constructor(private readonly review: ReviewService) {}

  @Mutation(() => ContentReviewType, {
    description: "CR-3 (editor): the review of this content as a version would get it; nothing is saved.",
  })
  async reviewSkillContent(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => SkillVersionInput) input: SkillVersionInput,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<ContentReviewType> {
    return asType(await this.review.dryRun(ctx, input, projectId));
  }

  @Mutation(() => ReviewFindingType, {
    description:
      "CR-3 (admin): accepts one finding of a version with a reason, bound to the digest you reviewed (another digest is CONFLICT digest_changed; an edit drops the suppression).",
  })
  async suppressFinding(
    @Ctx() ctx: AuthContext,
    @Arg("versionId", () => ID) versionId: string,
    @Arg("findingId", () => ID) findingId: string,
    @Arg("digest", () => String) digest: string,
    @Arg("reason", () => String) reason: string,
  ): Promise<ReviewFindingType> {
    return findingType(await this.review.suppress(ctx, { versionId, findingId, digest, reason }));
  }
}

@Resolver(() => SkillVersionType)
export class SkillVersionReviewResolver {
  constructor(private readonly reviews: ReviewService) {}

  @FieldResolver(() => ContentReviewType, { description: "CR-1: the review of this version's content." })
  async review(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<ContentReviewType> {
    const [{ review, suppressions }, blockSeverity] = await Promise.all([
      ctx.loaders.of(REVIEW_BY_VERSION).load(version.id),
      ctx.loaders.of(BLOCK_SEVERITY_BY_PROJECT).load(version.projectId),
    ]);
    const stored = review ?? (await this.reviews.reviewUnstored(version.projectId, version.id));
    if (!stored) throw new Error(`skill version ${version.id} vanished while its review was read`);
    return asType(reviewView(stored, suppressions, blockSeverity));
  }
}

@Resolver(() => FindingSuppressionType)
export class FindingSuppressionResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: "The name of the API key that suppressed it; null for the platform credential or an unnamed key.",
  })
  byName(@Root() suppression: FindingSuppressionType, @Ctx() ctx: AuthContext): Promise<string | null> {
    return authorName(ctx, suppression.projectId, suppression.by);
  }
}
