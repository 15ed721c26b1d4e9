import { describe, expect, it } from "vitest";
import {
  analyseBatch,
  encodeDocuments,
  VocabulariesSent,
  VocabularyMirror,
  type AnalysisBatch,
} from "./skill-analysis-wire";
import { analyseSkill, SkillIndex, type AnalysedSkill, type SkillDocument } from "./skill-index";
import type { Vocabulary } from "./skill-term-counts";

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const pieces = [..."aZ09 -_.,\n\u00e9Ｐ—→ß中\u0301İΣ가", "😀", "\ud83d", "merging", "PDF", "the", "résumé", "deploy"];
const text = (most: number) =>
  Array.from({ length: Math.floor(random() * most) }, () => pick(pieces)).join(pick(["", " "]));
const randomDocument = (): SkillDocument => ({
  name: `${text(4)}-${text(3)}`,
  description: text(20),
  body: random() < 0.2 ? null : text(200),
});

const plain = (analysis: AnalysedSkill) =>
  analysis.fields.map(({ terms, counts, length }) => ({ terms: [...terms], counts: [...counts], length }));

/** Documents sent as another thread reads them and read back, as postMessage copies them (structuredClone). */
function throughTheWire(batches: SkillDocument[][]): AnalysedSkill[] {
  const sent = new VocabulariesSent();
  const mirror = new VocabularyMirror();
  return batches.flatMap((batch) => {
    const encoded = structuredClone(encodeDocuments(batch));
    return mirror.read(structuredClone(analyseBatch(encoded, sent)));
  });
}

describe("skill analyses read on another thread", () => {
  it("CT-2 a batch's analyses read back are analyseSkill's, batch after batch (random texts, surrogates, marks)", () => {
    const batches = Array.from({ length: 20 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 30) }, randomDocument),
    );
    const read = throughTheWire(batches);
    const documents = batches.flat();
    expect(read).toHaveLength(documents.length);
    documents.forEach((document, i) =>
      expect(plain(read[i]!), JSON.stringify(document)).toEqual(plain(analyseSkill(document))),
    );
  });

  it("CT-2 an index built from analyses read back ranks exactly as one built here", () => {
    const documents = Array.from({ length: 300 }, randomDocument);
    documents.push({ name: "pdf-merge", description: "Merge PDF files into one", body: "Combine several PDFs." });
    const read = throughTheWire([documents.slice(0, 150), documents.slice(150)]);
    const here = SkillIndex.build(documents);
    const there = SkillIndex.build(documents, { analysed: read });
    for (const query of ["merge pdfs", "deploy résumé", "中 가", "Σ merging"]) {
      expect([...there.scores(query)]).toEqual([...here.scores(query)]);
      expect(there.search(query, 5)).toEqual(here.search(query, 5));
    }
    expect(there.search("combine my pdf files", 1)[0]?.name).toBe("pdf-merge");
  });

  it("CT-2 a vocabulary started over in the middle of a batch: each field reads its own; a step missed is refused", () => {
    const sent = new VocabulariesSent();
    const mirror = new VocabularyMirror();
    const first: Vocabulary = { terms: ["merg", "pdf"] };
    const second: Vocabulary = { terms: ["deploy"] };
    const batchOf = (fields: Array<[Vocabulary, number[]]>): AnalysisBatch => {
      const ids = fields.flatMap(([, numbers]) => numbers);
      const epochs = fields.map(([vocabulary]) => sent.epochOf(vocabulary));
      const vocabularies = [...new Set(fields.map(([vocabulary]) => vocabulary))].map((v) => sent.news(v));
      return {
        sizes: Uint32Array.from(fields.map(([, numbers]) => numbers.length)),
        words: Uint32Array.from(fields.map(([, numbers]) => numbers.length)),
        epochs: Uint32Array.from(epochs),
        ids: Uint32Array.from(ids),
        counts: Uint32Array.from(ids.map(() => 1)),
        vocabularies,
      };
    };
    const [one] = mirror.read(
      batchOf([
        [first, [0]],
        [first, []],
        [first, [1]],
      ]),
    );
    (first.terms as string[]).push("file");
    const [two, three] = mirror.read(
      batchOf([
        [first, [2]],
        [first, []],
        [first, [0, 1]],
        [second, [0]],
        [second, []],
        [second, []],
      ]),
    );
    expect([one, two, three].map((analysis) => analysis!.fields.map((field) => [...field.terms]))).toEqual([
      [["merg"], [], ["pdf"]],
      [["file"], [], ["merg", "pdf"]],
      [["deploy"], [], []],
    ]);
    const skipped = batchOf([
      [second, [0]],
      [second, []],
      [second, []],
    ]);
    expect(() =>
      mirror.read({ ...skipped, vocabularies: [{ epoch: skipped.epochs[0]!, from: 5, terms: ["x"] }] }),
    ).toThrow(/out of step/);
  });
});
