import { Field, Float, ID, InputType, ObjectType } from "type-graphql";
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
