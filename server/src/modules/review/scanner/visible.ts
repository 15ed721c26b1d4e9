// Hidden characters made visible (CR-1): an excerpt never carries a raw invisible, reordering or tag character;
// each is written as its code point, and a run of tag characters also as the text it spells.

const TAG_FIRST = 0xe0000;
const TAG_LAST = 0xe007f;
/** Characters that draw nothing or reorder what is drawn: Unicode's Default_Ignorable_Code_Point, formats, controls. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{Cc}]/u;

export function isTagCharacter(cp: number): boolean {
  return cp >= TAG_FIRST && cp <= TAG_LAST;
}

export function codePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The ASCII a run of tag characters spells (U+E0041 is 'A'); characters outside printable ASCII as `·`. */
export function spelledByTags(run: string): string {
  let out = "";
  for (const ch of run) {
    const ascii = ch.codePointAt(0)! - TAG_FIRST;
    out += ascii >= 0x20 && ascii < 0x7f ? String.fromCharCode(ascii) : "·";
  }
  return out;
}

/** `⟨hidden: "Ignore the user" U+E0049…U+E0072, 15 tag characters⟩` */
export function describeTagRun(run: string, maxSpelled = 200): string {
  const cps = [...run].map((c) => c.codePointAt(0)!);
  const spelled = spelledByTags(run);
  const shown = spelled.length > maxSpelled ? `${spelled.slice(0, maxSpelled)}…` : spelled;
  const range = cps.length === 1 ? codePoint(cps[0]!) : `${codePoint(cps[0]!)}…${codePoint(cps.at(-1)!)}`;
  return `⟨hidden: ${JSON.stringify(shown)} ${range}, ${cps.length} tag character${cps.length === 1 ? "" : "s"}⟩`;
}

export function isInvisible(ch: string): boolean {
  return ch !== "\t" && ch !== "\n" && ch !== "\r" && INVISIBLE.test(ch);
}

/** The text with every tag run spelled out and every other invisible or reordering character as `⟨U+XXXX⟩`. */
export function makeVisible(text: string): string {
  let out = "";
  let tags = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isTagCharacter(cp)) {
      tags += ch;
      continue;
    }
    if (tags) {
      out += describeTagRun(tags);
      tags = "";
    }
    if (ch === "\t") out += " ";
    else if (ch === "\n" || ch === "\r") out += " ";
    else if (isInvisible(ch)) out += `⟨${codePoint(cp)}⟩`;
    else out += ch;
  }
  if (tags) out += describeTagRun(tags);
  return out;
}
