import { describe, expect, it } from "vitest";
import { firstView, NARROW_ZOOM, READABLE_ZOOM, type PlacedNode } from "./usage-graph-view";

const NODE = { width: 200, height: 52 };
const COLUMN = 310; // node width plus the layout's rank gap

/** A skill used by `agents` agents through one version: agents, then the version, then the skill (left to right). */
function fan(agents: number): { nodes: PlacedNode[]; edges: Array<{ source: string; target: string }> } {
  const middle = ((agents - 1) * 70) / 2;
  const nodes: PlacedNode[] = [
    ...Array.from({ length: agents }, (_, i) => ({ id: `a${i}`, x: 0, y: i * 70 })),
    { id: "v1", x: COLUMN, y: middle },
    { id: "skill", x: 2 * COLUMN, y: middle, focus: true },
  ];
  const edges = [
    ...Array.from({ length: agents }, (_, i) => ({ source: `a${i}`, target: "v1" })),
    { source: "v1", target: "skill" },
  ];
  return { nodes, edges };
}

/** Whether the node is whole inside a box of that size centred on the view. */
const shows = (view: { x: number; y: number; zoom: number }, box: { width: number; height: number }, n: PlacedNode) =>
  n.x >= view.x - box.width / 2 / view.zoom &&
  n.x + NODE.width <= view.x + box.width / 2 / view.zoom &&
  n.y >= view.y - box.height / 2 / view.zoom &&
  n.y + NODE.height <= view.y + box.height / 2 / view.zoom;

describe("the usage graph's first view (UX-7)", () => {
  it("UX-7 a graph that fits at a readable size is shown whole", () => {
    const { nodes, edges } = fan(3);
    const box = { width: 1000, height: 400 };
    const view = firstView(nodes, edges, box, NODE);
    expect(view.partial).toBe(false);
    expect(view.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    for (const n of nodes) expect(shows(view, box, n), n.id).toBe(true);
  });

  it("UX-7 26 agents: not shrunk past readable; the skill, its version and the agents beside them are in view", () => {
    const { nodes, edges } = fan(26);
    const box = { width: 1036, height: 640 };
    const view = firstView(nodes, edges, box, NODE);
    expect(view).toMatchObject({ partial: true, zoom: READABLE_ZOOM });
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const id of ["skill", "v1", "a13"]) expect(shows(view, box, byId.get(id)!), id).toBe(true);
  });

  it("UX-7 on a phone the skill and its version share the narrow box, a little smaller but not unreadable", () => {
    const { nodes, edges } = fan(26);
    const box = { width: 370, height: 640 };
    const view = firstView(nodes, edges, box, NODE);
    expect(view.partial).toBe(true);
    expect(view.zoom).toBeGreaterThanOrEqual(NARROW_ZOOM);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const id of ["skill", "v1"]) expect(shows(view, box, byId.get(id)!), id).toBe(true);
  });
});
