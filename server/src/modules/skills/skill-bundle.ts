import { constants as fsConstants, promises as fs } from "node:fs";
import * as nodePath from "node:path";
import type { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { zipSync, type Zippable } from "fflate";
import * as yauzl from "yauzl";
import { quote, type Problem } from "./problem";
import {
  checkFilePath,
  DEFAULT_FILE_LIMITS,
  formatBytes,
  normaliseFilePath,
  validateFileList,
  validateFiles,
  DEFAULT_SKILL_MD_MAX_BYTES,
  skillMdSizeProblem,
} from "./skill-files";
import type { FileLimits, SkillFileContent } from "./skill-files";
import { checkSkillName, parseSkillMd } from "./skill-md";

/** One version's content as a bundle in the Agent Skills layout (SK-2); `files` never holds SKILL.md. */
export interface SkillBundle {
  skillMd: string;
  files: SkillFileContent[];
}

export type BundleResult = { ok: true; bundle: SkillBundle; folder: string } | { ok: false; problems: Problem[] };

const SKILL_MD = "SKILL.md";
const ZIP_METHOD_STORED = 0;
const ZIP_METHOD_DEFLATED = 8;
const UNIX_FILE_TYPE_MASK = 0o170000;
const UNIX_REGULAR_FILE = 0o100000;
const UNIX_DIRECTORY = 0o040000;
const UNIX_SYMLINK = 0o120000;
const READ_CHUNK_BYTES = 64 * 1024;
// Exports are byte-for-byte reproducible: the same bundle always makes the same zip.
const EXPORT_MTIME = new Date(2000, 0, 1);

/**
 * How many entries a source may list in all: each file may come with a folder entry and a `__MACOSX` twin,
 * so this is generous for real bundles while bounding the work a crafted one can cause.
 */
function maxEntries(limits: FileLimits): number {
  return 4 * (limits.maxFiles + 1) + 64;
}

// --- the steps shared by zips and directories --------------------------------------------------------------

type ReadOutcome = { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean; reason: string };

/** A file found in a source, not read yet: `path` is relative to the source's root. */
interface ListedFile {
  path: string;
  size: number;
  /** Where a refusal of this file points (`entries[3]`), and how a message names it (`entries[3] 'a/b.md'`). */
  problemPath: string;
  label: string;
  read: (maxBytes: number) => Promise<ReadOutcome>;
}

interface Layout {
  /** `folder/` when the source holds one top folder, "" when SKILL.md is at its root. */
  prefix: string;
  /** The folder the name must equal; null when it is the frontmatter's name (SKILL.md at a zip's root). */
  folder: string | null;
}

function isDroppedJunk(path: string): boolean {
  const segments = path.split("/");
  return segments.includes("__MACOSX") || segments.at(-1) === ".DS_Store";
}

function isSkillMdName(name: string): boolean {
  return name === SKILL_MD || name === "skill.md";
}

/** SKILL.md in the layout's folder, the exact spelling preferred over a lowercase `skill.md`. */
function findSkillMd(listed: ListedFile[], prefix: string): ListedFile | undefined {
  return (
    listed.find((file) => file.path === `${prefix}${SKILL_MD}`) ??
    listed.find((file) => file.path === `${prefix}skill.md`)
  );
}

/** Checks everything that can be checked before reading, then reads within the limits, then parses SKILL.md. */
async function assembleBundle(listed: ListedFile[], layout: Layout, limits: FileLimits): Promise<BundleResult> {
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

type ReadAllResult = { skillMd: Uint8Array; files: SkillFileContent[] } | { problems: Problem[] };

async function readAll(skillMdFile: ListedFile, files: ListedFile[], limits: FileLimits): Promise<ReadAllResult> {
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

function checkSkillMd(skillMdBytes: Uint8Array, files: SkillFileContent[], layout: Layout): BundleResult {
  const text = decodeUtf8(skillMdBytes);
  if (text === null) {
    return refuse({
      path: SKILL_MD,
      message: "SKILL.md: the file is not valid UTF-8 text; save it as UTF-8 and import it again.",
    });
  }
  const parsed = parseSkillMd(text);
  const problems = [...parsed.problems];
  if (layout.folder !== null && parsed.name !== "" && parsed.name !== layout.folder) {
    problems.push({
      path: "frontmatter.name",
      message: `frontmatter.name: the name ${quote(parsed.name)} is not the name of the bundle's folder ${quote(layout.folder)}; the folder must be named after the skill.`,
    });
  }
  if (problems.length > 0) return refuse(...problems);
  return { ok: true, bundle: { skillMd: parsed.skillMd, files }, folder: layout.folder ?? parsed.name };
}

function refuse(...problems: Problem[]): BundleResult {
  return { ok: false, problems };
}

function noSkillMdProblem(layout: Layout): Problem {
  const where = layout.folder === null ? "at the root of the bundle" : `in the folder ${quote(layout.folder)}`;
  return {
    path: SKILL_MD,
    message: `SKILL.md: there is no SKILL.md ${where}; a skill's folder must hold its SKILL.md.`,
  };
}

function skillMdTooLarge(limits: FileLimits): Problem {
  return {
    path: SKILL_MD,
    message: `SKILL.md: the SKILL.md is larger than the ${formatBytes(limits.maxTotalBytes)} a bundle may hold.`,
  };
}

function readProblem(file: ListedFile, outcome: ReadOutcome & { ok: false }, limits: FileLimits): Problem {
  const message = outcome.tooLarge
    ? `${file.label}: reading stopped because the content went past the ${formatBytes(limits.maxTotalBytes)} a bundle may hold in all; the entry is larger than its declared size.`
    : `${file.label}: the file could not be read (${outcome.reason}).`;
  return { path: file.problemPath, message };
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Collects a stream, stopping it as soon as it goes past `maxBytes`, so an oversized input never fills memory. */
function collectCapped(stream: Readable, maxBytes: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on("data", (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        stream.destroy();
        resolve({ ok: false, tooLarge: true, reason: `more than ${maxBytes} bytes` });
        return;
      }
      chunks.push(chunk);
    });
    stream.on("error", (error: Error) => resolve({ ok: false, tooLarge: false, reason: error.message }));
    stream.on("end", () => resolve({ ok: true, bytes: new Uint8Array(Buffer.concat(chunks, total)) }));
  });
}

// --- zips -------------------------------------------------------------------------------------------------

export async function readZipBundle(zip: Uint8Array, limits: FileLimits = DEFAULT_FILE_LIMITS): Promise<BundleResult> {
  let zipfile: yauzl.ZipFile | undefined;
  try {
    zipfile = await yauzl.fromBufferPromise(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false, // names are decoded and checked here, so that every bad name is reported by name
      validateEntrySizes: true,
      strictFileNames: true, // keep backslashes, to refuse them rather than silently turn them into folders
    });
  } catch (error) {
    return refuse({
      path: "bundle",
      message: `bundle: the upload is not a readable zip archive (${errorMessage(error)}); export the skill's folder as a .zip file.`,
    });
  }
  try {
    return await readOpenedZip(zipfile, limits);
  } catch (error) {
    return refuse({
      path: "bundle",
      message: `bundle: the zip archive is damaged and could not be read (${errorMessage(error)}).`,
    });
  } finally {
    zipfile.close();
  }
}

async function readOpenedZip(zipfile: yauzl.ZipFile, limits: FileLimits): Promise<BundleResult> {
  if (zipfile.entryCount > maxEntries(limits)) {
    return refuse({
      path: "bundle",
      message: `bundle: the zip has ${zipfile.entryCount} entries, more than the ${maxEntries(limits)} a bundle may have (files, folders and __MACOSX entries together).`,
    });
  }
  const problems: Problem[] = [];
  const listed: ListedFile[] = [];
  let index = 0;
  for await (const entry of zipfile.eachEntry()) {
    const checked = checkZipEntry(zipfile, entry, index);
    index += 1;
    if ("problem" in checked) problems.push(checked.problem);
    else if (checked.file) listed.push(checked.file);
  }
  if (problems.length > 0) return refuse(...problems);

  const layout = zipLayout(listed.map((file) => file.path));
  if ("problem" in layout) return refuse(layout.problem);
  return assembleBundle(listed, layout, limits);
}

type CheckedEntry = { file: ListedFile | null } | { problem: Problem };

/** Every check a zip entry gets before anything is inflated (SEC-11); null for entries that are skipped. */
function checkZipEntry(zipfile: yauzl.ZipFile, entry: yauzl.Entry, index: number): CheckedEntry {
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
  const problemPath = `entries[${index}]`;
  const label = `${problemPath} ${quote(name)}`;
  const problem = (reason: string): CheckedEntry => ({
    problem: { path: problemPath, message: `${label}: ${reason}` },
  });

  if (isDroppedJunk(name)) return { file: null };
  const isDirectory = name.endsWith("/");
  const pathReason = checkFilePath(isDirectory ? name.slice(0, -1) : name);
  if (pathReason !== null) return problem(pathReason);

  const fileType = (entry.externalFileAttributes >>> 16) & UNIX_FILE_TYPE_MASK;
  if (fileType === UNIX_SYMLINK)
    return problem("a symbolic link is refused; a bundle may hold only regular files and folders.");
  if (fileType !== 0 && fileType !== UNIX_REGULAR_FILE && fileType !== UNIX_DIRECTORY) {
    return problem(
      "the entry is a special file (a device, pipe or socket); a bundle may hold only regular files and folders.",
    );
  }
  if (isDirectory) return { file: null };
  if (entry.isEncrypted()) return problem("the entry is encrypted; export the bundle without a password.");
  if (entry.compressionMethod !== ZIP_METHOD_STORED && entry.compressionMethod !== ZIP_METHOD_DEFLATED) {
    return problem(
      `the entry uses compression method ${entry.compressionMethod}; only stored and deflated entries can be read.`,
    );
  }
  return {
    file: {
      path: name,
      size: entry.uncompressedSize,
      problemPath,
      label,
      read: (maxBytes) => readZipEntry(zipfile, entry, maxBytes),
    },
  };
}

async function readZipEntry(zipfile: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<ReadOutcome> {
  let stream: Readable;
  try {
    stream = await zipfile.openReadStreamPromise(entry);
  } catch (error) {
    return { ok: false, tooLarge: false, reason: errorMessage(error) };
  }
  const outcome = await collectCapped(stream, maxBytes);
  if (outcome.ok && crc32(outcome.bytes) !== entry.crc32) {
    return { ok: false, tooLarge: false, reason: "its checksum does not match its content; the zip is damaged" };
  }
  return outcome;
}

/** One top folder with SKILL.md in it, or SKILL.md at the root (SK-2). */
function zipLayout(paths: string[]): Layout | { problem: Problem } {
  if (paths.some(isSkillMdName)) return { prefix: "", folder: null };
  const tops = [...new Set(paths.map((path) => (path.includes("/") ? `${path.split("/")[0] ?? ""}/` : path)))];
  const [onlyTop] = tops;
  if (tops.length === 1 && onlyTop !== undefined && onlyTop.endsWith("/")) {
    return { prefix: onlyTop, folder: onlyTop.slice(0, -1) };
  }
  const found =
    tops.length === 0
      ? "it holds no files"
      : `its top level holds ${tops.slice(0, 5).map(quote).join(", ")}${tops.length > 5 ? " and more" : ""}`;
  return {
    problem: {
      path: "bundle",
      message: `bundle: a skill zip must hold exactly one folder named after the skill with SKILL.md in it (or SKILL.md at its root); ${found}.`,
    },
  };
}

/** A zip of one folder named `name` with SKILL.md and the files in it; throws if the content is not safe to write. */
export function writeZipBundle(name: string, bundle: SkillBundle): Uint8Array {
  assertWritable(name, bundle);
  const encoder = new TextEncoder();
  const entries: [string, Uint8Array][] = [
    [`${name}/${SKILL_MD}`, encoder.encode(bundle.skillMd)],
    ...bundle.files.map((file): [string, Uint8Array] => [`${name}/${normaliseFilePath(file.path)}`, file.content]),
  ];
  const zippable: Zippable = Object.fromEntries(entries);
  return zipSync(zippable, { level: 6, mtime: EXPORT_MTIME });
}

// --- directories --------------------------------------------------------------------------------------------

/** Reads a skill's folder (`dir` is the folder itself): symbolic links and special files are refused. */
export async function readDirectoryBundle(
  dir: string,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<BundleResult> {
  const root = nodePath.resolve(dir);
  try {
    const rootStat = await fs.lstat(root).catch(() => null);
    if (!rootStat || !rootStat.isDirectory()) {
      const what = rootStat?.isSymbolicLink() ? "is a symbolic link" : rootStat ? "is not a folder" : "does not exist";
      return refuse({
        path: "directory",
        message: `directory: ${quote(dir)} ${what}; give the path of the skill's folder itself.`,
      });
    }
    const listing = await listDirectory(root, limits);
    if (listing.problems.length > 0) return refuse(...listing.problems);
    return await assembleBundle(listing.files, { prefix: "", folder: nodePath.basename(root) }, limits);
  } catch (error) {
    return refuse({
      path: "directory",
      message: `directory: the folder ${quote(dir)} could not be read (${errorMessage(error)}).`,
    });
  }
}

interface DirectoryListing {
  files: ListedFile[];
  problems: Problem[];
}

async function listDirectory(root: string, limits: FileLimits): Promise<DirectoryListing> {
  const listing: DirectoryListing = { files: [], problems: [] };
  const pending = [""];
  let entriesSeen = 0;
  while (pending.length > 0) {
    const relativeDir = pending.shift() ?? "";
    const names = (await fs.readdir(nodePath.join(root, relativeDir))).sort();
    for (const name of names) {
      entriesSeen += 1;
      if (entriesSeen > maxEntries(limits)) {
        listing.problems.push({
          path: "directory",
          message: `directory: the folder holds more than ${maxEntries(limits)} files and folders, more than a bundle may have.`,
        });
        return listing;
      }
      const path = relativeDir === "" ? name : `${relativeDir}/${name}`;
      const found = await classifyDirectoryEntry(root, path);
      if (found === "skip") continue;
      if (found === "directory") pending.push(path);
      else if ("problem" in found) listing.problems.push(found.problem);
      else listing.files.push(found.file);
    }
  }
  return listing;
}

type DirectoryEntry = "skip" | "directory" | { file: ListedFile } | { problem: Problem };

async function classifyDirectoryEntry(root: string, path: string): Promise<DirectoryEntry> {
  const label = `directory ${quote(path)}`;
  const problem = (reason: string): DirectoryEntry => ({
    problem: { path: "directory", message: `${label}: ${reason}` },
  });
  if (isDroppedJunk(path)) return "skip";
  const pathReason = checkFilePath(path);
  if (pathReason !== null) return problem(pathReason);

  const absolute = nodePath.join(root, path);
  const stat = await fs.lstat(absolute); // lstat: a symbolic link is seen as a link, never followed
  if (stat.isSymbolicLink())
    return problem("a symbolic link is refused; a bundle may hold only regular files and folders.");
  if (stat.isDirectory()) return "directory";
  if (!stat.isFile())
    return problem(
      "a special file (a device, pipe or socket) is refused; a bundle may hold only regular files and folders.",
    );
  return {
    file: {
      path,
      size: stat.size,
      problemPath: "directory",
      label,
      read: (maxBytes) => readFileCapped(absolute, maxBytes),
    },
  };
}

/** Opens without following links and without blocking (a file swapped for a pipe must not hang the import). */
async function readFileCapped(absolute: string, maxBytes: number): Promise<ReadOutcome> {
  const flags = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(absolute, flags);
    if (!(await handle.stat()).isFile())
      return { ok: false, tooLarge: false, reason: "it is no longer a regular file" };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // one byte more than is left, to tell "exactly at the limit" from "over it"
      const buffer = Buffer.alloc(Math.min(READ_CHUNK_BYTES, maxBytes - total + 1));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return { ok: true, bytes: new Uint8Array(Buffer.concat(chunks, total)) };
      total += bytesRead;
      if (total > maxBytes) return { ok: false, tooLarge: true, reason: `more than ${maxBytes} bytes` };
      chunks.push(buffer.subarray(0, bytesRead));
    }
  } catch (error) {
    return { ok: false, tooLarge: false, reason: errorMessage(error) };
  } finally {
    await handle?.close();
  }
}

/** Writes `parentDir/name` with SKILL.md and the files; refuses to write into a folder that already exists. */
export async function writeDirectoryBundle(parentDir: string, name: string, bundle: SkillBundle): Promise<string> {
  assertWritable(name, bundle);
  await fs.mkdir(parentDir, { recursive: true });
  const folder = nodePath.join(parentDir, name);
  await fs.mkdir(folder);
  // "wx": create only, so nothing that appears in the new folder meanwhile is overwritten or followed
  await fs.writeFile(nodePath.join(folder, SKILL_MD), bundle.skillMd, { flag: "wx" });
  for (const file of bundle.files) {
    const target = nodePath.join(folder, ...normaliseFilePath(file.path).split("/"));
    await fs.mkdir(nodePath.dirname(target), { recursive: true });
    await fs.writeFile(target, file.content, { flag: "wx" });
  }
  return folder;
}

// --- shared -------------------------------------------------------------------------------------------------

/** Exports write stored content, which was checked when it was saved; checking again keeps a bug from writing outside. */
function assertWritable(name: string, bundle: SkillBundle): void {
  const nameProblems = checkSkillName(name).problems.map((message) => `name: ${message}`);
  const fileProblems = validateFiles(bundle.files, { maxFiles: Infinity, maxTotalBytes: Infinity }).map(
    (problem) => problem.message,
  );
  const problems = [...nameProblems, ...fileProblems];
  if (problems.length > 0) throw new Error(`The bundle cannot be written: ${problems.join(" ")}`);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
