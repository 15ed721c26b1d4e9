import { describe, expect, it } from "vitest";
import type { CallEventFieldsFragment, CallFieldsFragment, ToolInvocationFieldsFragment } from "../../gql/graphql";
import { withEvent, withToolRun } from "./use-live-call";

const started: CallEventFieldsFragment = {
  id: "e1",
  type: "call.started",
  at: "2026-12-01T05:00:00.000Z",
  data: {},
  loadedAfter: [],
  systemPromptAfter: "You are follower.",
  toolsAfter: [{ name: "load_skill", description: "Load a skill", source: "builtin" }],
};
const call: CallFieldsFragment = {
  id: "c1",
  status: "active",
  agentId: "a1",
  agentName: "follower",
  startedAt: started.at,
  endedAt: null,
  warnings: [],
  loadedSkills: [],
  systemPrompt: started.systemPromptAfter,
  skills: [{ name: "refunds", version: 1, versionId: "v1", pinned: false, loaded: false }],
  catalog: { shown: ["refunds"], omitted: [], budget: 8000 },
  tools: started.toolsAfter,
  events: [started],
  toolInvocations: [],
};
const loaded: CallEventFieldsFragment = {
  ...started,
  id: "e2",
  type: "skill.loaded",
  at: "2026-12-01T05:00:01.000Z",
  data: { skill: "refunds" },
  loadedAfter: ["refunds"],
  systemPromptAfter: "You are follower.\n\n# Refunds",
};

describe("the live call timeline (UX-5)", () => {
  it("UX-5 an event from the subscription grows the timeline and becomes what the model sees", () => {
    const next = withEvent(call, loaded);
    expect(next.events.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(next.systemPrompt).toBe(loaded.systemPromptAfter);
    expect(next.loadedSkills).toEqual(["refunds"]);
    expect(next.skills[0]?.loaded).toBe(true);
    expect(next.status).toBe("active");
  });

  it("UX-5 the events so far, sent again on (re)subscribing, change nothing", () => {
    expect(withEvent(call, started)).toBe(call);
    const once = withEvent(call, loaded);
    expect(withEvent(once, loaded)).toBe(once);
  });

  it("UX-5 call.ended ends the call at the event's time", () => {
    const ended = withEvent(call, { ...started, id: "e3", type: "call.ended", at: "2026-12-01T05:01:00.000Z" });
    expect(ended.status).toBe("ended");
    expect(ended.endedAt).toBe("2026-12-01T05:01:00.000Z");
  });

  const run = (id: string, at: string): ToolInvocationFieldsFragment => ({
    id,
    tool: "get_invoices",
    source: "skill:refunds",
    arguments: { limit: 2 },
    status: "ok",
    result: { invoices: [] },
    error: null,
    latencyMs: 12,
    at,
  });

  it("UX-5 a tool run from the subscription joins the call's tool runs, oldest first, once", () => {
    const later = run("t2", "2026-12-01T05:00:03.000Z");
    const earlier = run("t1", "2026-12-01T05:00:02.000Z");
    const next = withToolRun(withToolRun(call, later), earlier);
    expect(next.toolInvocations.map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(withToolRun(next, later)).toBe(next);
    expect(next.events).toBe(call.events);
  });
});
