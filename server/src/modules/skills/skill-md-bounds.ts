import type { Problem } from "../../platform/errors";

// SEC-11: what a SKILL.md frontmatter may be, checked before and while it is parsed.
// Bounds on what a frontmatter may expand to, so that alias tricks ("billion laughs") and deep nesting
// are refused instead of exhausting memory or the stack.
export const MAX_YAML_VALUES = 10_000;
export const MAX_YAML_DEPTH = 32;
export const MAX_REPORTED_YAML_ERRORS = 5;
// SEC-11: a frontmatter holds a few short keys; bounding its size and keys bounds the time a parse takes, and
// bounding the problems reported bounds the answer (1 MB of `a: b` lines once answered 58 MB of problems).
export const MAX_FRONTMATTER_BYTES = 64 * 1024;
export const MAX_FRONTMATTER_KEYS = 200;
export const MAX_FRONTMATTER_LINES = 256;
export const MAX_REPORTED_PROBLEMS = 50;

export function tooComplexProblem(): Problem {
  return {
    path: "frontmatter",
    message: `frontmatter: the YAML is nested deeper than ${MAX_YAML_DEPTH} levels or expands (through aliases) to more than ${MAX_YAML_VALUES} values; a frontmatter holds a few short keys.`,
  };
}

/**
 * What the frontmatter holds, counted without parsing: lines, items of flow collections (`[a, b]`, `{a: b}`) and
 * how deeply those nest. The YAML parser recurses into nesting and slows down sharply with many entries (duplicate
 * keys above all), so these are bounded before it runs.
 */
function scanFrontmatter(yaml: string): { lines: number; flowItems: number; flowDepth: number } {
  let lines = 1;
  let flowItems = 0;
  let depth = 0;
  let flowDepth = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    if (c === 0x0a) lines++;
    else if (c === 0x5b || c === 0x7b) flowDepth = Math.max(flowDepth, ++depth);
    else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    else if (c === 0x2c && depth > 0) flowItems++;
  }
  return { lines, flowItems, flowDepth };
}

/** Refusals that need no parse: a frontmatter too large, too many entries, or nested too deep to parse safely. */
export function frontmatterShapeProblem(yaml: string): Problem | null {
  const bytes = Buffer.byteLength(yaml, "utf8");
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return {
      path: "frontmatter",
      message: `frontmatter: the frontmatter is ${bytes} bytes long; at most ${MAX_FRONTMATTER_BYTES} bytes are accepted. It holds the name, the description and a few short keys; put longer text in the instructions.`,
    };
  }
  const scan = scanFrontmatter(yaml);
  if (scan.flowDepth > MAX_YAML_DEPTH) return tooComplexProblem();
  if (scan.lines > MAX_FRONTMATTER_LINES || scan.flowItems > MAX_FRONTMATTER_LINES) {
    return {
      path: "frontmatter",
      message: `frontmatter: the frontmatter has ${scan.lines} lines and ${scan.flowItems} list or mapping items in brackets; at most ${MAX_FRONTMATTER_LINES} of each are accepted. It holds the name, the description and a few short keys; put longer text in the instructions.`,
    };
  }
  return null;
}

/** At most MAX_REPORTED_PROBLEMS, then one saying how many more there are. */
export function capProblems(problems: Problem[]): Problem[] {
  if (problems.length <= MAX_REPORTED_PROBLEMS) return problems;
  const hidden = problems.length - MAX_REPORTED_PROBLEMS;
  return [
    ...problems.slice(0, MAX_REPORTED_PROBLEMS),
    { path: "frontmatter", message: `frontmatter: and ${hidden} more problems like these.` },
  ];
}
