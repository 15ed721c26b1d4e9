import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type ErrorCode,
  type YAMLError,
  type YAMLMap,
} from "yaml";
import type { Problem } from "../../platform/errors";
import { quote } from "../../platform/text";
import {
  capProblems,
  frontmatterShapeProblem,
  MAX_FRONTMATTER_KEYS,
  MAX_REPORTED_YAML_ERRORS,
  MAX_YAML_DEPTH,
  MAX_YAML_VALUES,
  tooComplexProblem,
} from "./skill-md-bounds";
import {
  checkDescriptionField,
  checkNameField,
  checkOptionalFields,
  kindOf,
  warnAboutUnknownKeys,
  type Findings,
  type FrontmatterMap,
  type FrontmatterValue,
} from "./skill-md-fields";

/** A SKILL.md read as the Agent Skills specification describes it (SK-1). */
export interface ParsedSkillMd {
  /** The frontmatter name after NFKC normalisation; "" when it is missing or not text. */
  name: string;
  description: string;
  /** Every top-level key as read, unknown keys kept verbatim; every scalar is text. */
  frontmatter: Record<string, unknown>;
  /** The markdown after the closing `---`, without the blank lines that follow it. */
  instructions: string;
  /** The whole text normalised: BOM stripped, CRLF made LF, leading blank lines removed. */
  skillMd: string;
  warnings: string[];
  /** Refusals; empty means the text is a valid draft. */
  problems: Problem[];
  /** Kept on a draft but refused on publish: a description or compatibility over its limit. */
  publishProblems: Problem[];
}

export { checkSkillName, SKILL_NAME_MAX_LENGTH } from "./skill-name";
export { COMPATIBILITY_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from "./skill-md-fields";

const FENCE = "---";

export function parseSkillMd(text: string): ParsedSkillMd {
  const skillMd = normaliseSkillMdText(typeof text === "string" ? text : "");
  try {
    return parseNormalised(skillMd);
  } catch (error) {
    if (error instanceof RangeError) return { ...emptyResult(skillMd), problems: [tooComplexProblem()] };
    // parseSkillMd promises never to throw; reaching this is a bug, reported rather than crashing the caller.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...emptyResult(skillMd),
      problems: [
        { path: "SKILL.md", message: `SKILL.md: the text could not be read because of an internal error (${reason}).` },
      ],
    };
  }
}

/** BOM stripped, CRLF made LF, blank lines before the first line of content removed. */
export function normaliseSkillMdText(text: string): string {
  return stripLeadingBlankLines(text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n"));
}

function stripLeadingBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, "");
}

function emptyResult(skillMd: string): ParsedSkillMd {
  return {
    name: "",
    description: "",
    frontmatter: {},
    instructions: "",
    skillMd,
    warnings: [],
    problems: [],
    publishProblems: [],
  };
}

function parseNormalised(skillMd: string): ParsedSkillMd {
  const result = emptyResult(skillMd);
  const split = splitFrontmatter(skillMd);
  if ("problem" in split) return { ...result, problems: [split.problem] };

  result.instructions = stripLeadingBlankLines(split.body);
  const read = readFrontmatterYaml(split.yaml);
  if ("problems" in read) return { ...result, problems: read.problems };

  const findings: Findings = { problems: [...read.keyProblems], warnings: [], publishProblems: [] };
  const name = checkNameField(read.frontmatter, findings);
  const description = checkDescriptionField(read.frontmatter, findings);
  checkOptionalFields(read.frontmatter, findings);
  warnAboutUnknownKeys(read.frontmatter, findings);
  if (result.instructions.trim() === "") {
    findings.warnings.push(
      "instructions: the SKILL.md has no instructions after the frontmatter; an agent that loads it gets only the description.",
    );
  }
  return { ...result, name, description, frontmatter: read.frontmatter, ...findings };
}

// --- frontmatter fences ---------------------------------------------------------------------------------

type SplitResult = { yaml: string; body: string } | { problem: Problem };

/** Where the line that is exactly `---` after line 1 starts, or -1; found without splitting the whole text. */
function closingFence(skillMd: string, from: number): number {
  for (let at = skillMd.indexOf(`\n${FENCE}`, from); at !== -1; at = skillMd.indexOf(`\n${FENCE}`, at + 1)) {
    const after = at + 1 + FENCE.length;
    if (after === skillMd.length || skillMd[after] === "\n") return at + 1;
  }
  return -1;
}

function splitFrontmatter(skillMd: string): SplitResult {
  const firstEnd = skillMd.indexOf("\n");
  const firstLine = firstEnd === -1 ? skillMd : skillMd.slice(0, firstEnd);
  if (firstLine !== FENCE) {
    const found = firstLine === "" ? "the text is empty" : `the first line is ${quote(firstLine)}`;
    return {
      problem: {
        path: "frontmatter",
        message: `frontmatter: a SKILL.md must begin with a line that is exactly '---', then the YAML frontmatter (name, description), then a line that is exactly '---'; ${found}.`,
      },
    };
  }
  const closing = firstEnd === -1 ? -1 : closingFence(skillMd, firstEnd);
  if (closing === -1) {
    return {
      problem: {
        path: "frontmatter",
        message:
          "frontmatter: the frontmatter opened by '---' on line 1 is never closed; add a line that is exactly '---' after the last frontmatter key.",
      },
    };
  }
  const bodyStart = closing + FENCE.length + 1;
  return { yaml: skillMd.slice(firstEnd + 1, Math.max(firstEnd + 1, closing - 1)), body: skillMd.slice(bodyStart) };
}

// --- YAML → plain values --------------------------------------------------------------------------------

type YamlReadResult = { frontmatter: FrontmatterMap; keyProblems: Problem[] } | { problems: Problem[] };

class TooComplex extends Error {}
class TooManyKeys extends Error {}

interface ReadContext {
  anchors: Map<Alias, unknown>;
  lines: LineCounter;
  problems: Problem[];
  valuesLeft: number;
  keysLeft: number;
}

function readFrontmatterYaml(yaml: string): YamlReadResult {
  const shape = frontmatterShapeProblem(yaml);
  if (shape) return { problems: [shape] };
  const lines = new LineCounter();
  // failsafe: every scalar stays text, as the reference validator reads it (`name: 123` is "123").
  // Duplicate keys are found while reading the tree below, so that they can be named with their path.
  const doc = parseDocument(yaml, { schema: "failsafe", uniqueKeys: false, prettyErrors: false, lineCounter: lines });
  if (doc.errors.length > 0) return { problems: yamlSyntaxProblems(doc.errors, lines) };

  const contents: unknown = doc.contents;
  if (contents === null || contents === undefined) return { frontmatter: {}, keyProblems: [] };
  if (!isMap(contents)) {
    return {
      problems: [
        {
          path: "frontmatter",
          message: `frontmatter: the frontmatter must be a mapping of keys to values (such as 'name: explain-bill'), but it is ${kindOf(contents)}.`,
        },
      ],
    };
  }
  const context: ReadContext = {
    anchors: aliasTargets(doc),
    lines,
    problems: [],
    valuesLeft: MAX_YAML_VALUES,
    keysLeft: MAX_FRONTMATTER_KEYS,
  };
  try {
    const frontmatter = readMap(contents, "frontmatter", 0, context);
    return { frontmatter, keyProblems: capProblems(context.problems) };
  } catch (error) {
    if (error instanceof TooManyKeys) {
      return {
        problems: [
          {
            path: "frontmatter",
            message: `frontmatter: the frontmatter has more than ${MAX_FRONTMATTER_KEYS} keys; it holds the name, the description and a few short keys.`,
          },
        ],
      };
    }
    if (!(error instanceof TooComplex)) throw error;
    return { problems: [tooComplexProblem()] };
  }
}

const QUOTE_COLON_HINT = ` Quote a value that contains ': ', such as description: "Use when: a caller asks".`;
const QUOTE_START_HINT = " Quote a value that starts with a special character such as '[', '{', '@', '`' or '%'.";
const YAML_ERROR_HINTS: Partial<Record<ErrorCode, string>> = {
  BLOCK_AS_IMPLICIT_KEY: QUOTE_COLON_HINT,
  MULTILINE_IMPLICIT_KEY: QUOTE_COLON_HINT,
  BAD_SCALAR_START: QUOTE_START_HINT,
  BAD_INDENT: QUOTE_START_HINT,
  UNEXPECTED_TOKEN: QUOTE_START_HINT,
  TAB_AS_INDENT: " Indent with spaces.",
};

function yamlSyntaxProblems(errors: YAMLError[], lines: LineCounter): Problem[] {
  const shown = errors.slice(0, MAX_REPORTED_YAML_ERRORS).map((error) => {
    const detail = error.message.replace(/\.?\s*$/, "");
    const hint = YAML_ERROR_HINTS[error.code] ?? "";
    return {
      path: "frontmatter",
      message: `frontmatter: the YAML is not valid at ${skillMdLine(error.pos[0], lines)}: ${detail}.${hint}`,
    };
  });
  const hidden = errors.length - shown.length;
  if (hidden > 0) {
    shown.push({ path: "frontmatter", message: `frontmatter: the YAML has ${hidden} more errors after these.` });
  }
  return shown;
}

/** A position in the frontmatter YAML as a line of the SKILL.md, whose line 1 is the opening `---`. */
function skillMdLine(offset: number, lines: LineCounter): string {
  return `line ${lines.linePos(offset).line + 1} of SKILL.md`;
}

/** Each alias's anchored node, as YAML defines it: the closest earlier node with that anchor. */
function aliasTargets(doc: Document): Map<Alias, unknown> {
  const anchored = new Map<string, unknown>();
  const targets = new Map<Alias, unknown>();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) targets.set(node, anchored.get(node.source));
      else if (node.anchor) anchored.set(node.anchor, node);
    },
  });
  return targets;
}

function readNode(node: unknown, path: string, depth: number, context: ReadContext): FrontmatterValue {
  context.valuesLeft -= 1;
  if (context.valuesLeft < 0 || depth > MAX_YAML_DEPTH) throw new TooComplex();
  if (isAlias(node)) {
    const target = context.anchors.get(node);
    if (target === undefined) {
      context.problems.push({
        path,
        message: `${path}: the alias ${quote(`*${node.source}`)} refers to no anchor defined before it; define '&${node.source}' earlier or write the value out.`,
      });
      return "";
    }
    return readNode(target, path, depth + 1, context);
  }
  if (isMap(node)) return readMap(node, path, depth, context);
  if (isSeq(node)) return node.items.map((item, index) => readNode(item, `${path}[${index}]`, depth + 1, context));
  if (isScalar(node)) {
    const text = scalarText(node.value);
    if (text.includes("\u0000")) {
      // SEC-11: a YAML escape ("\0") can produce what the input policy refuses in raw text.
      context.problems.push({ path, message: `${path}: the value contains a NUL character (U+0000); remove it.` });
      return text.replaceAll("\u0000", "");
    }
    return text;
  }
  return ""; // an empty value (`key:` with nothing after it) reads as empty text, as in the failsafe schema
}

function readMap(map: YAMLMap, path: string, depth: number, context: ReadContext): FrontmatterMap {
  const result: FrontmatterMap = {};
  for (const pair of map.items) {
    if (--context.keysLeft < 0) throw new TooManyKeys();
    const keyNode = isAlias(pair.key) ? context.anchors.get(pair.key) : pair.key;
    if (keyNode !== null && keyNode !== undefined && !isScalar(keyNode)) {
      context.problems.push({
        path,
        message: `${path}: a key must be text, but one key is ${kindOf(keyNode)}; write keys as plain words such as 'author'.`,
      });
      continue;
    }
    const key = scalarText(keyNode?.value);
    const keyPath = `${path}.${key}`;
    if (Object.hasOwn(result, key)) {
      const where =
        isScalar(pair.key) && pair.key.range ? ` (again at ${skillMdLine(pair.key.range[0], context.lines)})` : "";
      context.problems.push({
        path: keyPath,
        message: `${keyPath}: the key ${quote(key)} appears more than once${where}; each key may appear only once.`,
      });
      continue;
    }
    // defineProperty rather than assignment, so that a key named "__proto__" stays an ordinary key
    Object.defineProperty(result, key, {
      value: readNode(pair.value, keyPath, depth + 1, context),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function scalarText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}
