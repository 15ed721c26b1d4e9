import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { NotFound } from "../../platform/errors";
import { NodeInterface } from "../../platform/graphql/node";
import type { AuthContext } from "../auth";

/** Looks an id up in one kind of object; null when it is not of that kind (or not visible to the caller). */
export type NodeFetcher = (ctx: AuthContext, id: string) => Promise<{ typename: string; value: object } | null>;

/**
 * A kind of object for node(id), read through its service's `get` (which authorises the request): absent or
 * NotFound means "not this kind, or not yours" — any other failure (an outage, a missing credential) is the answer.
 */
export function nodeKind(typename: string, get: (ctx: AuthContext, id: string) => Promise<object | null>): NodeFetcher {
  return async (ctx, id) => {
    try {
      const value = await get(ctx, id);
      return value ? { typename, value } : null;
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  };
}

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
