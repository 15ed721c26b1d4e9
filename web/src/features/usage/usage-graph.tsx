import "@xyflow/react/dist/style.css";
import "./usage-graph.css";
import { Graph, layout } from "@dagrejs/dagre";
import { Group, Text } from "@mantine/core";
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
  type Node,
  type NodeProps,
} from "@xyflow/react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { EdgeKind, GraphEdge, GraphNode } from "./usage-graph-model";
import { FIT_MAX_ZOOM, FIT_PADDING, firstView } from "./usage-graph-view";

const NODE_WIDTH = 200;
const NODE_HEIGHT = 52;
const PIN_COLOR = "#9c4300";
const FOLLOW_COLOR = "#3b5bdb";
const QUIET_COLOR = "#868e96";

type UsageNodeType = Node<GraphNode & Record<string, unknown>, "usage">;

/** A node: its name as a link to its page (keyboard and screen readers for free), and what it is. */
function UsageNode({ data }: NodeProps<UsageNodeType>) {
  const classes = [
    "usage-node",
    `usage-node--${data.kind}`,
    data.live ? "usage-node--live" : "",
    data.focus ? "usage-node--focus" : "",
    data.revoked ? "usage-node--revoked" : "",
  ].join(" ");
  return (
    <div
      className={classes}
      data-kind={data.kind}
      data-live={data.live ? "true" : undefined}
      data-revoked={data.revoked ? "true" : undefined}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {data.href ? (
        <Link to={data.href} className="usage-node__label nodrag" title={`${data.label} — ${data.detail}`}>
          {data.label}
        </Link>
      ) : (
        <span className="usage-node__label" title={data.label}>
          {data.label}
        </span>
      )}
      <span className="usage-node__detail">{data.detail}</span>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

const NODE_TYPES = { usage: UsageNode };

const MAX_LABELLED_EDGES = 12;
const FIT = { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM };

/** Places the first view once the box has its size (see firstView); says whether only part is shown. */
function InitialView(props: {
  nodes: readonly UsageNodeType[];
  edges: readonly Edge[];
  onPartial(partial: boolean): void;
}) {
  const { nodes, edges, onPartial } = props;
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const [placed, setPlaced] = useState(false);
  useEffect(() => {
    if (placed || !width || !height || nodes.length === 0) return;
    const placedNodes = nodes.map((n) => ({ id: n.id, ...n.position, focus: n.data.focus }));
    const view = firstView(placedNodes, edges, { width, height }, { width: NODE_WIDTH, height: NODE_HEIGHT });
    void flow.setCenter(view.x, view.y, { zoom: view.zoom });
    onPartial(view.partial);
    setPlaced(true);
  }, [placed, width, height, nodes, edges, flow, onPartial]);
  return null;
}

const EDGE_STYLE: Record<EdgeKind, { stroke: string; strokeWidth: number; strokeDasharray?: string }> = {
  follows: { stroke: FOLLOW_COLOR, strokeWidth: 2, strokeDasharray: "7 4" },
  pinned: { stroke: PIN_COLOR, strokeWidth: 3 },
  "version-of": { stroke: QUIET_COLOR, strokeWidth: 1 },
  "in-project": { stroke: QUIET_COLOR, strokeWidth: 1, strokeDasharray: "2 3" },
};

/** Left to right: linked projects, agents, the versions they reach, skills (dagre). */
function laidOut(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): { nodes: UsageNodeType[]; edges: Edge[] } {
  const g = new Graph();
  g.setGraph({ rankdir: "LR", nodesep: 18, ranksep: 110, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.source, e.target);
  layout(g);
  return {
    nodes: nodes.map((n) => {
      const { x, y } = g.node(n.id);
      return {
        id: n.id,
        type: "usage",
        position: { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 },
        data: { ...n },
        ariaLabel: `${n.label}: ${n.detail}`,
      };
    }),
    edges: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      // many edges meet at one node and their labels would pile up there: the legend says what each line means
      label: edges.length > MAX_LABELLED_EDGES ? undefined : e.label,
      className: `usage-edge usage-edge--${e.kind}`,
      style: EDGE_STYLE[e.kind],
      markerEnd: { type: MarkerType.ArrowClosed, color: EDGE_STYLE[e.kind].stroke },
      labelStyle: { fontSize: 11, fontWeight: 600, fill: EDGE_STYLE[e.kind].stroke },
      labelBgStyle: { fill: "var(--mantine-color-body)" },
      ariaLabel: e.description,
      data: { kind: e.kind },
    })),
  };
}

function Sample({ kind, text }: { kind: EdgeKind; text: string }) {
  const s = EDGE_STYLE[kind];
  return (
    <Text size="xs" span>
      <svg width="34" height="8" aria-hidden="true">
        <line
          x1="0"
          y1="4"
          x2="34"
          y2="4"
          stroke={s.stroke}
          strokeWidth={s.strokeWidth}
          strokeDasharray={s.strokeDasharray}
        />
      </svg>
      {text}
    </Text>
  );
}

/**
 * UX-7: who uses what, drawn. Zoom and fit with the controls (or pinch, or a double click), pan by dragging; each
 * name opens its page. The list beside it says the same for a screen reader.
 */
export function UsageGraph({
  label,
  nodes,
  edges,
}: {
  label: string;
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
}) {
  const flow = useMemo(() => laidOut(nodes, edges), [nodes, edges]);
  const navigate = useNavigate();
  const [partial, setPartial] = useState(false);
  const height = Math.min(640, Math.max(260, 90 + 64 * Math.max(...countByRank(flow.nodes))));
  return (
    <div>
      <div className="usage-graph" style={{ height }} data-testid="usage-graph">
        <ReactFlow
          aria-label={label}
          nodes={flow.nodes}
          edges={flow.edges}
          nodeTypes={NODE_TYPES}
          // anywhere on a node opens it (its name is the link a keyboard reaches)
          onNodeClick={(event, node) => {
            if (node.data.href && !(event.target as Element).closest("a")) void navigate(node.data.href);
          }}
          colorMode="system"
          fitViewOptions={FIT}
          minZoom={0.2}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
        >
          <Background gap={24} size={1} />
          <Controls showInteractive={false} position="top-right" fitViewOptions={FIT} />
          <InitialView nodes={flow.nodes} edges={flow.edges} onPartial={setPartial} />
        </ReactFlow>
      </div>
      {partial ? (
        <Text size="xs" c="dimmed" mt={4}>
          {nodes.length} nodes, shown around {nodes.find((n) => n.focus)?.label ?? "the first"} at a readable size: drag
          to see the rest, or press “Fit View” (top right) to see the whole graph.
        </Text>
      ) : null}
      <Group gap="lg" mt={6} className="usage-legend" aria-hidden="true">
        <Sample kind="follows" text="follows the live version" />
        <Sample kind="pinned" text="pinned to a version" />
        <Sample kind="version-of" text="version of a skill" />
        <Sample kind="in-project" text="agent of a linked project" />
        <Text size="xs" span c="dimmed">
          Green border: the live version. Click a name to open it.
        </Text>
      </Group>
    </div>
  );
}

/** How many nodes share a column, for the graph's height. */
function countByRank(nodes: readonly UsageNodeType[]): number[] {
  const columns = new Map<number, number>();
  for (const n of nodes) columns.set(Math.round(n.position.x), (columns.get(Math.round(n.position.x)) ?? 0) + 1);
  return columns.size ? [...columns.values()] : [1];
}
