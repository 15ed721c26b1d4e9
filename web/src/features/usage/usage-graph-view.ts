// Where the usage graph (UX-7) first looks: pure arithmetic over the laid-out nodes, so it is tested without a browser.

export interface PlacedNode {
  id: string;
  /** Top-left corner, in graph units. */
  x: number;
  y: number;
  focus?: boolean;
}

export interface FirstView {
  /** The graph point at the box's centre, and the zoom. */
  x: number;
  y: number;
  zoom: number;
  /** Only part of the graph is in the picture. */
  partial: boolean;
}

/** Drawn smaller than this, a node's name (13 px) is under ~12 px on screen. */
export const READABLE_ZOOM = 0.75;
/** The least a narrow box (a phone) goes to keep the focus and the column beside it in the picture together. */
export const NARROW_ZOOM = 0.6;
export const FIT_PADDING = 0.12;
export const FIT_MAX_ZOOM = 1.1;

/**
 * The whole graph when it fits at a readable size; else the focus (the page's skill or agent) at a readable size,
 * sideways with the column beside it (a skill's versions, an agent's skills), the rest a drag away.
 */
export function firstView(
  nodes: readonly PlacedNode[],
  edges: ReadonlyArray<{ source: string; target: string }>,
  box: { width: number; height: number },
  node: { width: number; height: number },
): FirstView {
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const span = { width: Math.max(...xs) - left + node.width, height: Math.max(...ys) - top + node.height };
  const middle = { x: left + span.width / 2, y: top + span.height / 2 };
  const pad = 1 + 2 * FIT_PADDING;
  const fitted = Math.min(box.width / (span.width * pad), box.height / (span.height * pad), FIT_MAX_ZOOM);
  if (fitted >= READABLE_ZOOM) return { ...middle, zoom: fitted, partial: false };

  const focus = nodes.find((n) => n.focus) ?? nodes[0]!;
  const besideIds = new Set(
    edges.flatMap((e) => (e.source === focus.id ? [e.target] : e.target === focus.id ? [e.source] : [])),
  );
  const besideX = nodes.find((n) => besideIds.has(n.id))?.x ?? focus.x;
  const pair = Math.abs(besideX - focus.x) + node.width;
  const zoom = Math.max(NARROW_ZOOM, Math.min(READABLE_ZOOM, (box.width * 0.94) / pair));
  // each way the whole graph fits at that size it is centred; the other way, the focus (and its neighbours) are
  const x = span.width * zoom <= box.width ? middle.x : (focus.x + besideX) / 2 + node.width / 2;
  const y = span.height * zoom <= box.height ? middle.y : focus.y + node.height / 2;
  return { x, y, zoom, partial: true };
}
