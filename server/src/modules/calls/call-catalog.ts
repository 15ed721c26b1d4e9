import { LruCache } from "../../platform/cache/lru-cache";
import {
  analyseSkill,
  catalogFits,
  conversationShown,
  DEFAULT_CATALOG_BUDGET,
  firstCatalog,
  nextCatalog,
  omittedSkills,
  SkillIndex,
  type AnalysedSkill,
  type CatalogShown,
  type IndexOptions,
  type ResolvedSkill,
  type SkillDocument,
  type SkillIndexAssembly,
  type TemplateVariables,
} from "../runtime";
import type { CallSegment } from "./call-state";
import { analysisPool, countAnalysed } from "./skill-analysis-pool";

/**
 * CT-2: the search index of a resolution's skills (name, description, SKILL.md instructions), built on first use and
 * kept with the resolution itself. CallResolution hands out one resolved list per agent version and the versions it
 * resolved, for as long as they resolve the same, so this is one index per agent version; a publish or a rollout's
 * arm resolves a new list, and with it a new index — there is nothing to invalidate.
 */
const indexes = new WeakMap<readonly ResolvedSkill[], SkillIndex>();
/**
 * The same by the versions' ids, for lists read again from a stored state (a chat session's is parsed per read):
 * published versions never change, so the ids name the content — not a rollout's candidate, a draft frozen only
 * while its rollout runs, so lists holding one are kept by identity alone.
 */
const indexesByVersions = new LruCache<string, SkillIndex>(2_000);

/**
 * Each version's terms as an index counts them, by version id (the same immutability: a rollout's candidate is read
 * again), shared by every index that lists the version: an agent version's new list after one publish reads one
 * skill's SKILL.md again, not thousands (CT-2's index build at 10,000 skills; about 5 KB a version).
 */
const analyses = new LruCache<string, AnalysedSkill>(20_000);

/**
 * Lists with fewer characters than SHARED_MIN_CHARS to read are analysed on the event loop: a batch's round trip to
 * an analysis thread would cost more than it saves.
 */
const SHARED_MIN_CHARS = 256 * 1024;
const BATCH_CHARS = 512 * 1024;

/**
 * Starts the analysis threads at boot when the live skills hold about enough text for a cold list of them to go to
 * the threads (SHARED_MIN_CHARS, compared with their bytes): the first call start after a restart then finds them
 * warmed up instead of waiting 100–150 ms for them; a small registry starts none (a thread is about 17 MB). Answers
 * whether it started them.
 */
export function startAnalysisThreadsFor(liveTextBytes: number): boolean {
  const threads = analysisPool();
  if (liveTextBytes < SHARED_MIN_CHARS || !threads.available) return false;
  void threads.start();
  return true;
}

/** How long one slice of `analyseInTurns` may hold the event loop. */
const SLICE_MS = 20;
const analysing = new WeakMap<readonly ResolvedSkill[], Promise<void>>();

/**
 * Builds a list's index a slice of about SLICE_MS per turn of the event loop: the versions' analyses not kept yet,
 * each merged into the index as it comes (`SkillIndex.assemble`), then the merge's last part. A cold list of 10,000
 * skills with their SKILL.md bodies is about a second of CPU: built in one go inside a call start, it would hold every
 * other request of the process as long. Callers that are already async await it first; `skillIndexOf` alone still
 * works (it builds what is missing in one go).
 */
export function analyseInTurns(resolved: readonly ResolvedSkill[]): Promise<void> {
  if (indexes.has(resolved)) return Promise.resolve();
  let running = analysing.get(resolved);
  if (!running) {
    running = (async (): Promise<void> => {
      let sliceStart = performance.now();
      const pause = async () => {
        if (performance.now() - sliceStart <= SLICE_MS) return;
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      };
      const known = knownIndex(resolved);
      if (known.index) {
        indexes.set(resolved, known.index);
        return;
      }
      const documents = resolved.map(skillDocument);
      const assembly = SkillIndex.assemble(documents);
      const missing = new Set<number>();
      resolved.forEach((skill, i) => {
        if (skill.rollout?.arm !== "candidate" && !analyses.get(skill.id)) missing.add(i);
      });
      // the threads' analyses are merged as they come, while the kept ones are merged here
      const threads = analyseMissing(resolved, documents, [...missing], assembly, pause);
      threads.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
      for (let i = 0; i < resolved.length; i++) {
        if (missing.has(i)) continue;
        assembly.add(i, analysisOf(resolved[i]!, documents[i]!));
        await pause();
      }
      await threads;
      const steps = assembly.steps();
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) {
          remember(resolved, known.key, step.value);
          return;
        }
        await pause();
      }
    })().finally(() => analysing.delete(resolved));
    analysing.set(resolved, running);
  }
  return running;
}

/**
 * The analyses of skills not kept yet (`missing`: positions in `resolved`), each kept and added to the index being
 * assembled as it comes. Much to read (a cold list of thousands of SKILL.md bodies) goes to the analysis threads in
 * batches, two in flight per thread, while this thread's event loop serves other requests; a batch a thread failed
 * on, and a short list, are analysed here a slice per turn.
 */
async function analyseMissing(
  resolved: readonly ResolvedSkill[],
  documents: readonly SkillDocument[],
  missing: readonly number[],
  assembly: SkillIndexAssembly,
  pause: () => Promise<void>,
): Promise<void> {
  const threads = analysisPool();
  const chars = missing.reduce((sum, i) => sum + charsOf(resolved[i]!), 0);
  const batches = threads.available && chars >= SHARED_MIN_CHARS ? batchesOf(resolved, missing) : [];
  const here: Array<readonly number[]> = batches.length > 0 ? [] : [missing];
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      let analysed: AnalysedSkill[];
      try {
        analysed = await threads.analyse(batch.map((i) => documents[i]!));
      } catch {
        here.push(batch);
        continue;
      }
      countAnalysed("thread", batch.length);
      batch.forEach((i, k) => {
        const id = resolved[i]!.id;
        if (!analyses.get(id)) analyses.set(id, analysed[k]!);
        assembly.add(i, analysed[k]!);
      });
      await pause();
    }
  };
  await Promise.all(Array.from({ length: 2 * threads.size }, lane));
  for (const batch of here)
    for (const i of batch) {
      assembly.add(i, analysisOf(resolved[i]!, documents[i]!));
      await pause();
    }
}

function batchesOf(resolved: readonly ResolvedSkill[], positions: readonly number[]): number[][] {
  const batches: number[][] = [[]];
  let chars = 0;
  for (const i of positions) {
    if (chars >= BATCH_CHARS) {
      batches.push([]);
      chars = 0;
    }
    batches.at(-1)!.push(i);
    chars += charsOf(resolved[i]!);
  }
  return batches;
}

/** What an analysis of the skill reads, about (the name is a few characters). */
function charsOf(skill: ResolvedSkill): number {
  return skill.description.length + skill.instructions.length;
}

export function skillIndexOf(resolved: readonly ResolvedSkill[]): SkillIndex {
  const kept = indexes.get(resolved);
  if (kept) return kept;
  const known = knownIndex(resolved);
  if (known.index) {
    indexes.set(resolved, known.index);
    return known.index;
  }
  return remember(resolved, known.key, SkillIndex.build(...inputsOf(resolved)));
}

/** The index of the same versions built before (by their ids: immutable unless a rollout's candidate is among them). */
function knownIndex(resolved: readonly ResolvedSkill[]): { key: string | null; index: SkillIndex | undefined } {
  const immutable = !resolved.some((skill) => skill.rollout?.arm === "candidate");
  const key = immutable ? resolved.map((skill) => skill.id).join(",") : null;
  return { key, index: key === null ? undefined : indexesByVersions.get(key) };
}

/** A list's documents and their analyses, kept ones reused and new ones kept. */
function inputsOf(resolved: readonly ResolvedSkill[]): [SkillDocument[], IndexOptions] {
  const documents = resolved.map(skillDocument);
  return [documents, { analysed: resolved.map((skill, i) => analysisOf(skill, documents[i]!)) }];
}

/** A version's analysis, kept by its id (a rollout's candidate, which may still change, is analysed afresh). */
function analysisOf(skill: ResolvedSkill, document: SkillDocument): AnalysedSkill {
  if (skill.rollout?.arm === "candidate") return analysedHere(document);
  let analysis = analyses.get(skill.id);
  if (!analysis) analyses.set(skill.id, (analysis = analysedHere(document)));
  return analysis;
}

function analysedHere(document: SkillDocument): AnalysedSkill {
  countAnalysed("event_loop", 1);
  return analyseSkill(document);
}

function remember(resolved: readonly ResolvedSkill[], key: string | null, index: SkillIndex): SkillIndex {
  if (key !== null) indexesByVersions.set(key, index);
  indexes.set(resolved, index);
  return index;
}

/** What the search knows of a resolved skill: name, description, SKILL.md instructions. */
export function skillDocument(skill: ResolvedSkill): SkillDocument {
  return { name: skill.name, description: skill.description, body: skill.instructions };
}

/** Relevance to a text by skill name (0: unrelated), for the catalog's ranking. */
export function relevanceOf(resolved: readonly ResolvedSkill[], text: string): Map<string, number> {
  const scores = skillIndexOf(resolved).scores(text);
  return new Map(resolved.map((skill, i) => [skill.name, scores[i] ?? 0]));
}

/** What a catalog left out, per shown list (a start's comes from `CallCatalog.first`'s memo, shared by its calls). */
const omittedOf = new WeakMap<readonly string[], { resolved: readonly ResolvedSkill[]; omitted: readonly string[] }>();

/** CT-1: what `Call.catalog` shows of a segment. */
export function catalogView(segment: CallSegment): { shown: string[]; omitted: string[]; budget: number } {
  const shown = segment.shown ?? null;
  let omitted: readonly string[];
  if (shown === null) omitted = [];
  else {
    let kept = omittedOf.get(shown);
    if (kept?.resolved !== segment.resolved) {
      kept = { resolved: segment.resolved, omitted: omittedSkills(segment.resolved, shown) };
      omittedOf.set(shown, kept);
    }
    omitted = kept.omitted;
  }
  return {
    shown: shown === null ? segment.resolved.map((skill) => skill.name) : [...shown],
    omitted: [...omitted],
    budget: segment.agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET,
  };
}

/**
 * A start's catalog per resolved list (by identity, like its index), per recent-loads answer (by identity: kept for
 * minutes per agent) and per budget, share, variables and conversation: the same start ranks and fills once.
 */
interface FirstMemo {
  recentLoads: ReadonlyMap<string, number> | undefined;
  byInput: LruCache<string, CatalogShown>;
}
const firstMemos = new WeakMap<readonly ResolvedSkill[], FirstMemo>();

function firstKey(budget: number, share: number, variables: TemplateVariables, conversation: string): string | null {
  try {
    return `${budget}\u0000${share}\u0000${JSON.stringify(variables)}\u0000${conversation}`;
  } catch {
    return null; // not JSON (never from GraphQL input): decided every time
  }
}

/** Builds a conversation's index a slice at a time, when its catalog leaves skills out (only then is it read). */
export async function prepareConversationCatalog(
  segment: Pick<CallSegment, "agent" | "resolved">,
  variables: TemplateVariables,
): Promise<void> {
  const budget = segment.agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET;
  if (!catalogFits(segment.resolved, budget, variables)) await analyseInTurns(segment.resolved);
}

/**
 * CT-1 for a conversation ranked by itself alone (an eval's scenario: its runs must not depend on the agent's recent
 * use): the catalog after its first user message, which fills a share of the budget; `nextConversationCatalog` adds
 * what each later one makes relevant, as a chat session's do. Null when every skill fits.
 */
export function conversationCatalog(
  segment: Pick<CallSegment, "agent" | "resolved">,
  variables: TemplateVariables,
  firstMessage: string,
): CatalogShown {
  return conversationShown({
    resolved: segment.resolved,
    budget: segment.agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET,
    variables,
    turns: [firstMessage],
    relevance: (text) => relevanceOf(segment.resolved, text),
  });
}

/** CT-1: the catalog after a new message: what was shown stays; skills the message makes relevant join while they fit. */
export function nextConversationCatalog(
  segment: Pick<CallSegment, "agent" | "resolved">,
  shown: CatalogShown,
  variables: TemplateVariables,
  message: string,
): CatalogShown {
  if (shown === null) return null;
  return nextCatalog({
    resolved: segment.resolved,
    shown,
    budget: segment.agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET,
    variables,
    relevance: relevanceOf(segment.resolved, message),
  });
}

/** Loads per skill of an agent's recent calls and sessions (the signals module, wired by the composition root). */
export type RecentLoads = (projectId: string, agentId: string) => Promise<ReadonlyMap<string, number>>;

/** How long an agent's recent loads are reused: a ranking hint, read at most this often per agent. */
const RECENT_LOADS_TTL_MS = 5 * 60_000;

/**
 * CT-1: the catalog a segment shows — decided when it starts (a call's start or handoff, a session's first message)
 * and extended when a conversation moves on. Only agents whose catalog does not fit read anything: their index and
 * their recent loads.
 */
export class CallCatalog {
  private readonly loads = new LruCache<string, { until: number; value: Promise<ReadonlyMap<string, number>> }>(10_000);

  constructor(private readonly recentLoads: RecentLoads = async () => new Map()) {}

  /**
   * The catalog of a segment that starts now, ranked for `conversation` (the first message, or the call's
   * variables), then by the agent's recent loads. `share`: the part of the budget to fill now.
   */
  async first(
    projectId: string,
    segment: Pick<CallSegment, "agent" | "resolved">,
    variables: TemplateVariables,
    conversation: string,
    share = 1,
  ): Promise<CatalogShown> {
    const budget = segment.agent.catalogBudget ?? DEFAULT_CATALOG_BUDGET;
    if (catalogFits(segment.resolved, budget, variables)) return null;
    const agentId = segment.agent.agentId;
    const recentLoads = agentId ? await this.loadsOf(projectId, agentId) : undefined;
    const key = firstKey(budget, share, variables, conversation);
    let memo = firstMemos.get(segment.resolved);
    if (!memo || memo.recentLoads !== recentLoads) {
      memo = { recentLoads, byInput: new LruCache(64) };
      firstMemos.set(segment.resolved, memo);
    }
    const known = key === null ? undefined : memo.byInput.get(key);
    if (known !== undefined) return known;
    await analyseInTurns(segment.resolved);
    const relevance = relevanceOf(segment.resolved, conversation);
    const shown = firstCatalog({
      resolved: segment.resolved,
      budget,
      variables,
      ranking: { relevance, recentLoads },
      share,
    });
    // shared by every start that decided the same: nobody changes a shown list (a conversation makes a new one)
    const kept = shown === null ? null : Object.freeze(shown);
    if (key !== null) memo.byInput.set(key, kept);
    return kept;
  }

  /** The catalog after a new message: what was shown stays; skills the message makes relevant join while they fit. */
  next(segment: CallSegment, variables: TemplateVariables, message: string): CatalogShown {
    return nextConversationCatalog(segment, segment.shown ?? null, variables, message);
  }

  private loadsOf(projectId: string, agentId: string): Promise<ReadonlyMap<string, number>> {
    const key = `${projectId}\u0000${agentId}`;
    const known = this.loads.get(key);
    if (known && known.until > Date.now()) return known.value;
    // A ranking hint never fails a start: without the counts the catalog ranks by relevance and the agent's order.
    const value = this.recentLoads(projectId, agentId).catch(() => new Map<string, number>());
    this.loads.set(key, { until: Date.now() + RECENT_LOADS_TTL_MS, value });
    return value;
  }
}
