import {
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql/index.js"; // the CommonJS build, as type-graphql loads it: one graphql realm
import { dummyValue } from "./schema-operations";

/**
 * Generates requests from the schema for SEC-22's walk: every String or ID position in a mutation's arguments —
 * nested input fields and list items included — and the operation and variables that put a chosen value there,
 * everything else taken from a baseline of valid variables (missing required fields get a dummy value).
 */

export type Path = Array<string | number>;

export interface StringLeaf {
  /** Where the value goes in the variables (argument name first). */
  path: Path;
  /** The schema coordinate: `Mutation.createApiKey(name:)` or `AgentInput.name`. */
  coordinate: string;
  /** The argument or input field's own name. */
  name: string;
}

const MAX_DEPTH = 8;

export function mutationFields(schema: GraphQLSchema): Array<GraphQLField<unknown, unknown>> {
  return Object.values(schema.getMutationType()!.getFields());
}

/** Every String or ID position in the field's arguments. */
export function stringLeaves(field: GraphQLField<unknown, unknown>): StringLeaf[] {
  const leaves: StringLeaf[] = [];
  const walk = (type: GraphQLInputType, path: Path, coordinate: string, name: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return walk(inner.ofType as GraphQLInputType, [...path, 0], coordinate, name, depth + 1);
    if (isInputObjectType(inner)) {
      for (const child of Object.values(inner.getFields()))
        walk(child.type, [...path, child.name], `${inner.name}.${child.name}`, child.name, depth + 1);
      return;
    }
    const named = getNamedType(inner);
    if (named.name === "String" || named.name === "ID") leaves.push({ path, coordinate, name });
  };
  for (const arg of field.args) walk(arg.type, [arg.name], `Mutation.${field.name}(${arg.name}:)`, arg.name, 0);
  return leaves;
}

/** The value at `path` in `variables` (undefined when a step is missing). */
export function valueAt(variables: Record<string, unknown>, path: Path): unknown {
  let current: unknown = variables;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** A copy of `variables` with `value` at the leaf's path, creating (dummy) objects and lists on the way. */
export function withValueAt(
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
  path: Path,
  value: string,
): Record<string, unknown> {
  const copy = structuredClone(variables);
  let container: Record<string | number, unknown> = copy;
  // The type of what `container[path[i]]` holds.
  let type: GraphQLInputType = field.args.find((a) => a.name === path[0])!.type;
  for (let i = 0; i < path.length - 1; i++) {
    const step = path[i]!;
    if (container[step] === undefined || container[step] === null) container[step] = dummyValue(type);
    const inner = isNonNullType(type) ? type.ofType : type;
    const next = path[i + 1]!;
    if (isListType(inner)) type = inner.ofType as GraphQLInputType;
    else if (isInputObjectType(inner)) type = inner.getFields()[next as string]!.type;
    container = container[step] as Record<string | number, unknown>;
  }
  container[path.at(-1)!] = value;
  return copy;
}

/** `base` (a string of the baseline, or "walk") grown or cut to exactly `length` characters. */
export function ofLength(base: unknown, length: number): string {
  const start = typeof base === "string" && base.length > 0 ? base : "walk";
  return start.length >= length ? start.slice(0, length) : start + "a".repeat(length - start.length);
}
