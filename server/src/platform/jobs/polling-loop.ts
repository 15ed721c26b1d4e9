import type { OutageLog } from "../db/outage-log";

/**
 * The schedule of a background worker: one pass at a time, the next one at once when the pass says there is more
 * (or something woke the loop meanwhile), else after the poll interval. A pass that throws is reported and the loop
 * goes on — a pass that failed because the database is unavailable goes to the outage log instead (SEC-20: one line
 * per outage, not one per pass). `stop` schedules nothing more and waits for the pass in flight.
 */
export class PollingLoop {
  private active = false;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private wakeRequested = false;

  constructor(
    /** One pass; true when there may be more to do right away. */
    private readonly runPass: () => Promise<boolean>,
    private readonly onPassError: (error: unknown) => void,
    private pollIntervalMs: number,
    private readonly outage?: OutageLog,
  ) {}

  /** False once stopped: a pass in flight checks it to claim nothing more. */
  get running(): boolean {
    return this.active;
  }

  start(overrides: { pollIntervalMs?: number } = {}): void {
    if (overrides.pollIntervalMs !== undefined) this.pollIntervalMs = overrides.pollIntervalMs;
    if (this.active) return;
    this.active = true;
    this.schedule(0);
  }

  /** Runs a pass now, or right after the one in flight. */
  wake(): void {
    if (!this.active) return;
    if (this.pass) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pass;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wakeRequested = false;
      this.pass = this.runPass().then(
        (more) => this.afterPass(more),
        (error: unknown) => {
          if (!this.outage?.noteIfUnavailable(error)) this.onPassError(error);
          this.afterPass(false);
        },
      );
    }, delayMs);
    this.timer.unref();
  }

  private afterPass(more: boolean): void {
    this.pass = null;
    if (this.active) this.schedule(more || this.wakeRequested ? 0 : this.pollIntervalMs);
  }
}
