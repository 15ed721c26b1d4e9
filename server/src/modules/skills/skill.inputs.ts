import { Field, ID, InputType } from "type-graphql";
import { JSONScalar } from "../../platform/graphql/scalars";
import { KnowledgeMode } from "../knowledge";
import { StoredIn } from "../../platform/graphql/stored-in";

@InputType("SkillToolInput")
export class SkillToolInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => JSONScalar, { nullable: true, description: "A JSON Schema of type object; default: no arguments." })
  parameters?: unknown;

  @Field(() => String)
  webhookUrl!: string;

  @Field(() => String, { nullable: true, description: 'Write-only. Omit it, or send "***", to keep the stored one.' })
  webhookSecret?: string | null;
}

@InputType("SkillKnowledgeBaseInput")
export class SkillKnowledgeBaseInput {
  @Field(() => ID)
  knowledgeBaseId!: string;

  @Field(() => KnowledgeMode)
  mode!: KnowledgeMode;
}

@InputType("SkillFileInput")
export class SkillFileInput {
  @Field(() => String)
  @StoredIn("skill_version_files.path")
  path!: string;

  @Field(() => String)
  contentBase64!: string;
}

@InputType("SkillVersionInput")
export class SkillVersionInput {
  @Field(() => String)
  skillMd!: string;

  @Field(() => [SkillToolInput], { nullable: true })
  tools?: SkillToolInput[] | null;

  @Field(() => [SkillKnowledgeBaseInput], { nullable: true })
  knowledgeBases?: SkillKnowledgeBaseInput[] | null;

  @Field(() => [SkillFileInput], { nullable: true })
  files?: SkillFileInput[] | null;
}
