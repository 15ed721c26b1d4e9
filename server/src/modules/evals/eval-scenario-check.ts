import { Invalid, type Problem } from "../../platform/errors";
import { LOAD_SKILL } from "../runtime";
import { SCENARIO_NAME_LENGTH } from "./eval.entity";

export type ExpectationKind = "FUNCTION_CALL" | "REPLY_CONTAINS" | "REPLY_NOT_CONTAINS";

/** An expectation as stored and as `EvalScenario.expectations` shows it. */
export interface StoredExpectation {
  kind: ExpectationKind;
  tool?: string;
  arguments?: Record<string, unknown>;
  text?: string;
}

/** A tool mock: its result, or its error (then the tool fails with that message). */
export interface StoredMock {
  tool: string;
  result?: unknown;
  error?: string;
}

export interface ScenarioInput {
  name: string;
  tags?: string[] | null;
  turns: string[];
  expectations: Array<{ kind: string; tool?: string | null; arguments?: unknown; text?: string | null }>;
  mocks?: Array<{ tool: string; result?: unknown; error?: string | null }> | null;
  mockOnly?: boolean | null;
  variables?: unknown;
}

export interface CheckedScenario {
  name: string;
  tags: string[];
  turns: string[];
  expectations: StoredExpectation[];
  mocks: StoredMock[];
  mockOnly: boolean;
  variables: Record<string, unknown> | null;
}

const MAX_TURNS = 50;
/** Tags of one scenario (EV-4): enough to name every skill it is about, bounded as any list a request sends. */
export const MAX_SCENARIO_TAGS = 50;
/** A turn is a user message of a scenario; the input policy (app-graphql.ts) applies the same limit at the edge. */
export const MAX_TURN_CHARS = 100_000;
/**
 * A tag as it is stored and compared: trimmed, and NFKC like a skill name (SK-1), so that `skill:café` typed composed
 * or decomposed is one tag and names the skill (EV-4).
 */
export const normaliseTag = (tag: string): string => tag.trim().normalize("NFKC");

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks a scenario as saveEvalScenario receives it; every problem is a BAD_USER_INPUT problem with its field. */
export function checkScenario(input: ScenarioInput): CheckedScenario {
  const problems: Problem[] = [];
  const name = input.name.trim();
  if (name === "" || name.length > SCENARIO_NAME_LENGTH)
    problems.push({ path: "name", message: `name must be 1 to ${SCENARIO_NAME_LENGTH} characters.` });
  const tags = [...new Set((input.tags ?? []).map(normaliseTag))];
  if (tags.length > MAX_SCENARIO_TAGS)
    problems.push({
      path: "tags",
      message: `A scenario has at most ${MAX_SCENARIO_TAGS} tags; this one has ${tags.length}.`,
      fields: { limit: MAX_SCENARIO_TAGS },
    });
  tags.forEach((tag, i) => {
    if (tag === "" || tag.length > 128)
      problems.push({ path: `tags[${i}]`, message: `tags[${i}] must be 1 to 128 characters.` });
  });
  if (input.turns.length === 0)
    problems.push({ path: "turns", message: "A scenario needs at least one turn (a user message)." });
  if (input.turns.length > MAX_TURNS)
    problems.push({ path: "turns", message: `A scenario has at most ${MAX_TURNS} turns.` });
  input.turns.forEach((turn, i) => {
    if (turn.trim() === "" || turn.length > MAX_TURN_CHARS)
      problems.push({
        path: `turns[${i}]`,
        message: `turns[${i}] must be a text of 1 to ${MAX_TURN_CHARS} characters.`,
      });
  });
  const expectations = input.expectations.map((e, i): StoredExpectation => {
    const at = `expectations[${i}]`;
    if (e.kind === "FUNCTION_CALL") {
      const tool = e.tool?.trim() ?? "";
      if (tool === "")
        problems.push({ path: `${at}.tool`, message: `${at} is a FUNCTION_CALL expectation and names no tool.` });
      if (e.arguments !== undefined && e.arguments !== null && !isObject(e.arguments))
        problems.push({
          path: `${at}.arguments`,
          message: `${at}.arguments must be a JSON object (a subset to match).`,
        });
      return { kind: e.kind, tool, ...(isObject(e.arguments) ? { arguments: e.arguments } : {}) };
    }
    const text = e.text ?? "";
    if (text === "")
      problems.push({ path: `${at}.text`, message: `${at} is a ${e.kind} expectation and has no text.` });
    return { kind: e.kind as ExpectationKind, text };
  });
  const seen = new Set<string>();
  const mocks = (input.mocks ?? []).map((m, i): StoredMock => {
    const tool = m.tool.trim();
    const at = `mocks[${i}].tool`;
    if (tool === "") problems.push({ path: at, message: `${at} names no tool.` });
    else if (tool === LOAD_SKILL)
      problems.push({ path: at, message: `load_skill is never mocked (EV-2): the agent loads skills for real.` });
    else if (seen.has(tool)) problems.push({ path: at, message: `The tool '${tool}' has more than one mock.` });
    seen.add(tool);
    if (typeof m.error === "string" && m.error !== "") return { tool, error: m.error };
    return { tool, result: m.result ?? null };
  });
  if (input.variables !== undefined && input.variables !== null && !isObject(input.variables))
    problems.push({ path: "variables", message: "variables must be a JSON object of template values." });
  if (problems.length > 0) throw Invalid.of(problems);
  return {
    name,
    tags,
    turns: input.turns,
    expectations,
    mocks,
    mockOnly: input.mockOnly ?? false,
    variables: isObject(input.variables) ? input.variables : null,
  };
}

/** Whether `actual` includes `expected`: objects by subset of keys (recursively), anything else by equality. */
export function includesSubset(actual: unknown, expected: unknown): boolean {
  if (isObject(expected)) {
    if (!isObject(actual)) return false;
    return Object.entries(expected).every(([key, value]) => includesSubset(actual[key], value));
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((value, i) => includesSubset(actual[i], value))
    );
  }
  return actual === expected;
}

export interface JudgedExpectation extends StoredExpectation {
  passed: boolean;
}

/**
 * FUNCTION_CALL: some round of the scenario's replies called the tool with arguments that include the expected ones
 * (EV-3 on load_skill: the agent loaded the skill). REPLY_CONTAINS / REPLY_NOT_CONTAINS: the last reply.
 */
export function judge(
  expectations: readonly StoredExpectation[],
  ran: { toolCalls: ReadonlyArray<{ tool: string; arguments: unknown }>; lastReply: string },
): JudgedExpectation[] {
  return expectations.map((e) => {
    const passed =
      e.kind === "FUNCTION_CALL"
        ? ran.toolCalls.some((c) => c.tool === e.tool && includesSubset(c.arguments, e.arguments ?? {}))
        : e.kind === "REPLY_CONTAINS"
          ? ran.lastReply.includes(e.text ?? "")
          : !ran.lastReply.includes(e.text ?? "");
    return { ...e, passed };
  });
}
