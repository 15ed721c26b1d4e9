import { createHash } from "node:crypto";
import { LruCache } from "../cache/lru-cache";

/** The gateway's own tools whose successful calls are recorded and replayed (GW-5). */
export type SkillTool = "load_skill" | "read_skill_file";

/**
 * One recorded skill tool call: the tool and its normalised arguments, never the content it returned (GW-5), and
 * how many user messages the conversation had when the agent made it (the replay point).
 */
export interface SkillInvocation {
  tool: SkillTool;
  arguments: Record<string, string>;
  userMessageIndex: number;
}

/** One log: per project, chat session and serving agent (its gateway name), so agents never share a log (GW-5). */
export interface SessionLogKey {
  projectId: string;
  sessionId: string;
  agent: string;
}

/**
 * `repeat`: the same invocation is already in the log; `full`: the log holds its limit and nothing was added;
 * `unavailable`: the store could not be reached (a shared store's outage, logged once by the store), nothing added.
 */
export type RecordOutcome = "recorded" | "repeat" | "full" | "unavailable";

export interface SessionStoreOptions {
  /** Seconds a log lives after the last skill tool call recorded into it (GW-6); 0 = for ever. */
  ttlSecs: number;
  /** Distinct invocations per log (GW-7). */
  maxInvocations?: number;
}

export const MAX_INVOCATIONS_PER_LOG = 64;
export const MEMORY_STORE_MAX_LOGS = 1024;

/**
 * Where the gateway keeps its skill logs (GW-6): `memory`, `file` or `redis`, one contract. `record` restarts the
 * log's time to live on every call, whatever the outcome (a skill tool call was made); `read` never does (a replay is
 * not a skill tool call). A shared store that cannot be reached answers at once (SEC-21): an empty log to `read`,
 * `unavailable` to `record`.
 */
export interface SessionStore {
  readonly kind: "memory" | "file" | "redis";
  /** The log in order; the invocations are the store's own, frozen (the array is the caller's). */
  read(key: SessionLogKey): Promise<SkillInvocation[]>;
  record(key: SessionLogKey, invocation: SkillInvocation): Promise<RecordOutcome>;
  close(): Promise<void>;
}

/** Two invocations are the same when tool and arguments are: key order and the replay point do not count. */
export function invocationIdentity(invocation: Pick<SkillInvocation, "tool" | "arguments">): string {
  const args = Object.keys(invocation.arguments)
    .sort()
    .map((k) => [k, invocation.arguments[k]]);
  return JSON.stringify([invocation.tool, args]);
}

/** Digests by the JSON they hash: a conversation's every turn names the same log (a hash per turn). */
const digests = new LruCache<string, string>(MEMORY_STORE_MAX_LOGS);

/** A fixed-length name for a log (session ids are up to 256 characters of anything): file names and Redis keys. */
export function logDigest(key: SessionLogKey): string {
  const named = JSON.stringify([key.projectId, key.agent, key.sessionId]);
  let digest = digests.get(named);
  if (digest === undefined) {
    digest = createHash("sha256").update(named).digest("hex");
    digests.set(named, digest);
  }
  return digest;
}

/**
 * What a store keeps and hands out of a log: a frozen copy of the invocation (reads hand out the kept
 * objects, no copy per turn; nothing can change them in the store's back).
 */
export function keptInvocation(invocation: SkillInvocation): SkillInvocation {
  return Object.freeze({
    tool: invocation.tool,
    arguments: Object.freeze({ ...invocation.arguments }),
    userMessageIndex: invocation.userMessageIndex,
  });
}
