import { describe, expect, it } from "vitest";
import { assembleTools, type OfferedTool } from "./tools";
import { agentSnapshot, knowledgeBase, resolvedSkill, webhookTool } from "../../../test/support/runtime-fixtures";
import type { AgentSnapshot, McpTool, ResolvedSkill } from "./types";

const getInvoices = webhookTool("get_invoices", "Lists the invoices of {{customer}}.");
const explain = resolvedSkill("explain_bill", {
  tools: [getInvoices, webhookTool("get_rates")],
  knowledgeBases: [knowledgeBase("rates", "tool")],
});
const verify = resolvedSkill("verify_identity", {
  tools: [webhookTool("check_dob"), webhookTool("get_rates", "Verify's rates.")],
});
const resolved = [explain, verify];
const mcp = (name: string, server = "crm"): McpTool => ({
  server,
  name,
  description: `MCP ${name}`,
  parameters: { type: "object" },
});

function names(tools: readonly OfferedTool[]): string[] {
  return tools.map((tool) => `${tool.source}/${tool.name}`);
}

describe("assembleTools", () => {
  it("RT-2 an agent with no skills gets no load_skill and no skill tools", () => {
    const agent = agentSnapshot({ tools: [webhookTool("transfer")] });
    const { tools } = assembleTools({ agent, resolved: [], loaded: [], mcpTools: [], variables: {} });
    expect(names(tools)).toEqual(["agent/transfer"]);
  });

  it("RT-2 before any load: load_skill and the agent's tools, none of the skills' tools", () => {
    const agent = agentSnapshot({ tools: [webhookTool("transfer")] });
    const { tools } = assembleTools({ agent, resolved, loaded: [], mcpTools: [], variables: {} });
    expect(names(tools)).toEqual(["builtin/load_skill", "agent/transfer"]);
  });

  it("RT-2 load_skill takes one name among the resolved skills", () => {
    const { tools } = assembleTools({ agent: agentSnapshot(), resolved, loaded: [], mcpTools: [], variables: {} });
    expect(tools[0]?.parameters).toEqual({
      type: "object",
      properties: {
        name: {
          type: "string",
          enum: ["explain_bill", "verify_identity"],
          description: "The skill's name, as listed.",
        },
      },
      required: ["name"],
      additionalProperties: false,
    });
  });

  it("RT-3 a loaded skill's tools join the list, with the webhook that runs them", () => {
    const { tools } = assembleTools({
      agent: agentSnapshot(),
      resolved,
      loaded: ["verify_identity"],
      mcpTools: [],
      variables: {},
    });
    expect(names(tools)).toEqual([
      "builtin/load_skill",
      "skill:verify_identity/check_dob",
      "skill:verify_identity/get_rates",
    ]);
    expect(tools[1]?.webhook).toEqual(verify.tools[0]);
  });

  it("RT-4 an unloaded skill's tools leave the list", () => {
    const before = assembleTools({
      agent: agentSnapshot(),
      resolved,
      loaded: ["explain_bill"],
      mcpTools: [],
      variables: {},
    });
    const after = assembleTools({
      agent: agentSnapshot(),
      resolved,
      loaded: ["verify_identity"],
      mcpTools: [],
      variables: {},
    });
    expect(names(before.tools)).toContain("skill:explain_bill/get_invoices");
    expect(names(after.tools)).not.toContain("skill:explain_bill/get_invoices");
  });

  it("RT-5 webhook tool descriptions render the variables; a missing one warns", () => {
    const agent = agentSnapshot({ tools: [webhookTool("transfer", "Transfer to {{desk}}.")] });
    const { tools, warnings } = assembleTools({
      agent,
      resolved,
      loaded: ["explain_bill"],
      mcpTools: [],
      variables: { customer: "Ada" },
    });
    expect(tools.find((t) => t.name === "get_invoices")?.description).toBe("Lists the invoices of Ada.");
    expect(tools.find((t) => t.name === "transfer")?.description).toBe("Transfer to .");
    expect(warnings).toEqual(["template variable 'desk' is missing; it rendered empty"]);
  });

  it("RT-5 an MCP server's descriptions are shown as it gives them", () => {
    const server: McpTool = { server: "crm", name: "lookup", description: "Find {{anything}}.", parameters: {} };
    const { tools, warnings } = assembleTools({
      agent: agentSnapshot(),
      resolved: [],
      loaded: [],
      mcpTools: [server],
      variables: {},
    });
    expect(tools).toEqual([
      { name: "lookup", description: "Find {{anything}}.", parameters: {}, source: "mcp:crm", mcp: server },
    ]);
    expect(warnings).toEqual([]);
  });

  it("RT-6 the order is built-ins, the agent's tools, loaded skills' tools in load order, MCP tools", () => {
    const agent = agentSnapshot({
      tools: [webhookTool("transfer")],
      handoffTargets: [{ agentId: "a2", name: "Sales" }],
    });
    const { tools } = assembleTools({
      agent,
      resolved,
      loaded: ["verify_identity", "explain_bill"],
      mcpTools: [mcp("lookup")],
      variables: {},
    });
    expect(names(tools)).toEqual([
      "builtin/load_skill",
      "builtin/query_knowledge",
      "builtin/handoff_to_agent",
      "agent/transfer",
      "skill:verify_identity/check_dob",
      "skill:verify_identity/get_rates",
      "skill:explain_bill/get_invoices",
      "mcp:crm/lookup",
    ]);
  });

  it("RT-6 of two loaded skills' tools with one name, the one loaded first wins and the other is skipped", () => {
    const first = assembleTools({
      agent: agentSnapshot(),
      resolved,
      loaded: ["verify_identity", "explain_bill"],
      mcpTools: [],
      variables: {},
    });
    expect(first.tools.find((t) => t.name === "get_rates")?.source).toBe("skill:verify_identity");
    expect(first.skipped).toEqual([
      { name: "get_rates", source: "skill:explain_bill", shadowedBy: "skill:verify_identity" },
    ]);
    const swapped = assembleTools({
      agent: agentSnapshot(),
      resolved,
      loaded: ["explain_bill", "verify_identity"],
      mcpTools: [],
      variables: {},
    });
    expect(swapped.tools.find((t) => t.name === "get_rates")?.source).toBe("skill:explain_bill");
  });

  it("RT-6 an MCP tool with a skill tool's or an agent tool's name is skipped", () => {
    const agent = agentSnapshot({ tools: [webhookTool("transfer")] });
    const { tools, skipped } = assembleTools({
      agent,
      resolved,
      loaded: ["verify_identity"],
      mcpTools: [mcp("transfer"), mcp("check_dob", "kyc")],
      variables: {},
    });
    expect(tools.filter((t) => t.source.startsWith("mcp:"))).toEqual([]);
    expect(skipped).toEqual([
      { name: "transfer", source: "mcp:crm", shadowedBy: "agent" },
      { name: "check_dob", source: "mcp:kyc", shadowedBy: "skill:verify_identity" },
    ]);
  });

  it("RT-6 AG-5 a skill tool whose name the agent already uses is skipped and reported", () => {
    const agent = agentSnapshot({ tools: [webhookTool("get_invoices", "The agent's own.")] });
    const { tools, skipped, warnings } = assembleTools({
      agent,
      resolved,
      loaded: ["explain_bill"],
      mcpTools: [],
      variables: {},
    });
    expect(tools.filter((t) => t.name === "get_invoices")).toEqual([
      expect.objectContaining({ source: "agent", description: "The agent's own." }),
    ]);
    expect(skipped).toEqual([{ name: "get_invoices", source: "skill:explain_bill", shadowedBy: "agent" }]);
    expect(warnings).toContain(
      "tool 'get_invoices' from skill:explain_bill skipped: a tool of that name from agent comes first",
    );
  });

  it("RT-6 a shadowed tool's description is not rendered, so it does not warn", () => {
    const agent = agentSnapshot({ tools: [webhookTool("get_invoices")] });
    const { warnings } = assembleTools({
      agent,
      resolved: [explain],
      loaded: ["explain_bill"],
      mcpTools: [],
      variables: {},
    });
    expect(warnings.filter((w) => w.startsWith("template variable"))).toEqual([]);
  });

  it("RT-6 AG-3 a skill or MCP tool named load_skill loses to the built-in", () => {
    const odd = resolvedSkill("odd", { tools: [webhookTool("load_skill")] });
    const { tools, skipped } = assembleTools({
      agent: agentSnapshot(),
      resolved: [odd],
      loaded: ["odd"],
      mcpTools: [mcp("load_skill")],
      variables: {},
    });
    expect(names(tools)).toEqual(["builtin/load_skill"]);
    expect(skipped.map((s) => [s.source, s.shadowedBy])).toEqual([
      ["skill:odd", "builtin"],
      ["mcp:crm", "builtin"],
    ]);
  });

  it("RT-8 query_knowledge is offered once something is searchable, and not before", () => {
    const before = assembleTools({ agent: agentSnapshot(), resolved, loaded: [], mcpTools: [], variables: {} });
    const after = assembleTools({
      agent: agentSnapshot(),
      resolved,
      loaded: ["explain_bill"],
      mcpTools: [],
      variables: {},
    });
    expect(names(before.tools)).not.toContain("builtin/query_knowledge");
    expect(after.tools.find((t) => t.name === "query_knowledge")).toMatchObject({
      source: "builtin",
      parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    });
  });

  it("RT-8 the agent's own tool-mode base offers query_knowledge without skills", () => {
    const agent = agentSnapshot({ knowledgeBases: [knowledgeBase("faq", "tool", [], { name: "FAQ" })] });
    const { tools } = assembleTools({ agent, resolved: [], loaded: [], mcpTools: [], variables: {} });
    expect(tools.map((t) => t.name)).toEqual(["query_knowledge"]);
    expect(tools[0]?.description).toContain("FAQ");
  });

  const namedQueryKnowledge: Array<[string, Partial<AgentSnapshot>, ResolvedSkill[], McpTool[], string]> = [
    ["agent", { tools: [webhookTool("query_knowledge")] }, [], [], "agent"],
    ["skill", {}, [resolvedSkill("kb_tool", { tools: [webhookTool("query_knowledge")] })], [], "skill:kb_tool"],
    ["MCP", {}, [], [mcp("query_knowledge")], "mcp:crm"],
  ];
  it.each(namedQueryKnowledge)(
    "RT-8 a %s tool named query_knowledge keeps the name and the built-in is not offered",
    (_, agentExtra, extra, mcpTools, source) => {
      const agent = agentSnapshot({ knowledgeBases: [knowledgeBase("faq", "tool")], ...agentExtra });
      const all = [...resolved, ...extra];
      const { tools, skipped } = assembleTools({
        agent,
        resolved: all,
        loaded: all.map((s) => s.name),
        mcpTools,
        variables: {},
      });
      expect(tools.filter((t) => t.name === "query_knowledge").map((t) => t.source)).toEqual([source]);
      expect(skipped.filter((s) => s.name === "query_knowledge")).toEqual([]);
    },
  );

  it("RT-9 handoff_to_agent is offered when the agent names handoff targets, with their ids", () => {
    const agent = agentSnapshot({
      handoffTargets: [
        { agentId: "a2", name: "Sales" },
        { agentId: "a3", name: "Support" },
      ],
    });
    const { tools } = assembleTools({ agent, resolved: [], loaded: [], mcpTools: [], variables: {} });
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ name: "handoff_to_agent", source: "builtin" });
    expect(tools[0]?.parameters).toMatchObject({ properties: { agent_id: { type: "string", enum: ["a2", "a3"] } } });
    expect(tools[0]?.description).toContain("'Sales' (a2)");
    expect(
      assembleTools({ agent: agentSnapshot(), resolved: [], loaded: [], mcpTools: [], variables: {} }).tools,
    ).toEqual([]);
  });
});
