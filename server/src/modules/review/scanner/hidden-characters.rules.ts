import { latinLookalike } from "./confusables";
import { matchAll, NON_ASCII_PRESENT, patternRule, type RuleMatch, type TextRule } from "./rule";
import { codePoint, spelledByTags } from "./visible";

// CR-2: characters that hide or reorder text. A model reads them; a person looking at the text does not.

const TAG_RUN = /[\u{E0000}-\u{E007F}]{1,4096}/gu;
/** An emoji flag of a subdivision (🏴 + lowercase tag letters or digits + CANCEL TAG): the one legitimate use. */
const FLAG_TAGS = /^[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,6}\u{E007F}$/u;
const BLACK_FLAG = "\u{1F3F4}";

export const tagCharacters: TextRule = {
  id: "hidden-tag-characters",
  family: "hidden-characters",
  needs: NON_ASCII_PRESENT,
  severity: "CRITICAL",
  scope: "all",
  message:
    "Unicode tag characters are invisible in editors and browsers but a model reads the text they spell: this is how instructions are hidden from reviewers. Remove them.",
  patterns: [TAG_RUN],
  find(text) {
    return matchAll(TAG_RUN, text).flatMap((m): RuleMatch[] => {
      const run = text.slice(m.index, m.index + m.length);
      if (text.slice(Math.max(0, m.index - 2), m.index) === BLACK_FLAG && FLAG_TAGS.test(run)) return [];
      return [{ ...m, detail: `They spell ${JSON.stringify(spelledByTags(run).slice(0, 500))}.` }];
    });
  },
};

export const bidiControls: TextRule = patternRule({
  id: "bidi-control",
  family: "hidden-characters",
  needs: NON_ASCII_PRESENT,
  severity: "HIGH",
  message:
    'A bidirectional override or isolate reorders how text is displayed, so what a reviewer sees differs from what a model reads ("Trojan Source"). Remove it; right-to-left text needs no override.',
  patterns: [/[\u202A-\u202E\u2066-\u2069]{1,64}/g],
});

// Unicode's Default_Ignorable_Code_Point, less what the rules above report and the fillers fonts draw as blanks.
// (A RegExp object: the `v` flag's set difference is newer than the compile target's regex syntax.)
const INVISIBLE_RUN = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- combining and joining characters alone are the point
  "[\\p{Default_Ignorable_Code_Point}--[\\u{E0000}-\\u{E007F}\\u202A-\\u202E\\u2066-\\u2069\\u00AD\\u034F\\u115F\\u1160\\u3164\\uFFA0]]{1,256}",
  "gv",
);
const LATIN_LETTER = /\p{Script=Latin}/u;
const JOINER_CONTEXT = /[\p{Extended_Pictographic}\p{Emoji_Component}\p{Emoji_Modifier}\p{L}\p{M}\p{N}\p{S}]/u;

/** The character before `index` and the one at `index` (code points, not halves of a surrogate pair). */
function around(text: string, index: number, length: number): { before: string; after: string } {
  const before = String.fromCodePoint(text.codePointAt(index - 1) ?? 0);
  const prev = index >= 2 && /[\uDC00-\uDFFF]/.test(text[index - 1] ?? "") ? text.slice(index - 2, index) : before;
  const after = String.fromCodePoint(text.codePointAt(index + length) ?? 0);
  return { before: index === 0 ? "" : prev, after };
}

export const invisibleCharacters: TextRule = {
  id: "invisible-characters",
  family: "hidden-characters",
  needs: NON_ASCII_PRESENT,
  severity: "MEDIUM",
  scope: "all",
  message:
    "Zero-width and other invisible characters change what a model reads without changing what a person sees (e.g. a word split so a filter misses it). Remove them.",
  patterns: [INVISIBLE_RUN],
  find(text) {
    return matchAll(INVISIBLE_RUN, text).flatMap((m): RuleMatch[] => {
      const run = text.slice(m.index, m.index + m.length);
      const { before, after } = around(text, m.index, m.length);
      if (m.index === 0 && run === "\uFEFF") return []; // a byte order mark
      const insideLatinWord = LATIN_LETTER.test(before) && LATIN_LETTER.test(after);
      // Joiners and variation selectors inside emoji and non-Latin scripts (ZWJ sequences, Persian ZWNJ) are text.
      // eslint-disable-next-line no-misleading-character-class -- joiners and selectors alone are what this matches
      const shaping = /^[\u200C\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180F\u200E\u200F\u061C]{1,3}$/u.test(run);
      if (shaping && !insideLatinWord && (JOINER_CONTEXT.test(before) || before === "")) return [];
      const codes = [...run]
        .map((c) => codePoint(c.codePointAt(0)!))
        .slice(0, 8)
        .join(" ");
      return [
        { ...m, severity: insideLatinWord || [...run].length >= 3 ? "HIGH" : "MEDIUM", detail: `Found: ${codes}.` },
      ];
    });
  },
};

const NON_ASCII = /[\u0080-\u{10FFFF}]/gu;
const LETTER = /[\p{L}\p{M}]/u;

/** The word (letters and marks, at most 64 on each side) around `at`. */
function wordAround(text: string, at: number): { from: number; to: number } {
  let from = at;
  while (from > 0 && at - from < 64 && LETTER.test(text[from - 1]!)) from--;
  let to = at + 1;
  while (to < text.length && to - at < 64 && LETTER.test(text[to]!)) to++;
  return { from, to };
}

export const homoglyphWords: TextRule = {
  id: "homoglyph-word",
  family: "hidden-characters",
  needs: NON_ASCII_PRESENT,
  severity: "HIGH",
  scope: "all",
  message:
    "A word mixes Latin letters with look-alike letters of another script (Unicode confusables), so it reads as one word to a person and as another to a model or a filter. Type the word in one script.",
  patterns: [NON_ASCII],
  // Only the non-ASCII characters are looked at (a look-alike is one), and each word once: linear in the text.
  find(text) {
    const found: RuleMatch[] = [];
    NON_ASCII.lastIndex = 0;
    for (let m = NON_ASCII.exec(text); m !== null && found.length < 50; m = NON_ASCII.exec(text)) {
      if (latinLookalike(m[0]) === null) continue;
      const { from, to } = wordAround(text, m.index);
      NON_ASCII.lastIndex = Math.max(NON_ASCII.lastIndex, to);
      const word = text.slice(from, to);
      if (!/[A-Za-z]/.test(word)) continue;
      const lookalikes = [...word].filter((ch) => latinLookalike(ch) !== null);
      const shown = lookalikes.map((ch) => `${codePoint(ch.codePointAt(0)!)} looks like '${latinLookalike(ch)}'`);
      found.push({ index: from, length: to - from, detail: `${[...new Set(shown)].slice(0, 4).join(", ")}.` });
    }
    return found;
  },
};

export const htmlComments: TextRule = {
  id: "hidden-html-comment",
  family: "hidden-characters",
  severity: "MEDIUM",
  scope: "markdown",
  message:
    "An HTML comment is hidden when the markdown is rendered, but a model reads it. Make sure it holds nothing a reviewer should see; move notes into visible text.",
  patterns: [],
  find(text) {
    const found: RuleMatch[] = [];
    let at = text.indexOf("<!--");
    while (at !== -1 && found.length < 50) {
      const end = text.indexOf("-->", at + 4);
      const stop = end === -1 ? text.length : end + 3;
      if (text.slice(at + 4, stop - 3).trim().length > 0) found.push({ index: at, length: Math.min(stop - at, 2000) });
      at = end === -1 ? -1 : text.indexOf("<!--", stop);
    }
    return found;
  },
};

export const hiddenMarkup: TextRule = patternRule({
  id: "hidden-markup",
  family: "hidden-characters",
  severity: "MEDIUM",
  scope: "markdown",
  message:
    "HTML in the markdown hides its content from the rendered view (display:none, hidden, zero size or opacity, or a script, style, template or noscript element, which renderers drop), while a model reads it. Show the text or remove it.",
  patterns: [
    /<(?:script|style|template|noscript)(?=[\s>/])[^<>]{0,300}>/gi,
    /<[a-z][a-z0-9]{0,20}\s[^<>\n]{0,300}?(?:display\s{0,3}:\s{0,3}none|visibility\s{0,3}:\s{0,3}hidden|font-size\s{0,3}:\s{0,3}0(?:px|pt|em|rem)?\s{0,3}[;"']|opacity\s{0,3}:\s{0,3}0(?:\.0{1,3})?\s{0,3}[;"']|(?<=\s)hidden(?=[\s>=/]))/gi,
  ],
});

export const HIDDEN_CHARACTER_RULES: TextRule[] = [
  tagCharacters,
  bidiControls,
  invisibleCharacters,
  homoglyphWords,
  htmlComments,
  hiddenMarkup,
];
