import {
  Kind,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import { badUserInput } from "./request-errors";

/**
 * SEC-11: a bound on the size of an answer. Some fields hold large text (a SKILL.md up to SKILL_MD_MAX_BYTES, a
 * bundle file, an exported zip, a system prompt); twenty aliases of one of them in a 300-byte query would answer
 * hundreds of megabytes. Each selection of such a field costs one unit, times the `limit` of every page it is in
 * (the page's default when not given); an operation may spend at most `budget` units.
 */
export interface AnswerBudget {
  /** `Type.field` of every large text field. */
  largeFields: ReadonlySet<string>;
  budget: number;
  /** What a page field's `limit` is when the operation does not give it. */
  defaultPageLimit: number;
}

function limitOf(
  args: readonly { name: { value: string }; value: ValueNode }[] | undefined,
  variables: Record<string, unknown>,
  fallback: number,
): number | null {
  const arg = args?.find((a) => a.name.value === "limit");
  if (!arg) return null;
  if (arg.value.kind === Kind.INT) return Number(arg.value.value);
  if (arg.value.kind === Kind.VARIABLE) {
    const value = variables[arg.value.name.value];
    return typeof value === "number" ? value : fallback;
  }
  return fallback;
}

// Duck-typed rather than graphql's isObjectType/getNamedType: those check instanceof, and the schema may come from
// another copy of graphql (type-graphql's CommonJS one under the ESM test runner).
function fieldsOf(
  type: GraphQLNamedType | null | undefined,
): Record<string, GraphQLField<unknown, unknown>> | undefined {
  const candidate = type as { getFields?: () => Record<string, GraphQLField<unknown, unknown>> } | null | undefined;
  return typeof candidate?.getFields === "function" ? candidate.getFields() : undefined;
}

function namedType(type: GraphQLOutputType): GraphQLNamedType {
  let current: unknown = type;
  while (current && typeof current === "object" && "ofType" in current && current.ofType) current = current.ofType;
  return current as GraphQLNamedType;
}

/**
 * Throws when the operation's answer would be over the budget. Returns whether the check read a variable (a page's
 * `limit`): when it did not, the operation passes whatever its variables are (checked once per document).
 */
export function checkAnswerBudget(
  budget: AnswerBudget,
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> | undefined,
): { readVariables: boolean } {
  const vars = variables ?? {};
  const spent = new Map<string, number>();
  let total = 0;
  let readVariables = false;
  const walk = (set: SelectionSetNode, parent: GraphQLNamedType | null | undefined, times: number, depth: number) => {
    if (depth > 64 || total > budget.budget) return; // depth is bounded by validation already; this only guards
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const field = fieldsOf(parent)?.[name];
        if (!field || !parent) continue;
        const key = `${parent.name}.${name}`;
        const paged = field.args.some((a) => a.name === "limit");
        if (paged && selection.arguments?.some((a) => a.value.kind === Kind.VARIABLE)) readVariables = true;
        const limit = paged
          ? (limitOf(selection.arguments, vars, budget.defaultPageLimit) ?? budget.defaultPageLimit)
          : 1;
        const here = times * Math.max(1, limit);
        if (budget.largeFields.has(key)) {
          total += here;
          spent.set(key, (spent.get(key) ?? 0) + here);
        }
        if (selection.selectionSet) walk(selection.selectionSet, namedType(field.type), here, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        walk(selection.selectionSet, type, times, depth + 1);
      } else {
        const fragment = fragments[selection.name.value];
        if (fragment) walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), times, depth + 1);
      }
    }
  };
  const root =
    operation.operation === "mutation"
      ? schema.getMutationType()
      : operation.operation === "query"
        ? schema.getQueryType()
        : null;
  walk(operation.selectionSet, root, 1, 0);
  if (total <= budget.budget) return { readVariables };
  const which = [...spent.entries()].map(([key, units]) => `${key} ×${units}`).join(", ");
  throw badUserInput(
    `The answer would be too large: the operation asks for large text fields ${total} times or more (${which}); at most ${budget.budget} are answered per request. Ask for fewer aliases, or a smaller page limit when listing them.`,
    { field: "query", large_fields: total, budget: budget.budget },
  );
}
