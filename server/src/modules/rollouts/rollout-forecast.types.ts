import { Field, Float, Int, ObjectType } from "type-graphql";
import { RolloutMetric } from "./rollout.types";

@ObjectType("GuardForecast", {
  description:
    "RO-4: what a guard of a rollout not started yet would need to decide (an equal candidate holds, one twice the " +
    "margin worse trips), and about how long that takes with the last days' traffic.",
})
export class GuardForecastType {
  @Field(() => RolloutMetric)
  metric!: RolloutMetric;

  @Field(() => Float)
  maxDegradation!: number;

  @Field(() => Float)
  alpha!: number;

  @Field(() => Int)
  minSamples!: number;

  @Field(() => Float, { description: "The rate both arms are assumed at: the traffic's, else 0.5 (the most samples)." })
  rate!: number;

  @Field(() => Boolean, { description: "The rate came from the traffic (false: no samples of this metric in it)." })
  rateFromTraffic!: boolean;

  @Field(() => Int, { nullable: true, description: "Samples per arm before it can decide; null: never (margin 0)." })
  samplesPerArm!: number | null;

  @Field(() => Float, {
    description:
      "The metric's samples per day in the traffic, both arms; for EVAL_PASS_RATE, iterations per step per arm.",
  })
  samplesPerDay!: number;

  @Field(() => Int, {
    nullable: true,
    description: "Minutes from the start until it can decide; null: not before the rollout completes, or never.",
  })
  minutes!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: "When it cannot decide before the completion: the share of the evidence it has by then (0–1).",
  })
  coverage!: number | null;

  @Field(() => Int, { nullable: true, description: "EVAL_PASS_RATE: the steps whose evals it needs." })
  steps!: number | null;
}

@ObjectType("RolloutForecast", {
  description: "UX-8: before a rollout starts, each guard's needs against the traffic of the agents it would reach.",
})
export class RolloutForecastType {
  @Field(() => Int, { description: "The days of traffic read (the last ones)." })
  days!: number;

  @Field(() => Int, { description: "Published agents following the skill live: those the rollout reaches." })
  agents!: number;

  @Field(() => Int, { description: "Their calls and sessions that resolved the skill in those days." })
  calls!: number;

  @Field(() => [GuardForecastType])
  guards!: GuardForecastType[];
}
