import { createHash } from "node:crypto";
import type { Database, DbManager, Tx } from "../../platform/db/database";
import { Conflict, Forbidden, Invalid, NotFound } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import {
  checkContent,
  reviewableContentOf,
  reviewableOfChecked,
  type ContentReviewPort,
  type FileLimits,
  type ReviewableContent,
  type SkillContentInput,
  type SkillDigests,
} from "../skills";
import type { WebhookService } from "../webhooks";
import { ContentReviewEntity, FindingSuppressionEntity } from "./content-review.entity";
import { ReviewRepository } from "./review.repository";
import { blockingFindings, findingRef, reviewView, type FindingView, type ReviewView } from "./review-view";
import { reviewSkill, RULES_VERSION, type ReviewResult, type ScannerOptions, type Severity } from "./scanner";

/** The publish policy's block severity of a project (CR-3), read through the caller's manager; approvals owns it. */
export type BlockSeverityOf = (manager: DbManager, projectId: string) => Promise<Severity | null>;

const MAX_REASON = 1000;

/**
 * CR-1, CR-3, CR-5: reviews stored with skill versions, the dry run, suppressions, the check the publish gate asks,
 * and the background re-review when the rules change.
 */
export class ReviewService {
  private scanner: ScannerOptions;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly digests: SkillDigests,
    private readonly webhooks: WebhookService,
    private readonly limits: FileLimits,
    private readonly blockSeverityOf: BlockSeverityOf,
  ) {
    this.scanner = { limits: { maxSkillMdBytes: 262_144, ...limits } };
  }

  get rulesVersion(): string {
    return this.scanner.rulesVersion ?? RULES_VERSION;
  }

  /** CR-5: other rules (a new release; tests add one). Versions reviewed under other rules are reviewed again. */
  useRules(rules: Pick<ScannerOptions, "rules" | "rulesVersion">): void {
    this.scanner = { ...this.scanner, ...rules };
  }

  review(content: ReviewableContent): Promise<ReviewResult> {
    return reviewSkill(content, this.scanner);
  }

  /** CR-1: the skills module's port — the scan before the write, the store inside it (an edit drops suppressions). */
  readonly forWrite: ContentReviewPort = async (content) => {
    const result = await this.review(content);
    return async (tx, target) => {
      const repo = new ReviewRepository(tx.manager);
      await repo.saveReview(this.entityOf(target.projectId, target.versionId, result));
      if (target.edited) await repo.dropSuppressions(target.versionId);
    };
  };

  /** CR-3: `reviewSkillContent`, the review of content that is not saved (the editor and the CLI ask it). */
  async dryRun(ctx: AuthContext, input: SkillContentInput, projectId?: string | null): Promise<ReviewView> {
    const scope = await this.auth.authorize(ctx, "editor", projectId);
    const content = checkContent(input, this.limits);
    const undecodable = content.problems.filter((p) => p.path.endsWith(".content_base64"));
    if (undecodable.length > 0)
      throw Invalid.of(
        undecodable,
        `The content could not be reviewed: ${undecodable.map((p) => p.message).join(" ")}`,
      );
    const result = await this.review(reviewableOfChecked(content));
    const blockSeverity = await this.db.read((m) => this.blockSeverityOf(m, scope.projectId));
    return reviewView({ ...result, reviewedAt: new Date() }, [], blockSeverity);
  }

  /**
   * CR-3: an admin suppresses one finding of a version with a reason, bound to the digest they reviewed (another
   * digest is CONFLICT `digest_changed`); audited `finding_suppressed`.
   */
  async suppress(
    ctx: AuthContext,
    input: { versionId: string; findingId: string; digest: string; reason: string },
  ): Promise<FindingView & { projectId: string }> {
    const scope = await this.auth.authorize(ctx, "admin");
    const reason = input.reason.trim();
    if (reason.length === 0 || reason.length > MAX_REASON) {
      throw Invalid.field(
        "reason",
        `reason must say why the finding is acceptable, in 1 to ${MAX_REASON} characters; it has ${reason.length}.`,
      );
    }
    return this.db.write(async (tx) => {
      const current = await this.digests.current(tx.manager, scope.projectId, input.versionId, { lock: true });
      if (!current) throw new NotFound("The skill version");
      const { version, digest } = current;
      if (input.digest !== digest) {
        throw new Conflict(
          `Version ${version.version} of '${version.name}' changed since you reviewed it: its digest is now ${digest}. Review its findings again and suppress against that digest.`,
          { reason: "digest_changed", digest },
        );
      }
      const review = await this.currentReview(tx, scope.projectId, version.id);
      const finding = review.findings.find((f) => f.id === input.findingId);
      if (!finding) throw new NotFound("The finding");
      const suppression = Object.assign(new FindingSuppressionEntity(), {
        versionId: version.id,
        findingId: finding.id,
        projectId: scope.projectId,
        digest,
        reason,
        suppressedBy: scope.actor,
        createdAt: new Date(),
      });
      await new ReviewRepository(tx.manager).saveSuppression(suppression);
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "skill",
        resourceId: version.id,
        action: "finding_suppressed",
        actor: scope.actor,
        data: { name: version.name, version: version.version, digest, finding: findingRef(finding), reason },
      });
      return {
        ...finding,
        suppressed: true,
        suppression: { reason, by: scope.actor, at: suppression.createdAt, projectId: scope.projectId },
        projectId: scope.projectId,
      };
    }, scope);
  }

  /**
   * CR-3, SEC-24: asked by the publish gate inside the publishing transaction. A version without a review of the
   * current rules is reviewed now; any finding at or above the block severity that is not suppressed refuses with
   * FORBIDDEN `{ reason: "review_findings", findings }`.
   */
  async requireNoBlockingFindings(
    tx: Tx,
    target: { projectId: string; versionId: string },
    blockSeverity: Severity | null,
  ): Promise<void> {
    if (blockSeverity === null) return;
    const review = await this.currentReview(tx, target.projectId, target.versionId);
    const suppressions = await new ReviewRepository(tx.manager).suppressionsOf([target.versionId]);
    const blocking = blockingFindings(reviewView(review, suppressions, blockSeverity).findings, blockSeverity);
    if (blocking.length === 0) return;
    const shown = blocking
      .slice(0, 3)
      .map((f) => `${f.rule} (${f.severity}) in ${f.path}${f.line ? ` line ${f.line}` : ""}`);
    throw new Forbidden(
      `The version cannot go live: its content review has ${blocking.length} finding${blocking.length === 1 ? "" : "s"} at or above ${blockSeverity} — ${shown.join("; ")}${blocking.length > 3 ? "; …" : ""}. Fix the content, or have an admin suppress each finding with a reason.`,
      { reason: "review_findings", findings: blocking.map(findingRef) },
    );
  }

  /** The version's stored review when it is of the current rules; else it is reviewed now and stored. */
  private async currentReview(tx: Tx, projectId: string, versionId: string): Promise<ContentReviewEntity> {
    const repo = new ReviewRepository(tx.manager);
    const stored = await repo.reviewOf(versionId);
    if (stored && stored.rulesVersion === this.rulesVersion) return stored;
    const found = await reviewableContentOf(tx.manager, projectId, versionId);
    if (!found) throw new NotFound("The skill version");
    const review = this.entityOf(projectId, versionId, await this.review(found.content));
    await repo.saveReview(review);
    return review;
  }

  // ---- reads for this module's loaders: the versions were read through a scoped query ----

  async reviewsOf(
    versionIds: readonly string[],
  ): Promise<Array<{ review: ContentReviewEntity | null; suppressions: FindingSuppressionEntity[] }>> {
    const [reviews, suppressions] = await this.db.read((m) => {
      const repo = new ReviewRepository(m);
      return Promise.all([repo.reviewsOf(versionIds), repo.suppressionsOf(versionIds)]);
    });
    const byVersion = new Map(reviews.map((r) => [r.versionId, r]));
    return versionIds.map((id) => ({
      review: byVersion.get(id) ?? null,
      suppressions: suppressions.filter((s) => s.versionId === id),
    }));
  }

  /** A version not reviewed yet (before the background pass reached it): reviewed now, not stored. */
  async reviewUnstored(projectId: string, versionId: string): Promise<ContentReviewEntity | null> {
    const found = await this.db.read((m) => reviewableContentOf(m, projectId, versionId));
    return found && this.entityOf(projectId, versionId, await this.review(found.content));
  }

  blockSeverities(projectIds: readonly string[]): Promise<Array<Severity | null>> {
    return this.db.read((m) => Promise.all(projectIds.map((id) => this.blockSeverityOf(m, id))));
  }

  // ---- CR-5: the background re-review ----

  /**
   * One pass: up to `limit` versions never reviewed (an upgrade), or live or draft ones reviewed under other rules,
   * are reviewed (again). A live
   * version that gains a blocking finding raises `version.flagged`. True when there may be more.
   */
  async reReviewPass(
    limit = 20,
    afterId = "",
    onError: (versionId: string, error: unknown) => void = (_id, error) => {
      throw error;
    },
  ): Promise<{ more: boolean; lastId: string }> {
    const stale = await this.db.read((m) => new ReviewRepository(m).staleVersions(this.rulesVersion, afterId, limit));
    for (const { id, projectId } of stale) {
      try {
        await this.reReview(id, projectId);
      } catch (error) {
        onError(id, error);
      }
    }
    return { more: stale.length === limit, lastId: stale.at(-1)?.id ?? afterId };
  }

  private async reReview(id: string, projectId: string): Promise<void> {
    {
      const found = await this.db.read((m) => reviewableContentOf(m, projectId, id));
      if (!found) return;
      const result = await this.review(found.content);
      await this.db.write(async (tx) => {
        const repo = new ReviewRepository(tx.manager);
        const before = await repo.reviewOf(id);
        const suppressions = await repo.suppressionsOf([id]);
        const blockSeverity = await this.blockSeverityOf(tx.manager, projectId);
        const entity = this.entityOf(projectId, id, result);
        await repo.saveReview(entity);
        if (found.version.state !== "published") return;
        const wasBlocking = new Set(
          before
            ? blockingFindings(reviewView(before, suppressions, blockSeverity).findings, blockSeverity).map((f) => f.id)
            : [],
        );
        const blocking = blockingFindings(reviewView(entity, suppressions, blockSeverity).findings, blockSeverity);
        if (!blocking.some((f) => !wasBlocking.has(f.id))) return;
        await this.webhooks.enqueue(tx, projectId, {
          // one event per version and rules version, however often a pass runs
          id: createHash("sha256")
            .update(`version.flagged\u0000${id}\u0000${this.rulesVersion}`)
            .digest("hex")
            .slice(0, 32),
          type: "version.flagged",
          timestamp: entity.reviewedAt,
          data: {
            version_id: id,
            name: found.version.name,
            version: found.version.version,
            highest: entity.highest,
            findings: blocking.map(findingRef),
          },
        });
      });
    }
  }

  private entityOf(projectId: string, versionId: string, result: ReviewResult): ContentReviewEntity {
    return Object.assign(new ContentReviewEntity(), {
      versionId,
      projectId,
      rulesVersion: result.rulesVersion,
      highest: result.highest,
      findings: result.findings,
      reviewedAt: new Date(),
    });
  }
}
