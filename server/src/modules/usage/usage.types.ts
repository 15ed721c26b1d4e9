import { Field, ID, Int, ObjectType } from "type-graphql";
import { VersionState } from "../skills";

@ObjectType("SkillUsage", {
  description: "An agent version that lists the skill (US-1); `resolvesTo` is resolved by a field resolver.",
})
export class SkillUsageType {
  @Field(() => String, { description: "The skill's name." })
  skill!: string;

  @Field(() => ID)
  agentId!: string;

  @Field(() => ID)
  agentVersionId!: string;

  @Field(() => String)
  agentName!: string;

  @Field(() => Int)
  agentVersion!: number;

  @Field(() => VersionState)
  agentState!: VersionState;

  @Field(() => ID, { description: "The agent's project: this one, or one linked to it as a library." })
  projectId!: string;

  @Field(() => Boolean, { description: "false: a publish or a rollback reaches this agent (US-2)." })
  pinned!: boolean;
}
