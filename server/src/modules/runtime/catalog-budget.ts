import { TemplateRenderer } from "./template";
import type { ResolvedSkill, TemplateVariables } from "./types";

/** CT-1: the characters an agent's catalog may take in its prompt unless the agent says otherwise. */
export const DEFAULT_CATALOG_BUDGET = 8000;
/** The most an agent may set (a million characters: far past any model's context). */
export const MAX_CATALOG_BUDGET = 1_000_000;

/**
 * Of a budget, the share a conversation's first catalog fills: the rest is kept for the skills later messages make
 * relevant, so a conversation that moves on gets them listed without taking away any skill already shown.
 */
export const FIRST_FILL_SHARE = 0.75;
/** At most this many skills join a conversation's catalog per message. */
export const ADDED_PER_MESSAGE = 3;

/** What a catalog knows of a skill: its name and description. */
export type CatalogSkill = Pick<ResolvedSkill, "name" | "description">;

/** What the catalog shows of a segment's skills: null when every skill fits (the catalog is the whole list). */
export type CatalogShown = readonly string[] | null;

/** A catalog's line for a skill, as the prompt lists it. */
export function catalogLine(skill: CatalogSkill, renderer?: TemplateRenderer): string {
  const description = renderer ? renderer.render(skill.description) : skill.description;
  return `- ${skill.name}: ${description.replace(/\s+/g, " ").trim()}`;
}

/** What a catalog's lines take of its budget: each line and its line break. */
export function catalogCost(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

/**
 * The lines of a list of skills without variables, kept per list (a resolution's list is shared by every start that
 * resolves it): a start of an agent with thousands of skills measures them once, not once per call. Null when a
 * description names a template variable, whose lines depend on each call's variables.
 */
const plainLines = new WeakMap<readonly CatalogSkill[], { lines: Map<string, string>; cost: number } | null>();

function linesOf(resolved: readonly CatalogSkill[], variables: TemplateVariables): Map<string, string> {
  let plain = plainLines.get(resolved);
  if (plain === undefined) {
    if (resolved.some((skill) => skill.description.includes("{{"))) plain = null;
    else {
      const lines = new Map(resolved.map((skill) => [skill.name, catalogLine(skill)]));
      plain = { lines, cost: catalogCost([...lines.values()]) };
    }
    plainLines.set(resolved, plain);
  }
  if (plain) return plain.lines;
  const renderer = new TemplateRenderer(variables);
  return new Map(resolved.map((skill) => [skill.name, catalogLine(skill, renderer)]));
}

/** Whether every skill's line fits the budget: then the catalog lists them all, as it always did. */
export function catalogFits(resolved: readonly CatalogSkill[], budget: number, variables: TemplateVariables): boolean {
  const lines = linesOf(resolved, variables);
  const plain = plainLines.get(resolved);
  return (plain ? plain.cost : catalogCost([...lines.values()])) <= budget;
}

/**
 * The text a call's catalog is ranked for before any message (CT-1): its variables' values — strings and numbers,
 * nested ones too — in order, keys left out.
 */
export function variablesText(variables: TemplateVariables): string {
  const parts: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (depth < 4 && typeof value === "object" && value !== null)
      for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  visit(variables, 0);
  return parts.join(" ");
}

export interface CatalogRanking {
  /** Relevance to the conversation by skill name (absent or 0: unrelated). */
  relevance: ReadonlyMap<string, number>;
  /** Loads of the agent's recent calls by skill name (absent: none). */
  recentLoads?: ReadonlyMap<string, number>;
}

/**
 * The skills in the order a catalog offers them (CT-1): most relevant to the conversation first, then most loaded by
 * the agent's recent calls, then in the agent's own order — never alphabetical.
 */
export function rankForCatalog<S extends CatalogSkill>(resolved: readonly S[], ranking: CatalogRanking): S[] {
  const position = new Map(resolved.map((skill, i) => [skill.name, i]));
  const relevance = (s: CatalogSkill) => ranking.relevance.get(s.name) ?? 0;
  const loads = (s: CatalogSkill) => ranking.recentLoads?.get(s.name) ?? 0;
  return [...resolved].sort(
    (a, b) => relevance(b) - relevance(a) || loads(b) - loads(a) || position.get(a.name)! - position.get(b.name)!,
  );
}

/**
 * CT-1: the catalog of a segment when it starts (a call's start or handoff, a conversation's first message). Null when
 * every skill's line fits the budget (the catalog is as it always was); else the best-ranked skills whose lines fit,
 * in rank order — a skill whose line is too long for what is left is passed over for the next ones. `share` is the
 * part of the budget to fill now (a conversation keeps room for later messages).
 */
export function firstCatalog(input: {
  resolved: readonly CatalogSkill[];
  budget: number;
  variables: TemplateVariables;
  ranking: CatalogRanking;
  share?: number;
}): CatalogShown {
  if (catalogFits(input.resolved, input.budget, input.variables)) return null;
  const lines = linesOf(input.resolved, input.variables);
  const room = Math.floor(input.budget * (input.share ?? 1));
  return fill([], rankForCatalog(input.resolved, input.ranking), lines, room, Number.POSITIVE_INFINITY);
}

/**
 * CT-1: the catalog after a conversation moves on (a new message): every skill it showed stays, in its place; the
 * skills most relevant to the new message that were not shown join at the end while the budget has room, at most
 * `ADDED_PER_MESSAGE`. Only skills related to the message join (relevance above 0).
 */
export function nextCatalog(input: {
  resolved: readonly CatalogSkill[];
  shown: CatalogShown;
  budget: number;
  variables: TemplateVariables;
  relevance: ReadonlyMap<string, number>;
}): CatalogShown {
  if (input.shown === null) return null;
  const lines = linesOf(input.resolved, input.variables);
  const related = rankForCatalog(input.resolved, { relevance: input.relevance }).filter(
    (skill) => (input.relevance.get(skill.name) ?? 0) > 0,
  );
  const next = fill(input.shown, related, lines, input.budget, ADDED_PER_MESSAGE);
  return next.length === input.shown.length ? input.shown : next;
}

/**
 * CT-1 for a conversation ranked by itself alone: the catalog after its user messages `turns` — the first fills
 * FIRST_FILL_SHARE of the budget, each later one adds what it makes relevant (`relevance` of a text). Null when every
 * skill fits.
 */
export function conversationShown(input: {
  resolved: readonly CatalogSkill[];
  budget: number;
  variables: TemplateVariables;
  turns: readonly string[];
  relevance: (text: string) => ReadonlyMap<string, number>;
}): CatalogShown {
  const { resolved, budget, variables } = input;
  if (catalogFits(resolved, budget, variables)) return null;
  let shown = firstCatalog({
    resolved,
    budget,
    variables,
    ranking: { relevance: input.relevance(input.turns[0] ?? "") },
    share: FIRST_FILL_SHARE,
  });
  for (const message of input.turns.slice(1)) {
    if (shown === null) break;
    shown = nextCatalog({ resolved, shown, budget, variables, relevance: input.relevance(message) });
  }
  return shown;
}

/** `shown`, then candidates not in it whose lines fit what is left of `room`, at most `most` of them. */
function fill(
  shown: readonly string[],
  candidates: readonly CatalogSkill[],
  lines: ReadonlyMap<string, string>,
  room: number,
  most: number,
): string[] {
  const kept = shown.filter((name) => lines.has(name));
  const chosen = new Set(kept);
  let used = catalogCost(kept.map((name) => lines.get(name)!));
  let added = 0;
  const result = [...kept];
  for (const skill of candidates) {
    if (added >= most) break;
    if (chosen.has(skill.name)) continue;
    const cost = lines.get(skill.name)!.length + 1;
    if (used + cost > room) continue;
    used += cost;
    chosen.add(skill.name);
    result.push(skill.name);
    added++;
  }
  return result;
}

/** The segment's skills the catalog leaves out (none when it shows them all), in the agent's order. */
export function omittedSkills(resolved: readonly CatalogSkill[], shown: CatalogShown): string[] {
  if (shown === null) return [];
  const listed = new Set(shown);
  return resolved.filter((skill) => !listed.has(skill.name)).map((skill) => skill.name);
}
