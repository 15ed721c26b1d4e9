import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { codePointLength } from "../../platform/text";
import { checkSkillName, parseSkillMd, type ParsedSkillMd } from "./skill-md";

function skillMd(frontmatter: string, body = "# Steps\n\nDo the thing.\n"): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

const VALID = skillMd(
  "name: explain-bill\ndescription: Explains a bill line by line. Use when a caller asks about a charge.",
);

function paths(parsed: ParsedSkillMd): string[] {
  return parsed.problems.map((problem) => problem.path);
}

function onlyProblem(parsed: ParsedSkillMd): string {
  expect(parsed.problems).toHaveLength(1);
  return parsed.problems[0]?.message ?? "";
}

describe("parseSkillMd: layout and normalisation", () => {
  it("SK-1 a valid SKILL.md gives its name, description, frontmatter and instructions", () => {
    const parsed = parseSkillMd(VALID);
    expect(parsed.problems).toEqual([]);
    expect(parsed.publishProblems).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.name).toBe("explain-bill");
    expect(parsed.description).toBe("Explains a bill line by line. Use when a caller asks about a charge.");
    expect(parsed.frontmatter).toEqual({
      name: "explain-bill",
      description: "Explains a bill line by line. Use when a caller asks about a charge.",
    });
    expect(parsed.instructions).toBe("# Steps\n\nDo the thing.\n");
    expect(parsed.skillMd).toBe(VALID);
  });

  it("SK-1 a UTF-8 BOM, CRLF line ends and leading blank lines are normalised away", () => {
    const parsed = parseSkillMd(`\uFEFF\r\n  \r\n\t\r\n${VALID.replace(/\n/g, "\r\n")}`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.skillMd).toBe(VALID);
    expect(parsed.instructions).toBe("# Steps\n\nDo the thing.\n");
  });

  it("SK-1 the blank lines between the closing --- and the instructions are not part of the instructions", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b", "\n\n# Title\n\n  indented\n"));
    expect(parsed.instructions).toBe("# Title\n\n  indented\n");
  });

  it("SK-1 a text without an opening --- line is refused, naming what the first line is", () => {
    const message = onlyProblem(parseSkillMd("# Just markdown\n"));
    expect(message).toMatch(/^frontmatter: a SKILL\.md must begin with a line that is exactly '---'/);
    expect(message).toContain("'# Just markdown'");
  });

  it("SK-1 an empty text is refused as having no frontmatter", () => {
    const parsed = parseSkillMd("");
    expect(paths(parsed)).toEqual(["frontmatter"]);
    expect(parsed.name).toBe("");
    expect(onlyProblem(parsed)).toContain("the text is empty");
  });

  it.each(["--- ", "----", " ---", "---yaml"])(
    "SK-1 the opening line %j is not exactly '---' and is refused",
    (line) => {
      const parsed = parseSkillMd(`${line}\nname: a\ndescription: b\n---\nbody`);
      expect(paths(parsed)).toEqual(["frontmatter"]);
    },
  );

  it("SK-1 unclosed frontmatter is refused", () => {
    const message = onlyProblem(parseSkillMd("---\nname: a\ndescription: b\n\n# Body"));
    expect(message).toBe(
      "frontmatter: the frontmatter opened by '---' on line 1 is never closed; add a line that is exactly '---' after the last frontmatter key.",
    );
  });

  it("SK-1 a closing line with trailing spaces does not close the frontmatter", () => {
    expect(onlyProblem(parseSkillMd("---\nname: a\ndescription: b\n---  \nbody"))).toContain("never closed");
  });

  it("SK-1 the frontmatter ends at the first line that is exactly '---'; later ones belong to the instructions", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b", "before\n---\nafter\n"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.instructions).toBe("before\n---\nafter\n");
  });

  it("SK-1 a SKILL.md without instructions is valid, with a warning", () => {
    const parsed = parseSkillMd("---\nname: a\ndescription: b\n---");
    expect(parsed.problems).toEqual([]);
    expect(parsed.instructions).toBe("");
    expect(parsed.warnings).toEqual([expect.stringMatching(/^instructions: the SKILL\.md has no instructions/)]);
  });
});

describe("parseSkillMd: YAML", () => {
  it("SK-1 scalars are read as text: name: 123 is the name '123' and description: yes the text 'yes'", () => {
    const parsed = parseSkillMd(
      skillMd("name: 123\ndescription: yes\nlicense: null\ncompatibility: 1.50\nmodel: true"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.name).toBe("123");
    expect(parsed.description).toBe("yes");
    expect(parsed.frontmatter).toMatchObject({ license: "null", compatibility: "1.50", model: "true" });
  });

  it("SK-1 quoted, folded and literal scalars are read as the text they denote", () => {
    const parsed = parseSkillMd(
      skillMd("name: 'a-b'\ndescription: >-\n  Explains bills.\n  Use when asked: what is this charge?"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.name).toBe("a-b");
    expect(parsed.description).toBe("Explains bills. Use when asked: what is this charge?");
  });

  it("SK-1 a YAML syntax error is refused with its line in SKILL.md", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: [unclosed"));
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(parsed.problems.every((problem) => problem.path === "frontmatter")).toBe(true);
    expect(parsed.problems[0]?.message).toMatch(/^frontmatter: the YAML is not valid at line \d+ of SKILL\.md: /);
  });

  it("SK-1 a value with ': ' in it is a syntax error whose message says to quote it", () => {
    const message = parseSkillMd(skillMd("name: a\ndescription: Use when: the caller asks: why")).problems[0]?.message;
    expect(message).toBe(
      `frontmatter: the YAML is not valid at line 3 of SKILL.md: Nested mappings are not allowed in compact mappings. Quote a value that contains ': ', such as description: "Use when: a caller asks".`,
    );
  });

  it("SK-1 a duplicate key is refused, naming the key and where it appears again", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\nname: c"));
    expect(parsed.problems).toEqual([
      {
        path: "frontmatter.name",
        message:
          "frontmatter.name: the key 'name' appears more than once (again at line 4 of SKILL.md); each key may appear only once.",
      },
    ]);
  });

  it("SK-1 keys that differ only in quoting are duplicates", () => {
    expect(paths(parseSkillMd(skillMd("name: a\ndescription: b\n'license': x\n\"license\": y")))).toEqual([
      "frontmatter.license",
    ]);
  });

  it("SK-1 a duplicate key inside metadata is refused with its path", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\nmetadata:\n  author: x\n  author: y"));
    expect(paths(parsed)).toEqual(["frontmatter.metadata.author"]);
  });

  it.each([
    ["a list", "- name: a\n- description: b", "a list"],
    ["text", "just some words", "text"],
  ])("SK-1 a frontmatter that is %s rather than a mapping is refused", (_kind, yaml, found) => {
    expect(onlyProblem(parseSkillMd(skillMd(yaml)))).toBe(
      `frontmatter: the frontmatter must be a mapping of keys to values (such as 'name: explain-bill'), but it is ${found}.`,
    );
  });

  it("SK-1 an empty frontmatter reports both required keys together", () => {
    const parsed = parseSkillMd("---\n---\nbody");
    expect(paths(parsed)).toEqual(["frontmatter.name", "frontmatter.description"]);
  });

  it("SK-1 a key that is a mapping or list is refused", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\n? [x, y]\n: z"));
    expect(paths(parsed)).toEqual(["frontmatter"]);
    expect(parsed.problems[0]?.message).toContain("a key must be text, but one key is a list");
  });

  it("SK-1 an alias bomb is refused instead of being expanded", () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 9; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const current = String.fromCharCode(97 + level);
      levels.push(`${current}: &${current} [${Array(10).fill(`*${previous}`).join(",")}]`);
    }
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: b\n${levels.join("\n")}`));
    expect(onlyProblem(parsed)).toMatch(/expands \(through aliases\) to more than 10000 values/);
  });

  it("SK-1 deeply nested YAML is refused without exhausting the stack", () => {
    const depth = 5_000;
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: b\nx: ${"[".repeat(depth)}${"]".repeat(depth)}`));
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(parsed.problems.every((problem) => problem.path === "frontmatter")).toBe(true);
  });

  it("SK-1 an alias to no anchor is refused", () => {
    expect(parseSkillMd(skillMd("name: a\ndescription: b\nx: *nope")).problems).toEqual([
      {
        path: "frontmatter.x",
        message:
          "frontmatter.x: the alias '*nope' refers to no anchor defined before it; define '&nope' earlier or write the value out.",
      },
    ]);
  });

  it("SK-1 aliases to text are read as the anchored text", () => {
    const parsed = parseSkillMd(skillMd("name: &n explain-bill\ndescription: *n"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.description).toBe("explain-bill");
  });

  it("SK-1 a key named __proto__ is kept as an ordinary key and changes no prototype", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\n__proto__:\n  polluted: yes"));
    expect(Object.hasOwn(parsed.frontmatter, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(parsed.frontmatter)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(parsed.warnings).toContain("frontmatter.__proto__: unknown key '__proto__' is kept verbatim.");
  });
});

describe("parseSkillMd: the fields", () => {
  it("SK-1 a missing name and a missing description are both required", () => {
    const parsed = parseSkillMd(skillMd("license: MIT"));
    expect(parsed.problems).toEqual([
      {
        path: "frontmatter.name",
        message: "frontmatter.name: a name is required; add a line such as 'name: explain-bill' to the frontmatter.",
      },
      {
        path: "frontmatter.description",
        message:
          "frontmatter.description: a description is required; add a line such as 'description: Explains a bill line by line. Use when a caller asks about a charge.' saying what the skill does and when to use it.",
      },
    ]);
  });

  it("SK-1 an empty name is refused", () => {
    const parsed = parseSkillMd(skillMd("name:\ndescription: b"));
    expect(paths(parsed)).toEqual(["frontmatter.name"]);
    expect(parsed.problems[0]?.message).toContain("the name is empty");
  });

  it.each(["", "   ", "''"])("SK-1 a blank description %j is refused", (value) => {
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: ${value}`));
    expect(paths(parsed)).toEqual(["frontmatter.description"]);
  });

  const nestedValues = { "a mapping": "\n  x: y", "a list": " [x, y]" };
  it.each(
    ["name", "description", "license", "compatibility", "allowed-tools"].flatMap((key) =>
      Object.entries(nestedValues)
        .filter(([kind]) => !(key === "allowed-tools" && kind === "a list"))
        .map(([kind, yaml]) => [key, kind, yaml]),
    ),
  )("SK-1 %s given as %s where text is expected is refused", (key, kind, yaml) => {
    const others = ["name: a", "description: b"].filter((line) => !line.startsWith(`${key}:`));
    const parsed = parseSkillMd(skillMd([...others, `${key}:${yaml}`].join("\n")));
    expect(paths(parsed)).toEqual([`frontmatter.${key}`]);
    expect(parsed.problems[0]?.message).toContain(`must be text, but it is ${kind}; `);
  });

  it("SK-1 optional license, compatibility, metadata and allowed-tools are read", () => {
    const parsed = parseSkillMd(
      skillMd(
        "name: a\ndescription: b\nlicense: Apache-2.0\ncompatibility: Needs network access\nmetadata:\n  author: acme\n  version: 1.0\nallowed-tools: Read Bash(git:*)",
      ),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.frontmatter).toEqual({
      name: "a",
      description: "b",
      license: "Apache-2.0",
      compatibility: "Needs network access",
      metadata: { author: "acme", version: "1.0" },
      "allowed-tools": "Read Bash(git:*)",
    });
  });

  it("SK-1 metadata must map text to text: a nested list is refused with its path", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\nmetadata:\n  author: acme\n  tags: [x, y]"));
    expect(parsed.problems).toEqual([
      {
        path: "frontmatter.metadata.tags",
        message:
          "frontmatter.metadata.tags: a metadata value must be text, but 'tags' is a list; write it as one text such as 'billing support'.",
      },
    ]);
  });

  it.each([
    ["text", "metadata: acme", "text ('acme')"],
    ["empty", "metadata:", "text ('')"],
    ["a list", "metadata: [a, b]", "a list"],
  ])("SK-1 metadata that is %s is refused", (_kind, line, found) => {
    const message = onlyProblem(parseSkillMd(skillMd(`name: a\ndescription: b\n${line}`)));
    expect(message).toMatch(/^frontmatter\.metadata: metadata must be a mapping of text keys to text values/);
    expect(message).toContain(`but it is ${found}.`);
  });

  it("SK-1 allowed-tools as a YAML list is accepted, kept as the specification's space-separated text, with a portability warning", () => {
    for (const yaml of ["allowed-tools:\n  - Read\n  - Bash(git:*)", "allowed-tools: [Read, 'Bash(git:*)']"]) {
      const parsed = parseSkillMd(skillMd(`name: a\ndescription: b\n${yaml}`));
      expect(parsed.problems).toEqual([]);
      expect(parsed.frontmatter["allowed-tools"]).toBe("Read Bash(git:*)");
      expect(parsed.warnings).toEqual([
        "frontmatter.allowed-tools: allowed-tools is a YAML list; it is kept as 'Read Bash(git:*)', the space-separated text the Agent Skills specification defines, which other clients may require: write it on one line.",
      ]);
    }
  });

  it.each([
    ["an item with a space", "allowed-tools:\n  - Read\n  - Bash git", "the item 'Bash git'"],
    ["a nested list", "allowed-tools:\n  - [Read]", "an item that is a list"],
    ["a mapping item", "allowed-tools:\n  - Bash: git", "an item that is a mapping"],
  ])("SK-1 allowed-tools as a list with %s is refused with how to write it", (_what, yaml, found) => {
    const message = onlyProblem(parseSkillMd(skillMd(`name: a\ndescription: b\n${yaml}`)));
    expect(message).toBe(
      `frontmatter.allowed-tools: allowed-tools as a list must list tool names without spaces, but it has ${found}; write the tools on one line separated by spaces, such as 'Read Bash(git:*)'.`,
    );
  });

  it("SK-1 unknown keys are kept verbatim and reported as warnings naming the key", () => {
    const parsed = parseSkillMd(
      skillMd("name: a\ndescription: b\nargument-hint: '[file]'\nmodel: sonnet\nhooks:\n  pre: [x]"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.frontmatter).toMatchObject({ "argument-hint": "[file]", model: "sonnet", hooks: { pre: ["x"] } });
    expect(parsed.warnings).toEqual([
      "frontmatter.argument-hint: unknown key 'argument-hint' is kept verbatim.",
      "frontmatter.model: unknown key 'model' is kept verbatim.",
      "frontmatter.hooks: unknown key 'hooks' is kept verbatim.",
    ]);
  });

  it("SK-1 an unknown key that looks like a known one says which one it may mean", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\nallowed_tools: Read"));
    expect(parsed.warnings).toEqual([
      "frontmatter.allowed_tools: unknown key 'allowed_tools' is kept verbatim. Keys are case- and spelling-sensitive: did you mean 'allowed-tools'?",
    ]);
  });

  it("SK-1 a description of 1024 characters is accepted", () => {
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: ${"d".repeat(1024)}`));
    expect(parsed.problems).toEqual([]);
    expect(parsed.publishProblems).toEqual([]);
  });

  it("SK-1 description length is counted in characters, not UTF-16 units", () => {
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: ${"😀".repeat(1024)}`));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.publishProblems).toEqual([]);
  });

  it("SK-1 a description over 1024 characters is kept on a draft with a warning and refused on publish", () => {
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: ${"d".repeat(1025)}`));
    expect(parsed.problems).toEqual([]);
    expect(parsed.description).toHaveLength(1025);
    expect(parsed.warnings).toEqual([
      "frontmatter.description: the description is 1025 characters long, more than the 1024 the Agent Skills specification allows; the draft is kept, but it cannot be published until the description is shortened.",
    ]);
    expect(parsed.publishProblems).toEqual([
      {
        path: "frontmatter.description",
        message:
          "frontmatter.description: the description is 1025 characters long; a published version allows at most 1024.",
      },
    ]);
  });

  it("SK-1 compatibility of 500 characters is accepted; 501 is kept on a draft and refused on publish", () => {
    expect(parseSkillMd(skillMd(`name: a\ndescription: b\ncompatibility: ${"c".repeat(500)}`)).publishProblems).toEqual(
      [],
    );
    const parsed = parseSkillMd(skillMd(`name: a\ndescription: b\ncompatibility: ${"c".repeat(501)}`));
    expect(parsed.problems).toEqual([]);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(/^frontmatter\.compatibility: compatibility is 501 characters long/),
    ]);
    expect(parsed.publishProblems.map((problem) => problem.path)).toEqual(["frontmatter.compatibility"]);
  });

  it("SK-1 an empty compatibility is refused (1–500 characters)", () => {
    const parsed = parseSkillMd(skillMd("name: a\ndescription: b\ncompatibility: ''"));
    expect(paths(parsed)).toEqual(["frontmatter.compatibility"]);
  });

  it("SK-1 SK-5 all problems of one input are reported together, each with its path", () => {
    const parsed = parseSkillMd(
      skillMd(
        "name: Explain--Bill-\nlicense: [MIT]\ncompatibility: ''\nmetadata:\n  owner: {team: billing}\nallowed-tools: [Read, {a: b}]",
      ),
    );
    expect(paths(parsed)).toEqual([
      "frontmatter.name",
      "frontmatter.name",
      "frontmatter.name",
      "frontmatter.description",
      "frontmatter.license",
      "frontmatter.allowed-tools",
      "frontmatter.compatibility",
      "frontmatter.metadata.owner",
    ]);
    for (const problem of parsed.problems) expect(problem.message.startsWith(`${problem.path}: `)).toBe(true);
  });
});

describe("checkSkillName", () => {
  it.each(["a", "explain-bill", "v2", "123", "a-b-c-d", "x".repeat(64)])("SK-1 %j is a valid name", (name) => {
    expect(checkSkillName(name)).toEqual({ problems: [], warnings: [] });
  });

  it("SK-1 an empty name is refused", () => {
    expect(checkSkillName("").problems).toEqual([
      "the name is empty; a name has 1 to 64 lowercase letters, digits and hyphens, such as 'explain-bill'.",
    ]);
  });

  it("SK-1 a name of 65 characters is refused", () => {
    expect(checkSkillName("x".repeat(65)).problems).toEqual([
      `the name '${"x".repeat(65).slice(0, 80)}' is 65 characters long; a name has at most 64.`,
    ]);
  });

  it("SK-1 the length is counted in code points after NFKC: 32 'ﬁ' ligatures are 64 characters, 33 are too many", () => {
    expect(checkSkillName("ﬁ".repeat(32)).problems).toEqual([]);
    expect(checkSkillName("ﬁ".repeat(33)).problems).toEqual([expect.stringContaining("is 66 characters long")]);
  });

  it("SK-1 a name is NFKC-normalised: fullwidth letters are the ASCII ones", () => {
    expect(checkSkillName("ｅｘｐｌａｉｎ－ｂｉｌｌ").problems).toEqual([]);
    expect(parseSkillMd(skillMd("name: ｅｘｐｌａｉｎ－ｂｉｌｌ\ndescription: b")).name).toBe("explain-bill");
  });

  it("SK-1 uppercase letters and spaces are refused, naming them and suggesting a name", () => {
    expect(checkSkillName("Explain Bill").problems).toEqual([
      "the name 'Explain Bill' contains 'E', ' ' and 'B', which a name may not contain; use only lowercase ASCII letters, digits and hyphens (for example 'explain-bill').",
    ]);
  });

  // The Agent Skills reference validator's own cases (skills-ref tests/test_validator.py).
  it.each(["技能", "мой-навык", "навык", "café", "my-skill", "a".repeat(64)])(
    "SK-1 %j is a name, as the reference validator accepts it",
    (name) => {
      expect(checkSkillName(name).problems).toEqual([]);
    },
  );

  it.each(["MySkill", "НАВЫК"])("SK-1 %j is refused as not lowercase (reference validator)", (name) => {
    expect(checkSkillName(name).problems).toEqual([expect.stringContaining("lowercase")]);
  });

  it("SK-1 reference validator: too long, leading hyphen, doubled hyphen are refused", () => {
    expect(checkSkillName("a".repeat(70)).problems).toEqual([expect.stringContaining("is 70 characters long")]);
    expect(checkSkillName("-my-skill").problems).toEqual([expect.stringContaining("starts or ends with a hyphen")]);
    expect(checkSkillName("my--skill").problems).toEqual([expect.stringContaining("doubled hyphen")]);
  });

  it("SK-1 reference validator: the decomposed spelling of café is the composed one after NFKC", () => {
    const decomposed = "cafe\u0301";
    expect(decomposed).not.toBe("café");
    expect(checkSkillName(decomposed).problems).toEqual([]);
    expect(parseSkillMd(skillMd(`name: ${decomposed}\ndescription: b`)).name).toBe("café");
  });

  it("SK-1 a name with non-ASCII letters carries a portability warning with an ASCII suggestion", () => {
    expect(checkSkillName("café")).toEqual({
      problems: [],
      warnings: [
        "the name 'café' has characters outside ASCII; it is accepted (the Agent Skills reference validator accepts Unicode lowercase letters and digits), but some clients, file systems and URLs handle only ASCII names, so it may not be portable (an ASCII name would be 'cafe').",
      ],
    });
    expect(checkSkillName("技能").warnings).toEqual([expect.not.stringContaining("ASCII name would be")]);
    const parsed = parseSkillMd(skillMd("name: мой-навык\ndescription: b"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(/^frontmatter\.name: the name 'мой-навык' has characters outside ASCII/),
    ]);
  });

  it("SK-1 an uppercase Unicode name is refused naming its uppercase letters and a lowercase suggestion", () => {
    expect(checkSkillName("НАВЫК").problems).toEqual([
      "the name 'НАВЫК' has uppercase letters ('Н', 'А', 'В', 'Ы' and 'К'); a name must be lowercase (for example 'навык').",
    ]);
  });

  it("SK-1 a Unicode name with a space or a mark is refused naming the character", () => {
    expect(checkSkillName("мой навык").problems).toEqual([
      "the name 'мой навык' contains ' ', which a name may not contain; use only lowercase letters, digits and hyphens (for example 'мой-навык').",
    ]);
    expect(checkSkillName("技能!").problems).toEqual([expect.stringContaining("contains '!'")]);
  });

  it("SK-1 control characters in a name are shown escaped", () => {
    expect(checkSkillName("a\u0000b").problems[0]).toContain("'aU+0000b' contains 'U+0000'");
  });

  it.each(["-a", "a-", "-"])("SK-1 a leading or trailing hyphen (%j) is refused", (name) => {
    expect(checkSkillName(name).problems).toEqual([expect.stringContaining("starts or ends with a hyphen")]);
  });

  it("SK-1 a name with a doubled hyphen is refused", () => {
    expect(checkSkillName("explain--bill").problems).toEqual([
      "the name 'explain--bill' contains a doubled hyphen '--'; separate words with a single hyphen (for example 'explain-bill').",
    ]);
  });

  it("SK-1 underscores are accepted with a portability warning", () => {
    expect(checkSkillName("explain_bill")).toEqual({
      problems: [],
      warnings: [
        "the name 'explain_bill' contains an underscore; it is accepted here, but the Agent Skills specification allows only lowercase letters, digits and hyphens, so other clients may refuse it (for example 'explain-bill').",
      ],
    });
    const parsed = parseSkillMd(skillMd("name: explain_bill\ndescription: b"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(/^frontmatter\.name: the name 'explain_bill' contains an underscore/),
    ]);
  });

  it("SK-1 a very long name is cut short in the message", () => {
    const [message] = checkSkillName("X".repeat(10_000)).problems;
    expect(message?.length).toBeLessThan(300);
    expect(message).toContain("(10000 characters)");
  });
});

// --- properties (SEC-11) -------------------------------------------------------------------------------------

function hasNoInternalError(parsed: ParsedSkillMd): boolean {
  return parsed.problems.every((problem) => problem.path !== "SKILL.md");
}

const segment = fc.stringMatching(/^[a-z0-9]{1,10}$/);
const validName = fc
  .array(segment, { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join("-"))
  .filter((name) => name.length <= 64);
const validDescription = fc
  .string({ unit: "binary", minLength: 1, maxLength: 300 })
  // SEC-11: a NUL character is refused wherever it is, even written as a YAML escape.
  .filter((text) => text.trim() !== "" && codePointLength(text) <= 1024 && !text.includes("\u0000"));
const normalisedBody = fc
  .string({ unit: "binary", maxLength: 400 })
  .map((text) => text.replace(/\r/g, ""))
  .filter((text) => !/^[ \t]*\n/.test(text));

const yamlScalar = fc.oneof(fc.string({ unit: "binary" }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const { yamlValue } = fc.letrec((tie) => ({
  yamlValue: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    yamlScalar,
    fc.array(tie("yamlValue"), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie("yamlValue"), { maxKeys: 4 }),
  ),
}));
const frontmatterKey = fc.oneof(
  fc.constantFrom(
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
    "argument-hint",
    "__proto__",
  ),
  fc.string({ unit: "binary" }),
);
const frontmatterObject = fc.dictionary(frontmatterKey, yamlValue, { maxKeys: 8 });

describe("parseSkillMd: properties", () => {
  it("SEC-11 any string parses without throwing and gives problems or a name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), (text) => {
        const parsed = parseSkillMd(text);
        expect(parsed.problems.length > 0 || parsed.name !== "").toBe(true);
        expect(hasNoInternalError(parsed)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("SEC-11 any string inside frontmatter fences parses without throwing and gives problems or a name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 1000 }), fc.string({ maxLength: 100 }), (yaml, body) => {
        const parsed = parseSkillMd(`---\n${yaml}\n---\n${body}`);
        expect(parsed.problems.length > 0 || parsed.name !== "").toBe(true);
        expect(hasNoInternalError(parsed)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("SEC-11 SK-1 any frontmatter object serialised with yaml parses, keeping every top-level key", () => {
    let keysCompared = 0;
    fc.assert(
      fc.property(frontmatterObject, normalisedBody, (frontmatter, body) => {
        const parsed = parseSkillMd(`---\n${stringify(frontmatter)}---\n${body}`);
        expect(parsed.problems.length > 0 || parsed.name !== "").toBe(true);
        expect(hasNoInternalError(parsed)).toBe(true);
        if (!parsed.problems.some((problem) => problem.path === "frontmatter")) {
          keysCompared += 1;
          expect(Object.keys(parsed.frontmatter).sort()).toEqual(Object.keys(frontmatter).sort());
        }
      }),
      { numRuns: 300 },
    );
    // The key property would hold vacuously if every generated frontmatter were refused as a whole.
    expect(keysCompared).toBeGreaterThan(250);
  });

  it("SK-1 round trip: a valid generated skill parses back to the same name, description and instructions", () => {
    fc.assert(
      fc.property(validName, validDescription, normalisedBody, (name, description, body) => {
        const text = `---\n${stringify({ name, description })}---\n${body}`;
        const parsed = parseSkillMd(text);
        expect(parsed.problems).toEqual([]);
        expect(parsed.name).toBe(name);
        expect(parsed.description).toBe(description);
        expect(parsed.instructions).toBe(body);
        expect(parsed.skillMd).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("SK-1 checkSkillName accepts exactly the names made of lowercase (Unicode) words joined by single hyphens", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abz09-_A .éÉ技Н٣".split("")), maxLength: 70 }), (name) => {
        const expected = /^[\p{Ll}\p{Lo}\p{N}_]+(?:-[\p{Ll}\p{Lo}\p{N}_]+)*$/u.test(name) && name.length <= 64;
        expect(checkSkillName(name).problems.length === 0).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
