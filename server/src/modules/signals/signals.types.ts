import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { StoredIn } from "../../platform/graphql/stored-in";

@InputType("ReportOutcomeInput")
export class ReportOutcomeInput {
  @Field(() => ID, { nullable: true, description: "The call; give exactly one of callId and sessionId." })
  callId?: string | null;

  @Field(() => ID, { nullable: true, description: "The chat session; give exactly one of callId and sessionId." })
  sessionId?: string | null;

  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Float, { nullable: true, description: "0–1." })
  score?: number | null;

  @Field(() => String, { nullable: true })
  @StoredIn("outcomes.note")
  note?: string | null;
}

@ObjectType("Outcome", { description: "How a call or a chat session ended, as its caller reported it (RO-3)." })
export class OutcomeType {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Float, { nullable: true })
  score!: number | null;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => Date)
  reportedAt!: Date;
}

@ObjectType("InsightPoint", {
  description: "One bucket of a skill's signals, counted by the start of their call or session.",
})
export class InsightPointType {
  @Field(() => Date)
  at!: Date;

  @Field(() => Int)
  starts!: number;

  @Field(() => Int)
  loads!: number;

  @Field(() => Int)
  evictions!: number;

  @Field(() => Int)
  toolRuns!: number;

  @Field(() => Int)
  toolErrors!: number;

  @Field(() => Int)
  outcomes!: number;

  @Field(() => Int)
  successes!: number;
}

@ObjectType("SkillInsight")
export class SkillInsightType {
  @Field(() => String)
  skill!: string;

  @Field(() => ID, { nullable: true, description: "The agent asked for; null: every agent." })
  agentId!: string | null;

  @Field(() => [InsightPointType], { description: "Buckets with signals, in order (empty buckets are left out)." })
  series!: InsightPointType[];

  @Field(() => Float, { nullable: true, description: "loads / starts over the range; null without starts." })
  loadRate!: number | null;

  @Field(() => Float, { nullable: true, description: "toolErrors / toolRuns; null without tool runs." })
  toolErrorRate!: number | null;

  @Field(() => Float, { nullable: true, description: "successes / outcomes; null without outcomes." })
  successRate!: number | null;
}

@ObjectType("CapAdvice")
export class CapAdviceType {
  @Field(() => ID)
  agentId!: string;

  @Field(() => String)
  agentName!: string;

  @Field(() => Int, { description: "The agent's cap now." })
  maxLoadedSkills!: number;

  @Field(() => Int, { description: "Skills its cap evicted in the range." })
  evictions!: number;

  @Field(() => Int, {
    description: "The most distinct skills one of its calls or sessions loaded: a cap that evicts none.",
  })
  suggestedMax!: number;
}
