/**
 * Counts failed authentications per client address in a fixed one-minute window (SEC-8). Past the limit the
 * address gets 429 until the window ends. In-process: each instance limits on its own.
 */
export class AuthFailureLimiter {
  private readonly windows = new Map<string, { startedAt: number; failures: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  recordFailure(address: string): void {
    const window = this.current(address);
    window.failures += 1;
    if (this.windows.size > 10_000) this.prune();
  }

  isBlocked(address: string): boolean {
    const window = this.windows.get(address);
    return window !== undefined && this.now() - window.startedAt < this.windowMs && window.failures >= this.maxFailures;
  }

  /** False while no address failed: the hot path then need not work out the client's address. */
  get hasFailures(): boolean {
    return this.windows.size > 0;
  }

  private current(address: string) {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, failures: 0 };
      this.windows.set(address, window);
    }
    return window;
  }

  private prune(): void {
    const now = this.now();
    for (const [address, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(address);
    }
  }
}
