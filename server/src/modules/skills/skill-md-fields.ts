/**
 * SKILL.md's frontmatter fields checked as the Agent Skills specification describes them (SK-1): refusals, warnings,
 * and what is kept on a draft but refused on publish. skill-md.ts reads the text and the YAML into a map first.
 */
import { isScalar, isSeq } from "yaml";
import type { Problem } from "../../platform/errors";
import { codePointLength, quote } from "../../platform/text";
import { checkSkillName, normaliseSkillName } from "./skill-name";

export const DESCRIPTION_MAX_LENGTH = 1024;
export const COMPATIBILITY_MAX_LENGTH = 500;

const KNOWN_KEYS = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"] as const;

export type FrontmatterValue = string | FrontmatterValue[] | { [key: string]: FrontmatterValue };
export type FrontmatterMap = { [key: string]: FrontmatterValue };

export interface Findings {
  problems: Problem[];
  warnings: string[];
  publishProblems: Problem[];
}

/** What a YAML node or a value read from one is, in words for a message. */
export function kindOf(value: unknown): string {
  if (isSeq(value) || Array.isArray(value)) return "a list";
  if (isScalar(value) || typeof value === "string") return "text";
  return "a mapping";
}

function isPlainObject(value: unknown): value is FrontmatterMap {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const TEXT_HINT = "quote the value if it contains ': ' or starts with '[', '{', '-' or '&'";

/** The text of an optional key; undefined when absent, and a problem when it is a mapping or a list. */
function textField(
  frontmatter: FrontmatterMap,
  key: string,
  label: string,
  findings: Findings,
  hint = TEXT_HINT,
): string | undefined {
  if (!Object.hasOwn(frontmatter, key)) return undefined;
  const value = frontmatter[key];
  if (typeof value === "string") return value;
  const path = `frontmatter.${key}`;
  findings.problems.push({ path, message: `${path}: ${label} must be text, but it is ${kindOf(value)}; ${hint}.` });
  return undefined;
}

export function checkNameField(frontmatter: FrontmatterMap, findings: Findings): string {
  const path = "frontmatter.name";
  if (!Object.hasOwn(frontmatter, "name")) {
    findings.problems.push({
      path,
      message: `${path}: a name is required; add a line such as 'name: explain-bill' to the frontmatter.`,
    });
    return "";
  }
  const raw = textField(frontmatter, "name", "the name", findings);
  if (raw === undefined) return "";
  const name = normaliseSkillName(raw);
  const check = checkSkillName(name);
  findings.problems.push(...check.problems.map((message) => ({ path, message: `${path}: ${message}` })));
  findings.warnings.push(...check.warnings.map((message) => `${path}: ${message}`));
  return name;
}

export function checkDescriptionField(frontmatter: FrontmatterMap, findings: Findings): string {
  const path = "frontmatter.description";
  if (!Object.hasOwn(frontmatter, "description")) {
    findings.problems.push({
      path,
      message: `${path}: a description is required; add a line such as 'description: Explains a bill line by line. Use when a caller asks about a charge.' saying what the skill does and when to use it.`,
    });
    return "";
  }
  const description = textField(frontmatter, "description", "the description", findings);
  if (description === undefined) return "";
  if (description.trim() === "") {
    findings.problems.push({
      path,
      message: `${path}: the description is blank; write 1 to ${DESCRIPTION_MAX_LENGTH} characters saying what the skill does and when to use it.`,
    });
  } else {
    checkPublishLength(path, "the description", description, DESCRIPTION_MAX_LENGTH, findings);
  }
  return description;
}

const ALLOWED_TOOLS_HINT = "write the tools on one line separated by spaces, such as 'Read Bash(git:*)'";

/**
 * `allowed-tools` as the specification writes it (one space-separated text), or as a YAML list of tool names (as some
 * public skills do): the list is kept as the specification's text, with a portability warning.
 */
function normaliseAllowedTools(frontmatter: FrontmatterMap, findings: Findings): void {
  const path = "frontmatter.allowed-tools";
  const value = frontmatter["allowed-tools"];
  if (!Array.isArray(value)) {
    textField(frontmatter, "allowed-tools", "allowed-tools", findings, ALLOWED_TOOLS_HINT);
    return;
  }
  const bad = value.find((item) => typeof item !== "string" || item.trim() === "" || /\s/.test(item.trim()));
  if (bad !== undefined) {
    const what = typeof bad === "string" ? `the item ${quote(bad)}` : `an item that is ${kindOf(bad)}`;
    findings.problems.push({
      path,
      message: `${path}: allowed-tools as a list must list tool names without spaces, but it has ${what}; ${ALLOWED_TOOLS_HINT}.`,
    });
    return;
  }
  const text = (value as string[]).map((item) => item.trim()).join(" ");
  frontmatter["allowed-tools"] = text;
  findings.warnings.push(
    `${path}: allowed-tools is a YAML list; it is kept as ${quote(text)}, the space-separated text the Agent Skills specification defines, which other clients may require: write it on one line.`,
  );
}

export function checkOptionalFields(frontmatter: FrontmatterMap, findings: Findings): void {
  textField(frontmatter, "license", "the license", findings);
  if (Object.hasOwn(frontmatter, "allowed-tools")) normaliseAllowedTools(frontmatter, findings);

  const compatibility = textField(frontmatter, "compatibility", "compatibility", findings);
  if (compatibility !== undefined) {
    const path = "frontmatter.compatibility";
    if (compatibility.trim() === "") {
      findings.problems.push({
        path,
        message: `${path}: compatibility is blank; write 1 to ${COMPATIBILITY_MAX_LENGTH} characters describing what the skill needs (such as 'Needs network access'), or remove the key.`,
      });
    } else {
      checkPublishLength(path, "compatibility", compatibility, COMPATIBILITY_MAX_LENGTH, findings);
    }
  }
  checkMetadata(frontmatter, findings);
}

/** Over the limit: kept on a draft with a warning (real skills exceed it), refused when published (SK-1). */
function checkPublishLength(path: string, label: string, value: string, max: number, findings: Findings): void {
  const length = codePointLength(value);
  if (length <= max) return;
  findings.warnings.push(
    `${path}: ${label} is ${length} characters long, more than the ${max} the Agent Skills specification allows; the draft is kept, but it cannot be published until ${label} is shortened.`,
  );
  findings.publishProblems.push({
    path,
    message: `${path}: ${label} is ${length} characters long; a published version allows at most ${max}.`,
  });
}

function checkMetadata(frontmatter: FrontmatterMap, findings: Findings): void {
  if (!Object.hasOwn(frontmatter, "metadata")) return;
  const metadata = frontmatter["metadata"];
  const path = "frontmatter.metadata";
  if (!isPlainObject(metadata)) {
    const found = typeof metadata === "string" ? `text (${quote(metadata)})` : kindOf(metadata);
    findings.problems.push({
      path,
      message: `${path}: metadata must be a mapping of text keys to text values (such as 'author: acme' on an indented line below it), but it is ${found}.`,
    });
    return;
  }
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value === "string") continue;
    const valuePath = `${path}.${key}`;
    findings.problems.push({
      path: valuePath,
      message: `${valuePath}: a metadata value must be text, but ${quote(key)} is ${kindOf(value)}; write it as one text such as 'billing support'.`,
    });
  }
}

export function warnAboutUnknownKeys(frontmatter: FrontmatterMap, findings: Findings): void {
  const known: readonly string[] = KNOWN_KEYS;
  for (const key of Object.keys(frontmatter)) {
    if (known.includes(key)) continue;
    const lookalike = known.find((candidate) => candidate === key.toLowerCase().replace(/_/g, "-"));
    const hint = lookalike ? ` Keys are case- and spelling-sensitive: did you mean '${lookalike}'?` : "";
    findings.warnings.push(`frontmatter.${key}: unknown key ${quote(key)} is kept verbatim.${hint}`);
  }
}
