import { LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { ContentReviewEntity, FindingSuppressionEntity } from "./content-review.entity";
import type { ReviewService } from "./review.service";
import type { Severity } from "./scanner";

export const REVIEW_BY_VERSION = new LoaderKey<
  string,
  { review: ContentReviewEntity | null; suppressions: FindingSuppressionEntity[] }
>("contentReviewByVersion");
export const BLOCK_SEVERITY_BY_PROJECT = new LoaderKey<string, Severity | null>("blockSeverityByProject");

export function registerReviewLoaders(registry: LoaderRegistry, review: ReviewService): void {
  registry.register(REVIEW_BY_VERSION, (ids) => review.reviewsOf(ids));
  registry.register(BLOCK_SEVERITY_BY_PROJECT, (ids) => review.blockSeverities(ids));
}
