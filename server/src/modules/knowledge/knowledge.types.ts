import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { StoredIn } from "../../platform/graphql/stored-in";

export enum KnowledgeMode {
  PROMPT = "prompt",
  TOOL = "tool",
}
registerEnumType(KnowledgeMode, { name: "KnowledgeMode" });

@ObjectType("KnowledgeDocument")
export class KnowledgeDocumentType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  content!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType("KnowledgeBase")
export class KnowledgeBaseType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Int, { description: "How many results query_knowledge returns." })
  topK!: number;

  @Field(() => Float, { description: "Results below this relative score (0–1) are dropped." })
  similarityThreshold!: number;

  @Field(() => Date)
  createdAt!: Date;
}

@InputType("KnowledgeBaseInput")
export class KnowledgeBaseInputType {
  @Field(() => String)
  @StoredIn("knowledge_bases.name")
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Int, { nullable: true, defaultValue: 3 })
  topK?: number | null;

  @Field(() => Float, { nullable: true, defaultValue: 0 })
  similarityThreshold?: number | null;
}
