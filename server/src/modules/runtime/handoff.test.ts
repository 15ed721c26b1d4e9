import { describe, expect, it } from "vitest";
import { handoffState, handoffTargetOf } from "./handoff";
import { loadSkill } from "./loaded-set";
import { assembleModelContext } from "./model-context";
import { resolveSkillEntries } from "./resolve";
import { agentSnapshot, catalogVersion, skillCatalog, webhookTool } from "../../../test/support/runtime-fixtures";

const explain = catalogVersion("explain_bill", 2, { tools: [webhookTool("get_invoices")] });
const verify = catalogVersion("verify_identity", 1);
const refund = catalogVersion("refund_policy", 3);
const catalog = skillCatalog([explain, verify, refund]);
const billing = agentSnapshot({
  agentId: "billing",
  maxLoadedSkills: 3,
  skills: [{ name: "explain_bill" }, { name: "verify_identity" }],
  handoffTargets: [{ agentId: "refunds", name: "Refunds desk" }],
});
const refunds = agentSnapshot({
  agentId: "refunds",
  name: "Refunds desk",
  prompt: "You handle refunds.",
  maxLoadedSkills: 1,
  skills: [{ name: "refund_policy" }, { name: "explain_bill" }],
});

describe("handoff", () => {
  it("RT-9 the call takes the target's skills, none loaded, even one the first agent loaded and the target lists", () => {
    const start = resolveSkillEntries(billing, catalog).resolved;
    const loaded = loadSkill({ resolved: start, loaded: [], cap: billing.maxLoadedSkills }, "explain_bill").loaded;
    expect(loaded).toEqual(["explain_bill"]);

    const target = resolveSkillEntries(refunds, catalog).resolved;
    const state = handoffState(refunds, target);
    expect(state).toEqual({ resolved: target, loaded: [], cap: 1 });
    expect(state.resolved.map((s) => s.name)).toEqual(["refund_policy", "explain_bill"]);
  });

  it("RT-9 the target's max_loaded_skills applies from the handoff on", () => {
    const state = handoffState(refunds, resolveSkillEntries(refunds, catalog).resolved);
    const first = loadSkill(state, "refund_policy");
    const second = loadSkill({ ...state, loaded: first.loaded }, "explain_bill");
    expect(second.unloaded).toBe("refund_policy");
    expect(second.loaded).toEqual(["explain_bill"]);
  });

  it("RT-9 after the handoff the model gets the target's skill list and load_skill, and no earlier skill's tools", () => {
    const state = handoffState(refunds, resolveSkillEntries(refunds, catalog).resolved);
    const view = assembleModelContext({ agent: refunds, ...state, mcpTools: [], variables: {} });
    expect(view.systemPrompt).toContain("- refund_policy:");
    expect(view.systemPrompt).not.toContain("- verify_identity:");
    expect(view.tools.map((t) => t.name)).toEqual(["load_skill"]);
  });

  it("RT-9 a target with no skills gets neither the list nor load_skill", () => {
    const plain = agentSnapshot({ agentId: "plain", prompt: "Plain.", skills: [] });
    const state = handoffState(plain, resolveSkillEntries(plain, catalog).resolved);
    const view = assembleModelContext({ agent: plain, ...state, mcpTools: [], variables: {} });
    expect(view.systemPrompt).toBe("Plain.");
    expect(view.tools).toEqual([]);
  });

  it("RT-9 LB-5 a target's unresolvable skills are warnings and skips, as at a call's start", () => {
    const target = agentSnapshot({ skills: [{ name: "gone" }, { name: "verify_identity" }] });
    const { resolved, warnings } = resolveSkillEntries(target, catalog);
    expect(handoffState(target, resolved).resolved.map((s) => s.name)).toEqual(["verify_identity"]);
    expect(warnings).toEqual(["skill 'gone' skipped: no published version in this project"]);
  });

  it("RT-9 handoff_to_agent names a target by id, or by name when the model gives one", () => {
    expect(handoffTargetOf(billing, { agent_id: "refunds" })).toEqual({ agentId: "refunds", name: "Refunds desk" });
    expect(handoffTargetOf(billing, { agent_id: "Refunds desk" })?.agentId).toBe("refunds");
    expect(handoffTargetOf(billing, { agent: " Refunds desk " })?.agentId).toBe("refunds");
    expect(handoffTargetOf(billing, { agent_id: "sales" })).toBeNull();
    expect(handoffTargetOf(billing, { agent_id: 7 })).toBeNull();
    expect(handoffTargetOf(billing, {})).toBeNull();
  });
});
