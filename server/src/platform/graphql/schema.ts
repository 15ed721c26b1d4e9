import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema, type NonEmptyArray, type PubSub } from "type-graphql";
import { DateTimeScalar } from "./scalars";

/**
 * Builds the executable schema from resolver instances the composition root made (constructor injection by
 * hand: type-graphql asks this container for each resolver class).
 */
export async function buildGraphQLSchema(resolvers: readonly object[], pubSub: PubSub): Promise<GraphQLSchema> {
  const byClass = new Map<unknown, object>(resolvers.map((r) => [r.constructor, r]));
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const classes = resolvers.map((r) => r.constructor) as unknown as NonEmptyArray<Function>;
  return buildSchema({
    resolvers: classes,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    validate: false,
    // type-graphql needs one as soon as the schema has a subscription, even one with its own `subscribe`.
    pubSub,
    container: { get: (someClass) => byClass.get(someClass) },
  });
}

/** The committed `schema.graphql`: sorted, so the file changes only when the schema does. */
export function printSortedSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
