import type { Logger } from "../logger";
import { isDatabaseUnavailable } from "./database";

/**
 * SEC-20: a database outage is logged once, when it starts, and once more when the database is reachable again;
 * the requests and the background workers' passes in between fail without a log line each (requests answer 503).
 * One per process, shared by the HTTP server and the workers. While down, `probe` (the readiness check) runs every
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

  /** True (and noted) when `error` means the database is unavailable; false for any other error. */
  noteIfUnavailable(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.noteUnavailable(error);
    return true;
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
      "database unavailable: requests answer SERVICE_UNAVAILABLE (503) and background workers wait until it is reachable again",
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
