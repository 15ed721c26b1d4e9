import type { Problem } from "../../platform/errors";
import { codePointLabel, codePointLength, quote } from "../../platform/text";

/** One file a skill version carries besides its SKILL.md (SK-2). */
export interface SkillFileContent {
  path: string;
  content: Uint8Array;
}

export interface FileLimits {
  maxFiles: number;
  maxTotalBytes: number;
  /** SKILL_MD_MAX_BYTES: one SKILL.md (SEC-11); DEFAULT_SKILL_MD_MAX_BYTES when not given. */
  maxSkillMdBytes?: number;
}

/** api.md: `SKILL_MD_MAX_BYTES` defaults to 256 KiB, far above what the Agent Skills guidance asks of a SKILL.md. */
export const DEFAULT_SKILL_MD_MAX_BYTES = 262_144;

/** The SKILL.md limit, or null when `bytes` is within it. */
export function skillMdSizeProblem(bytes: number, limits: FileLimits): string | null {
  const max = limits.maxSkillMdBytes ?? DEFAULT_SKILL_MD_MAX_BYTES;
  if (bytes <= max) return null;
  return `SKILL.md: the SKILL.md is ${bytes} bytes long; at most ${max} bytes are accepted (SKILL_MD_MAX_BYTES). Move long reference material into files under references/ and point to them from the instructions.`;
}

export const DEFAULT_FILE_LIMITS: FileLimits = Object.freeze({ maxFiles: 200, maxTotalBytes: 8 * 1024 * 1024 });

export const FILE_PATH_MAX_LENGTH = 512;

/** A file as far as the list checks need it: its path and its size (declared or actual). */
export interface FileListEntry {
  path: string;
  size: number;
}

/**
 * Why a file path is refused, or null when it is a safe relative POSIX path (SK-2). The checks guard the
 * places a path is written to later: a directory export, a zip, a model's read_skill_file.
 */
export function checkFilePath(path: string): string | null {
  if (path === "") return "a path may not be empty.";
  const length = codePointLength(path);
  if (length > FILE_PATH_MAX_LENGTH) {
    return `a path may be at most ${FILE_PATH_MAX_LENGTH} characters long; this one has ${length}.`;
  }
  const control = /[\p{Cc}\u2028\u2029]/u.exec(path);
  if (control) return `a path may not contain control characters; it contains ${codePointLabel(control[0])}.`;
  if (/\p{Cs}/u.test(path)) return "a path must be valid Unicode text; it contains a lone surrogate code unit.";
  if (path.includes("\\")) return "a path must use '/' between folders; it may not contain a backslash.";
  if (path.startsWith("/")) return "a path must be relative to the skill's folder; it may not start with '/'.";
  if (/^[A-Za-z]:/.test(path))
    return "a path must be relative to the skill's folder; it may not start with a drive letter.";
  const segments = path.split("/");
  if (segments.includes("..")) return "a path may not contain a '..' segment.";
  if (segments.includes(".")) return "a path may not contain a '.' segment.";
  if (segments.includes(""))
    return "a path may not contain an empty segment ('//') or end with '/'; name a file, not a folder.";
  return null;
}

/** The form a path is stored in: Unicode NFC, so that the same name typed on macOS and Linux is one path. */
export function normaliseFilePath(path: string): string {
  return path.normalize("NFC");
}

/**
 * Two paths that would land on the same file when the bundle is written to a directory on a
 * case-insensitive file system (macOS, Windows) are duplicates too.
 */
function duplicateKey(path: string): string {
  return normaliseFilePath(path).toLowerCase();
}

function isSkillMdPath(path: string): boolean {
  return normaliseFilePath(path).toLowerCase() === "skill.md";
}

export function validateFiles(
  files: SkillFileContent[],
  limits: FileLimits = DEFAULT_FILE_LIMITS,
  place = "files",
): Problem[] {
  return validateFileList(
    files.map((file) => ({ path: file.path, size: file.content.byteLength })),
    limits,
    place,
  );
}

/**
 * Every problem of a list of files, by place and name (SK-5): unsafe paths, SKILL.md as a file, duplicates, a path
 * that is both a file and a folder, and the count and total size limits. Works on sizes alone, so that a bundle
 * can be checked before it is read.
 */
export function validateFileList(
  files: FileListEntry[],
  limits: FileLimits = DEFAULT_FILE_LIMITS,
  place = "files",
): Problem[] {
  const problems = pathReasons(files, place).flatMap((reason, index) => {
    if (reason === null) return [];
    const where = `${place}[${index}]`;
    return [{ path: where, message: `${where} ${quote(files[index]?.path ?? "")}: ${reason}` }];
  });
  return [...problems, ...checkLimits(files, limits, place)];
}

const SKILL_MD_AS_FILE =
  "SKILL.md is the version's own text (its skillMd), not one of its files; remove it from the files.";

/** Why each path is refused, or null; a path is compared only with the paths before it that are fine. */
function pathReasons(files: FileListEntry[], place: string): (string | null)[] {
  const indexByKey = new Map<string, number>();
  const named = (index: number): string => `${place}[${index}] ${quote(files[index]?.path ?? "")}`;
  const reasons = files.map((file, index) => {
    const reason = checkFilePath(file.path) ?? (isSkillMdPath(file.path) ? SKILL_MD_AS_FILE : null);
    if (reason !== null) return reason;
    const key = duplicateKey(file.path);
    const first = indexByKey.get(key);
    if (first === undefined) {
      indexByKey.set(key, index);
      return null;
    }
    return `the path is the same as ${named(first)} once Unicode-normalised and compared without case; every path must be different.`;
  });
  // A path under another file's path ('a' and 'a/b') cannot be written to a directory: 'a' cannot be both.
  return reasons.map((reason, index) => {
    if (reason !== null) return reason;
    const segments = duplicateKey(files[index]?.path ?? "").split("/");
    for (let depth = 1; depth < segments.length; depth += 1) {
      const fileIndex = indexByKey.get(segments.slice(0, depth).join("/"));
      if (fileIndex !== undefined) {
        return `its folder is the file ${named(fileIndex)}; a path cannot be both a file and a folder.`;
      }
    }
    return null;
  });
}

function checkLimits(files: FileListEntry[], limits: FileLimits, place: string): Problem[] {
  const problems: Problem[] = [];
  if (files.length > limits.maxFiles) {
    problems.push({
      path: place,
      message: `${place}: there are ${files.length} files, more than the ${limits.maxFiles} a version may carry.`,
    });
  }
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  if (totalBytes > limits.maxTotalBytes) {
    problems.push({
      path: place,
      message: `${place}: the files add up to ${formatBytes(totalBytes)}, more than the ${formatBytes(limits.maxTotalBytes)} a version may carry.`,
    });
  }
  return problems;
}

/** `8 MiB (8,388,608 bytes)`: the unit people think in, with the exact count beside it. */
export function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString("en-US")} bytes`;
  if (bytes < 1024) return exact;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KiB"] : [bytes / (1024 * 1024), "MiB"];
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${rounded} ${unit} (${exact})`;
}
