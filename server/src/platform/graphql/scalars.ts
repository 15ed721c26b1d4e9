import { GraphQLDateTime, GraphQLJSON, GraphQLJSONObject } from "graphql-scalars";

export { GraphQLJSON as JSONScalar, GraphQLJSONObject as JSONObjectScalar };
export const DateTimeScalar = GraphQLDateTime;
