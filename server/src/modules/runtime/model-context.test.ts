import { describe, expect, it } from "vitest";
import { loadSkill } from "./loaded-set";
import { assembleModelContext } from "./model-context";
import { RenderedParts } from "./template";
import { agentSnapshot, knowledgeBase, resolvedSkill, webhookTool } from "../../../test/support/runtime-fixtures";

const explain = resolvedSkill("explain_bill", {
  description: "Explain a bill.",
  instructions: "Walk {{customer}} through the bill.",
  tools: [webhookTool("get_invoices", "Invoices of {{customer}}.")],
  knowledgeBases: [
    knowledgeBase("rates", "prompt", [{ id: "r", title: "Rates", content: "Basic: 10 EUR." }], { name: "Rates" }),
    knowledgeBase("faq", "tool", [], { name: "FAQ" }),
  ],
});
const verify = resolvedSkill("verify_identity", {
  description: "Verify the caller.",
  instructions: "Ask for the date of birth.",
  tools: [webhookTool("check_dob")],
});
const agent = agentSnapshot({
  prompt: "You are {{company}}'s billing line.",
  skills: [{ name: "explain_bill" }, { name: "verify_identity" }],
  maxLoadedSkills: 1,
});
const resolved = [explain, verify];

describe("assembleModelContext", () => {
  it("RT-2 RT-3 RT-4 RT-8 the prompt and tools follow each step of a call exactly", () => {
    const at = (loaded: string[]) =>
      assembleModelContext({ agent, resolved, loaded, mcpTools: [], variables: { company: "Acme" } });

    const start = at([]);
    expect(start.tools.map((t) => t.name)).toEqual(["load_skill"]);
    expect(start.systemPrompt).not.toContain("<skill");

    const first = loadSkill({ resolved, loaded: [], cap: agent.maxLoadedSkills }, "explain_bill");
    const afterFirst = at(first.loaded);
    expect(afterFirst.systemPrompt).toBe(
      [
        "You are Acme's billing line.",
        "",
        "# Skills",
        "You have skills: instructions and tools for particular tasks, loaded when a task needs them. Until a skill is loaded you know only its name and description. When the conversation needs one, call the load_skill tool with its name; its instructions then appear at the end of this prompt and its tools become available.",
        "",
        "- explain_bill: Explain a bill.",
        "- verify_identity: Verify the caller.",
        "",
        '<skill name="explain_bill">',
        "Walk  through the bill.",
        "",
        '<knowledge name="Rates">',
        '<document title="Rates">',
        "Basic: 10 EUR.",
        "</document>",
        "</knowledge>",
        "</skill>",
      ].join("\n"),
    );
    expect(afterFirst.tools.map((t) => `${t.source}/${t.name}`)).toEqual([
      "builtin/load_skill",
      "builtin/query_knowledge",
      "skill:explain_bill/get_invoices",
    ]);
    expect(afterFirst.warnings).toEqual(["template variable 'customer' is missing; it rendered empty"]);

    const second = loadSkill({ resolved, loaded: first.loaded, cap: agent.maxLoadedSkills }, "verify_identity");
    const afterSecond = at(second.loaded);
    expect(afterSecond.systemPrompt).not.toContain('<skill name="explain_bill">');
    expect(afterSecond.systemPrompt).not.toContain("Basic: 10 EUR.");
    expect(afterSecond.systemPrompt).toContain('<skill name="verify_identity">\nAsk for the date of birth.\n</skill>');
    expect(afterSecond.tools.map((t) => t.name)).toEqual(["load_skill", "check_dob"]);
    expect(afterSecond.warnings).toEqual([]);
  });

  it("RT-5 a variable missing from both the prompt and a tool warns once", () => {
    const view = assembleModelContext({ agent, resolved, loaded: ["explain_bill"], mcpTools: [], variables: {} });
    expect(view.warnings).toEqual([
      "template variable 'company' is missing; it rendered empty",
      "template variable 'customer' is missing; it rendered empty",
    ]);
  });

  it("the same context assembled with other variables renders the new values (no memo of the old ones)", () => {
    const monday = assembleModelContext({ agent, resolved, loaded: [], mcpTools: [], variables: { company: "Acme" } });
    const tuesday = assembleModelContext({
      agent,
      resolved,
      loaded: [],
      mcpTools: [],
      variables: { company: "Acme Mobile" },
    });
    expect(monday.systemPrompt.startsWith("You are Acme's")).toBe(true);
    expect(tuesday.systemPrompt.startsWith("You are Acme Mobile's")).toBe(true);
  });

  it("RT-3 RT-4 RT-5 RT-6 assembled from kept renders and sections, each step answers as from scratch", () => {
    const bill = resolvedSkill("bill", {
      description: "Bills of {{customer}} at {{company}}.",
      instructions: "Greet {{customer}}; quote {{plan}}.",
      tools: [webhookTool("get_invoices", "Invoices of {{account}}."), webhookTool("check_dob", "Shadowed {{late}}.")],
    });
    const others = [explain, verify, bill];
    const lead = agentSnapshot({
      prompt: "You are {{company}}'s line for {{customer}}.",
      tools: [webhookTool("check_dob", "The agent's own {{region}}.")],
      skills: others.map((s) => ({ name: s.name })),
      maxLoadedSkills: 2,
    });
    for (const variables of [{ company: "Acme" }, { company: "Acme", customer: "Ada", plan: "Basic" }, {}]) {
      const parts = new RenderedParts(variables);
      let loaded: string[] = [];
      for (const name of [
        "bill",
        "explain_bill",
        "verify_identity",
        "bill",
        "explain_bill",
        "bill",
        "verify_identity",
      ]) {
        loaded = loadSkill({ resolved: others, loaded, cap: lead.maxLoadedSkills }, name).loaded;
        const input = { agent: lead, resolved: others, loaded, mcpTools: [], variables };
        // the same variables by value, another object (as each call's state holds its own)
        const kept = assembleModelContext({ ...input, variables: { ...variables }, parts });
        expect(kept).toEqual(assembleModelContext(input));
      }
    }
  });
});
