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

/** 1-based line and column (in code points) of a UTF-16 offset. */
export function position(text: string, starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  const lineStart = starts[lo]!;
  let column = 1;
  for (let i = lineStart; i < offset; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) column++;
  }
  return { line: lo + 1, column };
}

const CONTEXT = 60;

/** The match with up to 60 characters of its line on each side, hidden characters visible, on one line. */
export function excerptAt(text: string, index: number, length: number): string {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const newline = text.indexOf("\n", index + length);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = safeBoundary(text, Math.max(lineStart, index - CONTEXT));
  const matchEnd = Math.min(index + Math.min(length, 2000), text.length);
  const to = safeBoundary(text, Math.max(matchEnd, Math.min(lineEnd, matchEnd + CONTEXT)));
  const body = makeVisible(text.slice(from, to)).trim();
  return `${from > lineStart ? "…" : ""}${body}${to < lineEnd ? "…" : ""}`;
}

function safeBoundary(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at + 1 : at;
}
