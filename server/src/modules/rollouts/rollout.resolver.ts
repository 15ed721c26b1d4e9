import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import { authorName } from "../api-keys";
import type { AuthContext } from "../auth";
import { SkillVersionType, type SkillVersionEntity } from "../skills";
import { alphaOf, guardView, metricOf, type ArmSignals } from "./rollout-guards";
import type { RolloutEntity, RolloutEventEntity } from "./rollout.entity";
import { ROLLOUT_ARMS, ROLLOUT_EVENTS, ROLLOUT_VERSION } from "./rollout.loaders";
import { ROLLOUT_GUARD_ACTOR } from "./rollout-steps";
import type { RolloutService } from "./rollout.service";
import {
  RolloutArmType,
  RolloutEventType,
  RolloutGuardType,
  RolloutMetric,
  RolloutPage,
  RolloutType,
  StartRolloutInput,
} from "./rollout.types";

/** GraphQL shape of staged rollouts (RO-1..6); every rule is in RolloutService. */
@Resolver(() => RolloutType)
export class RolloutResolver {
  constructor(private readonly service: RolloutService) {}

  @Query(() => RolloutType, { nullable: true })
  rollout(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<RolloutEntity | null> {
    return this.service.get(ctx, id);
  }

  @Query(() => RolloutPage, { description: "Newest first; `skill` and `status` narrow the list." })
  rollouts(
    @Ctx() ctx: AuthContext,
    @Arg("skill", () => String, { nullable: true }) skill: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
  ): Promise<Page<RolloutEntity>> {
    return this.service.list(ctx, { skill, status }, page, limit);
  }

  @Mutation(() => RolloutType, {
    description: "RO-1: the draft becomes the candidate beside the live version, at the first step's share.",
  })
  startRollout(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => StartRolloutInput) input: StartRolloutInput,
  ): Promise<RolloutEntity> {
    return this.service.start(ctx, input);
  }

  @Mutation(() => RolloutType, { description: "RO-5: the next step now; onto 100 it completes (the publish)." })
  advanceRollout(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<RolloutEntity> {
    return this.service.advance(ctx, id);
  }

  @Mutation(() => RolloutType, { description: "RO-5: no automatic advance until resumed (guards still watch)." })
  pauseRollout(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<RolloutEntity> {
    return this.service.pause(ctx, id);
  }

  @Mutation(() => RolloutType, { description: "RO-5: the current step's duration starts again." })
  resumeRollout(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<RolloutEntity> {
    return this.service.resume(ctx, id);
  }

  @Mutation(() => RolloutType, { description: "RO-5: a rollback by a person; the live version never changed." })
  abortRollout(
    @Ctx() ctx: AuthContext,
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
  ): Promise<RolloutEntity> {
    return this.service.abort(ctx, id, reason);
  }

  @Mutation(() => RolloutType, { description: "RO-5: guards and the step's time checked now, as the worker does." })
  checkRollout(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<RolloutEntity> {
    return this.service.check(ctx, id);
  }

  @FieldResolver(() => String)
  skill(@Root() rollout: RolloutEntity): string {
    return rollout.skillName;
  }

  @FieldResolver(() => SkillVersionType)
  async candidate(@Root() rollout: RolloutEntity, @Ctx() ctx: AuthContext): Promise<SkillVersionEntity> {
    const found = await ctx.loaders
      .of(ROLLOUT_VERSION)
      .load({ projectId: rollout.projectId, value: rollout.candidateVersionId });
    return found ?? deletedVersion(rollout, rollout.candidateVersionId, rollout.candidateVersion);
  }

  @FieldResolver(() => SkillVersionType)
  async live(@Root() rollout: RolloutEntity, @Ctx() ctx: AuthContext): Promise<SkillVersionEntity> {
    const found = await ctx.loaders
      .of(ROLLOUT_VERSION)
      .load({ projectId: rollout.projectId, value: rollout.liveVersionId });
    return found ?? deletedVersion(rollout, rollout.liveVersionId, rollout.liveVersion);
  }

  @FieldResolver(() => [RolloutGuardType])
  async guards(@Root() rollout: RolloutEntity, @Ctx() ctx: AuthContext): Promise<RolloutGuardType[]> {
    const arms = rollout.guards.length > 0 ? await ctx.loaders.of(ROLLOUT_ARMS).load(rollout) : null;
    return rollout.guards.map((g) => {
      const { verdict, ...evidence } = guardView(g, arms!.live, arms!.candidate);
      return {
        metric: g.metric as RolloutMetric,
        maxDegradation: g.maxDegradation,
        minSamples: g.minSamples,
        alpha: alphaOf(g),
        tripped: g.tripped === true,
        verdict,
        evidence,
      };
    });
  }

  @FieldResolver(() => [RolloutArmType])
  async arms(@Root() rollout: RolloutEntity, @Ctx() ctx: AuthContext): Promise<RolloutArmType[]> {
    const [signals, live, candidate] = await Promise.all([
      ctx.loaders.of(ROLLOUT_ARMS).load(rollout),
      this.live(rollout, ctx),
      this.candidate(rollout, ctx),
    ]);
    return [armOf("live", live, signals.live), armOf("candidate", candidate, signals.candidate)];
  }

  @FieldResolver(() => [RolloutEventType])
  async events(@Root() rollout: RolloutEntity, @Ctx() ctx: AuthContext): Promise<RolloutEventRoot[]> {
    const events = await ctx.loaders.of(ROLLOUT_EVENTS).load(rollout.id);
    return events.map((event) => ({ ...event, projectId: rollout.projectId }));
  }

  @FieldResolver(() => Date, { nullable: true })
  nextStepAt(@Root() rollout: RolloutEntity): Date | null {
    if (rollout.status !== "running" || rollout.stepMinutes === 0) return null;
    return new Date(rollout.stepStartedAt.getTime() + rollout.stepMinutes * 60_000);
  }
}

/** An event with its rollout's project, so that who acted can be named (batched per project). */
type RolloutEventRoot = RolloutEventEntity & { projectId: string };

@Resolver(() => RolloutEventType)
export class RolloutEventActorResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Who acted, by name: the API key's (detail.actor is its id); null for the rollout guard, the platform " +
      "credential or a purged key.",
  })
  actorName(@Root() event: RolloutEventRoot, @Ctx() ctx: AuthContext): Promise<string | null> {
    const actor = event.detail?.actor;
    if (typeof actor !== "string" || actor === ROLLOUT_GUARD_ACTOR) return Promise.resolve(null);
    return authorName(ctx, event.projectId, actor);
  }
}

function armOf(arm: "live" | "candidate", version: SkillVersionEntity, s: ArmSignals): RolloutArmType {
  return {
    arm,
    version,
    starts: s.starts,
    loads: s.loads,
    loadRate: metricOf("LOAD_RATE", s).rate,
    toolRuns: s.toolRuns,
    toolErrors: s.toolErrors,
    toolErrorRate: metricOf("TOOL_ERROR_RATE", s).rate,
    outcomes: s.outcomes,
    successRate: metricOf("SUCCESS_RATE", s).rate,
    evalPassRate: metricOf("EVAL_PASS_RATE", s).rate,
  };
}

/** A version deleted since (the rollout ended aborted): its number and id, as the rollout kept them. */
function deletedVersion(rollout: RolloutEntity, id: string, version: number): SkillVersionEntity {
  return {
    id,
    projectId: rollout.projectId,
    name: rollout.skillName,
    version,
    state: "draft",
    description: "(deleted)",
    instructions: "",
    skillMd: "",
    frontmatter: {},
    warnings: [],
    tools: [],
    knowledgeBases: [],
    createdBy: "",
    createdAt: rollout.startedAt,
    updatedAt: rollout.updatedAt,
    publishedAt: null,
    archivedAt: null,
  } as unknown as SkillVersionEntity;
}
