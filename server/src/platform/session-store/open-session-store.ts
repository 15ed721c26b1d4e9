import type { InvalidationBus } from "../cache/invalidation-bus";
import type { RedisLink } from "../redis/redis-link";
import { FileSessionStore } from "./file-session-store";
import { MemorySessionStore } from "./memory-session-store";
import { RedisSessionStore } from "./redis-session-store";
import type { SessionStore } from "./session-store";

export interface SessionStoreSettings {
  kind: "memory" | "file" | "redis";
  path: string;
  /** Redis at REDIS_URL, when set. */
  redis: RedisLink | undefined;
  ttlSecs: number;
  /** Every instance's bus: a redis store keeps the logs it read and drops them when any instance records. */
  bus?: InvalidationBus;
}

/** The store SESSION_STORE names (api.md: memory by default, file in SESSION_STORE_PATH, redis at REDIS_URL). */
export async function openSessionStore(settings: SessionStoreSettings): Promise<SessionStore> {
  const options = { ttlSecs: settings.ttlSecs };
  switch (settings.kind) {
    case "file":
      return FileSessionStore.open(settings.path, options);
    case "redis":
      if (!settings.redis) throw new Error("SESSION_STORE=redis needs REDIS_URL.");
      return RedisSessionStore.connect(settings.redis, { ...options, bus: settings.bus });
    case "memory":
      return new MemorySessionStore(options);
  }
}
