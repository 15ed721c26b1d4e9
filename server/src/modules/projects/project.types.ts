import { Field, ObjectType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";

@ObjectType("Project", { implements: NodeInterface })
export class ProjectType extends NodeInterface {
  @Field(() => String)
  name!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  deletedAt!: Date | null;

  /** Resolved by a field resolver (LB-1). */
  skillLibraryId!: string | null;
}

@ObjectType("CreateProjectPayload")
export class CreateProjectPayload {
  @Field(() => ProjectType)
  project!: ProjectType;

  @Field(() => String, { description: "The project's first admin API key, shown once." })
  apiKey!: string;
}
