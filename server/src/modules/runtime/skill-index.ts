import { PostingsAssembly, STEP_DOCUMENTS, type Postings } from "./skill-postings";
import { countTerms, type AnalysedSkill } from "./skill-term-counts";
import { stemOf, wordsOf } from "./skill-terms";
import { wordnetThesaurus, type Thesaurus } from "./skill-thesaurus";

export type { AnalysedSkill } from "./skill-term-counts";

/** What a catalog knows of a skill: always its name and description, its SKILL.md body when there is one. */
export interface SkillDocument {
  name: string;
  description: string;
  body?: string | null;
}

/** A skill as the ranking answers it (api.md `SkillMatch`). */
export interface SkillMatch {
  name: string;
  description: string;
  score: number;
}

/**
 * BM25F's knobs (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009): each field's
 * weight and length normalisation and the saturation `k1`; and how much a WordNet synonym of a request's word counts.
 */
export interface RankingWeights {
  name: number;
  description: number;
  body: number;
  bName: number;
  bDescription: number;
  bBody: number;
  k1: number;
  /** The weight of a synonym of a request's word that the catalog uses too, relative to the word (0: none). */
  expansion: number;
  /** The weight of a synonym of a request's word that no skill of the catalog uses. */
  expansionUnknown: number;
}

/**
 * Measured on the tuning half of `bench/catalog-requests.json` over the 1,616 public skills (docs/catalog-search.md):
 * a grid over the name's weight and every `b`, `k1` and expansion weight on names and descriptions, then the body's
 * weight and `b` with the skills' SKILL.md bodies (a body weighs a tenth of the description and is normalised almost
 * fully by its length: bodies run from a few lines to thousands of words).
 */
export const RANKING_WEIGHTS: Readonly<RankingWeights> = Object.freeze({
  name: 3,
  description: 1,
  body: 0.1,
  bName: 0.3,
  bDescription: 0.9,
  bBody: 0.9,
  k1: 1.2,
  expansion: 0,
  expansionUnknown: 0.5,
});

export interface IndexOptions {
  weights?: Partial<RankingWeights>;
  /** Porter2 stems (default) or the words as written. */
  stem?: boolean;
  /** Synonyms by stem (default: WordNet's), or null for none. */
  thesaurus?: Thesaurus | null;
  /**
   * Each document's analysis (`analyseSkill`, same `stem`), by position, when the caller keeps them: a skill's terms
   * are counted once per content, so an agent version's new index after one publish re-reads one skill, not all.
   */
  analysed?: ReadonlyArray<AnalysedSkill | undefined>;
}

/**
 * The body words an analysis reads: the start of a SKILL.md says what the skill is for; past this a body is reference
 * material, and a bound keeps one pathological body (a bundle may hold megabytes) from costing seconds per index.
 */
export const MAX_BODY_WORDS = 5_000;

/** Counts a skill's terms per field (the index's unit of work, pure: cache it by the skill's content). */
export function analyseSkill(document: SkillDocument, stem = true): AnalysedSkill {
  return {
    fields: [
      countTerms(nameText(document.name), stem),
      countTerms(document.description, stem),
      countTerms(document.body ?? "", stem, MAX_BODY_WORDS),
    ],
  };
}

/**
 * CT-2: the ranking `find_skills` and `agentSkillSearch` answer. An inverted index over the skills' name (split into
 * its parts), description and SKILL.md body, scored with BM25F; a request's words are stemmed (Porter2), and a word
 * no skill uses is replaced by its WordNet synonyms at a lower weight. Built once per agent version (the caller keeps
 * it); a search adds up the precomputed impacts of the request's terms only.
 */
export class SkillIndex {
  private readonly terms: Map<string, number>;
  private readonly starts: Uint32Array;
  private readonly docs: Uint32Array;
  private readonly impacts: Float32Array;
  private readonly weights: RankingWeights;
  private readonly stem: boolean;
  private readonly thesaurus: Thesaurus | null;

  private constructor(
    private readonly documents: readonly SkillDocument[],
    options: IndexOptions,
    postings: Postings,
  ) {
    this.weights = weightsOf(options);
    this.stem = options.stem ?? true;
    this.thesaurus = options.thesaurus === undefined ? wordnetThesaurus() : options.thesaurus;
    ({ terms: this.terms, starts: this.starts, docs: this.docs, impacts: this.impacts } = postings);
  }

  static build(documents: readonly SkillDocument[], options: IndexOptions = {}): SkillIndex {
    const steps = SkillIndex.steps(documents, options);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * `build` a part at a time: each `next()` does a bounded share of the work (about STEP_DOCUMENTS skills' analysis
   * or merge) and the last returns the index — for a caller that must not hold its thread for a whole cold build.
   */
  static *steps(documents: readonly SkillDocument[], options: IndexOptions = {}): Generator<void, SkillIndex, void> {
    const assembly = SkillIndex.assemble(documents, options);
    const stem = options.stem ?? true;
    for (let i = 0; i < documents.length; i++) {
      const kept = options.analysed?.[i];
      assembly.add(i, kept ?? analyseSkill(documents[i]!, stem));
      if (i % STEP_DOCUMENTS === STEP_DOCUMENTS - 1) yield;
    }
    return yield* assembly.steps();
  }

  /**
   * An index put together from its skills' analyses as they come, in any order (analysis threads answer batches as
   * they finish them): `add` each skill's analysis once, by position, then run `steps` (a bounded share of the merge
   * per step) for the index. What `add` does is most of the merge, so a caller whose analyses arrive over time merges
   * them meanwhile instead of after the last.
   */
  static assemble(documents: readonly SkillDocument[], options: IndexOptions = {}): SkillIndexAssembly {
    const weights = weightsOf(options);
    const postings = new PostingsAssembly(documents.length, {
      fields: [weights.name, weights.description, weights.body],
      b: [weights.bName, weights.bDescription, weights.bBody],
      k1: weights.k1,
    });
    return {
      add: (position, analysis) => postings.add(position, analysis),
      steps: function* () {
        return new SkillIndex(documents, options, yield* postings.finish());
      },
    };
  }

  get size(): number {
    return this.documents.length;
  }

  private termsOf(text: string): string[] {
    const words = wordsOf(text);
    return this.stem ? words.map(stemOf) : words;
  }

  /** Whether some skill uses the term. */
  private holds(term: string): boolean {
    const id = this.terms.get(term);
    return id !== undefined && this.starts[id + 1]! > this.starts[id]!;
  }

  /**
   * The request's terms with their weights: its own words (by count), and the synonyms of each word at the expansion
   * weights (the weight for a word no skill uses when that is the case).
   */
  queryTerms(query: string): Map<string, number> {
    const terms = new Map<string, number>();
    for (const term of this.termsOf(query)) terms.set(term, (terms.get(term) ?? 0) + 1);
    const { expansion, expansionUnknown } = this.weights;
    // The thesaurus holds stems: without stemming there is nothing to look up.
    if (!this.thesaurus || !this.stem || (expansion <= 0 && expansionUnknown <= 0)) return terms;
    const own = new Set(terms.keys());
    for (const term of own) {
      const weight = this.holds(term) ? expansion : expansionUnknown;
      if (weight <= 0) continue;
      for (const synonym of this.thesaurus.get(term) ?? [])
        if (!own.has(synonym) && this.holds(synonym)) terms.set(synonym, Math.max(terms.get(synonym) ?? 0, weight));
    }
    return terms;
  }

  /** Every skill's score for the terms (0: no term in common), and the skills that have one. */
  private accumulate(queryTerms: ReadonlyMap<string, number>): { scores: Float64Array; touched: number[] } {
    const scores = new Float64Array(this.documents.length);
    const touched: number[] = [];
    const { docs, impacts, starts } = this;
    for (const [term, weight] of queryTerms) {
      const id = this.terms.get(term);
      if (id === undefined) continue;
      for (let i = starts[id]!, end = starts[id + 1]!; i < end; i++) {
        const doc = docs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc]! += weight * impacts[i]!;
      }
    }
    return { scores, touched };
  }

  /** The best `limit` skills for the terms, best first; ties go to the catalog's order. Skills with no term: none. */
  private top(queryTerms: ReadonlyMap<string, number>, limit: number): Array<{ doc: number; score: number }> {
    const { scores, touched } = this.accumulate(queryTerms);
    const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
    // A sorted window of the best `limit`: a request touches thousands of skills and asks for five.
    const best: number[] = [];
    for (const doc of touched) {
      if (best.length === limit && !better(doc, best[limit - 1]!)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && better(doc, best[at - 1]!)) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = doc;
    }
    return best.map((doc) => ({ doc, score: scores[doc]! }));
  }

  /** CT-2: the best `limit` skills for a request, name and description, best first. */
  search(query: string, limit: number): SkillMatch[] {
    const wanted = Math.max(0, Math.floor(limit));
    if (wanted === 0) return [];
    return this.top(this.queryTerms(query), wanted).map(({ doc, score }) => {
      const { name, description } = this.documents[doc]!;
      return { name, description, score };
    });
  }

  /** Every skill's relevance to the request, by catalog position (0 for a skill that shares no term with it). */
  scores(query: string): Float64Array {
    return this.accumulate(this.queryTerms(query)).scores;
  }
}

export interface SkillIndexAssembly {
  /** The analysis of the skill at `position` (each position once). */
  add(position: number, analysis: AnalysedSkill): void;
  /** The merge's last part, a bounded share per step; returns the index once every skill is added. */
  steps(): Generator<void, SkillIndex, void>;
}

function weightsOf(options: IndexOptions): RankingWeights {
  return { ...RANKING_WEIGHTS, ...options.weights };
}

/** A skill's name as words: its parts between hyphens, underscores and dots ("gh-fix-ci" → "gh fix ci"). */
export function nameText(name: string): string {
  return name.replace(/[-_.]+/g, " ");
}
