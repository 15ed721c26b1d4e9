import type { Database } from "../../platform/db/database";
import { PollingLoop } from "../../platform/jobs/polling-loop";
import type { Logger } from "../../platform/logger";
import { CallRepository } from "./call.repository";

/**
 * RT-11: call events live for the retention period; afterwards they go, and those calls read `loaded: null`. A
 * periodic job (every minute, the first a minute after start) deletes what expired; a pass that fails is logged.
 */
export class CallRetention {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Database,
    logger: Logger,
    private readonly intervalMs = 60_000,
  ) {
    this.loop = new PollingLoop(
      async () => {
        await this.expireEvents();
        return false;
      },
      (error) => logger.warn({ err: error }, "call event retention failed"),
      intervalMs,
    );
  }

  start(): void {
    this.loop.start({ firstPassAfterMs: this.intervalMs });
  }

  /** Schedules nothing more and waits for a pass in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Deletes the events past their expiry and marks their calls; returns how many events went. */
  expireEvents(now = new Date()): Promise<number> {
    return this.db.write((tx) => new CallRepository(tx.manager).expireEvents(now));
  }
}
