import { Field, ID, Int, ObjectType } from "type-graphql";
import { SkillVersionType } from "../skills";
import { SkillUsageType } from "../usage";

@ObjectType("ToolCollision", {
  description: "A tool of the candidate version that this agent version would skip: it has a tool of that name (AG-5).",
})
export class ToolCollisionType {
  @Field(() => ID)
  agentId!: string;

  @Field(() => String)
  agentName!: string;

  @Field(() => Int)
  agentVersion!: number;

  @Field(() => ID)
  agentVersionId!: string;

  @Field(() => String, { description: "The tool's name, in the skill version and in the agent." })
  tool!: string;
}

@ObjectType("PublishPreview", { description: "What a publish or a rollback would change (UX-3, US-2, AG-5)." })
export class PublishPreviewType {
  @Field(() => SkillVersionType, { description: "The version that would go live." })
  version!: SkillVersionType;

  @Field(() => SkillVersionType, { nullable: true, description: "The version live now; null when none is." })
  live!: SkillVersionType | null;

  @Field(() => [SkillUsageType], {
    description: "Agent versions (this project and linked ones) that follow the live version: the change reaches them.",
  })
  reaches!: SkillUsageType[];

  @Field(() => [SkillUsageType], { description: "Agent versions pinned to a version: unchanged." })
  pinned!: SkillUsageType[];

  @Field(() => [ToolCollisionType], {
    description: "Per reached agent version, each tool of the candidate it would skip (AG-5).",
  })
  toolCollisions!: ToolCollisionType[];
}
