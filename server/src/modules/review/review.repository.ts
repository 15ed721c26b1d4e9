import { In } from "typeorm";
import { BaseRepository } from "../../platform/db/repository";
import { SkillVersionEntity } from "../skills";
import { ContentReviewEntity, FindingSuppressionEntity } from "./content-review.entity";

/** The only place that builds queries on content reviews and suppressions. */
export class ReviewRepository extends BaseRepository {
  private get reviews() {
    return this.m.getRepository(ContentReviewEntity);
  }

  private get suppressions() {
    return this.m.getRepository(FindingSuppressionEntity);
  }

  reviewOf(versionId: string): Promise<ContentReviewEntity | null> {
    return this.reviews.findOneBy({ versionId });
  }

  reviewsOf(versionIds: readonly string[]): Promise<ContentReviewEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    return this.reviews.findBy({ versionId: In([...versionIds]) });
  }

  async saveReview(review: ContentReviewEntity): Promise<void> {
    const { version: _version, ...row } = review;
    await this.reviews.upsert(row, ["versionId"]);
  }

  suppressionsOf(versionIds: readonly string[]): Promise<FindingSuppressionEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    return this.suppressions.find({ where: { versionId: In([...versionIds]) }, order: { createdAt: "ASC" } });
  }

  async saveSuppression(suppression: FindingSuppressionEntity): Promise<void> {
    const { version: _version, ...row } = suppression;
    await this.suppressions.upsert(row, ["versionId", "findingId"]);
  }

  /** CR-3: an edit drops the version's suppressions, as it outdates approvals. */
  async dropSuppressions(versionId: string): Promise<void> {
    await this.suppressions.delete({ versionId });
  }

  /**
   * CR-5: live and draft versions whose review is missing or of other rules, live ones first (a draft is reviewed
   * again by the publish gate anyway). Keyset on the id so a version that fails does not hold up the rest.
   */
  async staleVersions(
    rulesVersion: string,
    afterId: string,
    limit: number,
  ): Promise<Array<{ id: string; projectId: string }>> {
    const rows = await this.m
      .createQueryBuilder(SkillVersionEntity, "v")
      .leftJoin(ContentReviewEntity, "r", "r.version_id = v.id")
      .select(["v.id AS id", "v.project_id AS project_id"])
      // never reviewed, whatever its state (an archived one is still read in lists and history); reviewed under
      // other rules only matters for what may be served or published
      .where("(r.version_id IS NULL OR (v.state IN (:...states) AND r.rules_version <> :rulesVersion))", {
        states: ["published", "draft"],
        rulesVersion,
      })
      .andWhere("v.id > :afterId", { afterId })
      .orderBy("v.id", "ASC")
      .limit(limit)
      .getRawMany<{ id: string; project_id: string }>();
    return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
  }
}
