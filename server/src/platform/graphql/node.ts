import { Field, ID, InterfaceType } from "type-graphql";

@InterfaceType("Node", {
  // Domain rows are plain objects, not instances of the GraphQL classes: the node query tags them.
  resolveType: (value: { __typename?: string }) => value.__typename,
})
export abstract class NodeInterface {
  @Field(() => ID)
  id!: string;
}
