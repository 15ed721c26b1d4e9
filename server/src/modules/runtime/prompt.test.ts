import { describe, expect, it } from "vitest";
import { assembleSystemPrompt } from "./prompt";
import { agentSnapshot, knowledgeBase, resolvedSkill } from "../../../test/support/runtime-fixtures";

const explain = resolvedSkill("explain_bill", {
  description: "Explain a customer's bill line by line.",
  instructions: "# Explaining a bill\n\nGreet {{customer}} and walk through plan {{plan}}.",
  knowledgeBases: [
    knowledgeBase("rates", "prompt", [{ id: "d1", title: "Rates 2025", content: "Basic: 10 EUR." }], { name: "Rates" }),
    knowledgeBase("faq", "tool", [{ id: "d2", title: "FAQ", content: "Searchable only." }]),
  ],
});
const verify = resolvedSkill("verify_identity", {
  description: "Verify the caller's identity.",
  instructions: "Ask for the date of birth.",
});
const agent = agentSnapshot({
  prompt: "You are the billing line of {{company}}.",
  skills: [{ name: "explain_bill" }, { name: "verify_identity" }],
});
const variables = { company: "Acme", customer: "Ada", plan: "Basic" };

describe("assembleSystemPrompt", () => {
  it("RT-2 an agent with no skills gets its own prompt only, exactly, with no skills section", () => {
    const plain = agentSnapshot({ prompt: "You are the billing line.\n" });
    expect(assembleSystemPrompt({ agent: plain, resolved: [], loaded: [], variables: {} })).toEqual({
      prompt: "You are the billing line.\n",
      warnings: [],
    });
  });

  it("RT-2 before any load the prompt lists each resolved skill's name and description and how to load one", () => {
    const { prompt, warnings } = assembleSystemPrompt({ agent, resolved: [explain, verify], loaded: [], variables });
    expect(prompt).toBe(
      [
        "You are the billing line of Acme.",
        "",
        "# Skills",
        "You have skills: instructions and tools for particular tasks, loaded when a task needs them. Until a skill is loaded you know only its name and description. When the conversation needs one, call the load_skill tool with its name; its instructions then appear at the end of this prompt and its tools become available.",
        "",
        "- explain_bill: Explain a customer's bill line by line.",
        "- verify_identity: Verify the caller's identity.",
      ].join("\n"),
    );
    expect(warnings).toEqual([]);
  });

  it("RT-2 no skill's instructions or knowledge appear before it is loaded", () => {
    const { prompt } = assembleSystemPrompt({ agent, resolved: [explain, verify], loaded: [], variables });
    expect(prompt).not.toContain("Explaining a bill");
    expect(prompt).not.toContain("Ask for the date of birth");
    expect(prompt).not.toContain("Basic: 10 EUR.");
  });

  it("RT-3 a loaded skill's instructions join the prompt as their own section, after the list", () => {
    const { prompt } = assembleSystemPrompt({
      agent,
      resolved: [explain, verify],
      loaded: ["verify_identity"],
      variables,
    });
    expect(prompt.endsWith('<skill name="verify_identity">\nAsk for the date of birth.\n</skill>')).toBe(true);
    expect(prompt.indexOf("- verify_identity:")).toBeLessThan(prompt.indexOf('<skill name="verify_identity">'));
  });

  it("RT-3 RT-4 loaded sections follow load order, and an unloaded skill's section is gone", () => {
    const both = assembleSystemPrompt({
      agent,
      resolved: [explain, verify],
      loaded: ["verify_identity", "explain_bill"],
      variables,
    });
    expect(both.prompt.indexOf('<skill name="verify_identity">')).toBeLessThan(
      both.prompt.indexOf('<skill name="explain_bill">'),
    );
    const afterUnload = assembleSystemPrompt({
      agent,
      resolved: [explain, verify],
      loaded: ["explain_bill"],
      variables,
    });
    expect(afterUnload.prompt).not.toContain('<skill name="verify_identity">');
    expect(afterUnload.prompt).toContain("- verify_identity: Verify the caller's identity.");
  });

  it("RT-5 instructions render the variables; a missing one renders empty and warns once", () => {
    const { prompt, warnings } = assembleSystemPrompt({
      agent,
      resolved: [explain],
      loaded: ["explain_bill"],
      variables: { customer: "Ada" },
    });
    expect(prompt).toContain("Greet Ada and walk through plan .");
    expect(prompt).toContain("You are the billing line of .");
    expect(warnings).toEqual([
      "template variable 'company' is missing; it rendered empty",
      "template variable 'plan' is missing; it rendered empty",
    ]);
  });

  it("RT-5 an unloaded skill's instructions are not rendered, so their variables do not warn", () => {
    const { warnings } = assembleSystemPrompt({
      agent,
      resolved: [explain],
      loaded: [],
      variables: { company: "Acme" },
    });
    expect(warnings).toEqual([]);
  });

  it("RT-5 skill descriptions in the list render the variables too", () => {
    const branded = resolvedSkill("explain_bill", { description: "Explain {{company}} bills." });
    const { prompt } = assembleSystemPrompt({ agent, resolved: [branded], loaded: [], variables });
    expect(prompt).toContain("- explain_bill: Explain Acme bills.");
  });

  it("RT-8 LB-6 a loaded skill's prompt-mode documents join its section; tool-mode ones do not", () => {
    const { prompt } = assembleSystemPrompt({ agent, resolved: [explain], loaded: ["explain_bill"], variables });
    const section = prompt.slice(prompt.indexOf('<skill name="explain_bill">'));
    expect(section).toContain(
      '<knowledge name="Rates">\n<document title="Rates 2025">\nBasic: 10 EUR.\n</document>\n</knowledge>',
    );
    expect(section.indexOf("Basic: 10 EUR.")).toBeLessThan(section.indexOf("</skill>"));
    expect(prompt).not.toContain("Searchable only.");
  });

  it("RT-8 knowledge documents are data: their {{braces}} are not rendered and do not warn", () => {
    const skill = resolvedSkill("explain_bill", {
      knowledgeBases: [knowledgeBase("k", "prompt", [{ id: "d", title: "T", content: "Use {{plan}} literally." }])],
    });
    const { prompt, warnings } = assembleSystemPrompt({
      agent,
      resolved: [skill],
      loaded: ["explain_bill"],
      variables: { company: "A" },
    });
    expect(prompt).toContain("Use {{plan}} literally.");
    expect(warnings).toEqual([]);
  });

  it("RT-8 the agent's own prompt-mode documents follow its prompt, before the skills section", () => {
    const withKnowledge = agentSnapshot({
      prompt: "Agent prompt.",
      knowledgeBases: [
        knowledgeBase("policies", "prompt", [{ id: "p", title: "Refunds", content: "Within 30 days." }], {
          name: "Policies",
        }),
        knowledgeBase("search", "tool", [{ id: "s", title: "S", content: "Not in the prompt." }]),
      ],
    });
    const { prompt } = assembleSystemPrompt({ agent: withKnowledge, resolved: [verify], loaded: [], variables: {} });
    expect(
      prompt.startsWith(
        'Agent prompt.\n\n<knowledge name="Policies">\n<document title="Refunds">\nWithin 30 days.\n</document>\n</knowledge>\n\n# Skills',
      ),
    ).toBe(true);
    expect(prompt).not.toContain("Not in the prompt.");
  });

  it("RT-8 titles and names are escaped inside the section markers", () => {
    const odd = resolvedSkill("explain_bill", {
      knowledgeBases: [
        knowledgeBase("k", "prompt", [{ id: "d", title: 'A "quoted" <title>', content: "x" }], { name: "R&D" }),
      ],
    });
    const { prompt } = assembleSystemPrompt({ agent, resolved: [odd], loaded: ["explain_bill"], variables });
    expect(prompt).toContain('<knowledge name="R&amp;D">\n<document title="A &quot;quoted&quot; &lt;title&gt;">');
  });

  it("RT-2 an empty agent prompt leaves no leading blank lines", () => {
    const { prompt } = assembleSystemPrompt({
      agent: agentSnapshot({ prompt: "" }),
      resolved: [verify],
      loaded: [],
      variables: {},
    });
    expect(prompt.startsWith("# Skills\n")).toBe(true);
  });

  it("RT-3 a loaded name that is not resolved adds nothing", () => {
    const a = assembleSystemPrompt({ agent, resolved: [verify], loaded: [], variables });
    const b = assembleSystemPrompt({ agent, resolved: [verify], loaded: ["ghost"], variables });
    expect(b).toEqual(a);
  });
});
