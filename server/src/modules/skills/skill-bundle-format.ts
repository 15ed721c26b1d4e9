import type { Problem } from "../../platform/errors";
import { quote } from "../../platform/text";
import {
  DEFAULT_SKILL_MD_MAX_BYTES,
  formatBytes,
  normaliseFilePath,
  skillMdSizeProblem,
  validateFileList,
  validateFiles,
  type FileLimits,
  type SkillFileContent,
} from "./skill-files";
import { parseSkillMd } from "./skill-md";
import { checkSkillName, normaliseSkillName } from "./skill-name";

// The Agent Skills layout (SK-2), whatever carries it: find SKILL.md, read and check every file, assemble a bundle.
/** One version's content as a bundle in the Agent Skills layout (SK-2); `files` never holds SKILL.md. */
export interface SkillBundle {
  skillMd: string;
  files: SkillFileContent[];
}

export type BundleResult = { ok: true; bundle: SkillBundle; folder: string } | { ok: false; problems: Problem[] };

export const SKILL_MD = "SKILL.md";
// Exports are byte-for-byte reproducible: the same bundle always makes the same zip.

/**
 * How many entries a source may list in all: each file may come with a folder entry and a `__MACOSX` twin,
 * so this is generous for real bundles while bounding the work a crafted one can cause.
 */
export function maxEntries(limits: FileLimits): number {
  return 4 * (limits.maxFiles + 1) + 64;
}

// --- the steps shared by zips and directories --------------------------------------------------------------

export type ReadOutcome = { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean; reason: string };

/** A file found in a source, not read yet: `path` is relative to the source's root. */
export interface ListedFile {
  path: string;
  size: number;
  /** Where a refusal of this file points (`entries[3]`), and how a message names it (`entries[3] 'a/b.md'`). */
  problemPath: string;
  label: string;
  read: (maxBytes: number) => Promise<ReadOutcome>;
}

export interface Layout {
  /** `folder/` when the source holds one top folder, "" when SKILL.md is at its root. */
  prefix: string;
  /** The folder the name must equal; null when it is the frontmatter's name (SKILL.md at a zip's root). */
  folder: string | null;
}

export function isDroppedJunk(path: string): boolean {
  const segments = path.split("/");
  return segments.includes("__MACOSX") || segments.at(-1) === ".DS_Store";
}

export function isSkillMdName(name: string): boolean {
  return name === SKILL_MD || name === "skill.md";
}

/** One top folder with SKILL.md in it, or SKILL.md at the root (SK-2). */
export function singleFolderLayout(paths: string[], source: "zip" | "upload"): Layout | { problem: Problem } {
  if (paths.some(isSkillMdName)) return { prefix: "", folder: null };
  const tops = [...new Set(paths.map((path) => (path.includes("/") ? `${path.split("/")[0] ?? ""}/` : path)))];
  const [onlyTop] = tops;
  if (tops.length === 1 && onlyTop !== undefined && onlyTop.endsWith("/")) {
    return { prefix: onlyTop, folder: onlyTop.slice(0, -1) };
  }
  const found =
    tops.length === 0
      ? "it holds no files"
      : `its top level holds ${tops
          .slice(0, 5)
          .map((text) => quote(text))
          .join(", ")}${tops.length > 5 ? " and more" : ""}`;
  return {
    problem: {
      path: "bundle",
      message: `bundle: a skill ${source === "zip" ? "zip" : "upload"} must hold exactly one folder named after the skill with SKILL.md in it (or SKILL.md at its root); ${found}.`,
    },
  };
}

/** SKILL.md in the layout's folder, the exact spelling preferred over a lowercase `skill.md`. */
export function findSkillMd(listed: ListedFile[], prefix: string): ListedFile | undefined {
  return (
    listed.find((file) => file.path === `${prefix}${SKILL_MD}`) ??
    listed.find((file) => file.path === `${prefix}skill.md`)
  );
}

/** Checks everything that can be checked before reading, then reads within the limits, then parses SKILL.md. */
export async function assembleBundle(listed: ListedFile[], layout: Layout, limits: FileLimits): Promise<BundleResult> {
  const skillMdFile = findSkillMd(listed, layout.prefix);
  if (!skillMdFile) return refuse(noSkillMdProblem(layout));

  const files = listed
    .filter((file) => file !== skillMdFile)
    .map((file) => ({ ...file, path: normaliseFilePath(file.path.slice(layout.prefix.length)) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  // Declared sizes first: a bundle over the limits is refused before a byte of it is inflated.
  const declaredProblems = validateFileList(files, limits);
  const declaredSkillMd = skillMdSizeProblem(skillMdFile.size, limits);
  if (declaredSkillMd) declaredProblems.push({ path: SKILL_MD, message: declaredSkillMd });
  else if (skillMdFile.size > limits.maxTotalBytes) declaredProblems.push(skillMdTooLarge(limits));
  if (declaredProblems.length > 0) return refuse(...declaredProblems);

  const read = await readAll(skillMdFile, files, limits);
  if ("problems" in read) return refuse(...read.problems);

  return checkSkillMd(read.skillMd, read.files, layout);
}

export type ReadAllResult = { skillMd: Uint8Array; files: SkillFileContent[] } | { problems: Problem[] };

export async function readAll(
  skillMdFile: ListedFile,
  files: ListedFile[],
  limits: FileLimits,
): Promise<ReadAllResult> {
  // SEC-11: SKILL.md is read up to SKILL_MD_MAX_BYTES only.
  const skillMdMax = Math.min(limits.maxSkillMdBytes ?? DEFAULT_SKILL_MD_MAX_BYTES, limits.maxTotalBytes);
  const skillMd = await skillMdFile.read(skillMdMax);
  if (!skillMd.ok) {
    const tooLarge = skillMd.tooLarge ? skillMdSizeProblem(skillMdMax + 1, limits) : null;
    return { problems: [tooLarge ? { path: SKILL_MD, message: tooLarge } : readProblem(skillMdFile, skillMd, limits)] };
  }

  const problems: Problem[] = [];
  const contents: SkillFileContent[] = [];
  let bytesLeft = limits.maxTotalBytes;
  for (const file of files) {
    const outcome = await file.read(bytesLeft);
    if (!outcome.ok) {
      problems.push(readProblem(file, outcome, limits));
      if (outcome.tooLarge) break;
      continue;
    }
    bytesLeft -= outcome.bytes.byteLength;
    contents.push({ path: file.path, content: outcome.bytes });
  }
  return problems.length > 0 ? { problems } : { skillMd: skillMd.bytes, files: contents };
}

export function checkSkillMd(skillMdBytes: Uint8Array, files: SkillFileContent[], layout: Layout): BundleResult {
  const text = decodeUtf8(skillMdBytes);
  if (text === null) {
    return refuse({
      path: SKILL_MD,
      message: "SKILL.md: the file is not valid UTF-8 text; save it as UTF-8 and import it again.",
    });
  }
  const parsed = parseSkillMd(text);
  const problems = [...parsed.problems];
  // SK-1: the folder is compared after NFKC, as the name is (a folder typed decomposed on macOS is the same name).
  if (layout.folder !== null && parsed.name !== "" && parsed.name !== normaliseSkillName(layout.folder)) {
    problems.push({
      path: "frontmatter.name",
      message: `frontmatter.name: the name ${quote(parsed.name)} is not the name of the bundle's folder ${quote(layout.folder)}; the folder must be named after the skill.`,
    });
  }
  if (problems.length > 0) return refuse(...problems);
  return { ok: true, bundle: { skillMd: parsed.skillMd, files }, folder: parsed.name };
}

export function refuse(...problems: Problem[]): BundleResult {
  return { ok: false, problems };
}

export function noSkillMdProblem(layout: Layout): Problem {
  const where = layout.folder === null ? "at the root of the bundle" : `in the folder ${quote(layout.folder)}`;
  return {
    path: SKILL_MD,
    message: `SKILL.md: there is no SKILL.md ${where}; a skill's folder must hold its SKILL.md.`,
  };
}

export function skillMdTooLarge(limits: FileLimits): Problem {
  return {
    path: SKILL_MD,
    message: `SKILL.md: the SKILL.md is larger than the ${formatBytes(limits.maxTotalBytes)} a bundle may hold.`,
  };
}

export function readProblem(file: ListedFile, outcome: ReadOutcome & { ok: false }, limits: FileLimits): Problem {
  const message = outcome.tooLarge
    ? `${file.label}: reading stopped because the content went past the ${formatBytes(limits.maxTotalBytes)} a bundle may hold in all; the entry is larger than its declared size.`
    : `${file.label}: the file could not be read (${outcome.reason}).`;
  return { path: file.problemPath, message };
}

export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Exports write stored content, which was checked when it was saved; checking again keeps a bug from writing outside. */
export function assertWritable(name: string, bundle: SkillBundle): void {
  const nameProblems = checkSkillName(name).problems.map((message) => `name: ${message}`);
  const fileProblems = validateFiles(bundle.files, { maxFiles: Infinity, maxTotalBytes: Infinity }).map(
    (problem) => problem.message,
  );
  const problems = [...nameProblems, ...fileProblems];
  if (problems.length > 0) throw new Error(`The bundle cannot be written: ${problems.join(" ")}`);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
