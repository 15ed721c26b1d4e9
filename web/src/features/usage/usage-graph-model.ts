// The usage graph (UX-7) as plain nodes and edges: skills, the versions agents reach, agent versions, and the
// linked projects they belong to. Drawing and layout are the component's; this is what is drawn.

export interface UsageRow {
  skill: string;
  agentId: string;
  agentName: string;
  agentVersion: number;
  agentVersionId: string;
  agentState: string;
  projectId: string;
  pinned: boolean;
  resolvesTo?: { id: string; version: number; state: string; revoked?: boolean } | null;
}

export type NodeKind = "skill" | "version" | "agent" | "project";
export type EdgeKind = "follows" | "pinned" | "version-of" | "in-project";

export interface GraphNode {
  id: string;
  kind: NodeKind;
  label: string;
  detail: string;
  /** Where a click goes; none for what this project cannot open (another project's agent). */
  href?: string;
  /** The live version of its skill. */
  live?: boolean;
  /** PV-3: a revoked version, never served (an agent pinned to it runs without the skill). */
  revoked?: boolean;
  /** The skill or agent the graph is centred on. */
  focus?: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: EdgeKind;
  label?: string;
  /** What a screen reader says of it. */
  description: string;
}

export interface UsageGraphInput {
  rows: readonly UsageRow[];
  /** The project whose page this is: its agents open, others belong to linked projects. */
  projectId: string;
  projectNames: ReadonlyMap<string, string>;
  /** Skills to draw even when nobody uses them, with their live version when known. */
  skills?: ReadonlyArray<{ name: string; live?: { id: string; version: number } | null; versions?: number }>;
  /** An agent's own entries, for skills the usage rows cannot show (a skill read from a library). */
  entries?: ReadonlyArray<{
    agentVersionId: string;
    agentName: string;
    detail: string;
    skill: string;
    pinned: boolean;
  }>;
  focus?: { kind: "skill"; name: string } | { kind: "agent"; agentVersionId: string };
}

const state = (s: string) => s.toLowerCase();

export function buildUsageGraph(input: UsageGraphInput): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const live = new Map<string, { id: string; version: number }>();
  for (const s of input.skills ?? []) if (s.live) live.set(s.name, s.live);
  for (const r of input.rows) if (!r.pinned && r.resolvesTo) live.set(r.skill, r.resolvesTo);
  const versionCount = new Map((input.skills ?? []).map((s) => [s.name, s.versions]));
  const focus = input.focus;

  const skillNode = (name: string) => {
    const id = `skill:${name}`;
    if (!nodes.has(id)) {
      const current = live.get(name);
      const count = versionCount.get(name);
      nodes.set(id, {
        id,
        kind: "skill",
        label: name,
        detail: [
          current ? `skill · live version ${current.version}` : "skill · none live",
          count ? `${count} version${count === 1 ? "" : "s"}` : "",
        ]
          .filter(Boolean)
          .join(" · "),
        href: current ? `/skills/v/${current.id}` : undefined,
        focus: focus?.kind === "skill" && focus.name === name,
      });
    }
    return id;
  };
  const versionNode = (skill: string, v: { id: string; version: number; state?: string; revoked?: boolean }) => {
    const id = `version:${v.id}`;
    if (!nodes.has(id)) {
      const isLive = live.get(skill)?.id === v.id;
      nodes.set(id, {
        id,
        kind: "version",
        label: `${skill} v${v.version}`,
        detail: v.revoked
          ? "revoked: never served"
          : isLive
            ? "live version"
            : `${state(v.state ?? "archived")} version`,
        href: `/skills/v/${v.id}`,
        live: isLive,
        ...(v.revoked ? { revoked: true } : {}),
      });
      const to = skillNode(skill);
      edges.set(`${id}->${to}`, {
        id: `${id}->${to}`,
        source: id,
        target: to,
        kind: "version-of",
        description: `version ${v.version} is a version of ${skill}`,
      });
    }
    return id;
  };
  const agentNode = (agentVersionId: string, name: string, detail: string, projectId: string) => {
    const id = `agent:${agentVersionId}`;
    if (!nodes.has(id)) {
      const own = projectId === input.projectId;
      nodes.set(id, {
        id,
        kind: "agent",
        label: name,
        detail: own ? detail : `${detail} · ${input.projectNames.get(projectId) ?? "linked project"}`,
        href: own ? `/agents/v/${agentVersionId}` : undefined,
        focus: focus?.kind === "agent" && focus.agentVersionId === agentVersionId,
      });
      if (!own) {
        const project = `project:${projectId}`;
        nodes.set(project, {
          id: project,
          kind: "project",
          label: input.projectNames.get(projectId) ?? `project ${projectId.slice(0, 8)}`,
          detail: "linked project: reads this library",
        });
        edges.set(`${project}->${id}`, {
          id: `${project}->${id}`,
          source: project,
          target: id,
          kind: "in-project",
          description: `${name} belongs to the linked project ${input.projectNames.get(projectId) ?? projectId}`,
        });
      }
    }
    return id;
  };
  const linked = new Set<string>();
  const use = (
    agent: string,
    agentName: string,
    skill: string,
    pinned: boolean,
    target?: { id: string; version: number; state?: string; revoked?: boolean } | null,
  ) => {
    const to = target ? versionNode(skill, target) : skillNode(skill);
    linked.add(`${agent}\u0000${skill}`);
    const label = pinned
      ? target
        ? `pinned to v${target.version}${target.revoked ? " (revoked)" : ""}`
        : "pinned"
      : target
        ? "follows live"
        : "follows live (none published)";
    edges.set(`${agent}->${to}`, {
      id: `${agent}->${to}`,
      source: agent,
      target: to,
      kind: pinned ? "pinned" : "follows",
      label,
      description: `${agentName} ${pinned ? (target ? `is pinned to version ${target.version} of ${skill}${target.revoked ? ", which was revoked: it runs without the skill" : ""}` : `is pinned to a version of ${skill}`) : `follows the live version of ${skill}`}`,
    });
  };

  for (const s of input.skills ?? []) {
    skillNode(s.name);
    if (s.live) versionNode(s.name, { ...s.live, state: "PUBLISHED" });
  }
  for (const r of input.rows) {
    const agent = agentNode(r.agentVersionId, r.agentName, `v${r.agentVersion} · ${state(r.agentState)}`, r.projectId);
    use(agent, r.agentName, r.skill, r.pinned, r.resolvesTo);
  }
  for (const e of input.entries ?? []) {
    const agent = agentNode(e.agentVersionId, e.agentName, e.detail, input.projectId);
    if (!linked.has(`${agent}\u0000${e.skill}`)) use(agent, e.agentName, e.skill, e.pinned, null);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}
