import { describe, expect, it } from "vitest";
import { checkTools, MAX_TOOLS } from "./skill-tools";

const tool = (i: number) => ({
  name: `tool_${i}`,
  description: `Tool ${i}.`,
  webhookUrl: `https://hooks.example.com/${i}`,
});

describe("a version's tools", () => {
  it("SK-5 a version has at most MAX_TOOLS tools: one more is a problem at `tools` naming the limit", () => {
    expect(checkTools(Array.from({ length: MAX_TOOLS }, (_, i) => tool(i))).problems).toEqual([]);
    const { problems } = checkTools(Array.from({ length: MAX_TOOLS + 1 }, (_, i) => tool(i)));
    expect(problems).toEqual([
      {
        path: "tools",
        message: `tools: a version has at most ${MAX_TOOLS} tools; this one has ${MAX_TOOLS + 1}.`,
        fields: { limit: MAX_TOOLS },
      },
    ]);
  });
});
