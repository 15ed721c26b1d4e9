import type { LoadRunOutcome } from "../../platform/telemetry";
import type { LoadOutcome, ResolvedSkill } from "../runtime";

/** What a load decided, as OB-1's span and OB-2's counters read it (calls and chat sessions alike). */
export function loadRunOutcome(
  outcome: Pick<LoadOutcome, "status" | "skill" | "unloaded">,
  resolved: readonly ResolvedSkill[],
): LoadRunOutcome {
  return {
    status: outcome.status.toLowerCase(),
    skill: resolved.find((r) => r.name === outcome.skill) ?? null,
    loaded: outcome.status === "LOADED",
    evicted: outcome.unloaded ? [outcome.unloaded] : [],
  };
}
