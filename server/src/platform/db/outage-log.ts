import type { Logger } from "../logger";

/**
 * SEC-20: a database outage is logged once, when it starts, and once more when the database is reachable again;
 * the requests in between answer 503 without a log line each. While down, `probe` (the readiness check) runs every
 * `probeMs` to notice the recovery.
 */
export class OutageLog {
  private down = false;
  private timer: NodeJS.Timeout | null = null;
  private since = 0;

  constructor(
    private readonly logger: Logger,
    private readonly probe: () => Promise<boolean>,
    private readonly probeMs = 1000,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  noteUnavailable(error: unknown, requestId?: string): void {
    if (this.down) {
      this.logger.debug({ requestId }, "database still unavailable");
      return;
    }
    this.down = true;
    this.since = Date.now();
    this.logger.error(
      { err: error, requestId },
      "database unavailable: requests answer SERVICE_UNAVAILABLE (503) until it is reachable again",
    );
    this.timer = setInterval(() => void this.check(), this.probeMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    if (!this.down || !(await this.probe().catch(() => false))) return;
    this.down = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.logger.warn({ downMs: Date.now() - this.since }, "database reachable again");
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
