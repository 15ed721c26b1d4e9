import { Field, ID, ObjectType, registerEnumType } from "type-graphql";

export enum ApiKeyRole {
  ADMIN = "admin",
  EDITOR = "editor",
  VIEWER = "viewer",
}
registerEnumType(ApiKeyRole, { name: "ApiKeyRole" });

@ObjectType("ApiKeyPayload")
export class ApiKeyPayload {
  @Field(() => ID)
  id!: string;

  @Field(() => ApiKeyRole)
  role!: ApiKeyRole;

  @Field(() => String, { description: "The key itself: shown once, stored only as a hash." })
  key!: string;
}

@ObjectType("ApiKey")
export class ApiKeyType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => ApiKeyRole)
  role!: ApiKeyRole;

  @Field(() => String, { description: "The key's public beginning, to tell keys apart." })
  prefix!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;
}
