import {
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { badRequest, badUserInput } from "./request-errors";
import type { ColumnLimit } from "./stored-in";

/**
 * SEC-11: one input policy for every operation, on both databases. Every string that reaches a resolver, from a
 * literal in the document or from a variable, inside input objects and JSON values alike, is checked here before
 * anything runs: no NUL character (PostgreSQL cannot store U+0000 in text or jsonb), a length limit per field or
 * argument name (the default for names, ids and URLs) — or, for an input stored in a column, that column's length
 * (SEC-22, `StoredIn`), whichever is less — and JSON values nested at most `maxDepth` levels (deeper values would
 * overflow the stack in the layers below).
 */
export interface InputLimits {
  /** Characters of a string whose field or argument has no limit of its own (names, ids, URLs, keys). */
  defaultMaxChars: number;
  /** Per field or argument name: the longest value accepted. */
  byName: Readonly<Record<string, { max: number; unit: "characters" | "bytes"; config?: string }>>;
  /** Names of JSON-valued fields and arguments: every string inside one gets that name's limit. */
  jsonNames: ReadonlySet<string>;
  /** Levels of nesting of objects and lists in one argument. */
  maxDepth: number;
  /** SEC-22: every column's length by `table.column` (null: none), for the inputs marked `StoredIn`. */
  columnLengths: ReadonlyMap<string, number | null>;
}

/** Where a string is: the argument or input field's name, and its schema coordinate when the schema has one. */
interface Place {
  name: string;
  coordinate?: string;
}

/** Problems reported for one request; a request with more reports how many more. */
const MAX_REPORTED = 10;

interface Problem {
  path: string;
  message: string;
}

class Checker {
  readonly problems: Problem[] = [];
  hidden = 0;
  constructor(
    private readonly limits: InputLimits,
    private readonly columns: ReadonlyMap<string, ColumnLimit>,
  ) {}

  /** The limit of a string at `place`: its column's length when stored in one and less than the name's limit. */
  limitOf(place: Place): { max: number; unit: "characters" | "bytes"; config?: string } {
    const named = this.limits.byName[place.name] ?? { max: this.limits.defaultMaxChars, unit: "characters" as const };
    const column = place.coordinate === undefined ? undefined : this.columns.get(place.coordinate);
    return column && column.max < named.max ? { max: column.max, unit: "characters" } : named;
  }

  report(path: string, message: string): void {
    if (this.problems.length < MAX_REPORTED) this.problems.push({ path, message: `${path}: ${message}` });
    else this.hidden += 1;
  }

  string(value: string, path: string, place: Place): void {
    if (value.includes("\u0000")) {
      this.report(path, "contains a NUL character (U+0000), which is not accepted in any text; remove it.");
    }
    const limit = this.limitOf(place);
    const { max, unit } = limit;
    // Cheap first: a string has at least as many UTF-8 bytes as UTF-16 units, and at most three times as many.
    if (value.length <= (unit === "bytes" ? max / 3 : max)) return;
    const size = unit === "bytes" ? Buffer.byteLength(value, "utf8") : [...value].length;
    if (size > max) {
      const setting = limit.config ? ` (${limit.config})` : "";
      this.report(path, `is ${size} ${unit} long; at most ${max} ${unit} are accepted${setting}.`);
    }
  }

  /**
   * A value from the variables: strings, lists, input objects or JSON. `type` is its GraphQL input type (undefined
   * inside a JSON value, whose keys are the client's own: the JSON field's limit applies throughout).
   */
  value(value: unknown, path: string, place: Place, type: GraphQLInputType | undefined, depth: number): void {
    if (typeof value === "string") return this.string(value, path, place);
    if (value === null || typeof value !== "object") return;
    if (depth >= this.limits.maxDepth) {
      this.report(path, `is nested more than ${this.limits.maxDepth} levels deep; flatten it.`);
      return;
    }
    const inner = type && isNonNullType(type) ? type.ofType : type;
    if (Array.isArray(value)) {
      const item = inner && isListType(inner) ? (inner.ofType as GraphQLInputType) : inner;
      value.forEach((entry, i) => this.value(entry, `${path}[${i}]`, place, item, depth + 1));
      return;
    }
    const object = inner && isInputObjectType(inner) ? inner : undefined;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key.includes("\u0000")) this.report(`${path}.${key}`, "the key contains a NUL character (U+0000).");
      const field = object?.getFields()[key];
      const json = !object || this.limits.jsonNames.has(key);
      const child: Place = object ? { name: key, coordinate: `${object.name}.${key}` } : place;
      this.value(item, `${path}.${key}`, child, field && !json ? field.type : undefined, depth + 1);
    }
  }
}

/** The place an Argument or ObjectField node stands for, as TypeInfo sees it on entering the node. */
function placeOf(typeInfo: TypeInfo, node: { kind: Kind; name: { value: string } }): Place {
  const name = node.name.value;
  if (node.kind === Kind.ARGUMENT) {
    const field = typeInfo.getFieldDef();
    const parent = typeInfo.getParentType();
    return field && parent ? { name, coordinate: `${parent.name}.${field.name}(${name}:)` } : { name };
  }
  const parent = typeInfo.getParentInputType();
  const object = parent ? getNamedType(parent) : undefined;
  return object && isInputObjectType(object) ? { name, coordinate: `${object.name}.${name}` } : { name };
}

/**
 * Checks the operation's literal strings and the variables it uses (walked with their declared types); throws a 400
 * BAD_USER_INPUT listing problems. `columns` are the limits of inputs stored in columns (stored-in.ts).
 */
export function checkOperationInput(
  limits: InputLimits,
  columns: ReadonlyMap<string, ColumnLimit>,
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): void {
  if (operation.operation === "subscription") {
    throw badRequest(
      "Subscriptions are not served over HTTP POST or GET; send a query or a mutation (subscriptions use graphql-ws).",
    );
  }
  const checker = new Checker(limits, columns);
  const plan = planOf(limits, columns, schema, document, operation, checker);
  for (const { variable, place, type } of plan) checker.value(variables?.[variable], `$${variable}`, place, type, 0);
  if (checker.problems.length === 0) return;
  const more = checker.hidden > 0 ? ` And ${checker.hidden} more problems.` : "";
  const first = checker.problems[0]!;
  const message =
    checker.problems.length === 1
      ? `The input is not accepted: ${first.message}${more}`
      : `The input is not accepted: ${checker.problems.length + checker.hidden} problems: ${checker.problems.map((p) => p.message).join(" ")}${more}`;
  throw badUserInput(message, {
    field: first.path,
    problems: checker.problems.map((p) => ({ path: p.path, field: p.path, message: p.message })),
    ...(checker.hidden > 0 ? { more_problems: checker.hidden } : {}),
  });
}

/** What checking an operation's variables needs: each variable used, at the tightest place, with its input type. */
type Plan = Array<{ variable: string; place: Place; type: GraphQLInputType | undefined }>;

/**
 * The plan of an operation of a cached document (Apollo keeps parsed documents by query text, so the same
 * node comes back), made once — with its literal strings checked — when they are fine; per request only the
 * variables are walked. An operation with a literal problem is planned (and refused) on every request.
 */
const plans = new WeakMap<
  OperationDefinitionNode,
  { limits: InputLimits; columns: ReadonlyMap<string, ColumnLimit>; schema: GraphQLSchema; plan: Plan }
>();

function planOf(
  limits: InputLimits,
  columns: ReadonlyMap<string, ColumnLimit>,
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  checker: Checker,
): Plan {
  const known = plans.get(operation);
  if (known && known.limits === limits && known.columns === columns && known.schema === schema) return known.plan;
  const places: Place[] = [];
  const names: string[] = [];
  const json: boolean[] = [];
  /** Where each variable is used: the places of the arguments or input fields it is passed as. */
  const uses = new Map<string, Place[]>();
  const typeInfo = new TypeInfo(schema);
  const enter = (node: { kind: Kind; name: { value: string } }) => {
    const inJson = json.at(-1) ?? false;
    // Inside a JSON value the keys are the client's own: the JSON field's place applies throughout.
    places.push(inJson ? places.at(-1)! : placeOf(typeInfo, node));
    names.push(node.name.value);
    json.push(inJson || limits.jsonNames.has(node.name.value));
  };
  const leave = () => {
    places.pop();
    names.pop();
    json.pop();
  };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION && definition !== operation) continue;
    visit(
      definition,
      visitWithTypeInfo(typeInfo, {
        Argument: { enter, leave },
        ObjectField: { enter, leave },
        StringValue(node) {
          const place = places.at(-1);
          if (place) checker.string(node.value, names.join("."), place);
        },
        Variable(node) {
          const place = places.at(-1);
          if (place) uses.set(node.name.value, [...(uses.get(node.name.value) ?? []), place]);
        },
      }),
    );
  }
  const plan: Plan = [];
  for (const [variable, usedAs] of uses) {
    const definition = operation.variableDefinitions?.find((d) => d.variable.name.value === variable);
    const type = definition ? (typeFromAST(schema, definition.type) as GraphQLInputType | undefined) : undefined;
    // The tightest limit among the places the variable is used.
    const place = usedAs.reduce((tightest, candidate) =>
      checker.limitOf(candidate).max < checker.limitOf(tightest).max ? candidate : tightest,
    );
    const inJson = usedAs.some((p) => limits.jsonNames.has(p.name));
    plan.push({ variable, place, type: inJson ? undefined : type });
  }
  if (checker.problems.length === 0) plans.set(operation, { limits, columns, schema, plan });
  return plan;
}
