import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AuthContext } from "../auth";
import { INSIGHT_PAGE, type CapAdvice, type InsightService, type SkillInsight } from "./insight.service";
import type { OutcomeService } from "./outcome.service";
import type { OutcomeEntity } from "./signal.entity";
import { CapAdviceType, OutcomeType, ReportOutcomeInput, SkillInsightType } from "./signals.types";

@Resolver()
export class SignalsResolver {
  constructor(
    private readonly outcomes: OutcomeService,
    private readonly insights: InsightService,
  ) {}

  @Mutation(() => OutcomeType, {
    description:
      "RO-3: how a call or a chat session ended (exactly one of callId and sessionId); a second report replaces the first.",
  })
  reportOutcome(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => ReportOutcomeInput) input: ReportOutcomeInput,
  ): Promise<OutcomeEntity> {
    return this.outcomes.report(ctx, input);
  }

  @Query(() => [SkillInsightType], {
    description:
      'OB-3: each skill\'s signals per bucket ("hour" or "day", UTC) over [from, to) (at most 400 days), for one ' +
      "skill or agent when given; every signal counts in the hour its call or session started. Without `skill`, a " +
      "page of the skills with signals in range, by name: `first` of them after the name `after` (ask one more than " +
      "you show to know whether there is a next page; the next page's `after` is the last name shown).",
  })
  skillInsights(
    @Ctx() ctx: AuthContext,
    @Arg("from", () => Date) from: Date,
    @Arg("to", () => Date) to: Date,
    @Arg("bucket", () => String, { defaultValue: "hour" }) bucket: string,
    @Arg("skill", () => String, { nullable: true }) skill: string | null,
    @Arg("agentId", () => ID, { nullable: true }) agentId: string | null,
    @Arg("first", () => Int, {
      nullable: true,
      defaultValue: INSIGHT_PAGE.default,
      description: `Skills per page, 1–${INSIGHT_PAGE.max}; ignored with \`skill\`.`,
    })
    first: number | null,
    @Arg("after", () => String, {
      nullable: true,
      description: "The last skill name of the previous page; the page starts after it. Ignored with `skill`.",
    })
    after: string | null,
  ): Promise<SkillInsight[]> {
    return this.insights.skillInsights(ctx, { from, to, bucket, skill, agentId, first, after });
  }

  @Query(() => [String], {
    description: "OB-3: skills a published agent lists (with a live version) that no call or session loaded in range.",
  })
  unusedSkills(
    @Ctx() ctx: AuthContext,
    @Arg("from", () => Date) from: Date,
    @Arg("to", () => Date) to: Date,
  ): Promise<string[]> {
    return this.insights.unusedSkills(ctx, from, to);
  }

  @Query(() => [CapAdviceType], {
    description: "OB-3: agents whose cap evicted skills in range, most evictions first, with the cap that avoids it.",
  })
  capAdvice(
    @Ctx() ctx: AuthContext,
    @Arg("from", () => Date) from: Date,
    @Arg("to", () => Date) to: Date,
  ): Promise<CapAdvice[]> {
    return this.insights.capAdvice(ctx, from, to);
  }
}
