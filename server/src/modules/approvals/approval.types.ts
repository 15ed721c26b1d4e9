import { Field, ID, Int, ObjectType } from "type-graphql";
import { FindingSeverity } from "../review";

@ObjectType("PublishPolicy", {
  description:
    "AP-1: how many current approvals a version needs to go live, and whether its author's own approval counts.",
})
export class PublishPolicyType {
  @Field(() => Int, { description: "0–5; 0: a version goes live without approvals." })
  requiredApprovals!: number;

  @Field(() => Boolean, { description: "Whether the key that created or last edited a version may approve it." })
  allowSelfApproval!: boolean;

  @Field(() => FindingSeverity, {
    nullable: true,
    description:
      "CR-3: a skill version with a content-review finding at or above this severity that is not suppressed cannot go live; null: findings never block. Default HIGH.",
  })
  blockSeverity!: FindingSeverity | null;
}

@ObjectType("Approval", { description: "AP-2: one key's approval of one digest of a skill or agent version." })
export class ApprovalType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  versionId!: string;

  @Field(() => String, { description: 'The digest the reviewer approved ("sha256:<hex>").' })
  digest!: string;

  @Field(() => String, { description: 'The API key id that approved, or "platform".' })
  approvedBy!: string;

  @Field(() => Boolean, {
    description: "AP-3: true while the version's digest is still the approved one; an edit outdates it.",
  })
  current!: boolean;

  @Field(() => Date)
  createdAt!: Date;

  /** For approvedByName: whose keys to look in. */
  projectId!: string;
}
