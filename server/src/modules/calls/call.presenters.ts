import type { OfferedTool } from "../runtime";
import type { CallEntity, CallSkillEntity } from "./call.entity";
import { resolvedSkillsOf } from "./call-state";
import type { CallSkillType, OfferedToolType } from "./call.types";

/** RT-10, RT-11: every version the call resolved; once the call's events expired, `loaded` reads null. */
export function presentCallSkills(call: CallEntity, rows: readonly CallSkillEntity[]): CallSkillType[] {
  return resolvedSkillsOf(call, rows).map((r) => ({ ...r, loaded: call.eventsExpired ? null : r.loaded }));
}

/** A tool as the model is offered it (RT-6): rendered description, where it comes from, its parameters. */
export function presentOfferedTool(tool: OfferedTool): OfferedToolType {
  return { name: tool.name, description: tool.description, source: tool.source, parameters: tool.parameters };
}
