/**
 * One refusal of a skill's content (SK-5): `path` says where (`frontmatter.name`, `files[3]`), `message` is a
 * full sentence that starts with the same place and names the refused value, so it can be shown on its own.
 */
export interface Problem {
  path: string;
  message: string;
}

const MAX_QUOTED_CODE_POINTS = 80;

/**
 * A value quoted for a message: control and invisible characters escaped so they can be seen, and a long value
 * cut short so that a hostile input cannot make a message as large as itself.
 */
export function quote(value: string): string {
  const length = codePointLength(value);
  const head = [...value.slice(0, 2 * MAX_QUOTED_CODE_POINTS)].slice(0, MAX_QUOTED_CODE_POINTS);
  const shown = head.map(escapeInvisible).join("");
  return length > MAX_QUOTED_CODE_POINTS ? `'${shown}…' (${length} characters)` : `'${shown}'`;
}

function escapeInvisible(char: string): string {
  return /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u.test(char) ? codePointLabel(char) : char;
}

/** `U+000A`, the way a person looks a character up. */
export function codePointLabel(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Length as people and the Agent Skills reference validator count it: in code points, not UTF-16 units. */
export function codePointLength(value: string): number {
  const surrogatePairs = value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  return value.length - surrogatePairs;
}
