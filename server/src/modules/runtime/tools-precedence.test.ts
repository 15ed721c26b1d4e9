import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleTools } from "./tools";
import { agentSnapshot, knowledgeBase, resolvedSkill, webhookTool } from "../../../test/support/runtime-fixtures";
import type { McpTool } from "./types";

const mcp = (name: string, server: string): McpTool => ({ server, name, description: `MCP ${name}`, parameters: {} });

describe("assembleTools — properties", () => {
  const toolName = fc.constantFrom("load_skill", "query_knowledge", "handoff_to_agent", "a", "b", "c", "d");
  const skillNames = ["s0", "s1", "s2", "s3"];

  it("RT-6 RT-8 never offers two tools of one name, and each name goes to the first source in the RT-6 order", () => {
    const world = fc.record({
      agentTools: fc.array(toolName, { maxLength: 4 }),
      skillTools: fc.tuple(...skillNames.map(() => fc.array(toolName, { maxLength: 3 }))),
      skillKbMode: fc.constantFrom("tool", "prompt", "none"),
      agentKb: fc.boolean(),
      resolvedCount: fc.integer({ min: 0, max: 4 }),
      loadOrder: fc.shuffledSubarray(skillNames),
      mcp: fc.array(fc.tuple(fc.constantFrom("crm", "kyc"), toolName), { maxLength: 4 }),
      handoff: fc.boolean(),
    });
    fc.assert(
      fc.property(world, (w) => {
        const resolved = skillNames.slice(0, w.resolvedCount).map((name, i) =>
          resolvedSkill(name, {
            tools: (w.skillTools[i] ?? []).map((tool) => webhookTool(tool)),
            knowledgeBases: w.skillKbMode === "none" ? [] : [knowledgeBase(`kb-${name}`, w.skillKbMode)],
          }),
        );
        const agent = agentSnapshot({
          tools: w.agentTools.map((tool) => webhookTool(tool)),
          knowledgeBases: w.agentKb ? [knowledgeBase("agent-kb", "tool")] : [],
          handoffTargets: w.handoff ? [{ agentId: "a2", name: "Sales" }] : [],
        });
        const mcpTools = w.mcp.map(([server, name]) => mcp(name, server));
        const loaded = w.loadOrder.filter((name) => resolved.some((skill) => skill.name === name));
        const { tools, skipped } = assembleTools({ agent, resolved, loaded, mcpTools, variables: {} });

        expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);

        // The RT-6 order, built-ins first; query_knowledge is only built in when no other tool has the name (RT-8).
        const others = [
          ...w.agentTools.map((name) => ({ name, source: "agent" })),
          ...loaded.flatMap((skill) =>
            (resolved.find((s) => s.name === skill)?.tools ?? []).map((t) => ({
              name: t.name,
              source: `skill:${skill}`,
            })),
          ),
          ...mcpTools.map((t) => ({ name: t.name, source: `mcp:${t.server}` })),
        ];
        const searchable = w.agentKb || (w.skillKbMode === "tool" && loaded.length > 0);
        const builtins = [
          ...(resolved.length > 0 ? ["load_skill"] : []),
          ...(searchable && !others.some((t) => t.name === "query_knowledge") ? ["query_knowledge"] : []),
          ...(w.handoff ? ["handoff_to_agent"] : []),
        ].map((name) => ({ name, source: "builtin" }));
        const candidates = [...builtins, ...others];
        const expected = candidates.filter((c, i) => candidates.findIndex((d) => d.name === c.name) === i);
        expect(tools.map((t) => ({ name: t.name, source: t.source }))).toEqual(expected);
        expect(tools.length + skipped.length).toBe(candidates.length);
        for (const skip of skipped) expect(tools.find((t) => t.name === skip.name)?.source).toBe(skip.shadowedBy);
      }),
      { numRuns: 500 },
    );
  });
});
