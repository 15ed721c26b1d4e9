const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Names as people read them: numbers by value (follower-2 before follower-10), case aside. */
export const naturalCompare = (a: string, b: string): number => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

interface AgentUse {
  skill: string;
  projectId: string;
  agentName: string;
  agentVersion: number;
}

/**
 * UX-7: who uses a skill, in reading order — by skill, this project's agents before linked ones, then agent name in
 * natural order and the newest version first. The server sends the whole list; the console pages and orders it.
 */
export function byAgentName<T extends AgentUse>(rows: readonly T[], projectId: string): T[] {
  const foreign = (r: AgentUse) => (r.projectId === projectId ? 0 : 1);
  return [...rows].sort(
    (a, b) =>
      naturalCompare(a.skill, b.skill) ||
      foreign(a) - foreign(b) ||
      naturalCompare(a.projectId, b.projectId) ||
      naturalCompare(a.agentName, b.agentName) ||
      b.agentVersion - a.agentVersion,
  );
}
