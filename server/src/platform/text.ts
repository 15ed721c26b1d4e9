// Text as messages show it: pure, so the CLI compiles it with the skill format.

/**
 * A value quoted for a message: control and invisible characters escaped so they can be seen, and a long value
 * cut short (at `max` code points) so that a hostile or chatty input cannot make a message as large as itself.
 */
export function quote(value: string, { max = 80 }: { max?: number } = {}): string {
  const length = codePointLength(value);
  const head = [...value.slice(0, 2 * max)].slice(0, max);
  const shown = head.map(escapeInvisible).join("");
  return length > max ? `'${shown}…' (${length} characters)` : `'${shown}'`;
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
