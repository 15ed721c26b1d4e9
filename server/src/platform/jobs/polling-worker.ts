import type { OutageLog } from "../db/outage-log";
import type { Logger } from "../logger";
import { PollingLoop } from "./polling-loop";

/**
 * A background worker over its PollingLoop: `start`, `wake` and `stop` as every worker offers them, `running` for a
 * pass to check before it claims more, and a failed pass logged as `<what> pass failed`. A worker says what one pass
 * does.
 */
export abstract class PollingWorker {
  private readonly loop: PollingLoop;

  protected constructor(options: { logger: Logger; what: string; pollIntervalMs: number; outage?: OutageLog }) {
    const { logger, what } = options;
    this.loop = new PollingLoop(
      () => this.pass(),
      (error) => logger.error({ err: error, ...this.logContext() }, `${what} pass failed`),
      options.pollIntervalMs,
      options.outage,
    );
  }

  /** One pass; true when there may be more to do right away. */
  protected abstract pass(): Promise<boolean>;

  /** What a failed pass's log line carries besides the error (a worker's id). */
  protected logContext(): Record<string, unknown> {
    return {};
  }

  /** The first pass runs at once, or after `firstPassAfterMs`; `pollIntervalMs` replaces the configured interval. */
  start(overrides: { pollIntervalMs?: number; firstPassAfterMs?: number } = {}): void {
    this.loop.start(overrides);
  }

  /** Runs a pass now, or right after the one in flight. */
  wake(): void {
    this.loop.wake();
  }

  /** Schedules nothing more and waits for the pass in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** False once stopped: a pass in flight checks it to claim nothing more. */
  protected get running(): boolean {
    return this.loop.running;
  }
}
