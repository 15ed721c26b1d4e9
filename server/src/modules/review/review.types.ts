import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";

/** CR-1: how bad a finding is; the publish policy blocks at one of them (CR-3). */
export enum FindingSeverity {
  LOW = "LOW",
  MEDIUM = "MEDIUM",
  HIGH = "HIGH",
  CRITICAL = "CRITICAL",
}
registerEnumType(FindingSeverity, { name: "FindingSeverity" });

@ObjectType("FindingSuppression", { description: "CR-3: an admin's reason for accepting a finding of this digest." })
export class FindingSuppressionType {
  @Field(() => String)
  reason!: string;

  @Field(() => String, { description: 'The API key id that suppressed it, or "platform".' })
  by!: string;

  @Field(() => Date)
  at!: Date;

  /** For byName: whose keys to look in. */
  projectId!: string;
}

@ObjectType("ReviewFinding", { description: "CR-1: one finding of a content review." })
export class ReviewFindingType {
  @Field(() => ID, { description: "Stable: the same rule matching the same text at the same place." })
  id!: string;

  @Field(() => String, { description: "The rule, e.g. `hidden-tag-characters`, `remote-code-execution`." })
  rule!: string;

  @Field(() => FindingSeverity)
  severity!: FindingSeverity;

  @Field(() => String, { description: "`SKILL.md`, a file's path, `bundle`, or `tools[i].field`." })
  path!: string;

  @Field(() => Int, { nullable: true, description: "1-based; null for a finding about a whole file." })
  line!: number | null;

  @Field(() => Int, { nullable: true })
  column!: number | null;

  @Field(() => String, { description: "The text around the match, hidden characters shown as code points." })
  excerpt!: string;

  @Field(() => String, { description: "What was found, why it matters and what to do." })
  message!: string;

  @Field(() => Boolean)
  suppressed!: boolean;

  @Field(() => FindingSuppressionType, { nullable: true })
  suppression!: FindingSuppressionType | null;
}

@ObjectType("ContentReview", { description: "CR-1: the review of a version's whole content by the built-in scanner." })
export class ContentReviewType {
  @Field(() => String, {
    description:
      '"clean" (no finding), "findings" (none blocks), "blocked" (a finding at or above the policy\'s blockSeverity is not suppressed).',
  })
  status!: string;

  @Field(() => FindingSeverity, { nullable: true, description: "The highest severity of the findings not suppressed." })
  highest!: FindingSeverity | null;

  @Field(() => String, { description: "CR-5: the rules' version; a new one reviews every live version again." })
  rulesVersion!: string;

  @Field(() => [ReviewFindingType])
  findings!: ReviewFindingType[];

  @Field(() => Date)
  reviewedAt!: Date;
}
