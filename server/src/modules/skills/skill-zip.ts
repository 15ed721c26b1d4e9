import type { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { zipSync, type Zippable } from "fflate";
import * as yauzl from "yauzl";
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
  singleFolderLayout,
  SKILL_MD,
  type BundleResult,
  type ListedFile,
  type ReadOutcome,
  type SkillBundle,
} from "./skill-bundle-format";

// Zip archives in and out (SK-2): every entry checked before anything is read (no zip-slip, no symlink, no bomb).
const ZIP_METHOD_STORED = 0;
const ZIP_METHOD_DEFLATED = 8;
const UNIX_FILE_TYPE_MASK = 0o170000;
const UNIX_REGULAR_FILE = 0o100000;
const UNIX_DIRECTORY = 0o040000;
const UNIX_SYMLINK = 0o120000;
const EXPORT_MTIME = new Date(2000, 0, 1);

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

  const layout = singleFolderLayout(
    listed.map((file) => file.path),
    "zip",
  );
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
