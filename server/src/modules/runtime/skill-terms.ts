import stem from "wink-porter2-stemmer";
import { STOPWORDS } from "./skill-thesaurus.data";

// The words the catalog ranking compares (CT-2): lower-cased letters and digits, English stop words dropped, each
// reduced to its Porter2 stem, so "merging", "merged" and "merges" are one term.

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const NOT_ASCII = /[^ -~\t\n\r]/;
const stopwords = new Set(STOPWORDS.split(" "));

/** Stems by word, bounded: the catalog's vocabulary is a few tens of thousands of words; requests bring new ones. */
const stems = new Map<string, string>();
const MAX_STEMS = 100_000;

export function stemOf(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stemmed = stem(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The words of a text, lower-cased and NFKC-normalised, stop words and one-letter words left out. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  const normalised = NOT_ASCII.test(text) ? text.normalize("NFKC") : text;
  for (const word of normalised.toLowerCase().split(SEPARATORS)) {
    if (word.length < 2 || stopwords.has(word)) continue;
    words.push(word);
  }
  return words;
}

/** The stemmed terms of a text, in order, repeats kept (term frequencies count them). */
export function termsOf(text: string): string[] {
  return wordsOf(text).map(stemOf);
}
