import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { LruCache } from "../cache/lru-cache";
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

interface StoredLog {
  /** epoch ms; null = never. */
  expiresAt: number | null;
  invocations: SkillInvocation[];
}

/**
 * One JSON file per log in a directory: survives restarts (GW-6). Each write goes to a temporary file that is then
 * renamed over the log, so a crash leaves the old log or the new one, never half of one. Writes to one log are
 * serialised in the process; instances sharing a directory should use Redis instead. As this process is the only
 * writer, the logs it read or wrote lately are also kept parsed in memory (write-through): a turn's replay reads no
 * file; a restarted process reads each log from its file once.
 */
export class FileSessionStore implements SessionStore {
  readonly kind = "file" as const;
  private readonly maxInvocations: number;
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Logs as their files hold them (null: no file), by digest. */
  private readonly parsed = new LruCache<string, StoredLog | null>(MEMORY_STORE_MAX_LOGS);

  private constructor(
    private readonly dir: string,
    private readonly options: SessionStoreOptions,
    private readonly now: () => number,
  ) {
    this.maxInvocations = options.maxInvocations ?? MAX_INVOCATIONS_PER_LOG;
  }

  static async open(
    dir: string,
    options: SessionStoreOptions,
    now: () => number = Date.now,
  ): Promise<FileSessionStore> {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return new FileSessionStore(path.resolve(dir), options, now);
  }

  private file(digest: string): string {
    return path.join(this.dir, `${digest}.json`);
  }

  private async load(digest: string): Promise<StoredLog | null> {
    let log = this.parsed.get(digest);
    if (log === undefined) {
      log = await this.readFile(digest);
      this.parsed.set(digest, log);
    }
    if (log !== null && log.expiresAt !== null && log.expiresAt <= this.now()) {
      await fs.rm(this.file(digest), { force: true });
      this.parsed.set(digest, null);
      return null;
    }
    return log;
  }

  private async readFile(digest: string): Promise<StoredLog | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file(digest), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    const log = JSON.parse(text) as StoredLog;
    return { expiresAt: log.expiresAt, invocations: log.invocations.map(keptInvocation) };
  }

  /** Runs `work` after every earlier operation on the same log has finished. */
  private serialised<T>(digest: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(digest) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(digest, settled);
    void settled.then(() => {
      if (this.queues.get(digest) === settled) this.queues.delete(digest);
    });
    return next;
  }

  read(key: SessionLogKey): Promise<SkillInvocation[]> {
    const digest = logDigest(key);
    // With nothing queued on the log and its parse kept, the file holds what is kept: read it from memory.
    if (!this.queues.has(digest)) {
      const log = this.parsed.get(digest);
      if (log === null) return Promise.resolve([]);
      if (log !== undefined && (log.expiresAt === null || log.expiresAt > this.now()))
        return Promise.resolve([...log.invocations]);
    }
    return this.serialised(digest, async () => [...((await this.load(digest))?.invocations ?? [])]);
  }

  record(key: SessionLogKey, invocation: SkillInvocation): Promise<RecordOutcome> {
    const digest = logDigest(key);
    return this.serialised(digest, async () => {
      const stored = await this.load(digest);
      // A new object: the cached one changes only once the file holds the change.
      const log: StoredLog = { expiresAt: null, invocations: [...(stored?.invocations ?? [])] };
      const identity = invocationIdentity(invocation);
      let outcome: RecordOutcome = "recorded";
      if (log.invocations.some((i) => invocationIdentity(i) === identity)) outcome = "repeat";
      else if (log.invocations.length >= this.maxInvocations) outcome = "full";
      else log.invocations.push(keptInvocation(invocation));
      log.expiresAt = this.options.ttlSecs > 0 ? this.now() + this.options.ttlSecs * 1000 : null;
      const temporary = path.join(this.dir, `.${digest}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await fs.writeFile(temporary, JSON.stringify(log), { mode: 0o600 });
        await fs.rename(temporary, this.file(digest));
      } catch (error) {
        // What the file holds now is unknown: read it again next time.
        this.parsed.delete(digest);
        throw error;
      }
      this.parsed.set(digest, log);
      return outcome;
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()]);
    this.parsed.clear();
  }
}
