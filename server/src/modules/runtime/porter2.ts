import winkStem from "wink-porter2-stemmer";

/**
 * Porter2 stems as `wink-porter2-stemmer` answers them, for words of lower-case ASCII letters and digits — nearly every
 * word of a SKILL.md — with string operations in place of its regular expressions: a cold index meets every distinct
 * word of thousands of bodies once per analysis thread, and wink's regular expressions took about 4 µs a word (a
 * tenth of a cold build). Every rule below is wink's, quirks included (its `3` marks a `y` read as a consonant, so a
 * digit 3 reads as one too; step 2 and 3 check the longest suffix of their list against R1; step 4 removes the
 * longest suffix it knows): porter2.test.ts holds it to wink on WordNet's words and on words made of the suffixes
 * every rule reads. Other words (letters beyond ASCII) go to wink itself.
 */
export function porter2(word: string): string {
  if (!PLAIN.test(word)) return winkStem(word);
  if (word.length < 3) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  let s = step1a(prelude(word));
  if (!INVARIANT_AFTER_1A.has(s)) s = step5(step4(step3(step2(step1c(step1b(s))))));
  return s.includes("3") ? s.replaceAll("3", "y") : s;
}

const PLAIN = /^[a-z0-9]*$/;

const EXCEPTIONS = new Map([
  ["skis", "ski"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["idly", "idl"],
  ["gently", "gentl"],
  ["ugly", "ugli"],
  ["early", "earli"],
  ["only", "onli"],
  ["singly", "singl"],
  ["sky", "sky"],
  ["news", "news"],
  ["atlas", "atlas"],
  ["cosmos", "cosmos"],
  ["bias", "bias"],
  ["andes", "andes"],
]);

const INVARIANT_AFTER_1A = new Set([
  "inning",
  "outing",
  "canning",
  "herring",
  "proceed",
  "exceed",
  "succeed",
  "earring",
]);

function isVowel(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121; // a e i o u y
}

/** A leading y, and the first y after a, e, i, o or u, become the consonant mark `3`. */
function prelude(s: string): string {
  if (s.charCodeAt(0) === 121) s = `3${s.slice(1)}`;
  for (let i = 1; i < s.length; i++)
    if (s.charCodeAt(i) === 121 && isVowel(s, i - 1) && s.charCodeAt(i - 1) !== 121)
      return `${s.slice(0, i)}3${s.slice(i + 1)}`;
  return s;
}

/** Where R1 starts in `s` from `from`: after the first non-vowel that follows a vowel (s.length when none). */
function regionAfter(s: string, from: number): number {
  let i = from;
  while (i < s.length && !isVowel(s, i)) i++;
  while (i < s.length && isVowel(s, i)) i++;
  // wink's /[aeiouy]+([^aeiouy].+)/ needs a character after the non-vowel: else no region
  return i + 1 < s.length ? i + 1 : s.length;
}

/** R1 and R2 as their lengths (each a suffix of `s`). */
function regions(s: string): { r1: number; r2: number } {
  let start = regionAfter(s, 0);
  if (start === s.length) return { r1: 0, r2: 0 };
  if (s.startsWith("gener") || s.startsWith("arsen")) start = 5;
  else if (s.startsWith("commun")) start = 6;
  return { r1: s.length - start, r2: s.length - regionAfter(s, start) };
}

function r1Of(s: string): number {
  return regions(s).r1;
}

/** wink's isShort: a short syllable at the end, or the whole word a vowel and at most one non-vowel. */
function isShort(s: string): boolean {
  const n = s.length;
  if (n >= 3 && !isVowel(s, n - 3) && isVowel(s, n - 2) && !"aeiouywx3".includes(s[n - 1]!)) return true;
  return isVowel(s, 0) && (n === 1 || (n === 2 && !isVowel(s, 1)));
}

function step1a(s: string): string {
  const n = s.length;
  if (n >= 5 && s.endsWith("sses")) return `${s.slice(0, -4)}ss`;
  if (s.endsWith("ied") || s.endsWith("ies")) {
    if (n >= 5) return `${s.slice(0, -3)}i`;
    if (n === 4) return `${s.slice(0, -3)}ie`;
  }
  if (n >= 3 && (s.endsWith("us") || s.endsWith("ss"))) return s;
  if (n >= 2 && s.endsWith("s")) {
    const part = s.slice(0, -1);
    // a vowel with at least one character after it
    for (let i = 0; i < part.length - 1; i++) if (isVowel(part, i)) return part;
  }
  return s;
}

function step1b(s: string): string {
  const eed = s.endsWith("eedly") ? 5 : s.endsWith("eed") ? 3 : 0;
  if (eed > 0) return r1Of(s) >= eed ? `${s.slice(0, -eed)}ee` : s;
  const suffix = s.endsWith("edly") ? 4 : s.endsWith("ingly") ? 5 : s.endsWith("ed") ? 2 : s.endsWith("ing") ? 3 : 0;
  if (suffix === 0) return s;
  const part = s.slice(0, -suffix);
  let vowel = false;
  for (let i = 0; i < part.length && !vowel; i++) vowel = isVowel(part, i);
  if (!vowel) return s;
  if (part.endsWith("at") || part.endsWith("bl") || part.endsWith("iz")) return `${part}e`;
  const n = part.length;
  if (n >= 2 && part[n - 1] === part[n - 2] && "bdfgmnprt".includes(part[n - 1]!)) return part.slice(0, -1);
  return isShort(part) && r1Of(part) === 0 ? `${part}e` : part;
}

function step1c(s: string): string {
  const n = s.length;
  const last = s[n - 1];
  return n >= 3 && (last === "y" || last === "3") && !isVowel(s, n - 2) ? `${s.slice(0, -1)}i` : s;
}

/** The longest of `suffixes` that `s` ends with ("" when none). */
function longestSuffix(s: string, suffixes: readonly string[]): string {
  let longest = "";
  for (const suffix of suffixes) if (suffix.length > longest.length && s.endsWith(suffix)) longest = suffix;
  return longest;
}

/** `s` with the suffix of the first rule it ends with replaced (null when none). */
function firstRule(s: string, rules: ReadonlyArray<readonly [string, string]>): string | null {
  for (const [suffix, replacement] of rules) if (s.endsWith(suffix)) return s.slice(0, -suffix.length) + replacement;
  return null;
}

const STEP2 =
  "ization ational fulness ousness iveness tional biliti lessli entli ation alism aliti ousli iviti fulli enci anci abli izer ator alli bli ogi li".split(
    " ",
  );
/** wink's step-2 rules in its order: the first whose suffix `s` ends with applies. */
const STEP2_RULES: ReadonlyArray<readonly [string, string]> = [
  ["ational", "ate"],
  ["ization", "ize"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["iveness", "ive"],
  ["tional", "tion"],
  ["biliti", "ble"],
  ["lessli", "less"],
  ["iviti", "ive"],
  ["ousli", "ous"],
  ["ation", "ate"],
  ["entli", "ent"],
  ["alism", "al"],
  ["aliti", "al"],
  ["fulli", "ful"],
  ["alli", "al"],
  ["ator", "ate"],
  ["izer", "ize"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["bli", "ble"],
  ["logi", "log"],
];

function step2(s: string): string {
  const match = longestSuffix(s, STEP2);
  if (match === "" || r1Of(s) < match.length) return s;
  const replaced = firstRule(s, STEP2_RULES);
  if (replaced !== null) return replaced;
  return s.endsWith("li") && s.length >= 3 && "cdeghkmnrt".includes(s[s.length - 3]!) ? s.slice(0, -2) : s;
}

const STEP3 = "ational tional alize icate iciti ative ical ness ful".split(" ");
const STEP3_RULES: ReadonlyArray<readonly [string, string]> = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ness", ""],
  ["ful", ""],
];

function step3(s: string): string {
  const match = longestSuffix(s, STEP3);
  if (match === "") return s;
  const { r1, r2 } = regions(s);
  if (r1 < match.length) return s;
  return firstRule(s, STEP3_RULES) ?? (r2 >= 5 ? s.slice(0, -5) : s); // what is left is "ative"
}

const STEP4 = "ement ance ence able ible ment ant ent ism ate iti ous ive ize ion al er ic".split(" ");

function step4(s: string): string {
  const match = longestSuffix(s, STEP4);
  if (match === "" || regions(s).r2 < match.length) return s;
  if (match !== "ion") return s.slice(0, -match.length);
  const before = s[s.length - 4];
  return before === "s" || before === "t" ? s.slice(0, -3) : s;
}

function step5(s: string): string {
  if (s.endsWith("e")) {
    const { r1, r2 } = regions(s);
    const preceding = s.slice(0, -1);
    return r2 > 0 || (r1 > 0 && !isShort(preceding)) ? preceding : s;
  }
  if (s.endsWith("l")) return regions(s).r2 > 0 && s.endsWith("ll") ? s.slice(0, -1) : s;
  return s;
}
