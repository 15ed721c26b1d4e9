import { grown, type AnalysedSkill, type Vocabulary } from "./skill-term-counts";

// CT-2's index, its postings: how BM25F's impacts are worked out from the skills' analyses (skill-index.ts searches them).

export const FIELDS = 3; // name, description, body
/** Skills per step of `SkillIndex.steps` (a few milliseconds of merging; an analysis of this many bodies is more). */
export const STEP_DOCUMENTS = 256;

/** BM25F's knobs as the postings use them: per field (name, description, body) its weight and `b`; `k1`. */
export interface PostingWeights {
  fields: readonly number[];
  b: readonly number[];
  k1: number;
}

/** Term → its number; its postings are `docs` and `impacts` from `starts[id]` to `starts[id + 1]`. */
export interface Postings {
  terms: Map<string, number>;
  starts: Uint32Array;
  /** Per posting: the skill, and the term's whole BM25F contribution there, `idf · tf / (k1 + tf)`. */
  docs: Uint32Array;
  impacts: Float32Array;
}

/**
 * BM25F's postings from the skills' analyses. `add` numbers a skill's terms and counts the skills of each term (its
 * document frequency); `finish`, once every skill's length is known for the length normalisation, works out each
 * skill's tf per term and puts its postings in place, a skill at a time.
 */
export class PostingsAssembly {
  private readonly terms = new Map<string, number>();
  private df = new Uint32Array(1 << 12);
  /** Per term, the last skill that counted it (its position + 1): a term in two fields of a skill is one skill. */
  private lastDoc = new Uint32Array(1 << 12);
  private readonly analysed: Array<AnalysedSkill | undefined>;
  private missing: number;
  /**
   * Counts numbered by countTerms' vocabulary are looked up by number: this index's number for each of theirs (-1: not
   * met yet), grown as the vocabulary grows.
   */
  private readonly byVocabulary = new Map<Vocabulary, Int32Array>();

  constructor(
    private readonly size: number,
    private readonly weights: PostingWeights,
  ) {
    this.analysed = new Array<AnalysedSkill | undefined>(size);
    this.missing = size;
  }

  add(doc: number, analysis: AnalysedSkill): void {
    if (!(doc >= 0 && doc < this.size) || this.analysed[doc]) throw new Error(`skill ${doc} is not one to add`);
    this.analysed[doc] = analysis;
    this.missing--;
    for (let field = 0; field < FIELDS; field++) {
      const { counts, length, ids: numbers, vocabulary } = analysis.fields[field]!;
      if (length === 0 || this.weights.fields[field] === 0) continue;
      const local = this.numbering(vocabulary);
      for (let i = 0; i < counts.length; i++) {
        let id = local[numbers[i]!]!;
        if (id < 0) local[numbers[i]!] = id = this.idOf(vocabulary.terms[numbers[i]!]!);
        if (this.lastDoc[id] !== doc + 1) {
          this.lastDoc[id] = doc + 1;
          this.df[id]!++;
        }
      }
    }
  }

  *finish(): Generator<void, Postings, void> {
    if (this.missing > 0) throw new Error(`${this.missing} skills were not added`);
    const n = this.size;
    const analysed = this.analysed as AnalysedSkill[];
    const { fields: fieldWeight, b, k1 } = this.weights;
    const average = [0, 0, 0];
    for (const skill of analysed)
      for (let field = 0; field < FIELDS; field++) average[field]! += skill.fields[field]!.length;
    for (let field = 0; field < FIELDS; field++) average[field] = n > 0 ? average[field]! / n : 0;
    const count = this.terms.size;
    const starts = new Uint32Array(count + 1);
    for (let id = 0; id < count; id++) starts[id + 1] = starts[id]! + this.df[id]!;
    const docs = new Uint32Array(starts[count]!);
    const impacts = new Float32Array(starts[count]!);
    const next = starts.slice(0, count);
    const idf = Float64Array.from(this.df.subarray(0, count), (df) => Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    // BM25F's tf per term of a skill: each field's count, weighted and normalised by the field's length, added up
    const tf = new Float64Array(count);
    const seen: number[] = [];
    for (let doc = 0; doc < n; doc++) {
      const fields = analysed[doc]!.fields;
      for (let field = 0; field < FIELDS; field++) {
        const { counts, length, ids: numbers, vocabulary } = fields[field]!;
        if (length === 0 || fieldWeight[field] === 0) continue;
        const scale = fieldWeight[field]! / (1 - b[field]! + (b[field]! * length) / average[field]!);
        const local = this.byVocabulary.get(vocabulary)!;
        for (let i = 0; i < counts.length; i++) {
          const id = local[numbers[i]!]!;
          if (tf[id] === 0) seen.push(id);
          tf[id]! += counts[i]! * scale;
        }
      }
      for (const id of seen) {
        const at = next[id]!++;
        docs[at] = doc;
        impacts[at] = (idf[id]! * tf[id]!) / (k1 + tf[id]!);
        tf[id] = 0;
      }
      seen.length = 0;
      if (doc % STEP_DOCUMENTS === STEP_DOCUMENTS - 1) yield;
    }
    return { terms: this.terms, starts, docs, impacts };
  }

  private idOf(term: string): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      this.terms.set(term, (id = this.terms.size));
      if (id >= this.df.length) {
        this.df = grown(this.df, id + 1);
        this.lastDoc = grown(this.lastDoc, id + 1);
      }
    }
    return id;
  }

  private numbering(vocabulary: Vocabulary): Int32Array {
    const known = this.byVocabulary.get(vocabulary);
    if (known && known.length >= vocabulary.terms.length) return known;
    const grownNumbering = new Int32Array(vocabulary.terms.length * 2).fill(-1);
    if (known) grownNumbering.set(known);
    this.byVocabulary.set(vocabulary, grownNumbering);
    return grownNumbering;
  }
}
