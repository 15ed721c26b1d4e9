import type { OutageLog } from "../../platform/db/outage-log";
import { PollingWorker } from "../../platform/jobs/polling-worker";
import type { Logger } from "../../platform/logger";
import type { ReviewService } from "./review.service";

/**
 * CR-5: reviews again, in the background, every live and draft version reviewed under other rules (a new release),
 * and every version never reviewed (an upgrade from a release without reviews: archived ones too, which lists read). Passes of 20 versions, one after another until none is
 * left, then a look every interval (another instance of an older release may still write).
 */
export class ReviewWorker extends PollingWorker {
  private afterId = "";

  constructor(
    private readonly review: ReviewService,
    private readonly logger: Logger,
    options: { intervalMs: number; outage?: OutageLog },
  ) {
    super({ logger, what: "content re-review", pollIntervalMs: options.intervalMs, outage: options.outage });
  }

  /** One batch; true while more may be stale. A version that fails is logged and the pass moves past it. */
  async pass(): Promise<boolean> {
    const { more, lastId } = await this.review.reReviewPass(20, this.afterId, (versionId, error) =>
      this.logger.error({ err: error, versionId }, "reviewing a skill version again failed"),
    );
    this.afterId = more ? lastId : "";
    return more;
  }

  /** Every stale version now (a test, or a start that must not serve unreviewed versions). */
  async drain(): Promise<void> {
    while (await this.pass());
  }
}
