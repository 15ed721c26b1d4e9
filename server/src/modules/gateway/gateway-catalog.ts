import {
  catalogFits,
  DEFAULT_CATALOG_BUDGET,
  conversationShown,
  SkillIndex,
  type CatalogShown,
  type SkillMatch,
} from "../runtime";
import type { SkillSearch } from "../calls";
import type { ChatMessage } from "./gateway-messages";
import type { GatewaySkill } from "./gateway-skills";
import type { ServedAgent } from "./served-agent";

/** A GATEWAY_CONFIG agent's skills indexed by name and description (CT-2), kept with the skill list. */
const indexes = new WeakMap<readonly GatewaySkill[], SkillIndex>();

/** The index of the agent's skills: a registry agent's resolution's (the calls' own), else one of its local skills. */
function indexOf(agent: ServedAgent): SkillIndex {
  if (agent.skillIndex) return agent.skillIndex();
  let index = indexes.get(agent.skills);
  if (!index) indexes.set(agent.skills, (index = SkillIndex.build(agent.skills)));
  return index;
}

/**
 * CT-2: what find_skills answers on a gateway turn: a registry agent's resolution searched as its calls search it
 * (the same search, fused with the embeddings endpoint when one is configured), a GATEWAY_CONFIG agent's own skills
 * by the same search over their names and descriptions.
 */
export function gatewaySkillSearch(
  agent: ServedAgent,
  search: SkillSearch,
  query: string,
  limit: number,
): Promise<SkillMatch[]> {
  if (agent.searchSkills) return agent.searchSkills(search, query, limit);
  return search.search(indexOf(agent), () => agent.skills, query, limit);
}

function relevanceFor(agent: ServedAgent, text: string): Map<string, number> {
  const scores = indexOf(agent).scores(text);
  return new Map(agent.skills.map((skill, i) => [skill.name, scores[i] ?? 0]));
}

/** The text of a client's message (a string, or the text parts of a content array). */
function textOf(message: ChatMessage): string {
  if (typeof message.content === "string") return message.content;
  if (!Array.isArray(message.content)) return "";
  return message.content
    .map((part: unknown) =>
      typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string"
        ? (part as { text: string }).text
        : "",
    )
    .join(" ");
}

/**
 * CT-1 for gateway turns: the catalog a conversation shows now. The gateway keeps no state of a conversation but its
 * skill log, and the client sends the whole conversation every turn, so the catalog is worked out again from it, the
 * same on every turn and instance: ranked for the first user message (a share of the budget), then each later user
 * message adds the skills it makes relevant — a skill shown on one turn is shown on every later one. It ranks by the
 * conversation alone (ties: the agent's order), never by recent use, which would change between two turns.
 */
export function gatewayCatalog(agent: ServedAgent, messages: readonly ChatMessage[]): CatalogShown {
  return conversationShown({
    resolved: agent.skills,
    budget: agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET,
    variables: {},
    turns: messages.filter((m) => m.role === "user").map(textOf),
    relevance: (text) => relevanceFor(agent, text),
  });
}

/** Whether the agent's catalog leaves skills out, so that a turn needs its index (to rank, and for find_skills). */
export function gatewayCatalogOmits(agent: ServedAgent): boolean {
  return !catalogFits(agent.skills, agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET, {});
}
