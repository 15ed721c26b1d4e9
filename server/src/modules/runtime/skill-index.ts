import { stemOf, wordsOf } from "./skill-terms";
import { wordnetThesaurus, type Thesaurus } from "./skill-thesaurus";

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
 * a grid over the name's weight and every `b`, `k1` and expansion weight. The body's weight could not be measured
 * (the public catalog has descriptions only): it counts a little less than the description, whose words are chosen
 * to say what the skill is for.
 */
export const RANKING_WEIGHTS: Readonly<RankingWeights> = Object.freeze({
  name: 3,
  description: 1,
  body: 0.5,
  bName: 0.3,
  bDescription: 0.9,
  bBody: 0.75,
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
}

const FIELDS = 3; // name, description, body

/**
 * CT-2: the ranking `find_skills` and `agentSkillSearch` answer. An inverted index over the skills' name (split into
 * its parts), description and SKILL.md body, scored with BM25F; a request's words are stemmed (Porter2), and a word
 * no skill uses is replaced by its WordNet synonyms at a lower weight. Built once per agent version (the caller keeps
 * it); a search adds up the precomputed impacts of the request's terms only.
 */
export class SkillIndex {
  /** Term → its number; its postings are `docs` and `impacts` from `starts[id]` to `starts[id + 1]`. */
  private readonly terms = new Map<string, number>();
  private starts = new Uint32Array(1);
  /** Per posting: the skill, and the term's whole BM25F contribution there, `idf · tf / (k1 + tf)`. */
  private docs = new Uint32Array(0);
  private impacts = new Float32Array(0);
  private readonly weights: RankingWeights;
  private readonly stem: boolean;
  private readonly thesaurus: Thesaurus | null;

  private constructor(
    private readonly documents: readonly SkillDocument[],
    options: IndexOptions,
  ) {
    this.weights = { ...RANKING_WEIGHTS, ...options.weights };
    this.stem = options.stem ?? true;
    this.thesaurus = options.thesaurus === undefined ? wordnetThesaurus() : options.thesaurus;
  }

  static build(documents: readonly SkillDocument[], options: IndexOptions = {}): SkillIndex {
    const index = new SkillIndex(documents, options);
    index.fill();
    return index;
  }

  get size(): number {
    return this.documents.length;
  }

  private termsOf(text: string): string[] {
    const words = wordsOf(text);
    return this.stem ? words.map(stemOf) : words;
  }

  private fill(): void {
    const n = this.documents.length;
    const ids = this.terms;
    // First pass: every field's terms as numbers, one buffer for all, and the fields' lengths.
    let buffer = new Uint32Array(1 << 16);
    let used = 0;
    const bounds = new Uint32Array(n * FIELDS + 1);
    const totals = [0, 0, 0];
    for (let doc = 0; doc < n; doc++) {
      const document = this.documents[doc]!;
      const texts = [nameText(document.name), document.description, document.body ?? ""];
      for (let field = 0; field < FIELDS; field++) {
        const terms = this.termsOf(texts[field]!);
        if (used + terms.length > buffer.length) {
          const grown = new Uint32Array(Math.max(buffer.length * 2, used + terms.length));
          grown.set(buffer);
          buffer = grown;
        }
        for (const term of terms) {
          let id = ids.get(term);
          if (id === undefined) ids.set(term, (id = ids.size));
          buffer[used++] = id;
        }
        totals[field]! += terms.length;
        bounds[doc * FIELDS + field + 1] = used;
      }
    }
    const { name, description, body, bName, bDescription, bBody, k1 } = this.weights;
    const fieldWeight = [name, description, body];
    const b = [bName, bDescription, bBody];
    const average = totals.map((total) => (n > 0 ? total / n : 0));
    // Second pass: per document, each term's BM25F tf (weighted, length-normalised frequencies), and the counts.
    const tf = new Float64Array(ids.size);
    const df = new Uint32Array(ids.size);
    const seen: number[] = [];
    const perDocument = (doc: number, each: (id: number, tf: number) => void) => {
      for (let field = 0; field < FIELDS; field++) {
        const from = bounds[doc * FIELDS + field]!;
        const to = bounds[doc * FIELDS + field + 1]!;
        if (to === from || fieldWeight[field] === 0) continue;
        const norm = 1 - b[field]! + (b[field]! * (to - from)) / average[field]!;
        for (let i = from; i < to; i++) {
          const id = buffer[i]!;
          if (tf[id] === 0) seen.push(id);
          tf[id]! += fieldWeight[field]! / norm;
        }
      }
      for (const id of seen) {
        each(id, tf[id]!);
        tf[id] = 0;
      }
      seen.length = 0;
    };
    for (let doc = 0; doc < n; doc++) perDocument(doc, (id) => df[id]!++);
    this.starts = new Uint32Array(ids.size + 1);
    for (let id = 0; id < ids.size; id++) this.starts[id + 1] = this.starts[id]! + df[id]!;
    const total = this.starts[ids.size]!;
    this.docs = new Uint32Array(total);
    this.impacts = new Float32Array(total);
    const next = this.starts.slice(0, ids.size);
    const idf = Float64Array.from(df, (count) => Math.log(1 + (n - count + 0.5) / (count + 0.5)));
    for (let doc = 0; doc < n; doc++)
      perDocument(doc, (id, t) => {
        const at = next[id]!++;
        this.docs[at] = doc;
        this.impacts[at] = (idf[id]! * t) / (k1 + t);
      });
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

/** A skill's name as words: its parts between hyphens, underscores and dots ("gh-fix-ci" → "gh fix ci"). */
function nameText(name: string): string {
  return name.replace(/[-_.]+/g, " ");
}
