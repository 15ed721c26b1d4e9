import { describe, expect, it } from "vitest";
import { countTerms } from "./skill-term-counts";
import { termsOf, wordsOf } from "./skill-terms";

/** What countTerms must answer: the text's terms (or words), the first `max` of them, counted in order of first use. */
function reference(text: string, stem: boolean, max: number) {
  const counts = new Map<string, number>();
  const terms = (stem ? termsOf(text) : wordsOf(text)).slice(0, max);
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { terms: [...counts.keys()], counts: [...counts.values()], length: terms.length };
}

function counted(text: string, stem: boolean, max: number) {
  const { terms, counts, length } = countTerms(text, stem, max);
  return { terms: [...terms], counts: [...counts], length };
}

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

describe("countTerms", () => {
  it("CT-2 counts what termsOf reads, in order, case and width folded", () => {
    expect(counted("Merge the PDFs; merging pdf files, MERGED pdf.", true, Infinity)).toEqual({
      terms: ["merg", "pdfs", "pdf", "file"],
      counts: [3, 1, 2, 1],
      length: 7,
    });
    expect(counted("The ＰＤＦ and a Café: x cafe\u0301", false, Infinity)).toEqual({
      terms: ["pdf", "café"],
      counts: [1, 2],
      length: 3,
    });
  });

  it("CT-2 answers as termsOf does for random texts of ASCII, Unicode letters, marks, stop words and surrogates", () => {
    const pieces = [
      ..."aZ09 -_.,'\t\n\u00e9\u00c9Ｐ—→ßﬁ①٣中\u0301\u200b\u00a0İΣΑα…™\u1100\u1161\u11a8가",
      "😀",
      "\ud83d",
      "𝐀",
      "the",
      "And",
      "PDF",
      "merging",
      "Merged",
      "x",
      "résumé",
      "naïve",
    ];
    for (let i = 0; i < 30_000; i++) {
      const text = Array.from({ length: Math.floor(random() * 16) }, () => pick(pieces)).join(pick(["", " "]));
      const stem = random() < 0.7;
      const max = random() < 0.3 ? Math.floor(random() * 4) : Infinity;
      expect(counted(text, stem, max), JSON.stringify({ text, stem, max })).toEqual(reference(text, stem, max));
    }
  });

  it("CT-2 reads every character beyond ASCII between words and marks as termsOf does (each code point, in context)", () => {
    // a letter before a mark or a jamo that joins it, a final sigma, and U+16D63 that U+16D67/U+16D68 join
    const contexts = [
      ["ab", "cd"],
      ["e", "\u0301x"],
      ["Σa", "bΣ"],
      ["\u{16d63}", "ab"],
    ] as const;
    const wrong: string[] = [];
    const points = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    for (const point of [...points(0x80, 0xd7ff), ...points(0xe000, 0x1ffff), ...points(0xe0000, 0xe01ef)])
      for (const [before, after] of contexts) {
        const text = before + String.fromCodePoint(point) + after;
        const got = counted(text, false, Infinity);
        const want = reference(text, false, Infinity);
        if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(text);
      }
    expect(wrong).toEqual([]);
  }, 60_000); // 800,000 texts: 2–6 s

  it("CT-2 keeps answering right while its table of words grows and starts over (100,000 new words)", () => {
    const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (let round = 0; round < 50; round++) {
      const words = Array.from({ length: 2_000 }, () =>
        Array.from({ length: 2 + Math.floor(random() * 8) }, () => pick([...letters])).join(""),
      );
      const text = words.join(" ");
      expect(counted(text, round % 2 === 0, Infinity)).toEqual(reference(text, round % 2 === 0, Infinity));
    }
  });

  it("CT-2 stops after the first maxWords words: a body's tail is not read", () => {
    expect(countTerms(`${"alpha ".repeat(10)} omega`, true, 10)).toMatchObject({ terms: ["alpha"], length: 10 });
  });
});

describe("countTerms on a text of megabytes", () => {
  it("CT-2 counts a 4 MB text of letters beyond ASCII as termsOf does, and the next text as well", () => {
    const big = "Ünïcödé wörds — ".repeat(300_000);
    expect(counted(big, true, 5)).toEqual(reference(big, true, 5));
    expect(counted("merge pdf files", true, Infinity)).toEqual(reference("merge pdf files", true, Infinity));
  });
});
