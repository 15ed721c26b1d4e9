import { porter2 } from "./porter2";
import { STOPWORDS } from "./skill-thesaurus.data";

// The words the catalog ranking compares (CT-2): lower-cased letters and digits, English stop words dropped, each
// reduced to its Porter2 stem, so "merging", "merged" and "merges" are one term.

export const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const NOT_ASCII = /[^ -~\t\n\r]/;
const stopwords = new Set(STOPWORDS.split(" "));

export function isStopword(word: string): boolean {
  return stopwords.has(word);
}

/** Stems by word, bounded: the catalog's vocabulary is a few tens of thousands of words; requests bring new ones. */
const stems = new Map<string, string>();
const MAX_STEMS = 100_000;

export function stemOf(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stemmed = porter2(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/**
 * The words of a text, lower-cased and NFKC-normalised, stop words and one-letter words left out: the runs of Unicode
 * letters and digits. One pass over the character codes (a SKILL.md body is thousands of words, mostly ASCII with a
 * dash or an arrow here and there); a character beyond ASCII is asked whether it is a letter or a digit.
 */
export function wordsOf(text: string): string[] {
  const lower = (NOT_ASCII.test(text) ? text.normalize("NFKC") : text).toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const code = i < lower.length ? lower.charCodeAt(i) : 32;
    let width = 1;
    let wordChar: boolean;
    if (code < 128) wordChar = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    else {
      const point = lower.codePointAt(i)!;
      width = point > 0xffff ? 2 : 1;
      wordChar = LETTER_OR_DIGIT.test(String.fromCodePoint(point));
    }
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 2) {
        const word = lower.slice(start, i);
        if (!stopwords.has(word)) words.push(word);
      }
      start = -1;
    }
    i += width - 1;
  }
  return words;
}

/** The stemmed terms of a text, in order, repeats kept (term frequencies count them). */
export function termsOf(text: string): string[] {
  return wordsOf(text).map(stemOf);
}
