import type { Problem } from "../../platform/errors";
import { quote } from "../../platform/text";
import { checkFilePath, DEFAULT_FILE_LIMITS, type FileLimits } from "./skill-files";
import {
  assembleBundle,
  isDroppedJunk,
  maxEntries,
  refuse,
  singleFolderLayout,
  type BundleResult,
  type ListedFile,
} from "./skill-bundle-format";

/** One file of an upload (a multipart part): its name is its path in the bundle, `my-skill/references/a.md`. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * SK-2 for a directory upload (the Skills APIs' `files[]`): the files of one top folder named after the skill, with
 * SKILL.md in it, checked as a zip's entries are (no `..`, no absolute path, nothing outside the top folder).
 */
export async function readUploadedBundle(
  files: readonly UploadedFile[],
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<BundleResult> {
  if (files.length > maxEntries(limits)) {
    return refuse({
      path: "files",
      message: `files: the upload has ${files.length} files, more than the ${maxEntries(limits)} a bundle may have.`,
    });
  }
  const problems: Problem[] = [];
  const listed: ListedFile[] = [];
  files.forEach((file, index) => {
    if (isDroppedJunk(file.name)) return;
    const problemPath = `files[${index}]`;
    const label = `${problemPath} ${quote(file.name)}`;
    const reason = checkFilePath(file.name);
    if (reason !== null) {
      problems.push({ path: problemPath, message: `${label}: ${reason}` });
      return;
    }
    listed.push({
      path: file.name,
      size: file.bytes.byteLength,
      problemPath,
      label,
      read: async (maxBytes) =>
        file.bytes.byteLength > maxBytes
          ? { ok: false, tooLarge: true, reason: `more than ${maxBytes} bytes` }
          : { ok: true, bytes: file.bytes },
    });
  });
  if (problems.length > 0) return refuse(...problems);
  const layout = singleFolderLayout(
    listed.map((file) => file.path),
    "upload",
  );
  if ("problem" in layout) return refuse(layout.problem);
  return assembleBundle(listed, layout, limits);
}
