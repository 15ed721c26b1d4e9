import { describe, expect, it } from "vitest";
import { buildUsageGraph, type UsageRow } from "./usage-graph-model";

const v1 = { id: "v1", version: 1, state: "ARCHIVED" };
const v2 = { id: "v2", version: 2, state: "PUBLISHED" };
const row = (over: Partial<UsageRow>): UsageRow => ({
  skill: "explain-bill",
  agentId: "a-desk",
  agentName: "support-desk",
  agentVersion: 1,
  agentVersionId: "av-desk",
  agentState: "PUBLISHED",
  projectId: "p-demo",
  pinned: false,
  resolvesTo: v2,
  ...over,
});
const rows = [
  row({}),
  row({ agentId: "a-line", agentName: "billing-line", agentVersionId: "av-line", pinned: true, resolvesTo: v1 }),
  row({ agentId: "a-far", agentName: "far-desk", agentVersionId: "av-far", projectId: "p-reader" }),
];

describe("the usage graph's nodes and edges (UX-7)", () => {
  it("UX-7 skills, the versions agents reach, agents and linked projects are nodes; follow and pin are different edges", () => {
    const { nodes, edges } = buildUsageGraph({
      rows,
      projectId: "p-demo",
      projectNames: new Map([["p-reader", "Reader"]]),
      skills: [{ name: "explain-bill", live: v2, versions: 2 }],
      focus: { kind: "skill", name: "explain-bill" },
    });
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(byId.get("skill:explain-bill")).toMatchObject({
      focus: true,
      href: "/skills/v/v2",
      detail: "skill · live version 2 · 2 versions",
    });
    expect(byId.get("version:v2")).toMatchObject({ live: true, label: "explain-bill v2", detail: "live version" });
    expect(byId.get("version:v1")).toMatchObject({ live: false, detail: "archived version" });
    expect(byId.get("agent:av-line")).toMatchObject({ href: "/agents/v/av-line", detail: "v1 · published" });
    // another project's agent cannot be opened from here, and hangs off its project
    expect(byId.get("agent:av-far")?.href).toBeUndefined();
    expect(byId.get("project:p-reader")).toMatchObject({ label: "Reader", kind: "project" });
    const edge = (source: string, target: string) => edges.find((e) => e.source === source && e.target === target);
    expect(edge("agent:av-desk", "version:v2")).toMatchObject({ kind: "follows", label: "follows live" });
    expect(edge("agent:av-line", "version:v1")).toMatchObject({ kind: "pinned", label: "pinned to v1" });
    expect(edge("agent:av-line", "version:v1")?.description).toBe(
      "billing-line is pinned to version 1 of explain-bill",
    );
    expect(edge("version:v1", "skill:explain-bill")?.kind).toBe("version-of");
    expect(edge("project:p-reader", "agent:av-far")?.kind).toBe("in-project");
  });

  it("UX-7 centred on an agent: its entries the usage cannot show still reach their skill", () => {
    const { nodes, edges } = buildUsageGraph({
      rows: [row({})],
      projectId: "p-demo",
      projectNames: new Map(),
      entries: [
        {
          agentVersionId: "av-desk",
          agentName: "support-desk",
          detail: "v1 · published",
          skill: "explain-bill",
          pinned: false,
        },
        {
          agentVersionId: "av-desk",
          agentName: "support-desk",
          detail: "v1 · published",
          skill: "from-library",
          pinned: true,
        },
      ],
      focus: { kind: "agent", agentVersionId: "av-desk" },
    });
    expect(nodes.find((n) => n.id === "agent:av-desk")?.focus).toBe(true);
    expect(edges.filter((e) => e.source === "agent:av-desk").map((e) => [e.target, e.label])).toEqual([
      ["version:v2", "follows live"],
      ["skill:from-library", "pinned"],
    ]);
    expect(nodes.find((n) => n.id === "skill:from-library")).toMatchObject({ detail: "skill · none live" });
  });

  it("UX-7 an agent following a skill with no live version points at the skill itself", () => {
    const { edges } = buildUsageGraph({
      rows: [row({ resolvesTo: null })],
      projectId: "p-demo",
      projectNames: new Map(),
    });
    expect(edges).toEqual([
      expect.objectContaining({
        source: "agent:av-desk",
        target: "skill:explain-bill",
        label: "follows live (none published)",
      }),
    ]);
  });

  it("PV-3 a version pinned agents reach but that was revoked is marked, and so is the pin's edge", () => {
    const { nodes, edges } = buildUsageGraph({
      rows: [row({ pinned: true, resolvesTo: { ...v1, revoked: true } })],
      projectId: "p-demo",
      projectNames: new Map(),
    });
    const version = nodes.find((n) => n.id === "version:v1")!;
    expect(version).toMatchObject({ revoked: true, detail: "revoked: never served" });
    const pin = edges.find((e) => e.kind === "pinned")!;
    expect(pin.label).toBe("pinned to v1 (revoked)");
    expect(pin.description).toContain("which was revoked: it runs without the skill");
  });
});
