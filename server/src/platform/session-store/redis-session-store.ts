import type { Redis } from "ioredis";
import { InvalidatedCache } from "../cache/invalidated-cache";
import type { InvalidationBus } from "../cache/invalidation-bus";
import type { RedisLink } from "../redis/redis-link";
import {
  invocationIdentity,
  keptInvocation,
  logDigest,
  MAX_INVOCATIONS_PER_LOG,
  type RecordOutcome,
  type SessionLogKey,
  type SessionStore,
  type SessionStoreOptions,
  type SkillInvocation,
} from "./session-store";

// One atomic step per record: membership, the limit, the append and the time to live (GW-6, GW-7), so instances
// recording into the same log at once never exceed the limit nor store a repeat.
const RECORD = `
local outcome = 'recorded'
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
  outcome = 'repeat'
elseif redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  outcome = 'full'
else
  redis.call('SADD', KEYS[1], ARGV[1])
  redis.call('RPUSH', KEYS[2], ARGV[2])
end
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
else
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
end
return outcome
`;

export interface RedisSessionStoreOptions extends SessionStoreOptions {
  prefix?: string;
  /**
   * With a bus, this instance keeps the logs it read: the next turn of a conversation it served reads no Redis (a
   * round trip's p99 on a busy host was most of the gateway's own p99). Every record drops the log on every
   * instance through the bus, so another instance's record shows on the next read (SEC-19's rules while it is down).
   */
  bus?: InvalidationBus;
}

/** A log as kept by this instance, with the moment Redis forgets it (its time to live when it was read). */
interface KeptLog {
  entries: SkillInvocation[];
  expiresAt: number;
}

const KEPT_LOGS = 10_000;

/**
 * Redis or Valkey, shared by every instance, so any instance can serve the next turn (GW-6). SEC-21: a turn never
 * waits for Redis beyond the link's command timeout; while the link finds Redis unreachable, reads answer an empty
 * log (the turn runs without replaying earlier skill calls) and records answer `unavailable`, without trying.
 */
export class RedisSessionStore implements SessionStore {
  readonly kind = "redis" as const;
  private readonly maxInvocations: number;
  private readonly kept: InvalidatedCache<string, KeptLog> | null;

  private constructor(
    private readonly link: RedisLink,
    private readonly redis: Redis,
    private readonly options: RedisSessionStoreOptions,
  ) {
    this.maxInvocations = options.maxInvocations ?? MAX_INVOCATIONS_PER_LOG;
    this.kept = options.bus ? new InvalidatedCache(options.bus, "session-logs", KEPT_LOGS) : null;
  }

  static async connect(link: RedisLink, options: RedisSessionStoreOptions): Promise<RedisSessionStore> {
    link.describeDegraded(() => "gateway turns do not replay skills loaded on earlier turns, nor record new ones");
    return new RedisSessionStore(link, await link.connect("session-store"), options);
  }

  /** `work` against Redis, or `fallback` when the link says not to try or the command fails (reported to it). */
  private async attempt<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    if (!this.link.usable) return fallback;
    try {
      return await work();
    } catch (error) {
      void this.link.noteFailure(error);
      return fallback;
    }
  }

  private keys(key: SessionLogKey): [string, string] {
    // The hash tag keeps both keys of a log in one slot of a Redis cluster.
    const base = `${this.options.prefix ?? "skillgraph:skills"}:{${logDigest(key)}}`;
    return [`${base}:ids`, `${base}:log`];
  }

  async read(key: SessionLogKey): Promise<SkillInvocation[]> {
    const log = this.keys(key)[1];
    if (!this.kept) return this.attempt(async () => this.parse(await this.redis.lrange(log, 0, -1)), []);
    const kept = this.kept.get(log);
    if (kept && kept.expiresAt > Date.now()) return [...kept.entries];
    const token = this.kept.readToken();
    // PTTL counts from when Redis ran the read, which is after it was sent: the kept copy's end is counted from the
    // send, so it never outlives the log in Redis (from the answer's arrival it would, by the round trip, longer on a
    // busy host).
    const sent = Date.now();
    const answered = await this.attempt(async () => {
      const results = await this.redis.pipeline().lrange(log, 0, -1).pttl(log).exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (!results || failed) throw failed ?? new Error("the pipeline was not run");
      return results as [[null, string[]], [null, number]];
    }, null);
    if (!answered) return [];
    const [[, entries], [, ttlMs]] = answered;
    const read = this.parse(entries);
    // PTTL: -1 no time to live, -2 no log (kept empty until a record anywhere drops it).
    this.kept.setIfCurrent(token, log, {
      entries: read,
      expiresAt: ttlMs >= 0 ? sent + ttlMs : Number.POSITIVE_INFINITY,
    });
    return [...read];
  }

  private parse(entries: readonly string[]): SkillInvocation[] {
    return entries.map((e) => keptInvocation(JSON.parse(e) as SkillInvocation));
  }

  async record(key: SessionLogKey, invocation: SkillInvocation): Promise<RecordOutcome> {
    const [ids, log] = this.keys(key);
    const outcome = await this.attempt(
      async () =>
        (await this.redis.eval(
          RECORD,
          2,
          ids,
          log,
          invocationIdentity(invocation),
          JSON.stringify(invocation),
          String(this.maxInvocations),
          String(this.options.ttlSecs),
        )) as RecordOutcome,
      "unavailable",
    );
    // Every outcome restarted the log's time to live, and "recorded" changed it: no instance keeps the old one
    // (nor, after a timeout, a log the record may have changed after all).
    await this.kept?.invalidate(log);
    return outcome;
  }

  /** Seconds the log has left (-1: no expiry, -2: no log); for tests and operators. */
  ttlOf(key: SessionLogKey): Promise<number> {
    return this.redis.ttl(this.keys(key)[1]);
  }

  /** The link closes the connection (with every other user's). */
  async close(): Promise<void> {}
}
