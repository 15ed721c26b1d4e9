import { makeVisible } from "./visible";

/** A file read whole as text, with what turning an offset into a line and a column needs. */
export interface TextFile {
  path: string;
  text: string;
}

/** Line starts (UTF-16 offsets) of a text: one linear pass. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let at = text.indexOf("\n");
  while (at !== -1) {
    starts.push(at + 1);
    at = text.indexOf("\n", at + 1);
  }
  return starts;
}

/** The offsets of the low halves of surrogate pairs (characters beyond the BMP): one linear pass. */
export function lowSurrogates(text: string): number[] {
  const found: number[] = [];
  const low = /[\uDC00-\uDFFF]/g;
  for (let m = low.exec(text); m !== null; m = low.exec(text)) found.push(m.index);
  return found;
}

/** How many entries of a sorted array are below `value`. */
function countBelow(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * 1-based line and column (in code points) of a UTF-16 offset, by binary search in the line starts and the
 * surrogates: a finding deep in a long line costs no walk along it.
 */
export function position(
  starts: readonly number[],
  surrogates: readonly number[],
  offset: number,
): { line: number; column: number } {
  const line = countBelow(starts, offset + 1);
  const lineStart = starts[line - 1]!;
  const pairs = countBelow(surrogates, offset) - countBelow(surrogates, lineStart);
  return { line, column: offset - lineStart - pairs + 1 };
}

const CONTEXT = 60;

/**
 * The match with up to 60 characters of its line on each side, hidden characters visible, on one line. `line` is
 * the match's line as [start, end) offsets (from the line starts: no walk back along a long line).
 */
export function excerptAt(text: string, index: number, length: number, line: { from: number; to: number }): string {
  const { from: lineStart, to: lineEnd } = line;
  const from = safeBoundary(text, Math.max(lineStart, index - CONTEXT));
  const matchEnd = Math.min(index + Math.min(length, 2000), text.length);
  const to = safeBoundary(text, Math.max(matchEnd, Math.min(lineEnd, matchEnd + CONTEXT)));
  const body = makeVisible(text.slice(from, to)).trim();
  return `${from > lineStart ? "…" : ""}${body}${to < lineEnd ? "…" : ""}`;
}

/** The [start, end) offsets of the 1-based line `line` (without its newline). */
export function lineBounds(text: string, starts: readonly number[], line: number): { from: number; to: number } {
  const from = starts[line - 1]!;
  const next = starts[line];
  return { from, to: next === undefined ? text.length : next - 1 };
}

function safeBoundary(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at + 1 : at;
}
