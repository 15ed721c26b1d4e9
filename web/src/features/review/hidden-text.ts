// CR-4: what a model reads but an editor or a rendered page draws as nothing, drawn visibly: a run of Unicode tag
// characters as a marked ⟨hidden: "…"⟩ with the text it spells, a bidi control or a zero-width character as its marked
// code point. Pure: the editor's decoration and the markdown preview both draw from it.

/** Tag characters (U+E0000–E007F), bidi controls and marks, zero-width and other invisible format characters. */
export const HIDDEN =
  /[\u{E0000}-\u{E007F}]{1,4096}|[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060-\u2064\u061C\u180E\uFEFF\u00AD]/gu;

const codePoint = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** How a match is shown: the text tag characters spell, or the code point. */
export function describeHidden(text: string): { label: string; title: string } {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  if (cps[0]! >= 0xe0000) {
    const spelled = cps
      .map((cp) => (cp - 0xe0000 >= 0x20 && cp - 0xe0000 < 0x7f ? String.fromCharCode(cp - 0xe0000) : "·"))
      .join("");
    return {
      label: `⟨hidden: ${JSON.stringify(spelled)}⟩`,
      title: `${cps.length} Unicode tag character${cps.length === 1 ? "" : "s"} (${codePoint(cps[0]!)}…): invisible, but a model reads them as "${spelled}"`,
    };
  }
  return { label: `⟨${codePoint(cps[0]!)}⟩`, title: `${codePoint(cps[0]!)}: an invisible or reordering character` };
}

/** The text cut into what is drawn as it is and what is hidden (each hidden run one part, drawn by describeHidden). */
export function splitHidden(text: string): Array<{ hidden: boolean; text: string }> {
  const parts: Array<{ hidden: boolean; text: string }> = [];
  let at = 0;
  for (const m of text.matchAll(HIDDEN)) {
    if (m.index > at) parts.push({ hidden: false, text: text.slice(at, m.index) });
    parts.push({ hidden: true, text: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ hidden: false, text: text.slice(at) });
  return parts;
}
