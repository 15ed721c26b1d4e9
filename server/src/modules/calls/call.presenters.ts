import type { OfferedTool } from "../runtime";
import type { CallEntity, CallSkillEntity } from "./call.entity";
import type { CallSkillType, OfferedToolType } from "./call.types";

/** RT-10, RT-11: every version the call resolved; once the call's events expired, `loaded` reads null. */
export function presentCallSkills(call: CallEntity, rows: readonly CallSkillEntity[]): CallSkillType[] {
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    versionId: r.versionId,
    pinned: r.pinned,
    loaded: call.eventsExpired ? null : r.loaded,
    rolloutId: r.rolloutId,
    arm: r.arm,
  }));
}

/** A tool as the model is offered it (RT-6): rendered description, where it comes from, its parameters. */
export function presentOfferedTool(tool: OfferedTool): OfferedToolType {
  return { name: tool.name, description: tool.description, source: tool.source, parameters: tool.parameters };
}
