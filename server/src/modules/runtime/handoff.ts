import type { LoadedState } from "./loaded-set";
import type { AgentSnapshot, HandoffTarget, ResolvedSkill } from "./types";

/**
 * RT-9: after a handoff the call holds the target's skills (resolved as at a call's start, by the caller), none
 * loaded — not even a skill the first agent had loaded and the target lists too — under the target's cap.
 */
export function handoffState(target: AgentSnapshot, resolvedTarget: readonly ResolvedSkill[]): LoadedState {
  return { resolved: [...resolvedTarget], loaded: [], cap: target.maxLoadedSkills };
}

/**
 * The target a `handoff_to_agent` call names, among the agent's handoff targets: by `agent_id`, or by name when the
 * model gives one (`agent_id` holding a name, or `agent`). Null when it names none of them.
 */
export function handoffTargetOf(agent: AgentSnapshot, args: Readonly<Record<string, unknown>>): HandoffTarget | null {
  const asked = [args["agent_id"], args["agent"]].filter((value): value is string => typeof value === "string");
  for (const value of asked) {
    const wanted = value.trim();
    const target =
      agent.handoffTargets.find((candidate) => candidate.agentId === wanted) ??
      agent.handoffTargets.find((candidate) => candidate.name === wanted);
    if (target) return target;
  }
  return null;
}
