import type { OutageLog } from "../../platform/db/outage-log";
import { PollingWorker } from "../../platform/jobs/polling-worker";
import type { Logger } from "../../platform/logger";
import type { RolloutService } from "./rollout.service";

/**
 * RO-5, RO-6: every `ROLLOUT_CHECK_INTERVAL_MS` each running or paused rollout is checked (integrity, guards, the
 * step's time). Any number of instances may run it: each decision is taken under the rollout's row lock on the row
 * as it is then (RolloutService), so two workers never both advance, publish or roll back.
 */
export class RolloutWorker extends PollingWorker {
  constructor(
    private readonly rollouts: Pick<RolloutService, "activeIds" | "checkById">,
    private readonly logger: Logger,
    options: { intervalMs: number; outage?: OutageLog },
  ) {
    super({ logger, what: "rollout check", pollIntervalMs: options.intervalMs, outage: options.outage });
  }

  /** One pass over every active rollout; one that fails is logged and the others are still checked. */
  async pass(): Promise<boolean> {
    for (const id of await this.rollouts.activeIds()) {
      try {
        await this.rollouts.checkById(id);
      } catch (error) {
        this.logger.warn({ err: error, rolloutId: id }, "rollout check failed");
      }
    }
    return false;
  }
}
