import { randomBytes, randomUUID } from "node:crypto";
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql/index.js"; // the CommonJS build, as type-graphql loads it: one graphql realm

/**
 * Requests generated from the schema, for the walks that try every operation (SEC-7 roles, SEC-9 tenancy, SEC-22
 * lengths): a valid dummy value of any input type, and the document that calls one field.
 */

export type SchemaField = GraphQLField<unknown, unknown>;

/**
 * A value of `type` that passes GraphQL's own checks: input objects with their required fields only, lists with one
 * item, enums their first value, IDs fresh UUIDs (so they name no row anywhere), strings short and unique.
 */
export function dummyValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummyValue(type.ofType);
  if (isListType(type)) return [dummyValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, dummyValue(f.type)]),
    );
  }
  switch (type.name) {
    case "ID":
      return randomUUID();
    case "Int":
      return 1;
    case "Float":
      return 0.5;
    case "Boolean":
      return false;
    case "DateTime":
      return new Date().toISOString();
    case "JSON":
    case "JSONObject":
      return {};
    default:
      return `dummy-${randomBytes(3).toString("hex")}`;
  }
}

/** The arguments a call must pass: non-null and without a default. */
export const requiredArgs = (field: SchemaField): GraphQLArgument[] =>
  field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);

export interface OperationOptions {
  /** The arguments passed as variables: all of the field's unless told. */
  args?: readonly GraphQLArgument[];
  /** Arguments written into the document as they are (`limit: 5`). */
  literals?: string[];
  /** The selection: `{ __typename }` for an object, union or interface, none for a scalar, unless told. */
  selection?: string;
}

/** `query|mutation Walk($a: T!, …) { field(a: $a, …) { __typename } }` for any root field. */
export function operationDocument(
  kind: "query" | "mutation",
  field: SchemaField,
  options: OperationOptions = {},
): string {
  const args = options.args ?? field.args;
  const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const passed = [...args.map((a) => `${a.name}: $${a.name}`), ...(options.literals ?? [])].join(", ");
  const returned = getNamedType(field.type);
  const selection = options.selection ?? (isObjectType(returned) || isAbstractType(returned) ? "{ __typename }" : "");
  return `${kind} Walk${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""} ${selection} }`;
}
