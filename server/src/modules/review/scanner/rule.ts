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
