import { Client } from "pg";
import type { Logger } from "../logger";

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
  close(): Promise<void>;
}

/** The key that invalidates every key of a topic. */
export const EVERY_KEY = "*";

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
    await this.broadcast(JSON.stringify([this.origin, topic, key]));
  }

  protected abstract broadcast(message: string): Promise<void>;
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

  protected async broadcast(message: string): Promise<void> {
    if (!this.client) return;
    await this.client.query("SELECT pg_notify($1, $2)", [CHANNEL, message]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

/** Redis pub/sub (when REDIS_URL is set): shared by every instance whatever the database. */
export class RedisBus extends BaseBus {
  private constructor(
    private readonly pub: import("ioredis").Redis,
    private readonly sub: import("ioredis").Redis,
  ) {
    super();
  }

  static async connect(url: string, logger: Logger): Promise<RedisBus> {
    const { Redis } = await import("ioredis");
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { lazyConnect: true });
    await Promise.all([pub.connect(), sub.connect()]);
    const bus = new RedisBus(pub, sub);
    sub.on("message", (channel: string, message: string) => {
      if (channel === CHANNEL) bus.receive(message);
    });
    sub.on("ready", () => bus.connectionChanged("up"));
    sub.on("close", () => bus.connectionChanged("down"));
    sub.on("error", (error: unknown) => logger.warn({ err: error }, "redis invalidation subscriber error"));
    pub.on("error", (error: unknown) => logger.warn({ err: error }, "redis invalidation publisher error"));
    await sub.subscribe(CHANNEL);
    return bus;
  }

  protected async broadcast(message: string): Promise<void> {
    await this.pub.publish(CHANNEL, message);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
