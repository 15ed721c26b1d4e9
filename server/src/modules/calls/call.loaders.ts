import { byId, groupedBy, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { CallEntity, CallEventEntity, CallSkillEntity, ToolInvocationEntity } from "./call.entity";
import type { CallService } from "./call.service";

export const CALL_BY_ID = new LoaderKey<string, CallEntity | null>("callById");
export const CALL_SKILLS = new LoaderKey<string, CallSkillEntity[]>("callSkills");
export const CALL_EVENTS = new LoaderKey<string, CallEventEntity[]>("callEvents");
export const CALL_TOOL_INVOCATIONS = new LoaderKey<string, ToolInvocationEntity[]>("callToolInvocations");

export function registerCallLoaders(registry: LoaderRegistry, calls: CallService): void {
  registry.register(CALL_BY_ID, async (ids, ctx) => byId(await calls.getMany(ctx, ids), "id", ids));
  registry.register(CALL_SKILLS, async (ids) => groupedBy(await calls.skillsOf(ids), "callId", ids));
  registry.register(CALL_EVENTS, async (ids) => groupedBy(await calls.eventsOf(ids), "callId", ids));
  registry.register(CALL_TOOL_INVOCATIONS, async (ids) => groupedBy(await calls.invocationsOf(ids), "callId", ids));
}
