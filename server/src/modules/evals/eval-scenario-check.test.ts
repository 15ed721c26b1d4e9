import { describe, expect, it } from "vitest";
import { Invalid } from "../../platform/errors";
import { checkScenario, includesSubset, judge, MAX_SCENARIO_TAGS } from "./eval-scenario-check";

describe("eval scenario checks", () => {
  it("EV-3 FUNCTION_CALL arguments match as a subset: nested objects by key, arrays and scalars by equality", () => {
    const actual = { month: "may", account: { id: "A1", region: "eu" }, tags: ["a", "b"] };
    expect(includesSubset(actual, {})).toBe(true);
    expect(includesSubset(actual, { month: "may" })).toBe(true);
    expect(includesSubset(actual, { account: { id: "A1" } })).toBe(true);
    expect(includesSubset(actual, { tags: ["a", "b"] })).toBe(true);
    expect(includesSubset(actual, { tags: ["a"] })).toBe(false);
    expect(includesSubset(actual, { month: "june" })).toBe(false);
    expect(includesSubset(actual, { missing: null })).toBe(false);
    expect(includesSubset("text", { month: "may" })).toBe(false);
  });

  it("EV-3 expectations are judged on every tool call of the scenario and on its last reply", () => {
    const judged = judge(
      [
        { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "explain_bill" } },
        { kind: "FUNCTION_CALL", tool: "get_invoices" },
        { kind: "REPLY_CONTAINS", text: "invoice" },
        { kind: "REPLY_NOT_CONTAINS", text: "sorry" },
      ],
      { toolCalls: [{ tool: "load_skill", arguments: { name: "explain_bill" } }], lastReply: "One invoice." },
    );
    expect(judged.map((e) => e.passed)).toEqual([true, false, true, true]);
  });

  it("EV-2 every problem of a scenario is reported with its field; load_skill cannot be mocked", () => {
    let details: unknown;
    try {
      checkScenario({
        name: " ",
        turns: [],
        expectations: [{ kind: "FUNCTION_CALL" }, { kind: "REPLY_CONTAINS", text: "" }],
        mocks: [{ tool: "load_skill" }, { tool: "x" }, { tool: "x" }],
        variables: [1],
      });
    } catch (error) {
      details = (error as { details?: { problems: Array<{ field: string }> } }).details?.problems.map((p) => p.field);
    }
    expect(details).toEqual([
      "name",
      "turns",
      "expectations[0].tool",
      "expectations[1].text",
      "mocks[0].tool",
      "mocks[2].tool",
      "variables",
    ]);
  });

  it("EV-4 a scenario has at most MAX_SCENARIO_TAGS distinct tags: one more is BAD_USER_INPUT naming the limit", () => {
    const input = (count: number) => ({
      name: "tagged",
      turns: ["hi"],
      expectations: [],
      tags: Array.from({ length: count }, (_, i) => `tag-${i}`),
    });
    expect(checkScenario(input(MAX_SCENARIO_TAGS)).tags).toHaveLength(MAX_SCENARIO_TAGS);
    // The same tag twice counts once.
    expect(
      checkScenario({ ...input(MAX_SCENARIO_TAGS), tags: [...input(MAX_SCENARIO_TAGS).tags, "tag-0"] }).tags,
    ).toHaveLength(MAX_SCENARIO_TAGS);
    const refused = (() => {
      try {
        checkScenario(input(MAX_SCENARIO_TAGS + 1));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(Invalid);
    expect((refused as Invalid).kind).toBe("invalid"); // BAD_USER_INPUT over GraphQL
    expect((refused as Invalid).details).toMatchObject({ field: "tags", limit: MAX_SCENARIO_TAGS });
    expect((refused as Invalid).message).toContain(`at most ${MAX_SCENARIO_TAGS} tags`);
  });
});
