import { Field, ID, Int, ObjectType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import { KnowledgeBaseType, KnowledgeMode } from "../knowledge";
import { VersionFields, VersionState } from "../versioning";

export { VersionState };

@ObjectType("SkillTool")
export class SkillToolType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => JSONScalar)
  parameters!: Record<string, unknown>;

  @Field(() => String)
  webhookUrl!: string;

  @Field(() => String, { nullable: true, description: 'Write-only: "***" when set, null when not.' })
  webhookSecret!: string | null;
}

@ObjectType("SkillKnowledgeBase")
export class SkillKnowledgeBaseType {
  @Field(() => KnowledgeBaseType)
  knowledgeBase!: KnowledgeBaseType;

  @Field(() => KnowledgeMode)
  mode!: KnowledgeMode;
}

@ObjectType("SkillFile")
export class SkillFileType {
  @Field(() => String)
  path!: string;

  @Field(() => Int)
  size!: number;

  @Field(() => String)
  sha256!: string;
}

@ObjectType("Skill", { description: "A skill as one object: the name its versions share, and its label (EC-2)." })
export class SkillType {
  @Field(() => ID, { description: "The skill's stable id (the Skills APIs' skill id)." })
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, {
    description:
      "A free label (Anthropic's display_name): at most 255 characters, not unique; the name when none was given.",
  })
  displayName!: string;
}

@ObjectType("SkillVersion", { implements: NodeInterface })
export class SkillVersionType extends VersionFields {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: "The markdown body of SKILL.md." })
  instructions!: string;

  @Field(() => String, { description: "The whole SKILL.md: frontmatter and body." })
  skillMd!: string;

  @Field(() => JSONScalar)
  frontmatter!: Record<string, unknown>;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => String, { description: "The API key id that created it, or 'platform'." })
  createdBy!: string;
}

export const SkillVersionPage = PageOf(SkillVersionType, "SkillVersionPage");

@ObjectType("SkillPointerMove", { description: "One move of a skill's live pointer (SV-9)." })
export class SkillPointerMoveType {
  @Field(() => String)
  name!: string;

  @Field(() => ID, { nullable: true, description: "The version live from `at` on; null when none was left live." })
  versionId!: string | null;

  @Field(() => Int, { nullable: true })
  version!: number | null;

  @Field(() => String, { description: "publish | rollback | delete" })
  action!: string;

  @Field(() => String)
  actor!: string;

  @Field(() => Date)
  at!: Date;
}

@ObjectType("LiveSkillVersion", { description: "Which version of a skill was live at a moment (SV-9)." })
export class LiveSkillVersionType {
  @Field(() => String)
  name!: string;

  @Field(() => ID, { nullable: true })
  versionId!: string | null;

  @Field(() => Int, { nullable: true })
  version!: number | null;

  @Field(() => Date, { description: "Live since." })
  since!: Date;
}
