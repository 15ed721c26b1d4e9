import { Field, ID, ObjectType } from "type-graphql";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";

@ObjectType("AuditEntry")
export class AuditEntryType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  action!: string;

  @Field(() => String)
  resourceType!: string;

  @Field(() => String)
  resourceId!: string;

  @Field(() => String, { description: "An API key id, or 'platform'." })
  actor!: string;

  @Field(() => Date)
  at!: Date;

  @Field(() => JSONScalar, { nullable: true })
  data!: Record<string, unknown> | null;
}

/** What the audit resolver returns for an entry: the fields above and the entry's project. */
export type AuditEntryRoot = AuditEntryType & { projectId: string };

export const AuditEntryPage = PageOf(AuditEntryType, "AuditEntryPage");
