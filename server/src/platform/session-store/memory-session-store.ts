import {
  invocationIdentity,
  keptInvocation,
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

/**
 * Per process; past `maxLogs` the least recently used log goes (GW-6), exactly: a Map in order of use, a log moved
 * to its end on every read and record. (Not `LruCache`: its second chance approximates recency, and can drop the log
 * read last when every log was read since it last came round; one move per turn costs nothing here.)
 */
export class MemorySessionStore implements SessionStore {
  readonly kind = "memory" as const;
  private readonly logs = new Map<string, MemoryLog>();
  private readonly maxLogs: number;
  private readonly maxInvocations: number;

  constructor(
    private readonly options: SessionStoreOptions & { maxLogs?: number },
    private readonly now: () => number = Date.now,
  ) {
    this.maxLogs = options.maxLogs ?? MEMORY_STORE_MAX_LOGS;
    this.maxInvocations = options.maxInvocations ?? MAX_INVOCATIONS_PER_LOG;
  }

  /** The log, now the most recently used; an expired one is dropped. */
  private live(digest: string): MemoryLog | undefined {
    const log = this.logs.get(digest);
    if (log === undefined) return undefined;
    this.logs.delete(digest);
    if (log.expiresAt !== null && log.expiresAt <= this.now()) return undefined;
    this.logs.set(digest, log);
    return log;
  }

  async read(key: SessionLogKey): Promise<SkillInvocation[]> {
    const log = this.live(logDigest(key));
    return log === undefined ? [] : [...log.invocations];
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
      log.invocations.push(keptInvocation(invocation));
    }
    log.expiresAt = this.options.ttlSecs > 0 ? this.now() + this.options.ttlSecs * 1000 : null;
    this.logs.set(digest, log);
    for (const oldest of this.logs.keys()) {
      if (this.logs.size <= this.maxLogs) break;
      this.logs.delete(oldest);
    }
    return outcome;
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}
