import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkFilePath,
  DEFAULT_FILE_LIMITS,
  normaliseFilePath,
  validateFileList,
  validateFiles,
  type SkillFileContent,
} from "./skill-files";

function file(path: string, size = 3): SkillFileContent {
  return { path, content: new Uint8Array(size) };
}

describe("checkFilePath", () => {
  it.each([
    "references/rates.md",
    "scripts/prorate.py",
    "assets/images/logo.png",
    "README.md",
    "references/skill.md",
    "notes with spaces.md",
    "données/résumé.md",
    "日本語/ファイル.txt",
    ".hidden",
    "a/.config/b",
    "...",
    "a..b/c..d",
    "time 10:30.md",
  ])("SK-2 %j is a safe relative path", (path) => {
    expect(checkFilePath(path)).toBeNull();
  });

  it.each([
    ["", "a path may not be empty."],
    ["/etc/passwd", "a path must be relative to the skill's folder; it may not start with '/'."],
    ["C:/Windows/x", "a path must be relative to the skill's folder; it may not start with a drive letter."],
    ["c:x", "a path must be relative to the skill's folder; it may not start with a drive letter."],
    ["references\\a.md", "a path must use '/' between folders; it may not contain a backslash."],
    ["..\\evil", "a path must use '/' between folders; it may not contain a backslash."],
    ["..", "a path may not contain a '..' segment."],
    ["../x", "a path may not contain a '..' segment."],
    ["references/../x", "a path may not contain a '..' segment."],
    ["a/..", "a path may not contain a '..' segment."],
    [".", "a path may not contain a '.' segment."],
    ["./a", "a path may not contain a '.' segment."],
    ["a/./b", "a path may not contain a '.' segment."],
    ["a//b", "a path may not contain an empty segment ('//') or end with '/'; name a file, not a folder."],
    ["references/", "a path may not contain an empty segment ('//') or end with '/'; name a file, not a folder."],
    ["a\u0000b", "a path may not contain control characters; it contains U+0000."],
    ["a\nb", "a path may not contain control characters; it contains U+000A."],
    ["a\u007Fb", "a path may not contain control characters; it contains U+007F."],
    ["a\u0085b", "a path may not contain control characters; it contains U+0085."],
    ["a\u2028b", "a path may not contain control characters; it contains U+2028."],
    ["a\uD800b", "a path must be valid Unicode text; it contains a lone surrogate code unit."],
  ])("SK-2 %j is refused", (path, reason) => {
    expect(checkFilePath(path)).toBe(reason);
  });

  it("SK-2 a path of 512 characters is accepted and one of 513 refused", () => {
    expect(checkFilePath(`a/${"x".repeat(510)}`)).toBeNull();
    expect(checkFilePath(`a/${"x".repeat(511)}`)).toBe("a path may be at most 512 characters long; this one has 513.");
  });

  it("SK-2 path length is counted in characters: 512 emoji are accepted", () => {
    expect(checkFilePath("😀".repeat(512))).toBeNull();
    expect(checkFilePath("😀".repeat(513))).toMatch(/this one has 513\.$/);
  });
});

describe("normaliseFilePath", () => {
  it("SK-2 paths are stored in Unicode NFC", () => {
    expect(normaliseFilePath("re\u0301sume\u0301.md")).toBe("r\u00e9sum\u00e9.md");
    expect(normaliseFilePath("references/rates.md")).toBe("references/rates.md");
  });
});

describe("validateFiles", () => {
  it("SK-2 the default limits are 200 files and 8 MiB", () => {
    expect(DEFAULT_FILE_LIMITS).toEqual({ maxFiles: 200, maxTotalBytes: 8 * 1024 * 1024 });
  });

  it("SK-2 valid files have no problems", () => {
    expect(validateFiles([file("references/a.md"), file("scripts/b.py"), file("references/SKILL.md")])).toEqual([]);
  });

  it("SK-5 a refused path is named by place and name", () => {
    expect(validateFiles([file("a.md"), file("b.md"), file("c.md"), file("references/../x")])).toEqual([
      { path: "files[3]", message: "files[3] 'references/../x': a path may not contain a '..' segment." },
    ]);
  });

  it("SK-5 the place can be given, for files nested in another input", () => {
    expect(validateFiles([file("/x")], DEFAULT_FILE_LIMITS, "input.files")).toEqual([
      {
        path: "input.files[0]",
        message: "input.files[0] '/x': a path must be relative to the skill's folder; it may not start with '/'.",
      },
    ]);
  });

  it("SK-5 all problems are reported together, not only the first", () => {
    const problems = validateFiles([file("../a"), file("ok.md"), file("b\\c"), file("/d"), file("ok.md")]);
    expect(problems.map((problem) => problem.path)).toEqual(["files[0]", "files[2]", "files[3]", "files[4]"]);
  });

  it("SK-2 SKILL.md is not allowed as a file: it is the version's skillMd", () => {
    expect(validateFiles([file("SKILL.md"), file("skill.md")])).toEqual([
      {
        path: "files[0]",
        message:
          "files[0] 'SKILL.md': SKILL.md is the version's own text (its skillMd), not one of its files; remove it from the files.",
      },
      {
        path: "files[1]",
        message:
          "files[1] 'skill.md': SKILL.md is the version's own text (its skillMd), not one of its files; remove it from the files.",
      },
    ]);
  });

  it("SK-2 two paths that are the same after Unicode normalisation are duplicates", () => {
    const composed = "r\u00e9sum\u00e9.md";
    const decomposed = "re\u0301sume\u0301.md";
    expect(validateFiles([file(composed), file(decomposed)])).toEqual([
      {
        path: "files[1]",
        message: `files[1] '${decomposed}': the path is the same as files[0] '${composed}' once Unicode-normalised and compared without case; every path must be different.`,
      },
    ]);
  });

  it("SK-2 two paths that differ only in case are duplicates (they would collide on macOS and Windows)", () => {
    expect(
      validateFiles([file("references/Rates.md"), file("references/rates.md")]).map((problem) => problem.path),
    ).toEqual(["files[1]"]);
  });

  it("SK-2 a path that is both a file and a folder is refused", () => {
    expect(validateFiles([file("references/a.md"), file("References"), file("references/b/c.md")])).toEqual([
      {
        path: "files[0]",
        message:
          "files[0] 'references/a.md': its folder is the file files[1] 'References'; a path cannot be both a file and a folder.",
      },
      {
        path: "files[2]",
        message:
          "files[2] 'references/b/c.md': its folder is the file files[1] 'References'; a path cannot be both a file and a folder.",
      },
    ]);
  });

  it("SK-2 200 files are accepted and 201 refused", () => {
    const files = Array.from({ length: 201 }, (_, index) => file(`references/${index}.md`, 1));
    expect(validateFiles(files.slice(0, 200))).toEqual([]);
    expect(validateFiles(files)).toEqual([
      { path: "files", message: "files: there are 201 files, more than the 200 a version may carry." },
    ]);
  });

  it("SK-2 8 MiB of files in all is accepted and one byte more refused", () => {
    const eightMiB = 8 * 1024 * 1024;
    expect(
      validateFileList([
        { path: "a.bin", size: eightMiB - 1 },
        { path: "b.bin", size: 1 },
      ]),
    ).toEqual([]);
    expect(validateFiles([file("a.bin", eightMiB), file("b.bin", 1)])).toEqual([
      {
        path: "files",
        message:
          "files: the files add up to 8.0 MiB (8,388,609 bytes), more than the 8 MiB (8,388,608 bytes) a version may carry.",
      },
    ]);
  });

  it("SK-2 limits can be set", () => {
    const problems = validateFiles([file("a", 10), file("b", 10)], { maxFiles: 1, maxTotalBytes: 15 });
    expect(problems.map((problem) => problem.message)).toEqual([
      "files: there are 2 files, more than the 1 a version may carry.",
      "files: the files add up to 20 bytes, more than the 15 bytes a version may carry.",
    ]);
  });

  it("SK-5 a hostile path is quoted escaped and cut short in its message", () => {
    const [problem] = validateFiles([file(`${"x".repeat(600)}\u0000`)]);
    expect(problem?.message).toMatch(
      /^files\[0\] 'x{80}…' \(601 characters\): a path may be at most 512 characters long/,
    );
  });
});

// --- properties (SEC-11) -------------------------------------------------------------------------------------

const safeCharacter = fc.oneof(
  fc.constantFrom(..."abcxyzABZ0189-_.~ ()+,;=@!'".split("")),
  fc.constantFrom("é", "ß", "ø", "日", "本", "😀", "\u0301"),
);
const safeSegment = fc
  .string({ unit: safeCharacter, minLength: 1, maxLength: 12 })
  .filter((segment) => segment !== "." && segment !== "..");
const safePath = fc
  .array(safeSegment, { minLength: 1, maxLength: 8 })
  .map((segments) => segments.join("/"))
  .filter((path) => [...path].length <= 512);
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
  .map((codePoint) => String.fromCodePoint(codePoint));

function insertAt(path: string, position: number, inserted: string): string {
  const at = position % (path.length + 1);
  return path.slice(0, at) + inserted + path.slice(at);
}

describe("checkFilePath: properties", () => {
  it("SEC-11 SK-2 generated safe paths are accepted", () => {
    fc.assert(
      fc.property(safePath, (path) => {
        expect(checkFilePath(path)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("SEC-11 SK-2 any path with a '..' segment is refused", () => {
    fc.assert(
      fc.property(fc.array(safeSegment, { maxLength: 6 }), fc.nat(), (segments, position) => {
        const at = position % (segments.length + 1);
        const path = [...segments.slice(0, at), "..", ...segments.slice(at)].join("/");
        expect(checkFilePath(path)).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("SEC-11 SK-2 any path with a leading '/' is refused", () => {
    fc.assert(
      fc.property(safePath, (path) => {
        expect(checkFilePath(`/${path}`)).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("SEC-11 SK-2 any path with a backslash is refused", () => {
    fc.assert(
      fc.property(safePath, fc.nat(), (path, position) => {
        expect(checkFilePath(insertAt(path, position, "\\"))).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("SEC-11 SK-2 any path with a control character is refused", () => {
    fc.assert(
      fc.property(safePath, fc.nat(), controlCharacter, (path, position, control) => {
        expect(checkFilePath(insertAt(path, position, control))).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("SEC-11 any string is either refused or a path that cannot leave the skill's folder", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (path) => {
        if (checkFilePath(path) !== null) {
          refused += 1;
          return;
        }
        accepted += 1;
        const segments = path.split("/");
        expect(path.startsWith("/") || path.includes("\\") || segments.includes("..") || segments.includes("")).toBe(
          false,
        );
        expect(/\p{Cc}/u.test(path)).toBe(false);
      }),
      { numRuns: 2000 },
    );
    // The property would hold vacuously if every string were refused (or none were).
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(100);
  });

  it("SEC-11 validateFiles reports a problem for every unsafe path, with its place", () => {
    let unsafe = 0;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 20 }), { maxLength: 20 }), (paths) => {
        const problems = validateFiles(paths.map((path) => file(path)));
        paths.forEach((path, index) => {
          if (checkFilePath(path) === null) return;
          unsafe += 1;
          expect(problems.some((problem) => problem.path === `files[${index}]`)).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
    // The property would hold vacuously if no generated path were unsafe.
    expect(unsafe).toBeGreaterThan(100);
  });
});
