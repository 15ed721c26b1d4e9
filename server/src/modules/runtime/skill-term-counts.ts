import { isStopword, LETTER_OR_DIGIT, stemOf } from "./skill-terms";

/** A text's terms as the index counts them: its distinct terms in order of first use, each one's count, its words. */
export interface TermCounts {
  readonly terms: readonly string[];
  readonly counts: Uint32Array;
  /** The words counted (stop words and one-letter words are not words). */
  readonly length: number;
  /**
   * The terms' numbers in `vocabulary`, which numbers every term countTerms has met (until it starts over with a new
   * one): an index built from counts of one vocabulary tells terms apart by number, with no string lookup.
   */
  readonly ids: Uint32Array;
  readonly vocabulary: Vocabulary;
}

/** A skill's fields as the index counts them: per field (name, description, body) its distinct terms and counts. */
export interface AnalysedSkill {
  readonly fields: readonly TermCounts[];
}

/** The terms a run of countTerms has numbered, by number. */
export interface Vocabulary {
  readonly terms: readonly string[];
}

/**
 * The words met so far, each with its term (its stem, or the word itself) or none for a stop word. ASCII words, nearly
 * every word of a SKILL.md, are found by a hash of their characters straight from the text, so the count of a body
 * makes no string per word: a slot holds the word's hash, term, and place and length in a pool of characters, so one
 * probe reads one cache line. A word with a letter beyond ASCII goes through a Map.
 */
class WordTable implements Vocabulary {
  // Sized for the vocabulary of thousands of SKILL.md bodies (up to 64K words before the first growth): V8 drops the
  // scan's optimised code when a table it reads is replaced, so growing while a cold list is read costs twice.
  /** Per slot: hash, term + 2 (0: empty, 1: stop word), the word's offset in `pool`, its length. */
  private slots = new Int32Array(4 << 17);
  private asciiWords = 0;
  private pool = new Uint8Array(1 << 19);
  private poolUsed = 0;
  private readonly others = new Map<string, number>();
  private readonly termIds = new Map<string, number>();
  readonly terms: string[] = [];

  constructor(private readonly stem: boolean) {}

  get size(): number {
    return this.asciiWords + this.others.size;
  }

  /**
   * The term of the ASCII word bytes[start, start + length), whose lower-cased characters hash to `hash`: -1 for a stop
   * word, UNKNOWN for a word not met yet (`addAscii` it).
   */
  asciiTerm(bytes: Uint8Array, start: number, length: number, hash: number): number {
    const slots = this.slots;
    const pool = this.pool;
    const mask = (slots.length >> 2) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2;
      const term = slots[at + 1]!;
      if (term === 0) return UNKNOWN;
      if (slots[at] !== hash || slots[at + 3] !== length) continue;
      const offset = slots[at + 2]!;
      let k = 0;
      while (k < length && pool[offset + k] === (bytes[start + k]! | 32)) k++;
      if (k === length) return term - 2;
    }
  }

  /** The term of a lower-cased word with a letter or digit beyond ASCII; -1 for a stop word. */
  otherTerm(word: string): number {
    let term = this.others.get(word);
    if (term === undefined) this.others.set(word, (term = this.termOf(word)));
    return term;
  }

  /** Adds a lower-cased ASCII word whose characters hash to `hash`; answers its term. */
  addAscii(word: string, hash: number): number {
    const term = this.termOf(word);
    if (this.poolUsed + word.length > this.pool.length) {
      const pool = new Uint8Array(Math.max(this.pool.length * 2, this.poolUsed + word.length));
      pool.set(this.pool);
      this.pool = pool;
    }
    const offset = this.poolUsed;
    for (let k = 0; k < word.length; k++) this.pool[offset + k] = word.charCodeAt(k);
    this.poolUsed += word.length;
    this.place(this.slots, hash, term + 2, offset, word.length);
    if (++this.asciiWords * 2 > this.slots.length >> 2) this.grow();
    return term;
  }

  private termOf(word: string): number {
    if (isStopword(word)) return -1;
    const term = this.stem ? stemOf(word) : word;
    let id = this.termIds.get(term);
    if (id === undefined) {
      this.termIds.set(term, (id = this.terms.length));
      this.terms.push(term);
    }
    return id;
  }

  private place(slots: Int32Array, hash: number, term: number, offset: number, length: number): void {
    const mask = (slots.length >> 2) - 1;
    let slot = hash & mask;
    while (slots[(slot << 2) + 1] !== 0) slot = (slot + 1) & mask;
    slots.set([hash, term, offset, length], slot << 2);
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 4)
      if (old[at + 1] !== 0) this.place(this.slots, old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
  }
}

/**
 * The words a table may hold before it starts over: the vocabulary of thousands of SKILL.md bodies is a few hundred
 * thousand words, and a hostile body of random words must not grow it without end.
 */
const MAX_TABLE_WORDS = 1 << 19;
const tables: Array<WordTable | undefined> = [];
let counts = new Uint32Array(1 << 16);

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;
const UNKNOWN = -2;
const utf8 = new TextEncoder();
const utf8Text = new TextDecoder();
let bytes = new Uint8Array(1 << 16);
const MAX_KEPT_BUFFER = 1 << 22;

// What a character beyond ASCII is to the scan, worked out once per character (BMP) and kept.
const KNOWN = 1;
const WORD = 2; // a letter or a digit
const NOT_NFKC = 4; // NFKC could change a word with it (a letter it changes, a mark, a Hangul vowel or final…)
const CASED = 8; // lower-casing changes it
// Characters that may join the one before them under NFKC: the marks, the conjoining jamo, and the two others whose
// decomposition starts with a decomposition's second part (U+16D67 and U+16D68, Kirat Rai, Unicode 16; computed over
// every code point).
const JOINING = "\\p{M}\\u1160-\\u11ff\\ud7b0-\\ud7ff\\u{16d67}\\u{16d68}";
const MARK_OR_JAMO = new RegExp(`^[${JOINING}]$`, "u");
const LETTER_DIGIT_OR_JOINING = new RegExp(`[\\p{L}\\p{N}${JOINING}]`, "u");
// Marks that never join anything: an emoji's presentation selector (U+FE0F) is the common one.
const VARIATION_SELECTOR = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
const kinds = new Uint8Array(0x10000);

function kindOf(point: number): number {
  if (point < 0x10000 && kinds[point] !== 0) return kinds[point]!;
  const char = String.fromCodePoint(point);
  let kind = KNOWN;
  if (LETTER_OR_DIGIT.test(char)) kind |= WORD;
  const normal = char.normalize("NFKC");
  const joinsOrChanges = normal !== char || MARK_OR_JAMO.test(char);
  if (joinsOrChanges && (kind & WORD || !staysSeparator(char, normal))) kind |= NOT_NFKC;
  if (char.toLowerCase() !== char) kind |= CASED;
  if (point < 0x10000) kinds[point] = kind;
  return kind;
}

/**
 * Whether a character that is not a letter or digit stays between words when the text is normalised: NFKC makes it
 * neither a letter, a digit nor a character that joins its neighbour (full-width punctuation, "…", U+FE0F), so
 * reading it as it is splits the words as reading the normalised text does. Most SKILL.md bodies in Chinese or with
 * emoji hold only such characters beyond ASCII and are read once, not again normalised.
 */
function staysSeparator(char: string, normal: string): boolean {
  if (MARK_OR_JAMO.test(char) && !VARIATION_SELECTOR.test(char)) return false;
  return normal === char || !LETTER_DIGIT_OR_JOINING.test(normal);
}

/**
 * `termsOf(text)` counted, the first `maxWords` words only: the same terms in the same order with the same counts
 * (skill-term-counts.test.ts holds it to that), in one pass over the text's UTF-8 bytes that makes no string for a
 * word it has met.
 */
export function countTerms(text: string, stem = true, maxWords = Infinity): TermCounts {
  if (bytes.length < text.length * 3) bytes = new Uint8Array(text.length * 3);
  const end = utf8.encodeInto(text, bytes).written;
  const counted = countTermsOfBytes(bytes, 0, end, stem, maxWords);
  // a buffer grown for a text of megabytes is not kept for the next
  if (bytes.length > MAX_KEPT_BUFFER) bytes = new Uint8Array(1 << 16);
  return counted;
}

/**
 * Runs the count over a short text of every kind of word a few hundred times, so an analysis thread's first list is
 * read by optimised code (about 20 ms in a thread just started). Its words join the table: words of any SKILL.md.
 */
export function warmUpTermCounts(): void {
  const text =
    "Use this skill when the user asks to create, update, review or merge files: run the script, check the output " +
    "and report errors. Ünïcödé wörds — ＰＤＦ (full width)， café… naïve résumé 😀\ufe0f → `npm run build` 2024-01-01 x";
  for (let round = 0; round < 200; round++) countTerms(text, true);
}

/**
 * `countTerms` of the text whose UTF-8 bytes are `source[start, end)` (an analysis thread reads its batch's bytes as
 * they came). termsOf normalises (NFKC) and lower-cases a text with characters beyond ASCII; most bodies' are dashes,
 * arrows, emoji and full-width punctuation that change no word (`staysSeparator`), so the text is read as it is and
 * read again normalised, or lower-cased too, only when it holds a character that could change one.
 */
export function countTermsOfBytes(
  source: Uint8Array,
  start: number,
  end: number,
  stem = true,
  maxWords = Infinity,
): TermCounts {
  let table = tables[stem ? 1 : 0];
  if (!table || table.size > MAX_TABLE_WORDS) tables[stem ? 1 : 0] = table = new WordTable(stem);
  if (maxWords <= 0) return new NumberedTermCounts(new Uint32Array(0), new Uint32Array(0), 0, table);
  let text = source;
  let from = start;
  let to = end;
  let changing = NOT_NFKC | CASED; // the kinds of character that send the scan back to the start
  for (;;) {
    const counted = scan(table, text, from, to, maxWords, changing);
    if (counted) return counted;
    let again = utf8Text.decode(text.subarray(from, to));
    if (changing & NOT_NFKC) {
      again = again.normalize("NFKC");
      changing = CASED;
    } else {
      again = again.toLowerCase();
      changing = 0;
    }
    text = utf8.encode(again);
    from = 0;
    to = text.length;
  }
}

/** An ASCII byte's lower-cased self when it is a letter or a digit, else 0 (and 0 for every byte beyond ASCII). */
const ASCII_WORD = new Uint8Array(256);
for (let code = 48; code <= 122; code++)
  if (code <= 57 || (code >= 97 && code <= 122)) ASCII_WORD[code] = code;
  else if (code >= 65 && code <= 90) ASCII_WORD[code] = code | 32;

/**
 * One reading of `bytes[from, end)`, or null when it meets a character of a `changing` kind (nothing is left counted).
 * The common word, ASCII letters and digits, is read by a tight loop that hashes it; a character beyond ASCII sends
 * the reading to `readBeyondAscii`.
 */
function scan(
  table: WordTable,
  bytes: Uint8Array,
  from: number,
  end: number,
  maxWords: number,
  changing: number,
): TermCounts | null {
  const touched: number[] = [];
  let scratch = counts;
  let words = 0;
  let i = from;
  while (i < end) {
    let lower = ASCII_WORD[bytes[i]!]!;
    if (lower === 0 && bytes[i]! < 128) {
      i++;
      continue;
    }
    const start = i;
    let hash = FNV_OFFSET;
    while (lower !== 0) {
      hash = Math.imul(hash ^ lower, FNV_PRIME);
      if (++i === end) break;
      lower = ASCII_WORD[bytes[i]!]!;
    }
    let ascii = true;
    if (i < end && bytes[i]! >= 128) {
      const read = readBeyondAscii(bytes, start, i, end, changing);
      if (read === null) {
        for (const term of touched) scratch[term] = 0;
        return null;
      }
      ascii = read.end === i;
      i = read.end;
      if (read.units < 2) continue;
    } else if (i - start < 2) continue;
    let term: number;
    // (lower-casing a word alone is lower-casing its ASCII letters: a text with another cased letter is read
    // lower-cased as a whole, as termsOf does, for the context of Σ)
    if (!ascii) term = table.otherTerm(utf8Text.decode(bytes.subarray(start, i)).toLowerCase());
    else {
      term = table.asciiTerm(bytes, start, i - start, hash);
      if (term === UNKNOWN) term = table.addAscii(asciiLowerCase(bytes, start, i), hash);
    }
    if (term >= 0) {
      if (term >= scratch.length) scratch = counts = grown(scratch, term + 1);
      const before = scratch[term]!;
      scratch[term] = before + 1;
      if (before === 0) touched.push(term);
      if (++words >= maxWords) break;
    }
  }
  const ids = Uint32Array.from(touched);
  const termCounts = new Uint32Array(touched.length);
  for (let k = 0; k < touched.length; k++) {
    termCounts[k] = scratch[touched[k]!]!;
    scratch[touched[k]!] = 0;
  }
  return new NumberedTermCounts(ids, termCounts, words, table);
}

/** Where `readBeyondAscii` stopped, and the UTF-16 units of the word it read (a one-letter word is one unit long). */
const beyondAscii = { end: 0, units: 0 };

/**
 * Reads on from `bytes[at]`, a character beyond ASCII, the word begun at `start` (its ASCII part is `[start, at)`):
 * up to the next character that is not a letter or digit, or past that one character when it is all there is (a
 * separator). Null when a character of a `changing` kind comes first.
 */
function readBeyondAscii(
  bytes: Uint8Array,
  start: number,
  at: number,
  end: number,
  changing: number,
): typeof beyondAscii | null {
  let units = at - start;
  let i = at;
  while (i < end) {
    const code = bytes[i]!;
    if (code < 128) {
      if (ASCII_WORD[code] === 0) break;
      units++;
      i++;
      continue;
    }
    let point: number;
    let width: number; // its bytes
    let pointUnits = 1;
    if (code >= 0xf0) {
      point = ((code & 7) << 18) | ((bytes[i + 1]! & 63) << 12) | ((bytes[i + 2]! & 63) << 6) | (bytes[i + 3]! & 63);
      width = 4;
      pointUnits = 2;
    } else if (code >= 0xe0) {
      point = ((code & 15) << 12) | ((bytes[i + 1]! & 63) << 6) | (bytes[i + 2]! & 63);
      width = 3;
    } else {
      point = ((code & 31) << 6) | (bytes[i + 1]! & 63);
      width = 2;
    }
    const kind = kindOf(point);
    if (kind & changing) return null;
    if (!(kind & WORD)) {
      if (i === start) i += width;
      break;
    }
    units += pointUnits;
    i += width;
  }
  beyondAscii.end = i;
  beyondAscii.units = units;
  return beyondAscii;
}

/** Counts of numbered terms; their terms as strings only when asked for (the index merges by number). */
export class NumberedTermCounts implements TermCounts {
  private named?: readonly string[];

  constructor(
    readonly ids: Uint32Array,
    readonly counts: Uint32Array,
    readonly length: number,
    readonly vocabulary: Vocabulary,
  ) {}

  get terms(): readonly string[] {
    return (this.named ??= Array.from(this.ids, (id) => this.vocabulary.terms[id]!));
  }
}

/** The ASCII letters and digits bytes[start, end) as a lower-cased string. */
function asciiLowerCase(bytes: Uint8Array, start: number, end: number): string {
  let word = "";
  for (let i = start; i < end; i++) word += String.fromCharCode(bytes[i]! | 32);
  return word;
}

/** A copy of `array` at least `size` long (doubling), its values kept. */
export function grown<T extends Uint32Array | Float64Array>(array: T, size: number): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, size));
  copy.set(array);
  return copy;
}
