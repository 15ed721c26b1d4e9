import { LruCache } from "../../platform/cache/lru-cache";
import {
  assembleModelContext,
  type AgentSnapshot,
  type McpTool,
  type ModelContext,
  RenderedParts,
  type CatalogShown,
  type ResolvedSkill,
  type TemplateVariables,
  resolvedOnce,
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
  /**
   * CT-1: the skills its catalog shows when they do not all fit the agent's budget (absent or null: all). Decided
   * when the segment starts; a conversation only adds to it.
   */
  shown?: CatalogShown;
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
 * What `assembleModelContext` (pure) answered, per resolved skill list (by identity: a segment context shared
 * by the calls that resolved the same, see call-contexts.ts), for its agent and MCP tools (by identity too), per
 * loaded set and variables. Entries go with their skill list; at most 64 loaded sets × variables per list. A loaded
 * set not seen yet is assembled from the renders and sections kept per variables (`RenderedParts`): a load renders
 * only the skill it brings in, not the skills list and every loaded skill again.
 */
interface Assembled {
  agent: AgentSnapshot;
  mcpTools: readonly McpTool[];
  byState: LruCache<string, ModelContext>;
  byVariables: LruCache<string, RenderedParts>;
}
const assembled = new WeakMap<readonly ResolvedSkill[], Assembled>();

/** Per variables object (a call's state keeps one across its loads; nobody changes it): its JSON, the memo's key. */
const keyOfVariables = new WeakMap<object, string | null>();

function variablesKey(variables: Record<string, unknown>): string | null {
  let key = keyOfVariables.get(variables);
  if (key !== undefined) return key;
  try {
    key = JSON.stringify(variables);
  } catch {
    key = null; // not JSON (never from GraphQL input): assembled every time
  }
  keyOfVariables.set(variables, key);
  return key;
}

/** The memo's part for a catalog (CT-1): its names, kept per list (a segment keeps its list while it holds). */
const shownKeys = new WeakMap<readonly string[], string>();
function shownKey(shown: CatalogShown): string {
  if (shown === null) return "*";
  let key = shownKeys.get(shown);
  if (key === undefined) shownKeys.set(shown, (key = shown.join("\u0000")));
  return key;
}

/** What the model is offered now: system prompt and tools (RT-2, RT-3, RT-6). Shared: do not change it. */
export function modelContextOf(
  state: CallState,
  segmentIndex = state.segments.length - 1,
  loaded = state.loaded,
): ModelContext {
  const segment = state.segments[segmentIndex] ?? currentSegment(state);
  const input = {
    agent: segment.agent,
    resolved: segment.resolved,
    loaded,
    mcpTools: segment.mcpTools,
    variables: state.variables as TemplateVariables,
    shown: segment.shown ?? null,
  };
  const variables = variablesKey(state.variables);
  if (variables === null) return assembleModelContext(input);
  let memo = assembled.get(segment.resolved);
  if (!memo || memo.agent !== segment.agent || memo.mcpTools !== segment.mcpTools) {
    memo = {
      agent: segment.agent,
      mcpTools: segment.mcpTools,
      byState: new LruCache(64),
      byVariables: new LruCache(16),
    };
    assembled.set(segment.resolved, memo);
  }
  const key = `${loaded.join("\u0000")}\u0001${variables}\u0001${shownKey(input.shown)}`;
  let context = memo.byState.get(key);
  if (!context) {
    let parts = memo.byVariables.get(variables);
    if (!parts) memo.byVariables.set(variables, (parts = new RenderedParts(input.variables)));
    memo.byState.set(key, (context = Object.freeze(assembleModelContext({ ...input, parts }))));
  }
  return context;
}

/** A version a call resolved, as its read and its `call.ended` event carry it (RT-10). */
export interface CallResolvedSkill {
  name: string;
  version: number;
  versionId: string;
  pinned: boolean;
  loaded: boolean;
  rolloutId: string | null;
  arm: "live" | "candidate" | null;
}

/**
 * RT-10: every version the call resolved, in the agent's order (a handoff target's next; a version resolved twice once),
 * from its segments — the call's record of what it resolved — with `loaded` from its `call_skills` rows. CT-1: a
 * budgeted start has rows only for the skills its catalog showed and those it loaded; the others read not loaded.
 */
export function resolvedSkillsOf(
  call: { state: CallState },
  rows: ReadonlyArray<{ versionId: string; loaded: boolean }>,
): CallResolvedSkill[] {
  const loaded = new Set(rows.filter((row) => row.loaded).map((row) => row.versionId));
  return resolvedOnce(call.state.segments).map((r) => ({
    name: r.name,
    version: r.version,
    versionId: r.id,
    pinned: r.pinned,
    loaded: loaded.has(r.id),
    rolloutId: r.rollout?.rolloutId ?? null,
    arm: r.rollout?.arm ?? null,
  }));
}
