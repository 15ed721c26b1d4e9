import { LruCache } from "../cache/lru-cache";
import {
  invocationIdentity,
  logDigest,
  MAX_INVOCATIONS_PER_LOG,
  MEMORY_STORE_MAX_LOGS,
  type RecordOutcome,
  type SessionLogKey,
  type SessionStore,
  type SessionStoreOptions,
  type SkillInvocation,
} from "./session-store";

interface MemoryLog {
  invocations: SkillInvocation[];
  identities: Set<string>;
  /** epoch ms; null = never. */
  expiresAt: number | null;
}

/** Per process; the least recently used log goes past `maxLogs` (GW-6). */
export class MemorySessionStore implements SessionStore {
  readonly kind = "memory" as const;
  private readonly logs: LruCache<string, MemoryLog>;
  private readonly maxInvocations: number;

  constructor(
    private readonly options: SessionStoreOptions & { maxLogs?: number },
    private readonly now: () => number = Date.now,
  ) {
    this.logs = new LruCache(options.maxLogs ?? MEMORY_STORE_MAX_LOGS);
    this.maxInvocations = options.maxInvocations ?? MAX_INVOCATIONS_PER_LOG;
  }

  private live(digest: string): MemoryLog | undefined {
    const log = this.logs.get(digest);
    if (log && log.expiresAt !== null && log.expiresAt <= this.now()) {
      this.logs.delete(digest);
      return undefined;
    }
    return log;
  }

  async read(key: SessionLogKey): Promise<SkillInvocation[]> {
    return (this.live(logDigest(key))?.invocations ?? []).map((i) => ({ ...i, arguments: { ...i.arguments } }));
  }

  async record(key: SessionLogKey, invocation: SkillInvocation): Promise<RecordOutcome> {
    const digest = logDigest(key);
    const log = this.live(digest) ?? { invocations: [], identities: new Set<string>(), expiresAt: null };
    const identity = invocationIdentity(invocation);
    let outcome: RecordOutcome = "recorded";
    if (log.identities.has(identity)) outcome = "repeat";
    else if (log.identities.size >= this.maxInvocations) outcome = "full";
    else {
      log.identities.add(identity);
      log.invocations.push({ ...invocation, arguments: { ...invocation.arguments } });
    }
    log.expiresAt = this.options.ttlSecs > 0 ? this.now() + this.options.ttlSecs * 1000 : null;
    this.logs.set(digest, log);
    return outcome;
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}
