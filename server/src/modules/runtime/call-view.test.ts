import { describe, expect, it } from "vitest";
import { callEventData, callSkills, loadedVersionIds } from "./call-view";
import { loadSkill } from "./loaded-set";
import { resolvedSkill } from "../../../test/support/runtime-fixtures";

const explain = resolvedSkill("explain_bill", { version: 2 });
const verify = resolvedSkill("verify_identity", { version: 1, pinned: true });
const refund = resolvedSkill("refund_policy", { version: 3 });

describe("callSkills", () => {
  it("RT-10 every resolved version in the agent's order, with pinned and loaded; never-loaded ones too", () => {
    expect(callSkills([{ resolved: [explain, verify] }], new Set([verify.id]))).toEqual([
      { name: "explain_bill", version: 2, versionId: explain.id, pinned: false, loaded: false },
      { name: "verify_identity", version: 1, versionId: verify.id, pinned: true, loaded: true },
    ]);
  });

  it("RT-10 a handoff target's versions come next, and a version both resolved is listed once", () => {
    const view = callSkills([{ resolved: [explain, verify] }, { resolved: [refund, explain] }], new Set());
    expect(view.map((s) => s.name)).toEqual(["explain_bill", "verify_identity", "refund_policy"]);
  });

  it("RT-10 a version listed once keeps the first agent's pinned flag", () => {
    const pinnedLater = { ...explain, pinned: true };
    expect(callSkills([{ resolved: [explain] }, { resolved: [pinnedLater] }], new Set())[0]?.pinned).toBe(false);
  });

  it("RT-10 another version of the same name after a handoff is its own entry", () => {
    const explainV3 = resolvedSkill("explain_bill", { version: 3 });
    expect(callSkills([{ resolved: [explain] }, { resolved: [explainV3] }], new Set()).map((s) => s.version)).toEqual([
      2, 3,
    ]);
  });

  it("RT-10 no skills: an empty list", () => {
    expect(callSkills([], new Set())).toEqual([]);
    expect(callSkills([{ resolved: [] }], null)).toEqual([]);
  });

  it("RT-10 RT-11 an unloaded skill still reads loaded: true", () => {
    const resolved = [explain, verify];
    const first = loadSkill({ resolved, loaded: [], cap: 1 }, "explain_bill");
    const second = loadSkill({ resolved, loaded: first.loaded, cap: 1 }, "verify_identity");
    expect(second.unloaded).toBe("explain_bill");
    const ever = loadedVersionIds([...first.events, ...second.events]);
    expect(callSkills([{ resolved }], ever).map((s) => s.loaded)).toEqual([true, true]);
  });

  it("RT-11 once the call's events expired, loaded reads null and the versions stay", () => {
    expect(callSkills([{ resolved: [explain, verify] }], null)).toEqual([
      { name: "explain_bill", version: 2, versionId: explain.id, pinned: false, loaded: null },
      { name: "verify_identity", version: 1, versionId: verify.id, pinned: true, loaded: null },
    ]);
  });
});

describe("callEventData", () => {
  it("RT-11 RT-12 event data is the webhook's snake_case shape, names and versions as they are", () => {
    const { events } = loadSkill({ resolved: [explain, verify], loaded: ["explain_bill"], cap: 1 }, "verify_identity");
    expect(events.map(callEventData)).toEqual([
      { skill: "explain_bill", version: 2, version_id: explain.id, reason: "limit" },
      { skill: "verify_identity", version: 1, version_id: verify.id },
    ]);
  });

  it("RT-11 only skill.loaded events count as loaded", () => {
    const { events } = loadSkill({ resolved: [explain, verify], loaded: ["explain_bill"], cap: 1 }, "verify_identity");
    expect([...loadedVersionIds(events)]).toEqual([verify.id]);
  });
});
