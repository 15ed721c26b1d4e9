import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import type { AuthContext } from "../auth";
import { FIND_SKILLS_LIMIT } from "../runtime";
import type { CallEntity, CallEventEntity, ToolInvocationEntity } from "./call.entity";
import { CALL_OUTCOME, OutcomeType, type OutcomeEntity } from "../signals";
import { CALL_BY_ID, CALL_EVENTS, CALL_SKILLS, CALL_TOOL_INVOCATIONS } from "./call.loaders";
import { presentCallSkills, presentOfferedTool } from "./call.presenters";
import type { CallService } from "./call.service";
import { catalogView } from "./call-catalog";
import { currentSegment, modelContextOf } from "./call-state";
import {
  CallCatalogType,
  CallEventType,
  CallPage,
  CallSkillType,
  CallType,
  LoadSkillResultType,
  OfferedToolType,
  SkillMatchType,
  StartCallInput,
  ToolInvocationType,
} from "./call.types";

@Resolver(() => CallType)
export class CallResolver {
  constructor(private readonly callService: CallService) {}

  @Query(() => CallType, { nullable: true })
  call(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<CallEntity | null> {
    return this.callService.get(ctx, id);
  }

  @Query(() => CallPage, {
    description: "Newest first; filter by agent, status, or a skill name or version the call resolved.",
  })
  calls(
    @Ctx() ctx: AuthContext,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Arg("agentId", () => ID, { nullable: true }) agentId: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("skillName", () => String, { nullable: true }) skillName: string | null,
    @Arg("skillVersionId", () => ID, { nullable: true }) skillVersionId: string | null,
    @Arg("startedAfter", () => Date, { nullable: true }) startedAfter: Date | null,
    @Arg("startedBefore", () => Date, { nullable: true }) startedBefore: Date | null,
  ): Promise<Page<CallEntity>> {
    return this.callService.list(
      ctx,
      { agentId, status, skillName, skillVersionId, startedAfter, startedBefore },
      page,
      limit,
    );
  }

  @Mutation(() => CallType, {
    description: "A stored agent's published version, or an inline agent; skills resolve once, now (RT-1).",
  })
  startCall(@Ctx() ctx: AuthContext, @Arg("input", () => StartCallInput) input: StartCallInput): Promise<CallEntity> {
    return this.callService.start(ctx, input);
  }

  @Mutation(() => LoadSkillResultType)
  loadSkill(
    @Ctx() ctx: AuthContext,
    @Arg("callId", () => ID) callId: string,
    @Arg("name", () => String) name: string,
  ): Promise<LoadSkillResultType> {
    return this.callService.loadSkill(ctx, callId, name) as Promise<LoadSkillResultType>;
  }

  @Mutation(() => CallType)
  handoffCall(
    @Ctx() ctx: AuthContext,
    @Arg("callId", () => ID) callId: string,
    @Arg("agentId", () => ID) agentId: string,
  ): Promise<CallEntity> {
    return this.callService.handoff(ctx, callId, agentId);
  }

  @Mutation(() => CallType)
  endCall(@Ctx() ctx: AuthContext, @Arg("callId", () => ID) callId: string): Promise<CallEntity> {
    return this.callService.end(ctx, callId);
  }

  @Mutation(() => ToolInvocationType, {
    description: "Runs the tool the model would get under that name (RT-6, RT-7).",
  })
  runTool(
    @Ctx() ctx: AuthContext,
    @Arg("callId", () => ID) callId: string,
    @Arg("name", () => String) name: string,
    @Arg("arguments", () => JSONScalar) args: unknown,
  ): Promise<ToolInvocationEntity> {
    return this.callService.runTool(ctx, callId, name, args);
  }

  @Query(() => [SkillMatchType], {
    description:
      "CT-2: the agent's skills that best match a request, best first — exactly what find_skills answers in its calls.",
  })
  agentSkillSearch(
    @Arg("agentId", () => ID) agentId: string,
    @Arg("query", () => String) query: string,
    @Arg("limit", () => Int, { defaultValue: FIND_SKILLS_LIMIT }) limit: number,
    @Ctx() ctx: AuthContext,
  ): Promise<SkillMatchType[]> {
    return this.callService.skillSearch(ctx, agentId, query, limit);
  }

  @FieldResolver(() => [CallSkillType])
  async skills(@Root() call: CallEntity, @Ctx() ctx: AuthContext): Promise<CallSkillType[]> {
    return presentCallSkills(call, await ctx.loaders.of(CALL_SKILLS).load(call.id));
  }

  @FieldResolver(() => [String], { description: "Loaded now, oldest load first." })
  loadedSkills(@Root() call: CallEntity): string[] {
    return call.state.loaded;
  }

  @FieldResolver(() => String, { description: "The system prompt as the model sees it now." })
  systemPrompt(@Root() call: CallEntity): string {
    return modelContextOf(call.state).systemPrompt;
  }

  @FieldResolver(() => [OfferedToolType], { description: "The tools as offered now, after precedence (RT-6)." })
  tools(@Root() call: CallEntity): OfferedToolType[] {
    return modelContextOf(call.state).tools.map(presentOfferedTool);
  }

  @FieldResolver(() => CallCatalogType, { description: "CT-1: what the catalog shows of the current agent's skills." })
  catalog(@Root() call: CallEntity): CallCatalogType {
    return catalogView(currentSegment(call.state));
  }

  @FieldResolver(() => JSONScalar)
  variables(@Root() call: CallEntity): Record<string, unknown> {
    return call.state.variables;
  }

  @FieldResolver(() => [CallEventType], { description: "Oldest first; empty once expired (RT-11)." })
  events(@Root() call: CallEntity, @Ctx() ctx: AuthContext): Promise<CallEventEntity[]> {
    return ctx.loaders.of(CALL_EVENTS).load(call.id);
  }

  @FieldResolver(() => OutcomeType, { nullable: true, description: "RO-3: as last reported; null: none yet." })
  outcome(@Root() call: CallEntity, @Ctx() ctx: AuthContext): Promise<OutcomeEntity | null> {
    return ctx.loaders.of(CALL_OUTCOME).load(call.id);
  }

  @FieldResolver(() => [ToolInvocationType], { description: "Oldest first." })
  toolInvocations(@Root() call: CallEntity, @Ctx() ctx: AuthContext): Promise<ToolInvocationEntity[]> {
    return ctx.loaders.of(CALL_TOOL_INVOCATIONS).load(call.id);
  }
}

/** Each event with what the model was offered right after it: the call's timeline, step by step. */
@Resolver(() => CallEventType)
export class CallEventResolver {
  constructor(private readonly calls: CallService) {}

  @FieldResolver(() => String)
  async systemPromptAfter(@Root() event: CallEventEntity, @Ctx() ctx: AuthContext): Promise<string> {
    const call = await this.callOf(event, ctx);
    return call ? modelContextOf(call.state, event.segment, event.loadedAfter).systemPrompt : "";
  }

  @FieldResolver(() => [OfferedToolType])
  async toolsAfter(@Root() event: CallEventEntity, @Ctx() ctx: AuthContext): Promise<OfferedToolType[]> {
    const call = await this.callOf(event, ctx);
    return call ? modelContextOf(call.state, event.segment, event.loadedAfter).tools.map(presentOfferedTool) : [];
  }

  private callOf(event: CallEventEntity, ctx: AuthContext): Promise<CallEntity | null> {
    return ctx.loaders.of(CALL_BY_ID).load(event.callId);
  }
}
