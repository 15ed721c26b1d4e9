import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import type { AuthContext } from "../auth";

/** Looks an id up in one kind of object; null when it is not of that kind (or not visible to the caller). */
export type NodeFetcher = (ctx: AuthContext, id: string) => Promise<{ typename: string; value: object } | null>;

@Resolver()
export class NodeResolver {
  constructor(private readonly fetchers: readonly NodeFetcher[]) {}

  @Query(() => NodeInterface, { nullable: true, description: "Any object by its id." })
  async node(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<object | null> {
    for (const fetch of this.fetchers) {
      const found = await fetch(ctx, id);
      if (found) return Object.assign(found.value, { __typename: found.typename });
    }
    return null;
  }
}
