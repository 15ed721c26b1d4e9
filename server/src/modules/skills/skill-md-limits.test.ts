import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSkillMd } from "./skill-md";
import {
  MAX_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_KEYS,
  MAX_FRONTMATTER_LINES,
  MAX_REPORTED_PROBLEMS,
} from "./skill-md-bounds";

/** SEC-11: no SKILL.md crashes the parser, blocks the event loop for long, or produces an unbounded answer. */

function frontmatter(yaml: string): string {
  return `---\n${yaml}\n---\n# Body\n`;
}

/** CPU time of `fn` (what blocks the event loop), not wall time: other processes on a busy machine do not count. */
function timed<T>(fn: () => T): { value: T; ms: number } {
  const started = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(started);
  return { value, ms: (used.user + used.system) / 1000 };
}

describe("SKILL.md parser bounds (SEC-11)", () => {
  it("SEC-11 1 MB of duplicate keys is refused in well under 100 ms with one short problem", () => {
    parseSkillMd(frontmatter("a: b\n".repeat(1000))); // warm up
    const { value, ms } = timed(() => parseSkillMd(frontmatter("a: b\n".repeat(200_000))));
    expect(ms).toBeLessThan(50);
    expect(value.problems).toHaveLength(1);
    expect(value.problems[0]!.message).toContain(`at most ${MAX_FRONTMATTER_BYTES} bytes`);
  });

  it("SEC-11 a frontmatter just under the line limit full of duplicate keys answers in well under 100 ms", () => {
    parseSkillMd(frontmatter("name: x\ndescription: y")); // warm up
    const yaml = "a: b\n".repeat(MAX_FRONTMATTER_LINES - 4);
    const { value, ms } = timed(() => parseSkillMd(frontmatter(`name: x\ndescription: y\n${yaml}`)));
    expect(ms).toBeLessThan(100);
    expect(value.problems.length).toBeLessThanOrEqual(MAX_REPORTED_PROBLEMS + 1);
    expect(JSON.stringify(value.problems).length).toBeLessThan(20_000);
  });

  it("SEC-11 duplicate keys are reported up to the cap, then how many more", () => {
    const yaml = Array.from({ length: 80 }, (_, i) => `k${i}: 1\nk${i}: 2`).join("\n");
    const result = parseSkillMd(frontmatter(`name: x\ndescription: y\n${yaml}`));
    const duplicates = result.problems.filter((p) => p.message.includes("appears more than once"));
    expect(duplicates).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(result.problems.some((p) => p.message.includes("and 30 more problems"))).toBe(true);
  });

  it("SEC-11 a frontmatter with more lines or bracketed items than the limit is refused before it is parsed", () => {
    for (const yaml of ["a: b\n".repeat(MAX_FRONTMATTER_LINES + 1), `a: [${"x,".repeat(MAX_FRONTMATTER_LINES + 1)}]`]) {
      const { value, ms } = timed(() => parseSkillMd(frontmatter(yaml)));
      expect(ms).toBeLessThan(20);
      expect(value.problems).toHaveLength(1);
      expect(value.problems[0]!.message).toContain(`at most ${MAX_FRONTMATTER_LINES} of each`);
    }
  });

  it("SEC-11 a frontmatter with more keys than the limit is refused", () => {
    const yaml = Array.from({ length: MAX_FRONTMATTER_KEYS + 1 }, (_, i) => `k${i}: v`).join("\n");
    const result = parseSkillMd(frontmatter(`name: x\ndescription: y\n${yaml}`));
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.message).toContain(`more than ${MAX_FRONTMATTER_KEYS} keys`);
  });

  it("SEC-11 5,000-deep YAML nesting is refused with a clear message, not a stack overflow", () => {
    for (const yaml of [`a: ${"[".repeat(5000)}${"]".repeat(5000)}`, `a: ${"{b: ".repeat(5000)}1${"}".repeat(5000)}`]) {
      const result = parseSkillMd(frontmatter(yaml));
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]!.message).toContain("nested deeper than");
      expect(result.problems[0]!.message).not.toMatch(/call stack|internal error/i);
    }
  });

  it("SEC-11 generated SKILL.md texts never crash or hang the parser", () => {
    const yamlish = fc.string({
      unit: fc.constantFrom(
        "a",
        "b",
        ":",
        " ",
        "\n",
        "-",
        "[",
        "]",
        "{",
        "}",
        "&x",
        "*x",
        "'",
        '"',
        "#",
        "|",
        ">",
        "\0",
        "\t",
        "é",
        "\\",
      ),
      maxLength: 400,
    });
    const document = fc.oneof(
      yamlish.map(frontmatter),
      fc.string({ maxLength: 400 }),
      fc.tuple(yamlish, fc.nat({ max: 3000 })).map(([yaml, depth]) => frontmatter(`${"[".repeat(depth)}${yaml}`)),
      fc
        .tuple(fc.constantFrom("a: b\n", "a: &x [*x]\n", "- x\n", "k:\n  "), fc.nat({ max: 20_000 }))
        .map(([line, times]) => frontmatter(line.repeat(times))),
    );
    fc.assert(
      fc.property(document, (text) => {
        const { value, ms } = timed(() => parseSkillMd(text));
        expect(ms).toBeLessThan(250);
        expect(value.problems.length).toBeLessThanOrEqual(MAX_REPORTED_PROBLEMS + 10);
        for (const problem of value.problems) expect(problem.message).not.toMatch(/internal error|call stack/i);
      }),
      { numRuns: 300 },
    );
  });
});
