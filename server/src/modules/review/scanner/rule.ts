import type { Severity } from "./finding";

/** Where a text rule matched: a UTF-16 range of the file's text. */
export interface RuleMatch {
  index: number;
  length: number;
  /** A severity other than the rule's own for this match (e.g. a zero-width character inside a word). */
  severity?: Severity;
  /** Said after the rule's message for this match (e.g. the text tag characters spell). */
  detail?: string;
}

/** Which text of a skill a rule reads. */
export type RuleScope =
  /** every text file, SKILL.md and the tools' fields */
  | "all"
  /** SKILL.md and markdown files (what a rendered view shows) */
  | "markdown"
  /** the description of SKILL.md's frontmatter and the tools' descriptions */
  | "description";

/**
 * A rule over text (CR-2). `find` must run in time linear in the text: its regular expressions start with a
 * literal and use bounded quantifiers only (no `*` or `+`), so each attempt reads a bounded window (SEC-25).
 */
export interface TextRule {
  id: string;
  family: string;
  severity: Severity;
  /** What was found, why it matters and what to do. */
  message: string;
  scope: RuleScope;
  find(text: string): RuleMatch[];
  /** The rule's regular expressions, for the linear-time check of the tests. */
  patterns: RegExp[];
  /**
   * A cheap test that must hold for the rule to match anywhere in the text (its prefilter): when it does not, the
   * scanner skips the rule. Rules sharing one prefilter object share its one pass over a file.
   */
  needs?: RegExp;
}

/** Any character outside ASCII: what every hidden, reordering or look-alike character is. */
export const NON_ASCII_PRESENT = /[\u0080-\uFFFF]/;

/**
 * Every match of `pattern`, found as a global search would (leftmost first, no overlaps), but tried only where it
 * can start: at most `before` characters ahead of an occurrence of `anchor`, a literal every match holds. A pattern
 * that must open with a run of word characters (`\b[\w-]{0,30}?secret…`) otherwise makes the engine try that run at
 * every word of the text; here it is tried only near the few places its literal occurs.
 */
export function anchoredMatchAll(
  pattern: RegExp,
  anchor: RegExp,
  before: number,
  text: string,
  cap = 50,
): Array<RuleMatch & { groups: string[] }> {
  if (!anchor.global || !pattern.sticky) throw new Error("the anchor must be global and the pattern sticky");
  const out: Array<RuleMatch & { groups: string[] }> = [];
  let next = 0; // the first start position not tried yet
  anchor.lastIndex = 0;
  for (let a = anchor.exec(text); a !== null && out.length < cap; a = anchor.exec(text)) {
    anchor.lastIndex = a.index + 1; // overlapping occurrences too
    for (let at = Math.max(next, a.index - before); at <= a.index; at++) {
      pattern.lastIndex = at;
      const m = pattern.exec(text);
      if (m === null) continue;
      out.push({ index: m.index, length: m[0].length, groups: m.slice(1).map((g) => g ?? "") });
      next = m.index + Math.max(1, m[0].length);
      anchor.lastIndex = Math.max(anchor.lastIndex, next);
      break;
    }
    next = Math.max(next, a.index + 1);
  }
  return out;
}

/** Every match of a global pattern, at most `cap` (findings beyond are the same problem again). */
export function matchAll(pattern: RegExp, text: string, cap = 50): RuleMatch[] {
  if (!pattern.global) throw new Error(`pattern ${pattern.source} must be global`);
  const out: RuleMatch[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    out.push({ index: m.index, length: m[0].length });
    if (m[0].length === 0) pattern.lastIndex++;
    if (out.length >= cap) break;
  }
  return out;
}

/** A rule that is one or more patterns, any of which is a finding. */
export function patternRule(
  rule: Omit<TextRule, "find" | "patterns" | "scope"> & { scope?: RuleScope; patterns: RegExp[] },
): TextRule {
  return {
    ...rule,
    scope: rule.scope ?? "all",
    find: (text) => rule.patterns.flatMap((p) => matchAll(p, text)),
  };
}
