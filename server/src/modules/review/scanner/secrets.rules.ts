import { lintSource } from "@secretlint/core";
import { secretLintProfiler } from "@secretlint/profiler";
import { creator as recommendedPreset } from "@secretlint/secretlint-rule-preset-recommend";
import { anchoredMatchAll, type RuleMatch, type TextRule } from "./rule";

// CR-2: secrets shipped in a skill — by secretlint's recommended patterns (cloud keys, private keys, tokens) and by
// the entropy of a value assigned to a secret-sounding name.

export const SECRET_RULE_MESSAGE =
  "A secret (a cloud key, a private key, a token) is written into the skill, where every reader and every agent gets it. Revoke it, remove it, and have the skill read it from the environment or a tool's secret.";

// secretlint's core marks every step on a process-wide profiler whose observer keeps every entry for good and looks
// each new one up among all of them: in a server that reviews versions all day that is a leak and a cost growing with
// every review (a large bundle went from 0.3 s to seconds). Nothing here reads the profile, so nothing is marked.
secretLintProfiler.mark = () => {};

const SECRETLINT_CONFIG = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommendedPreset }] };

export interface SecretMatch extends RuleMatch {
  /** secretlint's rule, e.g. `@secretlint/secretlint-rule-aws`. */
  source: string;
}

/** secretlint's recommended preset over one text; its messages carry their own explanation. */
export async function secretlintMatches(path: string, text: string): Promise<SecretMatch[]> {
  const result = await lintSource({
    source: { filePath: path, content: text, contentType: "text" },
    options: { config: SECRETLINT_CONFIG, maskSecrets: true, noPhysicFilePath: true },
  });
  return result.messages.map((m) => ({
    index: m.range[0],
    length: Math.max(1, m.range[1] - m.range[0]),
    source: m.ruleId,
    detail: m.message,
  }));
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const ASSIGNED_SECRET =
  /\b[\w-]{0,30}?(?:api[_-]?key|apikey|secret|token|passw(?:or)?d|pwd|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|credential)[\w-]{0,20}["']?\s{0,3}(?::|=|=>|:=)\s{0,3}["'`]([A-Za-z0-9+/_\-.=~]{20,200})["'`]/iy;
/** Where each of the names above begins: a match starts at most 30 characters before one. */
const SECRET_NAME = /api|secret|token|passw|pwd|access|private|client|auth|credential/gi;
const PLACEHOLDER =
  /your|xxx|example|sample|dummy|placeholder|changeme|replace|redacted|test|fake|\.\.\.|\*{3}|<|>|\$\{|\{\{|0000|1234|abcd/i;

export const highEntropySecret: TextRule = {
  id: "secret-high-entropy",
  family: "secrets",
  severity: "HIGH",
  scope: "all",
  message: SECRET_RULE_MESSAGE,
  patterns: [ASSIGNED_SECRET, SECRET_NAME],
  find(text) {
    return anchoredMatchAll(ASSIGNED_SECRET, SECRET_NAME, 30, text).flatMap(({ groups: _, ...m }): RuleMatch[] => {
      const value = /["'`]([^"'`]{20,200})["'`]$/.exec(text.slice(m.index, m.index + m.length))?.[1] ?? "";
      if (PLACEHOLDER.test(value) || shannonEntropy(value) < 4.2 || !/\d/.test(value) || !/[A-Za-z]/.test(value))
        return [];
      return [{ ...m, detail: `Its value has ${shannonEntropy(value).toFixed(1)} bits of entropy per character.` }];
    });
  },
};

export const SECRET_RULES: TextRule[] = [highEntropySecret];
