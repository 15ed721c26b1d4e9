import { constants as fsConstants, promises as fs } from "node:fs";
import * as nodePath from "node:path";
import type { Problem } from "../../platform/errors";
import { quote } from "../../platform/text";
import { checkFilePath, DEFAULT_FILE_LIMITS, normaliseFilePath, type FileLimits } from "./skill-files";
import {
  assembleBundle,
  assertWritable,
  errorMessage,
  isDroppedJunk,
  refuse,
  maxEntries,
  SKILL_MD,
  type BundleResult,
  type ListedFile,
  type ReadOutcome,
  type SkillBundle,
} from "./skill-bundle-format";

// Skill folders on disk in and out (SK-2): symlinks refused, sizes capped while reading.
const READ_CHUNK_BYTES = 64 * 1024;

/** What a reader of a folder leaves out besides the junk every bundle drops: `skip(path)` (a path in the folder). */
export interface DirectoryReadOptions {
  skip?: (path: string) => boolean;
}

export async function readDirectoryBundle(
  dir: string,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
  options: DirectoryReadOptions = {},
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
    const listing = await listDirectory(root, limits, options.skip ?? (() => false));
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

async function listDirectory(
  root: string,
  limits: FileLimits,
  skip: (path: string) => boolean,
): Promise<DirectoryListing> {
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
      if (skip(path)) continue;
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
