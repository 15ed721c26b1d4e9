import { describe, expect, it } from "vitest";
import { wantsPlainJson } from "./response-status";

describe("wantsPlainJson (the status of request errors under GraphQL over HTTP)", () => {
  it("is true only when the Accept header names application/json and ranks it above application/graphql-response+json", () => {
    const cases: Array<[string | null, boolean]> = [
      ["application/json", true],
      ["application/json; charset=utf-8", true],
      ["application/json, application/graphql-response+json;q=0.5", true],
      ["application/json, */*;q=0.8", true],
      ["application/graphql-response+json", false],
      ["application/graphql-response+json, application/json;q=0.9", false],
      ["application/graphql-response+json, application/json", false],
      ["application/json, application/*", false],
      ["*/*", false],
      ["application/json;q=0", false],
      ["text/html", false],
      ["", false],
      [null, false],
    ];
    for (const [accept, expected] of cases) expect(wantsPlainJson(accept), String(accept)).toBe(expected);
  });
});
