// The gateway's skill-session store (GW-6, GW-7): one contract, three backends.
export {
  invocationIdentity,
  keptInvocation,
  MAX_INVOCATIONS_PER_LOG,
  MEMORY_STORE_MAX_LOGS,
  type RecordOutcome,
  type SessionLogKey,
  type SessionStore,
  type SessionStoreOptions,
  type SkillInvocation,
  type SkillTool,
} from "./session-store";
export { MemorySessionStore } from "./memory-session-store";
export { FileSessionStore } from "./file-session-store";
export { RedisSessionStore } from "./redis-session-store";
export { openSessionStore, type SessionStoreSettings } from "./open-session-store";
