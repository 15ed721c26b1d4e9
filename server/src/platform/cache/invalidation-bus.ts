import type { Redis } from "ioredis";
import { Client } from "pg";
import type { Logger } from "../logger";
import type { RedisLink } from "../redis/redis-link";

/**
 * Tells every server instance that a cached key is stale (a skill's live pointer moved, an agent was published).
 * Publishing also notifies this instance's own subscribers, synchronously, before it returns.
 */
export interface InvalidationBus {
  publish(topic: string, key: string): Promise<void>;
  subscribe(topic: string, handler: (key: string) => void): void;
  /**
   * Connection news: `down` when messages from other instances may be missed from now on, `up` when they flow
   * again (what was missed meanwhile is unknown, so caches forget everything).
   */
  onConnection(handler: (state: "up" | "down") => void): void;
  /** False while other instances' messages may be missed. */
  readonly connected: boolean;
  /**
   * PostgreSQL's NOTIFY only: `key`'s message on `topic` for a statement to send itself (`pg_notify(channel,
   * payload)`: the other instances hear it when that statement commits, like its rows; nothing if it rolls back);
   * null on the other buses. The statement's sender then tells this instance's handlers with `deliverHere`.
   */
  notice(topic: string, key: string): { channel: string; payload: string } | null;
  /** This instance's handlers of `topic` only (what `publish` does before it broadcasts). */
  deliverHere(topic: string, key: string): void;
  close(): Promise<void>;
}

/** The key that invalidates every key of a topic. */
export const EVERY_KEY = "*";

/** While the bus is down, a cache entry lives this long: another instance's change shows within it (SEC-19). */
export const DEGRADED_TTL_MS = 5_000;
const DEGRADED_TTL_SECS = DEGRADED_TTL_MS / 1000;

// NOTIFY payloads are limited to 8000 bytes; keys are ids and names, far below that.
const CHANNEL = "skillgraph_invalidate";

abstract class BaseBus implements InvalidationBus {
  private readonly handlers = new Map<string, Array<(key: string) => void>>();
  private readonly connectionHandlers: Array<(state: "up" | "down") => void> = [];
  protected readonly origin = Math.random().toString(36).slice(2);
  connected = true;

  onConnection(handler: (state: "up" | "down") => void): void {
    this.connectionHandlers.push(handler);
  }

  protected connectionChanged(state: "up" | "down"): void {
    if (this.connected === (state === "up")) return;
    this.connected = state === "up";
    for (const handler of this.connectionHandlers) handler(state);
  }

  subscribe(topic: string, handler: (key: string) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  protected deliver(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }

  protected receive(message: string): void {
    try {
      const [origin, topic, key] = JSON.parse(message) as [string, string, string];
      if (origin !== this.origin) this.deliver(topic, key);
    } catch {
      // A malformed message cannot name a key; nothing to drop.
    }
  }

  async publish(topic: string, key: string): Promise<void> {
    this.deliver(topic, key);
    await this.broadcast(this.message(topic, key), topic, key);
  }

  notice(_topic: string, _key: string): { channel: string; payload: string } | null {
    return null;
  }

  deliverHere(topic: string, key: string): void {
    this.deliver(topic, key);
  }

  protected message(topic: string, key: string): string {
    return JSON.stringify([this.origin, topic, key]);
  }

  protected abstract broadcast(message: string, topic: string, key: string): Promise<void>;
  abstract close(): Promise<void>;
}

/** One process (the embedded SQLite default): local delivery only. */
export class LocalBus extends BaseBus {
  protected async broadcast(): Promise<void> {}
  async close(): Promise<void> {}
}

/** PostgreSQL LISTEN/NOTIFY on a dedicated connection; reconnects after the database restarts. */
export class PostgresBus extends BaseBus {
  private client: Client | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  override notice(topic: string, key: string): { channel: string; payload: string } {
    return { channel: CHANNEL, payload: this.message(topic, key) };
  }

  static async connect(url: string, logger: Logger): Promise<PostgresBus> {
    const bus = new PostgresBus(url, logger);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    client.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload) this.receive(n.payload);
    });
    client.on("error", (error) => {
      this.logger.warn({ err: error }, "invalidation listener lost its connection; reconnecting");
      this.client = null;
      this.connectionChanged("down");
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        () => this.connectionChanged("up"),
        () => this.scheduleReconnect(),
      );
    }, 500).unref();
  }

  /** Messages waiting for the statement in flight; each waiter settles with the statement that sent its message. */
  private queued: Array<{ message: string; settle: (error?: unknown) => void }> = [];
  private sending = false;

  /**
   * One statement in flight on the connection at a time (pg queues overlapping queries on a client, deprecated in
   * pg 9); what arrives meanwhile goes out together in the next statement, one NOTIFY per message.
   */
  protected broadcast(message: string): Promise<void> {
    if (!this.client) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queued.push({ message, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.sending) void this.sendQueued();
    });
  }

  private async sendQueued(): Promise<void> {
    this.sending = true;
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0);
      let failure: unknown;
      try {
        if (this.client) {
          await this.client.query("SELECT pg_notify($1, m) FROM unnest($2::text[]) AS m", [
            CHANNEL,
            batch.map((b) => b.message),
          ]);
        }
      } catch (error) {
        failure = error ?? new Error("pg_notify failed");
      }
      for (const b of batch) b.settle(failure);
    }
    this.sending = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

/** Invalidations kept while Redis is down, per topic; past this many a topic's whole cache is dropped instead. */
const MAX_PENDING_KEYS = 1000;

/**
 * Redis pub/sub (when REDIS_URL is set): shared by every instance whatever the database. SEC-21: a publish waits for
 * Redis at most the link's command timeout, and not at all while the link knows Redis is down; the invalidations
 * that could not be sent are sent when Redis answers again (and every instance drops its caches then, since it may
 * have missed messages too). `connected` is false while the subscriber is disconnected or the link is unhealthy
 * (a hung Redis keeps its connections open), so caches live briefly meanwhile.
 */
export class RedisBus extends BaseBus {
  private readonly pending = new Map<string, Set<string>>();
  private subscribed = true;

  private constructor(
    private readonly link: RedisLink,
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly logger: Logger,
  ) {
    super();
  }

  static async connect(link: RedisLink, logger: Logger): Promise<RedisBus> {
    const [pub, sub] = await Promise.all([link.connect("bus-publisher"), link.connect("bus-subscriber")]);
    const bus = new RedisBus(link, pub, sub, logger);
    sub.on("message", (channel: string, message: string) => {
      if (channel === CHANNEL) bus.receive(message);
    });
    sub.on("ready", () => bus.subscriberChanged(true));
    sub.on("close", () => bus.subscriberChanged(false));
    link.onChange(() => bus.healthChanged());
    link.describeDegraded(
      () =>
        `this instance keeps cached skills, agents and keys only ${DEGRADED_TTL_SECS} s (other instances' changes show within that)`,
    );
    await sub.subscribe(CHANNEL);
    return bus;
  }

  private subscriberChanged(ready: boolean): void {
    this.subscribed = ready;
    this.healthChanged();
  }

  private healthChanged(): void {
    const up = this.subscribed && this.link.healthy;
    this.connectionChanged(up ? "up" : "down");
    if (up) void this.resend();
  }

  protected async broadcast(message: string, topic: string, key: string): Promise<void> {
    if (!this.link.usable) return this.keep(topic, key);
    try {
      await this.pub.publish(CHANNEL, message);
    } catch (error) {
      this.keep(topic, key);
      // Pinged at once: down (sent again when it answers) or, if it was only slow, sent again now.
      void this.link.noteFailure(error).then(() => {
        if (this.link.healthy) void this.resend();
      });
    }
  }

  private keep(topic: string, key: string): void {
    const keys = this.pending.get(topic) ?? new Set<string>();
    this.pending.set(topic, keys);
    if (keys.has(EVERY_KEY)) return;
    if (key !== EVERY_KEY && keys.size < MAX_PENDING_KEYS) {
      keys.add(key);
      return;
    }
    keys.clear();
    keys.add(EVERY_KEY);
  }

  /** What could not be sent while Redis was down, sent now; kept again if Redis fails meanwhile. */
  private async resend(): Promise<void> {
    if (this.pending.size === 0) return;
    const missed = [...this.pending].flatMap(([topic, keys]) => [...keys].map((key) => [topic, key] as const));
    this.pending.clear();
    for (const [topic, key] of missed) await this.broadcast(this.message(topic, key), topic, key);
    this.logger.info({ invalidations: missed.length }, "invalidations missed while redis was down sent again");
  }

  /** The link closes the connections (with every other user's). */
  async close(): Promise<void> {}
}
