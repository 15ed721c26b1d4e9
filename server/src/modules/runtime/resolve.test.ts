import { describe, expect, it } from "vitest";
import { IN_THE_SKILL_LIBRARY, resolveSkillEntries, SKILLS_IGNORED_ON_S2S } from "./resolve";
import { agentSnapshot, catalogVersion, knowledgeBase, skillCatalog } from "../../../test/support/runtime-fixtures";

const explainV1 = catalogVersion("explain_bill", 1, { state: "archived" });
const explainV2 = catalogVersion("explain_bill", 2);
const verifyV1 = catalogVersion("verify_identity", 1);
const refundDraft = catalogVersion("refund_policy", 1, { state: "draft" });
const catalog = skillCatalog([explainV2, verifyV1], [explainV1, refundDraft]);

describe("resolveSkillEntries", () => {
  it("RT-1 an entry without a pin resolves to the live version, not pinned", () => {
    const { resolved, warnings } = resolveSkillEntries(agentSnapshot({ skills: [{ name: "explain_bill" }] }), catalog);
    expect(resolved).toEqual([{ ...explainV2, pinned: false }]);
    expect(warnings).toEqual([]);
  });

  it("RT-1 a pinned entry resolves to its pin, also an archived one, and reads pinned", () => {
    const agent = agentSnapshot({ skills: [{ name: "explain_bill", versionId: explainV1.id }] });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved).toEqual([{ ...explainV1, pinned: true }]);
    expect(warnings).toEqual([]);
  });

  it("RT-1 the same version resolves to the same object (pinned and live apart); a new catalog version to a new one", () => {
    const live = agentSnapshot({ skills: [{ name: "explain_bill" }] });
    const pinned = agentSnapshot({ skills: [{ name: "explain_bill", versionId: explainV2.id }] });
    const first = resolveSkillEntries(live, catalog).resolved[0]!;
    expect(resolveSkillEntries(live, catalog).resolved[0]).toBe(first);
    const asPinned = resolveSkillEntries(pinned, catalog).resolved[0]!;
    expect(asPinned).not.toBe(first);
    expect([asPinned.pinned, first.pinned]).toEqual([true, false]);
    const republished = { ...explainV2, description: "changed" };
    const again = resolveSkillEntries(live, skillCatalog([republished, verifyV1], [])).resolved[0]!;
    expect(again).not.toBe(first);
    expect(again.description).toBe("changed");
  });

  it("RT-1 a null version id follows the live version", () => {
    const agent = agentSnapshot({ skills: [{ name: "explain_bill", versionId: null }] });
    expect(resolveSkillEntries(agent, catalog).resolved.map((s) => [s.id, s.pinned])).toEqual([[explainV2.id, false]]);
  });

  it("RT-1 resolved skills keep the agent's order", () => {
    const agent = agentSnapshot({
      skills: [{ name: "verify_identity" }, { name: "explain_bill", versionId: explainV1.id }],
    });
    expect(resolveSkillEntries(agent, catalog).resolved.map((s) => s.id)).toEqual([verifyV1.id, explainV1.id]);
  });

  it("RT-1 an unknown name is a warning and a skip; the other skills still resolve", () => {
    const agent = agentSnapshot({ skills: [{ name: "no_such_skill" }, { name: "verify_identity" }] });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved.map((s) => s.name)).toEqual(["verify_identity"]);
    expect(warnings).toEqual(["skill 'no_such_skill' skipped: no published version in this project"]);
  });

  it("RT-1 a name with no published version (only a draft) is a warning and a skip", () => {
    const { resolved, warnings } = resolveSkillEntries(agentSnapshot({ skills: [{ name: "refund_policy" }] }), catalog);
    expect(resolved).toEqual([]);
    expect(warnings).toEqual(["skill 'refund_policy' skipped: no published version in this project"]);
  });

  it("RT-1 a live pointer to a draft is never followed", () => {
    const odd = skillCatalog([catalogVersion("refund_policy", 1, { state: "draft" })]);
    const { resolved } = resolveSkillEntries(agentSnapshot({ skills: [{ name: "refund_policy" }] }), odd);
    expect(resolved).toEqual([]);
  });

  it("RT-1 a pin that is not in the catalog (foreign or deleted) is a warning and a skip", () => {
    const agent = agentSnapshot({ skills: [{ name: "explain_bill", versionId: "another-projects-version" }] });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved).toEqual([]);
    expect(warnings).toEqual([
      "skill 'explain_bill' skipped: pinned version 'another-projects-version' is not a version of 'explain_bill' in this project",
    ]);
  });

  it("RT-1 a pin on a version of another skill is a warning and a skip, not that other skill", () => {
    const agent = agentSnapshot({ skills: [{ name: "explain_bill", versionId: verifyV1.id }] });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved).toEqual([]);
    expect(warnings).toEqual([
      `skill 'explain_bill' skipped: pinned version '${verifyV1.id}' is not a version of 'explain_bill' in this project`,
    ]);
  });

  it("RT-1 AG-1 a pin on a draft is a warning and a skip", () => {
    const agent = agentSnapshot({ skills: [{ name: "refund_policy", versionId: refundDraft.id }] });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved).toEqual([]);
    expect(warnings).toEqual([
      `skill 'refund_policy' skipped: pinned version '${refundDraft.id}' is a draft; only a published or archived version can be pinned`,
    ]);
  });

  it("RT-1 a name listed twice resolves once, from its first entry, with a warning", () => {
    const agent = agentSnapshot({
      skills: [
        { name: "explain_bill", versionId: explainV1.id },
        { name: "verify_identity" },
        { name: "explain_bill" },
      ],
    });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved.map((s) => s.id)).toEqual([explainV1.id, verifyV1.id]);
    expect(warnings).toEqual(["skill 'explain_bill' skipped: listed more than once; only its first entry is used"]);
  });

  it("RT-1 a duplicate does not stand in for a first entry that did not resolve", () => {
    const agent = agentSnapshot({ skills: [{ name: "explain_bill", versionId: "gone" }, { name: "explain_bill" }] });
    const { resolved, warnings } = resolveSkillEntries(agent, catalog);
    expect(resolved).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  it("RT-1 an agent without skills resolves nothing and warns of nothing", () => {
    expect(resolveSkillEntries(agentSnapshot(), catalog)).toEqual({ resolved: [], warnings: [] });
  });

  it("RT-1 SV-5 resolution is a snapshot: a later publish reaches the next resolution, not the one made", () => {
    const agent = agentSnapshot({
      skills: [{ name: "explain_bill" }, { name: "verify_identity", versionId: verifyV1.id }],
    });
    const first = resolveSkillEntries(agent, catalog);
    const explainV3 = catalogVersion("explain_bill", 3);
    const verifyV2 = catalogVersion("verify_identity", 2);
    const afterPublish = skillCatalog([explainV3, verifyV2], [explainV1, explainV2, verifyV1]);
    const next = resolveSkillEntries(agent, afterPublish);
    expect(first.resolved.map((s) => s.id)).toEqual([explainV2.id, verifyV1.id]);
    expect(next.resolved.map((s) => s.id)).toEqual([explainV3.id, verifyV1.id]);
  });

  it("SV-4 SV-5 after a rollback the live entry resolves to the older version again", () => {
    const rolledBack = skillCatalog([{ ...explainV1, state: "published" }], [{ ...explainV2, state: "archived" }]);
    const { resolved } = resolveSkillEntries(agentSnapshot({ skills: [{ name: "explain_bill" }] }), rolledBack);
    expect(resolved.map((s) => [s.id, s.version])).toEqual([[explainV1.id, 1]]);
  });

  it("AG-4 a speech-to-speech agent resolves no skills and warns skills_ignored_on_s2s", () => {
    const agent = agentSnapshot({
      mode: "speech_to_speech",
      skills: [{ name: "explain_bill" }, { name: "verify_identity" }],
    });
    expect(resolveSkillEntries(agent, catalog)).toEqual({ resolved: [], warnings: [SKILLS_IGNORED_ON_S2S] });
  });

  it("AG-4 a speech-to-speech agent without skills has no warning", () => {
    expect(resolveSkillEntries(agentSnapshot({ mode: "speech_to_speech" }), catalog)).toEqual({
      resolved: [],
      warnings: [],
    });
  });

  it("LB-5 warnings name the skill library when the skills come from one", () => {
    const agent = agentSnapshot({ skills: [{ name: "missing" }, { name: "explain_bill", versionId: "x" }] });
    const { warnings } = resolveSkillEntries(agent, catalog, { place: IN_THE_SKILL_LIBRARY });
    expect(warnings).toEqual([
      "skill 'missing' skipped: no published version in this project's skill library",
      "skill 'explain_bill' skipped: pinned version 'x' is not a version of 'explain_bill' in this project's skill library",
    ]);
  });

  it("LB-6 a library skill resolves with the library's knowledge bases", () => {
    const faq = knowledgeBase("library-kb", "tool");
    const library = skillCatalog([catalogVersion("explain_bill", 1, { knowledgeBases: [faq] })]);
    const { resolved } = resolveSkillEntries(agentSnapshot({ skills: [{ name: "explain_bill" }] }), library);
    expect(resolved[0]?.knowledgeBases).toEqual([faq]);
  });

  it("LB-7 a deleted library (null catalog) holds no skills: every entry is a warning and a skip", () => {
    const agent = agentSnapshot({
      skills: [{ name: "explain_bill" }, { name: "verify_identity", versionId: verifyV1.id }],
    });
    expect(resolveSkillEntries(agent, null)).toEqual({
      resolved: [],
      warnings: [
        "skill 'explain_bill' skipped: the skill library was deleted and holds no skills",
        "skill 'verify_identity' skipped: the skill library was deleted and holds no skills",
      ],
    });
  });
});
