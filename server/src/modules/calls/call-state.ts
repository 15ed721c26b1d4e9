import { LruCache } from "../../platform/cache/lru-cache";
import {
  assembleModelContext,
  type AgentSnapshot,
  type McpTool,
  type ModelContext,
  type ResolvedSkill,
  type TemplateVariables,
} from "../runtime";

/** What one agent of a call resolved when it took over (start, or a handoff). */
export interface CallSegment {
  agent: AgentSnapshot;
  /** The stored agent version answering; null for an inline agent. */
  agentVersionId: string | null;
  /** The project whose skills were read (the library for a linked project, LB-5). */
  sourceProjectId: string;
  resolved: ResolvedSkill[];
  mcpTools: McpTool[];
  mcpServers: Array<{ name: string; url: string }>;
  startedAt: string;
}

/** The persisted state of a call; the runtime decides, the service stores. */
export interface CallState {
  segments: CallSegment[];
  /** Loaded now, oldest load first (names of the current segment's skills). */
  loaded: string[];
  variables: Record<string, unknown>;
  /** The number of the call's last event (events are numbered 1, 2, … in order). */
  eventSeq?: number;
  /** RO-2: `StartCallInput.rolloutKey` when given (a handoff resolves under it too); else the call's id is the key. */
  rolloutKey?: string;
}

export function currentSegment(state: CallState): CallSegment {
  const segment = state.segments.at(-1);
  if (!segment) throw new Error("a call always has a segment");
  return segment;
}

/**
 * Issue 21: what `assembleModelContext` (pure) answered, per resolved skill list (by identity: a segment context shared
 * by the calls that resolved the same, see call-contexts.ts), for its agent and MCP tools (by identity too), per
 * loaded set and variables. Entries go with their skill list; at most 64 loaded sets × variables per list.
 */
interface Assembled {
  agent: AgentSnapshot;
  mcpTools: readonly McpTool[];
  byState: LruCache<string, ModelContext>;
}
const assembled = new WeakMap<readonly ResolvedSkill[], Assembled>();

function stateKey(loaded: readonly string[], variables: Record<string, unknown>): string | null {
  try {
    return `${loaded.join("\u0000")}\u0001${JSON.stringify(variables)}`;
  } catch {
    return null; // not JSON (never from GraphQL input): assembled every time
  }
}

/** What the model is offered now: system prompt and tools (RT-2, RT-3, RT-6). Shared: do not change it. */
export function modelContextOf(
  state: CallState,
  segmentIndex = state.segments.length - 1,
  loaded = state.loaded,
): ModelContext {
  const segment = state.segments[segmentIndex] ?? currentSegment(state);
  const assemble = () =>
    assembleModelContext({
      agent: segment.agent,
      resolved: segment.resolved,
      loaded,
      mcpTools: segment.mcpTools,
      variables: state.variables as TemplateVariables,
    });
  const key = stateKey(loaded, state.variables);
  if (key === null) return assemble();
  let memo = assembled.get(segment.resolved);
  if (!memo || memo.agent !== segment.agent || memo.mcpTools !== segment.mcpTools) {
    memo = { agent: segment.agent, mcpTools: segment.mcpTools, byState: new LruCache(64) };
    assembled.set(segment.resolved, memo);
  }
  let context = memo.byState.get(key);
  if (!context) memo.byState.set(key, (context = Object.freeze(assemble())));
  return context;
}
