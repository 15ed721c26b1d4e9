import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import { PageOf } from "../../platform/graphql/page";
import { StoredIn } from "../../platform/graphql/stored-in";
import { DateTimeScalar, JSONScalar } from "../../platform/graphql/scalars";
import { SkillVersionType } from "../skills";

export enum RolloutMetric {
  LOAD_RATE = "LOAD_RATE",
  TOOL_ERROR_RATE = "TOOL_ERROR_RATE",
  SUCCESS_RATE = "SUCCESS_RATE",
  EVAL_PASS_RATE = "EVAL_PASS_RATE",
}
registerEnumType(RolloutMetric, {
  name: "RolloutMetric",
  description: "RO-4: what a guard compares between the arms.",
});

@InputType("RolloutGuardInput")
export class RolloutGuardInput {
  @Field(() => RolloutMetric)
  metric!: RolloutMetric;

  @Field(() => Float, {
    description: "The worst degradation allowed, absolute, 0–1 (for TOOL_ERROR_RATE: a rise).",
  })
  maxDegradation!: number;

  @Field(() => Int, { nullable: true, defaultValue: 20, description: "Both arms need this many samples first." })
  minSamples?: number | null;

  @Field(() => Float, {
    nullable: true,
    defaultValue: 0.05,
    description:
      "The chance of a false rollback this guard accepts over the whole rollout, however often it is checked " +
      "(0.0001–0.5).",
  })
  alpha?: number | null;
}

@InputType("StartRolloutInput")
export class StartRolloutInput {
  @Field(() => ID, { description: "The draft version to roll out (the candidate)." })
  versionId!: string;

  @Field(() => [Int], {
    nullable: true,
    defaultValue: [5, 25, 50, 100],
    description: "The candidate's share per step, strictly rising, ending at 100 (the publish).",
  })
  steps?: number[] | null;

  @Field(() => Int, { nullable: true, defaultValue: 60, description: "Minutes per step; 0 = advance by hand." })
  stepMinutes?: number | null;

  @Field(() => [RolloutGuardInput], { nullable: true, defaultValue: [] })
  guards?: RolloutGuardInput[] | null;

  @Field(() => String, {
    nullable: true,
    description: "Eval scenarios with this tag run on both arms at each step (EV-4), for EVAL_PASS_RATE.",
  })
  @StoredIn("rollouts.eval_tag")
  evalTag?: string | null;
}

@ObjectType("RolloutArm", { description: "RO-3: one arm's signals since the rollout started." })
export class RolloutArmType {
  @Field(() => String, { description: '"live" | "candidate"' })
  arm!: string;

  @Field(() => SkillVersionType)
  version!: object;

  @Field(() => Int)
  starts!: number;

  @Field(() => Int)
  loads!: number;

  @Field(() => Float, { nullable: true, description: "loads / starts; null without starts." })
  loadRate!: number | null;

  @Field(() => Int)
  toolRuns!: number;

  @Field(() => Int)
  toolErrors!: number;

  @Field(() => Float, { nullable: true, description: "toolErrors / toolRuns; null without tool runs." })
  toolErrorRate!: number | null;

  @Field(() => Int)
  outcomes!: number;

  @Field(() => Float, { nullable: true, description: "Successful outcomes / outcomes; null without outcomes." })
  successRate!: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      "With an eval tag: passed iterations / iterations, over the steps counted so far (null before the first).",
  })
  evalPassRate!: number | null;
}

@ObjectType("GuardEvidence", {
  description:
    "RO-4: what a guard decides on. The difference is the candidate's degradation: live − candidate, or for " +
    "TOOL_ERROR_RATE the candidate's rise; each end of its interval holds with confidence 1 − alpha, whenever looked at.",
})
export class GuardEvidenceType {
  @Field(() => Int)
  liveSamples!: number;

  @Field(() => Int)
  candidateSamples!: number;

  @Field(() => Float, { nullable: true, description: "Live's rate of the metric; null without samples." })
  live!: number | null;

  @Field(() => Float, { nullable: true, description: "The candidate's rate of the metric; null without samples." })
  candidate!: number | null;

  @Field(() => Float, { nullable: true, description: "Null until both arms have samples." })
  differenceLow!: number | null;

  @Field(() => Float, { nullable: true })
  differenceHigh!: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "About how many more samples per arm decide the guard at the current rates (0: decided; null: no number does, " +
      "e.g. with maxDegradation 0 and equal arms).",
  })
  samplesNeeded!: number | null;
}

@ObjectType("RolloutGuard")
export class RolloutGuardType {
  @Field(() => RolloutMetric)
  metric!: RolloutMetric;

  @Field(() => Float)
  maxDegradation!: number;

  @Field(() => Int)
  minSamples!: number;

  @Field(() => Float)
  alpha!: number;

  @Field(() => Boolean, { description: "This guard rolled the rollout back." })
  tripped!: boolean;

  @Field(() => String, {
    description:
      '"insufficient" (not enough evidence either way yet) | "holding" (the candidate is shown worse by no more than ' +
      'allowed, at confidence 1 − alpha) | "tripped" (shown worse by more: it rolls back)',
  })
  verdict!: string;

  @Field(() => GuardEvidenceType, { nullable: true })
  evidence!: GuardEvidenceType | null;
}

@ObjectType("RolloutEvent")
export class RolloutEventType {
  @Field(() => DateTimeScalar)
  at!: Date;

  @Field(() => String, {
    description:
      '"started" | "advanced" | "paused" | "resumed" | "guard_tripped" | "rolled_back" | "aborted" | "completed" | ' +
      '"evaluated" (a step\'s evals counted, RO-3) | "eval_failed" (not counted; tried again on the next check)',
  })
  kind!: string;

  @Field(() => Int, { description: "The candidate's share after the event." })
  percent!: number;

  @Field(() => JSONScalar, { nullable: true })
  detail!: unknown;
}

@ObjectType("Rollout", { implements: NodeInterface, description: "RO-1..6: a staged rollout of a skill version." })
export class RolloutType extends NodeInterface {
  @Field(() => String, { description: "The skill's name." })
  skill!: string;

  @Field(() => SkillVersionType)
  candidate!: object;

  @Field(() => SkillVersionType, { description: "The version that was live when the rollout started." })
  live!: object;

  @Field(() => String, { description: '"running" | "paused" | "completed" | "rolled_back" | "aborted"' })
  status!: string;

  @Field(() => Int, { description: "The candidate's share now (0 once ended without completing)." })
  percent!: number;

  @Field(() => [Int])
  steps!: number[];

  @Field(() => Int)
  stepIndex!: number;

  @Field(() => Int)
  stepMinutes!: number;

  @Field(() => [RolloutGuardType])
  guards!: RolloutGuardType[];

  @Field(() => [RolloutArmType])
  arms!: RolloutArmType[];

  @Field(() => [RolloutEventType], { description: "Oldest first." })
  events!: RolloutEventType[];

  @Field(() => DateTimeScalar)
  startedAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true })
  endedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Why it ended without completing (abort reason, guard, …)." })
  endReason!: string | null;

  @Field(() => String, { nullable: true })
  evalTag!: string | null;

  @Field(() => DateTimeScalar, {
    nullable: true,
    description: "When the current step's duration is over (null: paused, ended, or advanced by hand).",
  })
  nextStepAt!: Date | null;
}

export const RolloutPage = PageOf(RolloutType, "RolloutPage");
