import { CATALOG_HIJACK_RULES } from "./catalog-hijack.rules";
import { CREDENTIAL_READ_RULES } from "./credential-reads.rules";
import { ENCODED_PAYLOAD_RULES } from "./encoded-payloads.rules";
import { byMagic, EXECUTABLE_EXTENSION, judgeBinary } from "./executables";
import { highestOf, RULES_VERSION, type ReviewResult, type Severity } from "./finding";
import { FindingSink } from "./finding-sink";
import { HIDDEN_CHARACTER_RULES } from "./hidden-characters.rules";
import { MODEL_INSTRUCTION_RULES } from "./model-instructions.rules";
import { PERSISTENCE_RULES } from "./persistence.rules";
import { REMOTE_CODE_RULES } from "./remote-code.rules";
import { REVERSE_SHELL_RULES } from "./reverse-shells.rules";
import type { RuleMatch, TextRule } from "./rule";
import { SECRET_RULE_MESSAGE, SECRET_RULES, secretlintMatches } from "./secrets.rules";
import { excerptAt, lineBounds, lineStarts, lowSurrogates, position } from "./text-file";
import { forgetUrlVerdicts, URL_RULES } from "./urls.rules";
import { makeVisible } from "./visible";

/** Every text rule, in families (CR-2). */
export const TEXT_RULES: readonly TextRule[] = [
  ...HIDDEN_CHARACTER_RULES,
  ...MODEL_INSTRUCTION_RULES,
  ...REMOTE_CODE_RULES,
  ...ENCODED_PAYLOAD_RULES,
  ...REVERSE_SHELL_RULES,
  ...CREDENTIAL_READ_RULES,
  ...PERSISTENCE_RULES,
  ...SECRET_RULES,
  ...URL_RULES,
  ...CATALOG_HIJACK_RULES,
];

/** What is reviewed: a version's whole content (CR-1). */
export interface ReviewInput {
  skillMd: string;
  files: ReadonlyArray<{ path: string; content: Uint8Array }>;
  tools?: ReadonlyArray<{ name: string; description: string; webhookUrl?: string | null }>;
}

export interface ScanLimits {
  maxFiles: number;
  maxTotalBytes: number;
  maxSkillMdBytes: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = Object.freeze({
  maxFiles: 200,
  maxTotalBytes: 8 * 1024 * 1024,
  maxSkillMdBytes: 262_144,
});

export interface ScannerOptions {
  limits?: ScanLimits;
  /** The rules and their version; the defaults are this release's. */
  rules?: readonly TextRule[];
  rulesVersion?: string;
  /** secretlint's preset (on by default). */
  secretlint?: boolean;
  /** Skip a rule whose prefilter (`needs`) fails on a file (on by default; off only to test that they are exact). */
  prefilters?: boolean;
}

export { MAX_FINDINGS } from "./finding-sink";

const SKILL_MD = "SKILL.md";
const MARKDOWN = /\.(?:md|markdown|mdx)$/i;
/** Past this much content (a multiple of the largest bundle) nothing more is read: the rest is one HIGH finding. */
const HARD_CAP_FACTOR = 4;

interface TextSource {
  path: string;
  text: string;
  markdown: boolean;
  /** For SKILL.md: the frontmatter's range, what description-scope rules read. */
  description?: { from: number; to: number };
  /** A tool's field: the whole text is a description. */
  isDescription?: boolean;
}

/**
 * CR-1, CR-2, SEC-25: reviews a skill version's whole content. Pure (no network, no database) and fail-closed:
 * binary, undecodable or over-limit content and a rule that throws are HIGH findings. Never runs what it reads.
 */
export async function reviewSkill(input: ReviewInput, options: ScannerOptions = {}): Promise<ReviewResult> {
  const limits = options.limits ?? DEFAULT_SCAN_LIMITS;
  const rules = options.rules ?? TEXT_RULES;
  const sink = new FindingSink();
  const fileFinding = (path: string, rule: string, severity: Severity, message: string) =>
    sink.add(`\u0000${rule}\u0000${path}\u0000${message}`, severity, () => ({
      rule,
      severity,
      path,
      line: null,
      column: null,
      excerpt: makeVisible(path),
      message,
      matched: message,
    }));

  const sources: TextSource[] = [];
  const skillMdBytes = Buffer.byteLength(input.skillMd, "utf8");
  if (skillMdBytes > limits.maxSkillMdBytes) {
    fileFinding(
      SKILL_MD,
      "over-limit",
      "HIGH",
      `SKILL.md is ${skillMdBytes} bytes, over the ${limits.maxSkillMdBytes} bytes a version may carry; it was still read whole.`,
    );
  }
  sources.push({ path: SKILL_MD, text: input.skillMd, markdown: true, description: frontmatterRange(input.skillMd) });

  if (input.files.length > limits.maxFiles) {
    fileFinding(
      "bundle",
      "over-limit",
      "HIGH",
      `The bundle holds ${input.files.length} files, over the ${limits.maxFiles} a version may carry.`,
    );
  }
  const total = input.files.reduce((sum, f) => sum + f.content.byteLength, 0);
  if (total > limits.maxTotalBytes) {
    fileFinding(
      "bundle",
      "over-limit",
      "HIGH",
      `The files add up to ${total} bytes, over the ${limits.maxTotalBytes} a version may carry.`,
    );
  }
  let read = skillMdBytes;
  for (const file of input.files) {
    read += file.content.byteLength;
    if (read > HARD_CAP_FACTOR * (limits.maxTotalBytes + limits.maxSkillMdBytes)) {
      fileFinding(
        file.path,
        "over-limit",
        "HIGH",
        "This file was not read: the content before it already exceeds what a review reads. Nothing past this point was reviewed.",
      );
      continue;
    }
    sources.push({ path: `path of ${file.path}`, text: file.path, markdown: false });
    if (EXECUTABLE_EXTENSION.test(file.path)) {
      fileFinding(
        file.path,
        "executable",
        "HIGH",
        `'${file.path}' is named as compiled code or a package of it. Ship source code only.`,
      );
    }
    const text = decodeText(file.content);
    if (text === null) {
      const verdict = await judgeBinary(file.content);
      fileFinding(
        file.path,
        verdict.rule,
        verdict.severity,
        `'${file.path}' is ${verdict.what}, which the review cannot read as text: it could hold anything a model or a script later reads or runs. Remove it, ship it as text, or have an admin suppress this finding after checking it.`,
      );
      continue;
    }
    sources.push({ path: file.path, text, markdown: MARKDOWN.test(file.path) });
  }
  (input.tools ?? []).forEach((tool, i) => {
    sources.push({ path: `tools[${i}].name`, text: tool.name, markdown: false });
    sources.push({ path: `tools[${i}].description`, text: tool.description, markdown: false, isDescription: true });
    if (tool.webhookUrl) sources.push({ path: `tools[${i}].webhookUrl`, text: tool.webhookUrl, markdown: false });
  });

  for (const source of sources) {
    const starts = lazy(() => lineStarts(source.text));
    const surrogates = lazy(() => lowSurrogates(source.text));
    const pathOnly = source.path.startsWith("path of ");
    const path = pathOnly ? source.path.slice("path of ".length) : source.path;
    const text = source.text;
    // One rule's matches over one file differ exactly when their ranges do (a range is a line, a column and the
    // text matched); in a path, which has no lines, when the text matched does.
    const report = (rule: { id: string; severity: Severity; message: string }, m: RuleMatch, offset = 0) => {
      const index = m.index + offset;
      const severity = m.severity ?? rule.severity;
      const where = pathOnly ? text.slice(index, index + m.length) : `${index}:${m.length}`;
      sink.add(`${rule.id}\u0000${source.path}\u0000${where}`, severity, () => {
        const at = position(starts(), surrogates(), index);
        return {
          rule: rule.id,
          severity,
          path,
          line: pathOnly ? null : at.line,
          column: pathOnly ? null : at.column,
          excerpt: excerptAt(text, index, m.length, lineBounds(text, starts(), at.line)),
          message: m.detail ? `${rule.message} ${m.detail}` : rule.message,
          matched: text.slice(index, index + Math.min(m.length, 4096)),
        };
      });
    };
    // each prefilter is one pass over the file, whatever number of rules share it
    const passed = new Map<RegExp, boolean>();
    const prefilter = (needs: RegExp) => {
      let ok = passed.get(needs);
      if (ok === undefined) passed.set(needs, (ok = needs.test(source.text)));
      return ok;
    };
    for (const rule of rules) {
      const region = regionOf(rule, source);
      if (!region) continue;
      if (rule.needs && options.prefilters !== false && !prefilter(rule.needs)) continue;
      try {
        const text = region.to === undefined ? source.text : source.text.slice(region.from, region.to);
        for (const m of rule.find(text)) report(rule, m, region.from);
      } catch (error) {
        fileFinding(
          source.path,
          "scanner-error",
          "HIGH",
          `The rule '${rule.id}' failed on this file (${errorText(error)}), so it was not reviewed by it; the review fails closed.`,
        );
      }
    }
    forgetUrlVerdicts();
    if (options.secretlint !== false && !source.path.startsWith("path of ")) {
      try {
        for (const m of await secretlintMatches(source.path, source.text)) {
          report(
            { id: "secret", severity: "HIGH", message: SECRET_RULE_MESSAGE },
            { ...m, detail: `secretlint (${m.source}): ${m.detail ?? ""}` },
          );
        }
      } catch (error) {
        fileFinding(
          source.path,
          "scanner-error",
          "HIGH",
          `The secrets check failed on this file (${errorText(error)}); the review fails closed.`,
        );
      }
    }
  }

  const kept = sink.findings();
  return {
    rulesVersion: options.rulesVersion ?? RULES_VERSION,
    highest: highestOf(kept.map((f) => f.severity)),
    findings: kept,
  };
}

function regionOf(rule: TextRule, source: TextSource): { from: number; to?: number } | null {
  const pathOnly = source.path.startsWith("path of ");
  if (pathOnly) return rule.family === "hidden-characters" && rule.scope === "all" ? { from: 0 } : null;
  switch (rule.scope) {
    case "all":
      return { from: 0 };
    case "markdown":
      return source.markdown ? { from: 0 } : null;
    case "description":
      if (source.isDescription) return { from: 0 };
      return source.description ? { from: source.description.from, to: source.description.to } : null;
  }
}

/** The frontmatter block of a SKILL.md (between its first two `---` lines), or none. */
export function frontmatterRange(skillMd: string): { from: number; to: number } | undefined {
  const start = skillMd.startsWith("\uFEFF") ? 1 : 0;
  if (!/^---\r?\n/.test(skillMd.slice(start, start + 5))) return undefined;
  const close = /\r?\n---[ \t]{0,16}(?:\r?\n|$)/g;
  close.lastIndex = start + 3;
  const end = close.exec(skillMd);
  return end ? { from: start, to: end.index } : undefined;
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The file as text when it is valid UTF-8 with no control bytes (other than tab, newlines, form feed and escape)
 * and no known binary signature; null when it must be judged by its bytes.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (byMagic(bytes) !== null) return null;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d && b !== 0x1b) return null;
  }
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
