import { MAX_BODY_WORDS, nameText, type AnalysedSkill, type SkillDocument } from "./skill-index";
import { FIELDS } from "./skill-postings";
import { countTermsOfBytes, NumberedTermCounts, type TermCounts, type Vocabulary } from "./skill-term-counts";

// CT-2: skills analysed on another thread (calls/skill-analysis-pool.ts). The texts go there as one buffer of UTF-8
// bytes (transferred, not copied), the analyses come back as numbers: per field its terms' numbers in the other
// thread's vocabulary and their counts, with the terms that vocabulary numbered since its last answer. A skill's
// analysis read back is the one `analyseSkill` gives in this thread (skill-analysis-wire.test.ts).

/** Documents as the other thread reads them: their texts' bytes, and where each text ends. */
export interface DocumentBatch {
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** Per document, per field (name, description, body): the end of its text in `bytes`. */
  readonly ends: Uint32Array<ArrayBuffer>;
}

/** Analyses as they come back. Field `f` of document `d` is entry `d * 3 + f` of the per-field arrays. */
export interface AnalysisBatch {
  /** Per field: its distinct terms (its run in `ids` and `counts`), its words, its vocabulary's epoch. */
  readonly sizes: Uint32Array<ArrayBuffer>;
  readonly words: Uint32Array<ArrayBuffer>;
  readonly epochs: Uint32Array<ArrayBuffer>;
  /** Every field's terms, one after the other: the numbers in the vocabulary and the counts. */
  readonly ids: Uint32Array<ArrayBuffer>;
  readonly counts: Uint32Array<ArrayBuffer>;
  /** What each vocabulary used here numbered since the last batch: `terms[k]` is number `from + k`. */
  readonly vocabularies: ReadonlyArray<{ epoch: number; from: number; terms: string[] }>;
}

const encoder = new TextEncoder();

export function encodeDocuments(documents: readonly SkillDocument[]): DocumentBatch {
  let capacity = 0;
  for (const { name, description, body } of documents)
    capacity += (name.length + description.length + (body?.length ?? 0)) * 3;
  const bytes = new Uint8Array(capacity);
  const ends = new Uint32Array(documents.length * FIELDS);
  let end = 0;
  documents.forEach(({ name, description, body }, doc) =>
    [nameText(name), description, body ?? ""].forEach((text, field) => {
      end += encoder.encodeInto(text, bytes.subarray(end)).written;
      ends[doc * FIELDS + field] = end;
    }),
  );
  return { bytes: bytes.subarray(0, end), ends };
}

/**
 * The other thread's side: analyses every document of a batch. `sent` is that thread's memory of what it answered
 * so far (a vocabulary's epoch and how many of its terms went out), kept from batch to batch.
 */
export function analyseBatch(batch: DocumentBatch, sent: VocabulariesSent): AnalysisBatch {
  // what `analyseSkill` counts, read from the bytes as they came (the name's parts already split)
  const fields: TermCounts[] = [];
  let start = 0;
  batch.ends.forEach((end, k) => {
    fields.push(countTermsOfBytes(batch.bytes, start, end, true, k % FIELDS === 2 ? MAX_BODY_WORDS : Infinity));
    start = end;
  });
  const total = fields.reduce((sum, field) => sum + field.counts.length, 0);
  const out = {
    sizes: new Uint32Array(fields.length),
    words: new Uint32Array(fields.length),
    epochs: new Uint32Array(fields.length),
    ids: new Uint32Array(total),
    counts: new Uint32Array(total),
  };
  const used = new Set<Vocabulary>();
  let at = 0;
  fields.forEach((field, k) => {
    out.sizes[k] = field.counts.length;
    out.words[k] = field.length;
    out.epochs[k] = sent.epochOf(field.vocabulary);
    out.ids.set(field.ids, at);
    out.counts.set(field.counts, at);
    at += field.counts.length;
    used.add(field.vocabulary);
  });
  const news = [...used].sort((a, b) => sent.epochOf(a) - sent.epochOf(b)).map((vocabulary) => sent.news(vocabulary));
  return { ...out, vocabularies: news };
}

/** The other thread's memory of the vocabularies it has answered with (a new one replaces the last for good). */
export class VocabulariesSent {
  private readonly known = new Map<Vocabulary, { epoch: number; sent: number }>();
  private next = 0;

  epochOf(vocabulary: Vocabulary): number {
    let entry = this.known.get(vocabulary);
    if (!entry) {
      entry = { epoch: this.next++, sent: 0 };
      this.known.set(vocabulary, entry);
    }
    return entry.epoch;
  }

  news(vocabulary: Vocabulary): { epoch: number; from: number; terms: string[] } {
    const entry = this.known.get(vocabulary)!;
    const from = entry.sent;
    entry.sent = vocabulary.terms.length;
    // countTerms never goes back to a vocabulary it started over from
    for (const [other, { epoch }] of this.known) if (epoch < entry.epoch) this.known.delete(other);
    return { epoch: entry.epoch, from, terms: vocabulary.terms.slice(from) };
  }
}

/** This thread's copy of the other thread's vocabularies, by epoch. */
export class VocabularyMirror {
  private readonly byEpoch = new Map<number, { terms: string[] }>();

  /** The analyses of a batch, with this mirror's vocabularies brought up to date first. */
  read(batch: AnalysisBatch): AnalysedSkill[] {
    for (const { epoch, from, terms } of batch.vocabularies) {
      let vocabulary = this.byEpoch.get(epoch);
      if (!vocabulary) this.byEpoch.set(epoch, (vocabulary = { terms: [] }));
      if (from !== vocabulary.terms.length) throw new Error(`vocabulary ${epoch} out of step (${from})`);
      for (const term of terms) vocabulary.terms.push(term);
    }
    const analyses: AnalysedSkill[] = [];
    let at = 0;
    for (let doc = 0; doc < batch.sizes.length / FIELDS; doc++) {
      const fields: TermCounts[] = [];
      for (let field = 0; field < FIELDS; field++) {
        const k = doc * FIELDS + field;
        const vocabulary = this.byEpoch.get(batch.epochs[k]!);
        if (!vocabulary) throw new Error(`vocabulary ${batch.epochs[k]} unknown`);
        const size = batch.sizes[k]!;
        fields.push(
          // views of the batch's arrays: its skills' analyses are kept (and dropped) together as a rule
          new NumberedTermCounts(
            batch.ids.subarray(at, at + size),
            batch.counts.subarray(at, at + size),
            batch.words[k]!,
            vocabulary,
          ),
        );
        at += size;
      }
      analyses.push({ fields });
    }
    // the other thread never answers with an older vocabulary than the newest here (analyses keep theirs)
    const newest = Math.max(...this.byEpoch.keys());
    for (const epoch of this.byEpoch.keys()) if (epoch < newest) this.byEpoch.delete(epoch);
    return analyses;
  }
}
