import { Redis } from "ioredis";
import type { Logger } from "../logger";

/**
 * SEC-21: Redis is optional, so nothing on a request's path waits for it beyond a small bound. Every connection to
 * it is made here, with a command timeout and no offline queue (a command sent while it is disconnected fails at
 * once instead of waiting for a reconnect), and its health is measured: each connection is pinged with a deadline,
 * and a command that failed or timed out has them pinged at once. While unhealthy the users of the link (the
 * invalidation bus, the redis session store) skip Redis and degrade; the outage is logged once when it starts and
 * once when Redis answers again, and `/readyz` names it in its details (the instance stays ready).
 */
export interface RedisLinkOptions {
  /** The longest a command may take before it fails (and Redis counts as down). */
  commandTimeoutMs?: number;
  /** How often every connection is pinged. */
  pingIntervalMs?: number;
  /** A ping not answered within this is a failed ping. */
  pingDeadlineMs?: number;
}

export const REDIS_COMMAND_TIMEOUT_MS = 200;
const PING_INTERVAL_MS = 1000;
const PING_DEADLINE_MS = 1000;

/** What each user of the link does while Redis is down, for the log line and /readyz (e.g. "caches live 5 s"). */
export type DegradedBehaviour = () => string;

export class RedisLink {
  private readonly clients: Redis[] = [];
  private readonly handlers: Array<(healthy: boolean) => void> = [];
  private readonly behaviours: DegradedBehaviour[] = [];
  private readonly commandTimeoutMs: number;
  private readonly pingDeadlineMs: number;
  private readonly timer: NodeJS.Timeout;
  private up = true;
  /** A command failed and the pings that decide are under way: nothing is sent meanwhile. */
  private suspect = false;
  private since = 0;
  private reason = "";
  private checking: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    options: RedisLinkOptions = {},
  ) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
    this.pingDeadlineMs = options.pingDeadlineMs ?? PING_DEADLINE_MS;
    this.timer = setInterval(() => void this.check(), options.pingIntervalMs ?? PING_INTERVAL_MS);
    this.timer.unref();
  }

  /** True while every connection answers its pings (the outage state that is logged and shown on /readyz). */
  get healthy(): boolean {
    return this.up;
  }

  /**
   * Whether to send a command now: healthy, and no command failed since the last round of pings. So a request waits
   * for a hung Redis at most once, the command timeout, however many commands it has.
   */
  get usable(): boolean {
    return this.up && !this.suspect;
  }

  /** Told on every change of health (after the change was logged). */
  onChange(handler: (healthy: boolean) => void): void {
    this.handlers.push(handler);
  }

  /** A user's degraded behaviour, named in the outage's log line and on /readyz. */
  describeDegraded(behaviour: DegradedBehaviour): void {
    this.behaviours.push(behaviour);
  }

  /** Null while healthy; else what is down since when and what that means, for /readyz. */
  detail(): string | null {
    if (this.up) return null;
    return `Redis has not answered since ${new Date(this.since).toISOString()} (${this.reason}): ${this.consequences()}.`;
  }

  /**
   * A connection whose commands fail after `commandTimeoutMs` and at once while it is disconnected (no offline
   * queue, no resending of unanswered commands after a reconnect); it reconnects by itself within a second or so.
   */
  async connect(name: string): Promise<Redis> {
    const client = new Redis(this.url, {
      lazyConnect: true,
      connectionName: `skillgraph-${name}`,
      commandTimeout: this.commandTimeoutMs,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 200, 1000),
    });
    client.on("error", (error: unknown) => this.logger.debug({ err: error, connection: name }, "redis error"));
    client.on("close", () => this.markDown(`connection ${name} closed`));
    // Back only once every connection answers a ping (a fresh connection may still be resubscribing).
    client.on("ready", () => void this.check());
    await client.connect();
    this.clients.push(client);
    return client;
  }

  /**
   * A command failed or timed out: nothing more is sent until every connection has been pinged, now; Redis counts as
   * down unless all answer (a command that only lost a race with a busy event loop does not take it down, nor clear
   * every cache). Resolves after the pings.
   */
  noteFailure(error: unknown): Promise<void> {
    this.logger.debug({ err: error }, "redis command failed; pinging");
    this.suspect = true;
    return this.check();
  }

  /** Pings every connection with a deadline; healthy when all answered. */
  private check(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return (this.checking ??= this.pingAll().finally(() => (this.checking = null)));
  }

  private async pingAll(): Promise<void> {
    const failures = await Promise.all(this.clients.map((client) => this.ping(client)));
    const failure = failures.find((f) => f !== null);
    if (this.closed) return;
    this.suspect = false;
    if (failure) this.markDown(failure);
    else this.markUp();
  }

  private async ping(client: Redis): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer to a ping within ${this.pingDeadlineMs} ms`), this.pingDeadlineMs);
    });
    try {
      return await Promise.race([client.ping().then(() => null), deadline]);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private consequences(): string {
    return this.behaviours.map((b) => b()).join("; ");
  }

  private markDown(reason: string): void {
    if (this.closed || !this.up) return;
    this.up = false;
    this.since = Date.now();
    this.reason = reason;
    this.logger.warn({ reason }, `redis unreachable: ${this.consequences()} until it answers again`);
    for (const handler of this.handlers) handler(false);
  }

  private markUp(): void {
    if (this.up) return;
    this.up = true;
    this.logger.warn({ downMs: Date.now() - this.since }, "redis reachable again");
    for (const handler of this.handlers) handler(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}
