import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";

export enum VersionState {
  DRAFT = "draft",
  PUBLISHED = "published",
  ARCHIVED = "archived",
}
registerEnumType(VersionState, { name: "VersionState" });

/**
 * The fields every version type shows (SkillVersion, AgentVersion): its number, state and lifecycle times. A base
 * class only: no field returns it, so the schema has no type of this name.
 */
@ObjectType("VersionFields")
export abstract class VersionFields extends NodeInterface {
  @Field(() => Int)
  version!: number;

  @Field(() => VersionState)
  state!: VersionState;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  publishedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  archivedAt!: Date | null;
}
