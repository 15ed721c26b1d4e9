import { Redis } from "ioredis";
import {
  invocationIdentity,
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

/** Redis or Valkey, shared by every instance, so any instance can serve the next turn (GW-6). */
export class RedisSessionStore implements SessionStore {
  readonly kind = "redis" as const;
  private readonly maxInvocations: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: SessionStoreOptions & { prefix?: string },
  ) {
    this.maxInvocations = options.maxInvocations ?? MAX_INVOCATIONS_PER_LOG;
  }

  static async connect(url: string, options: SessionStoreOptions & { prefix?: string }): Promise<RedisSessionStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    return new RedisSessionStore(redis, options);
  }

  private keys(key: SessionLogKey): [string, string] {
    // The hash tag keeps both keys of a log in one slot of a Redis cluster.
    const base = `${this.options.prefix ?? "skillgraph:skills"}:{${logDigest(key)}}`;
    return [`${base}:ids`, `${base}:log`];
  }

  async read(key: SessionLogKey): Promise<SkillInvocation[]> {
    const entries = await this.redis.lrange(this.keys(key)[1], 0, -1);
    return entries.map((e) => JSON.parse(e) as SkillInvocation);
  }

  async record(key: SessionLogKey, invocation: SkillInvocation): Promise<RecordOutcome> {
    const [ids, log] = this.keys(key);
    const outcome = await this.redis.eval(
      RECORD,
      2,
      ids,
      log,
      invocationIdentity(invocation),
      JSON.stringify(invocation),
      String(this.maxInvocations),
      String(this.options.ttlSecs),
    );
    return outcome as RecordOutcome;
  }

  /** Seconds the log has left (-1: no expiry, -2: no log); for tests and operators. */
  ttlOf(key: SessionLogKey): Promise<number> {
    return this.redis.ttl(this.keys(key)[1]);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
