import { execFileSync } from "node:child_process";
import { existsSync, promises as fs, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";
import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Problem } from "../../platform/errors";
import { readZipBundle, writeZipBundle } from "./skill-zip";
import { readDirectoryBundle, writeDirectoryBundle } from "./skill-directory";
import type { BundleResult, SkillBundle } from "./skill-bundle-format";
import { DEFAULT_FILE_LIMITS, type SkillFileContent } from "./skill-files";
import { parseSkillMd } from "./skill-md";
import { craftZip, type CraftedEntry } from "../../../test/support/crafted-zip";

const EXAMPLES_DIR = nodePath.resolve(__dirname, "../../../../examples");

function skillMdText(
  name: string,
  description = "Explains a bill line by line. Use when a caller asks about a charge.",
): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nFollow the steps.\n`;
}

function textFile(path: string, text: string): SkillFileContent {
  return { path, content: strToU8(text) };
}

const EXPLAIN_BILL: SkillBundle = {
  skillMd: skillMdText("explain-bill"),
  files: [textFile("references/glossary.md", "# Glossary\n"), textFile("references/rates.md", "# Rates\n")],
};

function problemsOf(result: BundleResult): Problem[] {
  return result.ok ? [] : result.problems;
}

function messagesOf(result: BundleResult): string[] {
  return problemsOf(result).map((problem) => problem.message);
}

function expectBundle(result: BundleResult): { bundle: SkillBundle; folder: string } {
  if (!result.ok) throw new Error(`expected a bundle, got problems: ${JSON.stringify(result.problems, null, 2)}`);
  return result;
}

// --- a zip writer for crafted archives (fflate cannot write encrypted flags, lying sizes or unusual names) --------

function entry(name: string, text = "x", extra: Partial<CraftedEntry> = {}): CraftedEntry {
  return { name, data: strToU8(text), ...extra };
}

const skillEntry = (folder = "explain-bill", name = folder): CraftedEntry =>
  entry(`${folder}/SKILL.md`, skillMdText(name));

// --- zips --------------------------------------------------------------------------------------------------

describe("readZipBundle: layout", () => {
  it("SK-2 a zip with one top folder named after the skill and SKILL.md in it is read", async () => {
    const result = expectBundle(
      await readZipBundle(
        craftZip([entry("explain-bill/"), skillEntry(), entry("explain-bill/references/rates.md", "# Rates\n")]),
      ),
    );
    expect(result.folder).toBe("explain-bill");
    expect(result.bundle.skillMd).toBe(skillMdText("explain-bill"));
    expect(result.bundle.files).toEqual([textFile("references/rates.md", "# Rates\n")]);
  });

  it("SK-2 a zip whose SKILL.md is at its root takes the frontmatter name as its folder", async () => {
    const result = expectBundle(
      await readZipBundle(
        craftZip([entry("SKILL.md", skillMdText("refund-policy")), entry("scripts/a.py", "print(1)")]),
      ),
    );
    expect(result.folder).toBe("refund-policy");
    expect(result.bundle.files.map((file) => file.path)).toEqual(["scripts/a.py"]);
  });

  it("SK-2 a lowercase skill.md is accepted and becomes the SKILL.md", async () => {
    const result = expectBundle(
      await readZipBundle(craftZip([entry("explain-bill/skill.md", skillMdText("explain-bill"))])),
    );
    expect(result.bundle.skillMd).toBe(skillMdText("explain-bill"));
    expect(result.bundle.files).toEqual([]);
  });

  it("SK-2 SKILL.md and skill.md side by side: SKILL.md is the text, skill.md is refused as a file", async () => {
    const result = await readZipBundle(
      craftZip([skillEntry(), entry("explain-bill/skill.md", skillMdText("explain-bill"))]),
    );
    expect(messagesOf(result)).toEqual([
      "files[0] 'skill.md': SKILL.md is the version's own text (its skillMd), not one of its files; remove it from the files.",
    ]);
  });

  it("SK-2 a frontmatter name that is not the folder's name is refused", async () => {
    const result = await readZipBundle(craftZip([skillEntry("explain-bill", "refund-policy")]));
    expect(problemsOf(result)).toEqual([
      {
        path: "frontmatter.name",
        message:
          "frontmatter.name: the name 'refund-policy' is not the name of the bundle's folder 'explain-bill'; the folder must be named after the skill.",
      },
    ]);
  });

  it("SK-2 two top folders are refused", async () => {
    const result = await readZipBundle(craftZip([skillEntry(), entry("other/SKILL.md", skillMdText("other"))]));
    expect(messagesOf(result)).toEqual([
      "bundle: a skill zip must hold exactly one folder named after the skill with SKILL.md in it (or SKILL.md at its root); its top level holds 'explain-bill/', 'other/'.",
    ]);
  });

  it("SK-2 a folder without SKILL.md is refused", async () => {
    const result = await readZipBundle(
      craftZip([entry("explain-bill/README.md"), entry("explain-bill/deeper/SKILL.md", skillMdText("explain-bill"))]),
    );
    expect(messagesOf(result)).toEqual([
      "SKILL.md: there is no SKILL.md in the folder 'explain-bill'; a skill's folder must hold its SKILL.md.",
    ]);
  });

  it("SK-2 an empty zip is refused", async () => {
    expect(messagesOf(await readZipBundle(craftZip([])))).toEqual([
      "bundle: a skill zip must hold exactly one folder named after the skill with SKILL.md in it (or SKILL.md at its root); it holds no files.",
    ]);
  });

  it("SK-2 __MACOSX/ and .DS_Store entries are dropped and folder entries ignored", async () => {
    const result = expectBundle(
      await readZipBundle(
        craftZip([
          entry("__MACOSX/"),
          entry("__MACOSX/explain-bill/._SKILL.md", "\u0000\u0005junk"),
          entry("explain-bill/"),
          entry("explain-bill/.DS_Store", "junk"),
          entry("explain-bill/references/"),
          entry("explain-bill/references/.DS_Store", "junk"),
          skillEntry(),
          entry("explain-bill/references/rates.md", "r"),
        ]),
      ),
    );
    expect(result.bundle.files.map((file) => file.path)).toEqual(["references/rates.md"]);
  });

  it("SK-1 the SKILL.md of a bundle is checked: all its problems are reported", async () => {
    const result = await readZipBundle(
      craftZip([entry("explain-bill/SKILL.md", "---\nname: explain-bill\nlicense: [MIT]\n---\n")]),
    );
    expect(problemsOf(result).map((problem) => problem.path)).toEqual([
      "frontmatter.description",
      "frontmatter.license",
    ]);
  });

  it("SK-1 a SKILL.md that is not UTF-8 is refused", async () => {
    const result = await readZipBundle(
      craftZip([{ name: "explain-bill/SKILL.md", data: new Uint8Array([0x2d, 0x2d, 0x2d, 0xff, 0xfe]) }]),
    );
    expect(messagesOf(result)).toEqual([
      "SKILL.md: the file is not valid UTF-8 text; save it as UTF-8 and import it again.",
    ]);
  });

  it("SK-1 the SKILL.md of a bundle is normalised (BOM and CRLF)", async () => {
    const text = `\uFEFF${skillMdText("explain-bill").replace(/\n/g, "\r\n")}`;
    const result = expectBundle(await readZipBundle(craftZip([entry("explain-bill/SKILL.md", text)])));
    expect(result.bundle.skillMd).toBe(skillMdText("explain-bill"));
  });

  it("SK-2 file paths are returned in Unicode NFC, sorted", async () => {
    const result = expectBundle(
      await readZipBundle(
        craftZip([skillEntry(), entry("explain-bill/z.md"), entry("explain-bill/re\u0301sume\u0301.md")]),
      ),
    );
    expect(result.bundle.files.map((file) => file.path)).toEqual(["r\u00e9sum\u00e9.md", "z.md"]);
  });
});

describe("readZipBundle: hostile entries (SEC-11)", () => {
  it.each([
    ["../evil.sh", "a path may not contain a '..' segment."],
    ["explain-bill/../../evil.sh", "a path may not contain a '..' segment."],
    ["/etc/cron.d/evil", "a path must be relative to the skill's folder; it may not start with '/'."],
    ["C:/Windows/evil.dll", "a path must be relative to the skill's folder; it may not start with a drive letter."],
    ["explain-bill\\..\\evil", "a path must use '/' between folders; it may not contain a backslash."],
    ["explain-bill/a\u0000b", "a path may not contain control characters; it contains U+0000."],
  ])("SEC-11 a zip entry named %j is refused before anything is written", async (name, reason) => {
    const result = await readZipBundle(craftZip([skillEntry(), entry(name)]));
    expect(problemsOf(result)).toEqual([
      { path: "entries[1]", message: `entries[1] '${name.replace("\u0000", "U+0000")}': ${reason}` },
    ]);
  });

  it("SEC-11 a zip entry with ../ inside __MACOSX is dropped, not written", async () => {
    expectBundle(await readZipBundle(craftZip([entry("__MACOSX/../x"), skillEntry()])));
  });

  it("SEC-11 a directory entry with ../ is refused too", async () => {
    expect(
      problemsOf(await readZipBundle(craftZip([entry("../"), skillEntry()]))).map((problem) => problem.path),
    ).toEqual(["entries[0]"]);
  });

  it("SEC-11 SK-5 every hostile entry of one zip is reported together", async () => {
    const result = await readZipBundle(
      craftZip([
        entry("../a"),
        skillEntry(),
        entry("explain-bill/link", "/etc/passwd", { unixMode: 0o120777 }),
        entry("/b"),
      ]),
    );
    expect(problemsOf(result).map((problem) => problem.path)).toEqual(["entries[0]", "entries[2]", "entries[3]"]);
  });

  it("SEC-11 a symbolic link entry is refused", async () => {
    const result = await readZipBundle(
      craftZip([skillEntry(), entry("explain-bill/references/rates.md", "/etc/passwd", { unixMode: 0o120777 })]),
    );
    expect(messagesOf(result)).toEqual([
      "entries[1] 'explain-bill/references/rates.md': a symbolic link is refused; a bundle may hold only regular files and folders.",
    ]);
  });

  it("SEC-11 a device or pipe entry is refused", async () => {
    const result = await readZipBundle(
      craftZip([skillEntry(), entry("explain-bill/fifo", "", { unixMode: 0o010644 })]),
    );
    expect(messagesOf(result)).toEqual([
      "entries[1] 'explain-bill/fifo': the entry is a special file (a device, pipe or socket); a bundle may hold only regular files and folders.",
    ]);
  });

  it("SEC-11 an encrypted entry is refused", async () => {
    const result = await readZipBundle(
      craftZip([skillEntry(), entry("explain-bill/secret.md", "x", { deflate: true, flags: 0x1 })]),
    );
    expect(messagesOf(result)).toEqual([
      "entries[1] 'explain-bill/secret.md': the entry is encrypted; export the bundle without a password.",
    ]);
  });

  it("SEC-11 an entry with an unsupported compression method is refused", async () => {
    const result = await readZipBundle(craftZip([skillEntry(), entry("explain-bill/a.md", "x", { method: 12 })]));
    expect(messagesOf(result)).toEqual([
      "entries[1] 'explain-bill/a.md': the entry uses compression method 12; only stored and deflated entries can be read.",
    ]);
  });

  it("SEC-11 a zip with more entries than a bundle may have is refused before its entries are read", async () => {
    const limits = { maxFiles: 2, maxTotalBytes: 1024 };
    const entries = [skillEntry(), ...Array.from({ length: 100 }, (_, index) => entry(`explain-bill/${index}/`))];
    expect(messagesOf(await readZipBundle(craftZip(entries), limits))).toEqual([
      "bundle: the zip has 101 entries, more than the 76 a bundle may have (files, folders and __MACOSX entries together).",
    ]);
  });

  it("SK-2 more files than the limit are refused", async () => {
    const result = await readZipBundle(
      craftZip([skillEntry(), entry("explain-bill/a"), entry("explain-bill/b"), entry("explain-bill/c")]),
      {
        maxFiles: 2,
        maxTotalBytes: 1024,
      },
    );
    expect(messagesOf(result)).toEqual(["files: there are 3 files, more than the 2 a version may carry."]);
  });

  it("SK-2 duplicate entries are refused", async () => {
    const result = await readZipBundle(
      craftZip([skillEntry(), entry("explain-bill/a.md"), entry("explain-bill/A.md")]),
    );
    expect(problemsOf(result).map((problem) => problem.path)).toEqual(["files[1]"]);
  });

  it("SEC-11 a highly compressed entry (100 MB of zeros) is refused from its declared size, before inflating", async () => {
    const zeros = new Uint8Array(100 * 1024 * 1024);
    const zip = zipSync(
      { "explain-bill/SKILL.md": strToU8(skillMdText("explain-bill")), "explain-bill/bomb.bin": zeros },
      { level: 9 },
    );
    expect(zip.byteLength).toBeLessThan(200 * 1024);
    const started = performance.now();
    const result = await readZipBundle(zip);
    expect(messagesOf(result)).toEqual([
      "files: the files add up to 100 MiB (104,857,600 bytes), more than the 8 MiB (8,388,608 bytes) a version may carry.",
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
  }, 60_000); // making the 100 MB bomb (the setup, not the read) takes seconds on a busy machine

  it("SEC-11 a zip bomb that lies about its size is stopped while inflating, without allocating its size", async () => {
    const zeros = Buffer.alloc(100 * 1024 * 1024);
    const zip = craftZip([
      skillEntry(),
      { name: "explain-bill/bomb.bin", data: zeros, deflate: true, declaredSize: 1000 },
    ]);
    const memoryBefore = process.memoryUsage();
    const result = await readZipBundle(zip);
    const memoryAfter = process.memoryUsage();
    expect(problemsOf(result)).toEqual([
      {
        path: "entries[1]",
        // stopped by yauzl's check of the actual size against the declared one, or by the running total cap
        message: expect.stringMatching(
          /^entries\[1\] 'explain-bill\/bomb\.bin': (the file could not be read \(too many bytes|reading stopped)/,
        ),
      },
    ]);
    const grownBytes =
      memoryAfter.arrayBuffers + memoryAfter.heapUsed - (memoryBefore.arrayBuffers + memoryBefore.heapUsed);
    expect(grownBytes).toBeLessThan(32 * 1024 * 1024);
  });

  it("SEC-11 the SKILL.md itself is capped by the total size limit", async () => {
    const zip = zipSync({ "explain-bill/SKILL.md": new Uint8Array(2048) });
    expect(messagesOf(await readZipBundle(zip, { maxFiles: 10, maxTotalBytes: 1024 }))).toEqual([
      "SKILL.md: the SKILL.md is larger than the 1 KiB (1,024 bytes) a bundle may hold.",
    ]);
  });

  it("SEC-11 an entry whose checksum does not match its content is refused", async () => {
    const result = await readZipBundle(craftZip([skillEntry(), entry("explain-bill/a.md", "content", { crc: 1234 })]));
    expect(messagesOf(result)).toEqual([
      "entries[1] 'explain-bill/a.md': the file could not be read (its checksum does not match its content; the zip is damaged).",
    ]);
  });

  it.each([
    ["not a zip", strToU8("hello, I am not a zip")],
    ["empty", new Uint8Array()],
    ["truncated", writeZipBundle("explain-bill", EXPLAIN_BILL).slice(0, 100)],
  ])("SEC-11 an input that is %s is a clear problem, never a throw", async (_kind, bytes) => {
    const result = await readZipBundle(bytes);
    expect(result.ok).toBe(false);
    expect(messagesOf(result)).toEqual([
      expect.stringMatching(
        /^bundle: the upload is not a readable zip archive \(.+\); export the skill's folder as a \.zip file\.$/,
      ),
    ]);
  });

  it("SEC-11 a zip whose central directory is damaged is a clear problem", async () => {
    const zip = writeZipBundle("explain-bill", EXPLAIN_BILL);
    const centralDirectoryOffset = Buffer.from(zip).readUInt32LE(zip.byteLength - 6);
    zip[centralDirectoryOffset] = 0; // break the first central header's signature
    expect(messagesOf(await readZipBundle(zip))).toEqual([
      expect.stringMatching(/^bundle: the zip archive is damaged and could not be read/),
    ]);
  });
});

describe("writeZipBundle", () => {
  it("SK-2 a written zip holds one folder named after the skill with SKILL.md in it", async () => {
    const { unzipSync } = await import("fflate");
    const names = Object.keys(unzipSync(writeZipBundle("explain-bill", EXPLAIN_BILL))).sort();
    expect(names).toEqual([
      "explain-bill/SKILL.md",
      "explain-bill/references/glossary.md",
      "explain-bill/references/rates.md",
    ]);
  });

  it("SK-2 writeZipBundle then readZipBundle gives back the same bundle", async () => {
    const result = expectBundle(await readZipBundle(writeZipBundle("explain-bill", EXPLAIN_BILL)));
    expect(result).toEqual({ ok: true, bundle: EXPLAIN_BILL, folder: "explain-bill" });
  });

  it("SK-2 the same bundle always makes the same bytes", () => {
    expect(writeZipBundle("explain-bill", EXPLAIN_BILL)).toEqual(writeZipBundle("explain-bill", EXPLAIN_BILL));
  });

  it("SEC-11 unsafe content is never written into a zip", () => {
    expect(() => writeZipBundle("explain-bill", { skillMd: "x", files: [textFile("../evil", "x")] })).toThrow(
      /'\.\.\/evil': a path may not contain a '\.\.' segment/,
    );
    expect(() => writeZipBundle("../up", EXPLAIN_BILL)).toThrow(/name: the name '\.\.\/up' contains/);
  });
});

// --- directories ------------------------------------------------------------------------------------------

describe("directories", () => {
  let workDir = "";
  beforeAll(async () => {
    workDir = await fs.mkdtemp(nodePath.join(tmpdir(), "skill-bundle-"));
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  async function skillFolder(
    name: string,
    files: Record<string, string> = {},
    skillMd = skillMdText(name),
  ): Promise<string> {
    const folder = await fs.mkdtemp(nodePath.join(workDir, "case-"));
    const skillDir = nodePath.join(folder, name);
    await fs.mkdir(skillDir);
    await fs.writeFile(nodePath.join(skillDir, "SKILL.md"), skillMd);
    for (const [path, text] of Object.entries(files)) {
      await fs.mkdir(nodePath.dirname(nodePath.join(skillDir, path)), { recursive: true });
      await fs.writeFile(nodePath.join(skillDir, path), text);
    }
    return skillDir;
  }

  it("SK-2 a skill folder is read, its files relative to it", async () => {
    const dir = await skillFolder("explain-bill", {
      "references/rates.md": "# Rates\n",
      "scripts/run.sh": "echo hi\n",
    });
    const result = expectBundle(await readDirectoryBundle(dir));
    expect(result.folder).toBe("explain-bill");
    expect(result.bundle.files).toEqual([
      textFile("references/rates.md", "# Rates\n"),
      textFile("scripts/run.sh", "echo hi\n"),
    ]);
  });

  it("SK-2 writeDirectoryBundle then readDirectoryBundle gives back the same bundle", async () => {
    const parent = await fs.mkdtemp(nodePath.join(workDir, "export-"));
    const folder = await writeDirectoryBundle(parent, "explain-bill", EXPLAIN_BILL);
    expect(folder).toBe(nodePath.join(parent, "explain-bill"));
    expect(await readDirectoryBundle(folder)).toEqual({ ok: true, bundle: EXPLAIN_BILL, folder: "explain-bill" });
  });

  it("SK-2 writeDirectoryBundle does not write into a folder that exists", async () => {
    const parent = await fs.mkdtemp(nodePath.join(workDir, "export-"));
    await fs.mkdir(nodePath.join(parent, "explain-bill"));
    await expect(writeDirectoryBundle(parent, "explain-bill", EXPLAIN_BILL)).rejects.toThrow(/EEXIST/);
  });

  it("SEC-11 writeDirectoryBundle refuses unsafe paths and writes nothing", async () => {
    const parent = await fs.mkdtemp(nodePath.join(workDir, "export-"));
    const bundle = { skillMd: "x", files: [textFile("ok.md", "x"), textFile("../../evil", "x")] };
    await expect(writeDirectoryBundle(parent, "explain-bill", bundle)).rejects.toThrow(
      /a path may not contain a '\.\.' segment/,
    );
    expect(await fs.readdir(parent)).toEqual([]);
  });

  it("SK-2 a folder whose name is not the frontmatter name is refused", async () => {
    const dir = await skillFolder("explain-bill", {}, skillMdText("refund-policy"));
    expect(problemsOf(await readDirectoryBundle(dir)).map((problem) => problem.path)).toEqual(["frontmatter.name"]);
  });

  it("SK-2 a lowercase skill.md is accepted", async () => {
    const dir = await skillFolder("explain-bill");
    await fs.rename(nodePath.join(dir, "SKILL.md"), nodePath.join(dir, "skill.md"));
    expect(expectBundle(await readDirectoryBundle(dir)).bundle.skillMd).toBe(skillMdText("explain-bill"));
  });

  it("SK-2 a folder without SKILL.md is refused", async () => {
    const dir = await skillFolder("explain-bill");
    await fs.rm(nodePath.join(dir, "SKILL.md"));
    expect(messagesOf(await readDirectoryBundle(dir))).toEqual([
      "SKILL.md: there is no SKILL.md in the folder 'explain-bill'; a skill's folder must hold its SKILL.md.",
    ]);
  });

  it("SK-2 .DS_Store files and __MACOSX folders are dropped", async () => {
    const dir = await skillFolder("explain-bill", {
      ".DS_Store": "junk",
      "references/.DS_Store": "junk",
      "__MACOSX/x": "junk",
      "references/a.md": "a",
    });
    expect(expectBundle(await readDirectoryBundle(dir)).bundle.files.map((file) => file.path)).toEqual([
      "references/a.md",
    ]);
  });

  it("SEC-11 a symbolic link to a file outside the skill is refused", async () => {
    const dir = await skillFolder("explain-bill");
    await fs.mkdir(nodePath.join(dir, "references"));
    await fs.symlink("/etc/passwd", nodePath.join(dir, "references", "rates.md"));
    expect(messagesOf(await readDirectoryBundle(dir))).toEqual([
      "directory 'references/rates.md': a symbolic link is refused; a bundle may hold only regular files and folders.",
    ]);
  });

  it("SEC-11 a symbolic link to a folder is refused, not followed", async () => {
    const dir = await skillFolder("explain-bill");
    await fs.symlink(workDir, nodePath.join(dir, "loop"));
    expect(messagesOf(await readDirectoryBundle(dir))).toEqual([
      "directory 'loop': a symbolic link is refused; a bundle may hold only regular files and folders.",
    ]);
  });

  it("SEC-11 a skill folder that is itself a symbolic link is refused", async () => {
    const dir = await skillFolder("explain-bill");
    const link = nodePath.join(nodePath.dirname(dir), "linked");
    await fs.symlink(dir, link);
    expect(messagesOf(await readDirectoryBundle(link))).toEqual([
      `directory: '${link}' is a symbolic link; give the path of the skill's folder itself.`,
    ]);
  });

  it("SEC-11 a folder that does not exist is a clear problem", async () => {
    const missing = nodePath.join(workDir, "missing");
    expect(messagesOf(await readDirectoryBundle(missing))).toEqual([
      `directory: '${missing}' does not exist; give the path of the skill's folder itself.`,
    ]);
  });

  it.runIf(process.platform !== "win32")(
    "SEC-11 a file name with a backslash or a control character is refused",
    async () => {
      const dir = await skillFolder("explain-bill", { "a\\b.md": "x", "c\nd.md": "y" });
      expect(messagesOf(await readDirectoryBundle(dir))).toEqual([
        "directory 'a\\b.md': a path must use '/' between folders; it may not contain a backslash.",
        "directory 'cU+000Ad.md': a path may not contain control characters; it contains U+000A.",
      ]);
    },
  );

  it.runIf(process.platform !== "win32")("SEC-11 a named pipe is refused without hanging", async () => {
    const dir = await skillFolder("explain-bill");
    execFileSync("mkfifo", [nodePath.join(dir, "pipe")]);
    expect(messagesOf(await readDirectoryBundle(dir))).toEqual([
      "directory 'pipe': a special file (a device, pipe or socket) is refused; a bundle may hold only regular files and folders.",
    ]);
  });

  it("SK-2 the size and count limits apply to directories, before reading", async () => {
    const dir = await skillFolder("explain-bill", { "a.md": "x".repeat(600), "b.md": "y".repeat(600) });
    expect(messagesOf(await readDirectoryBundle(dir, { maxFiles: 1, maxTotalBytes: 1024 }))).toEqual([
      "files: there are 2 files, more than the 1 a version may carry.",
      "files: the files add up to 1.2 KiB (1,200 bytes), more than the 1 KiB (1,024 bytes) a version may carry.",
    ]);
  });

  it("SEC-11 a folder with more entries than a bundle may have is refused without walking all of it", async () => {
    const files = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`d${index}/x.md`, "x"]));
    const dir = await skillFolder("explain-bill", files);
    expect(messagesOf(await readDirectoryBundle(dir, { maxFiles: 2, maxTotalBytes: 1024 }))).toEqual([
      "directory: the folder holds more than 76 files and folders, more than a bundle may have.",
    ]);
  });
});

// --- the examples -------------------------------------------------------------------------------------------

describe("examples", () => {
  const skillsDir = nodePath.join(EXAMPLES_DIR, "skills");
  const exampleNames = existsSync(skillsDir) ? readdirSync(skillsDir).sort() : [];

  it("SK-1 SK-2 there are the four example skills", () => {
    expect(exampleNames).toEqual(["explain-bill", "refund-policy", "schedule-callback", "verify-identity"]);
  });

  it.each(exampleNames)(
    "SK-1 SK-2 examples/skills/%s parses with no problems and reads back as a bundle",
    async (name) => {
      const dir = nodePath.join(skillsDir, name);
      const parsed = parseSkillMd(await fs.readFile(nodePath.join(dir, "SKILL.md"), "utf8"));
      expect(parsed.problems).toEqual([]);
      expect(parsed.publishProblems).toEqual([]);
      expect(parsed.warnings).toEqual([]);
      expect(parsed.name).toBe(name);
      expect(parsed.frontmatter).toHaveProperty("license");
      expect(parsed.frontmatter).toHaveProperty("metadata");
      const lines = parsed.instructions.split("\n").length;
      expect(lines).toBeGreaterThanOrEqual(30);
      expect(lines).toBeLessThanOrEqual(80);

      const result = expectBundle(await readDirectoryBundle(dir));
      expect(result.folder).toBe(name);
      expect(result.bundle.skillMd).toBe(parsed.skillMd);
      expect(result.bundle.files.length).toBeGreaterThan(0);
      expect(expectBundle(await readZipBundle(writeZipBundle(name, result.bundle)))).toEqual(result);
    },
  );

  it("SK-3 examples/demo-tools.json gives each tool of an example skill a name, a description, an object schema and a webhook", () => {
    const tools = JSON.parse(readFileSync(nodePath.join(EXAMPLES_DIR, "demo-tools.json"), "utf8")) as Record<
      string,
      unknown[]
    >;
    expect(Object.keys(tools).sort()).toEqual(["explain-bill", "schedule-callback", "verify-identity"]);
    expect(
      Object.values(tools)
        .flat()
        .map((tool) => (tool as { name: string }).name)
        .sort(),
    ).toEqual(["book_callback", "get_invoices", "send_verification_code"]);
    for (const [skill, list] of Object.entries(tools)) {
      expect(exampleNames).toContain(skill);
      for (const tool of list) {
        expect(tool).toMatchObject({
          name: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
          description: expect.any(String),
          parameters: { type: "object", properties: expect.any(Object) },
          webhookUrl: expect.stringMatching(/^https:\/\/example\.com\/hooks\//),
        });
      }
    }
  });
});

// --- properties (SEC-11) -----------------------------------------------------------------------------------------

const pathSegment = fc
  .stringMatching(/^[a-zA-Z0-9_][a-zA-Z0-9_ .-]{0,11}$/)
  .filter((segment) => segment !== "." && segment !== "..");
const bundleFile = fc.record({
  path: fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join("/")),
  content: fc.uint8Array({ maxLength: 2048 }),
});
const bundleFiles = fc
  .uniqueArray(bundleFile, { maxLength: 12, selector: (file) => file.path.toLowerCase() })
  // a file and a folder of the same name cannot both exist
  .filter((files) =>
    files.every((a) => files.every((b) => !b.path.toLowerCase().startsWith(`${a.path.toLowerCase()}/`))),
  )
  .filter((files) => files.every((file) => file.path.toLowerCase() !== "skill.md"));
const skillName = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join("-"));

/** A crafted zip of a valid skill: SKILL.md and regular files, each stored or deflated, with or without a data descriptor flag. */
const validCraftedZip = fc
  .record({
    files: bundleFiles,
    deflate: fc.boolean(),
    flags: fc.constantFrom(0, 8),
    mode: fc.constantFrom(0, 0o100644),
  })
  .map(({ files, deflate, flags, mode }) => ({
    entries: [
      { name: "explain-bill/SKILL.md", data: strToU8(skillMdText("explain-bill")), deflate, flags, unixMode: mode },
      ...files.map((file) => ({
        name: `explain-bill/${file.path}`,
        data: file.content,
        deflate,
        flags,
        unixMode: mode,
      })),
    ],
    expected: sortedByPath(files).map((file) => ({ path: file.path, content: new Uint8Array(file.content) })) as
      SkillFileContent[] | null,
  }));

function sortedByPath(files: SkillFileContent[]): SkillFileContent[] {
  return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

describe("bundles: properties", () => {
  it("SEC-11 SK-2 zip round trip: writeZipBundle then readZipBundle returns the same files", async () => {
    await fc.assert(
      fc.asyncProperty(skillName, bundleFiles, async (name, files) => {
        const bundle = { skillMd: skillMdText(name), files };
        const result = expectBundle(await readZipBundle(writeZipBundle(name, bundle)));
        expect(result.folder).toBe(name);
        expect(result.bundle.skillMd).toBe(bundle.skillMd);
        expect(result.bundle.files).toEqual(
          sortedByPath(files).map((file) => ({ path: file.path, content: new Uint8Array(file.content) })),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("SEC-11 random bytes given to readZipBundle resolve to a refusal, never a rejection or a hang", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        const result = await readZipBundle(bytes);
        expect(result.ok).toBe(false);
        expect(problemsOf(result).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it("SEC-11 a valid zip with random bytes overwritten resolves, never rejects or hangs", async () => {
    const zip = writeZipBundle("explain-bill", EXPLAIN_BILL);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: zip.byteLength - 1 }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (changes) => {
          const damaged = zip.slice();
          for (const [at, value] of changes) damaged[at] = value;
          const result = await readZipBundle(damaged);
          if (result.ok) expect(result.folder).toBe("explain-bill");
          else expect(result.problems.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("SEC-11 crafted zips with random names, modes, flags and sizes resolve, and a bundle returned is always safe", async () => {
    const craftedEntry = fc.record({
      name: fc.oneof(
        fc.string({ unit: "binary", maxLength: 30 }),
        fc.constantFrom(
          "explain-bill/SKILL.md",
          "SKILL.md",
          "../x",
          "explain-bill/",
          "__MACOSX/a",
          "explain-bill/a/../../b",
        ),
      ),
      data: fc.uint8Array({ maxLength: 64 }),
      deflate: fc.boolean(),
      declaredSize: fc.option(fc.nat(), { nil: undefined }),
      flags: fc.constantFrom(0, 1, 8),
      unixMode: fc.constantFrom(0, 0o100644, 0o040755, 0o120777, 0o020644),
    });
    let accepted = 0;
    let validRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(craftedEntry, { maxLength: 6 }).map((entries) => ({ entries, expected: null })),
          validCraftedZip,
        ),
        async ({ entries, expected }) => {
          const result = await readZipBundle(craftZip(entries), DEFAULT_FILE_LIMITS);
          if (expected) {
            // A well-formed zip of a valid skill, however its entries are stored, is accepted with exactly its files.
            validRuns += 1;
            expect(expectBundle(result).bundle.files).toEqual(expected);
          }
          if (!result.ok) return;
          accepted += 1;
          for (const file of result.bundle.files) {
            expect(file.path.split("/")).not.toContain("..");
            expect(file.path.startsWith("/")).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
    // The property would hold vacuously if every zip were refused.
    expect(validRuns).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThanOrEqual(validRuns);
  });

  it("SEC-11 random directory trees resolve, and a bundle returned is exactly the regular files written", async () => {
    const parent = await fs.mkdtemp(nodePath.join(tmpdir(), "skill-tree-"));
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(bundleFiles, fc.boolean(), async (files, withSymlink) => {
          run += 1;
          const bundle = { skillMd: skillMdText("tree"), files };
          const folder = await writeDirectoryBundle(nodePath.join(parent, String(run)), "tree", bundle);
          if (withSymlink) await fs.symlink("/etc/passwd", nodePath.join(folder, "zz-link"));
          const result = await readDirectoryBundle(folder);
          if (withSymlink) expect(result.ok).toBe(false);
          else
            expect(expectBundle(result).bundle.files).toEqual(
              sortedByPath(files).map((file) => ({ path: file.path, content: new Uint8Array(file.content) })),
            );
        }),
        { numRuns: 40 },
      );
    } finally {
      await fs.rm(parent, { recursive: true, force: true });
    }
  });
});
