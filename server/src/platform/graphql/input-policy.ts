import { Kind, visit, type DocumentNode, type OperationDefinitionNode } from "graphql";
import { badRequest, badUserInput } from "./request-errors";

/**
 * SEC-11: one input policy for every operation, on both databases. Every string that reaches a resolver, from a
 * literal in the document or from a variable, inside input objects and JSON values alike, is checked here before
 * anything runs: no NUL character (PostgreSQL cannot store U+0000 in text or jsonb), a length limit per field or
 * argument name (the default for names, ids and URLs), and JSON values nested at most `maxDepth` levels (deeper
 * values would overflow the stack in the layers below).
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
  constructor(private readonly limits: InputLimits) {}

  report(path: string, message: string): void {
    if (this.problems.length < MAX_REPORTED) this.problems.push({ path, message: `${path}: ${message}` });
    else this.hidden += 1;
  }

  string(value: string, path: string, name: string): void {
    if (value.includes("\u0000")) {
      this.report(path, "contains a NUL character (U+0000), which is not accepted in any text; remove it.");
    }
    const limit = this.limits.byName[name];
    const max = limit?.max ?? this.limits.defaultMaxChars;
    const unit = limit?.unit ?? "characters";
    // Cheap first: a string has at least as many UTF-8 bytes as UTF-16 units, and at most three times as many.
    if (value.length <= (unit === "bytes" ? max / 3 : max)) return;
    const size = unit === "bytes" ? Buffer.byteLength(value, "utf8") : [...value].length;
    if (size > max) {
      const setting = limit?.config ? ` (${limit.config})` : "";
      this.report(path, `is ${size} ${unit} long; at most ${max} ${unit} are accepted${setting}.`);
    }
  }

  /** A value from the variables: strings, lists, input objects or JSON. */
  value(value: unknown, path: string, name: string, depth: number, inJson: boolean): void {
    if (typeof value === "string") return this.string(value, path, name);
    if (value === null || typeof value !== "object") return;
    if (depth >= this.limits.maxDepth) {
      this.report(path, `is nested more than ${this.limits.maxDepth} levels deep; flatten it.`);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => this.value(item, `${path}[${i}]`, name, depth + 1, inJson));
      return;
    }
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key.includes("\u0000")) this.report(`${path}.${key}`, "the key contains a NUL character (U+0000).");
      const json = inJson || this.limits.jsonNames.has(key);
      // Inside a JSON value the keys are the client's own: the JSON field's limit applies throughout.
      this.value(item, `${path}.${key}`, inJson ? name : key, depth + 1, json);
    }
  }
}

/** Where each variable is used: the name of the argument or input field it is passed as. */
function variableUses(operation: OperationDefinitionNode, document: DocumentNode): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const names: string[] = [];
  const enter = (node: { name: { value: string } }) => void names.push(node.name.value);
  const leave = () => void names.pop();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION && definition !== operation) continue;
    visit(definition, {
      Argument: { enter, leave },
      ObjectField: { enter, leave },
      Variable(node) {
        const name = names.at(-1);
        if (name === undefined) return; // the variable's own definition
        uses.set(node.name.value, [...(uses.get(node.name.value) ?? []), name]);
      },
    });
  }
  return uses;
}

/** Checks the operation's literal strings and the variables it uses; throws a 400 BAD_USER_INPUT listing problems. */
export function checkOperationInput(
  limits: InputLimits,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): void {
  if (operation.operation === "subscription") {
    throw badRequest(
      "Subscriptions are not served over HTTP POST or GET; send a query or a mutation (subscriptions use graphql-ws).",
    );
  }
  const checker = new Checker(limits);
  const names: string[] = [];
  const json: boolean[] = [];
  const enter = (node: { name: { value: string } }) => {
    const inJson = json.at(-1) ?? false;
    names.push(inJson ? (names.at(-1) ?? node.name.value) : node.name.value);
    json.push(inJson || limits.jsonNames.has(node.name.value));
  };
  const leave = () => {
    names.pop();
    json.pop();
  };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION && definition !== operation) continue;
    visit(definition, {
      Argument: { enter, leave },
      ObjectField: { enter, leave },
      StringValue(node) {
        const name = names.at(-1);
        if (name !== undefined) checker.string(node.value, names.join("."), name);
      },
    });
  }
  for (const [variable, usedAs] of variableUses(operation, document)) {
    const value = variables?.[variable];
    // The tightest limit among the places the variable is used.
    const name = usedAs.reduce((tightest, candidate) =>
      (limits.byName[candidate]?.max ?? limits.defaultMaxChars) <
      (limits.byName[tightest]?.max ?? limits.defaultMaxChars)
        ? candidate
        : tightest,
    );
    checker.value(
      value,
      `$${variable}`,
      name,
      0,
      usedAs.some((n) => limits.jsonNames.has(n)),
    );
  }
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
