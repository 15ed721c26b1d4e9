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

/** What the model is offered now: system prompt and tools (RT-2, RT-3, RT-6). */
export function modelContextOf(
  state: CallState,
  segmentIndex = state.segments.length - 1,
  loaded = state.loaded,
): ModelContext {
  const segment = state.segments[segmentIndex] ?? currentSegment(state);
  return assembleModelContext({
    agent: segment.agent,
    resolved: segment.resolved,
    loaded,
    mcpTools: segment.mcpTools,
    variables: state.variables as TemplateVariables,
  });
}
