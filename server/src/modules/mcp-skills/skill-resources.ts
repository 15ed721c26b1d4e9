import { createHash } from "node:crypto";
import { normaliseSkillName } from "../skills";

/** SEP-2640 (final): a file of a skill, with the digest and size of its raw bytes. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

/** SEP-2640 (final): the entry of one skill, identical in `skills/list` and `skills/get`. */
export interface SkillEntry {
  uri: string;
  frontmatter: { name: string; description: string; [key: string]: unknown };
  resources: SkillResource[];
}

/** A file of a live version as stored: its path in the skill, its content's SHA-256 (hex) and byte size. */
export interface StoredSkillFile {
  path: string;
  sha256: string;
  size: number;
}

export const SKILL_MD = "SKILL.md";
const SCHEME = "skill://";

/**
 * `skill://<name>/<path>`: names are one segment (no organisational prefix), so the name is the authority. A name
 * with non-ASCII letters (SK-1: `мой-навык`) is percent-encoded as UTF-8, as a URI's authority must be.
 */
export function skillFileUri(name: string, path: string): string {
  return `${SCHEME}${encodeURIComponent(name)}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The skill name and file path a `skill://` URI points at, or null for anything else. */
export function parseSkillUri(uri: string): { name: string; path: string } | null {
  if (!uri.startsWith(SCHEME)) return null;
  const rest = uri.slice(SCHEME.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return null;
  try {
    const path = rest
      .slice(slash + 1)
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
    // SK-1: the name as stored (NFKC), whichever spelling (raw or percent-encoded, composed or not) the client sent
    return { name: normaliseSkillName(decodeURIComponent(rest.slice(0, slash))), path };
  } catch {
    return null;
  }
}

export const sha256Digest = (hex: string): string => `sha256:${hex}`;

export function skillMdBytes(skillMd: string): Buffer {
  return Buffer.from(skillMd, "utf8");
}

/** The entry of one live version: SKILL.md first, then every supporting file by path. */
export function skillEntry(
  version: { name: string; description: string; skillMd: string; frontmatter: Record<string, unknown> },
  files: readonly StoredSkillFile[],
): SkillEntry {
  const md = skillMdBytes(version.skillMd);
  return {
    uri: skillFileUri(version.name, SKILL_MD),
    // SEP-2640: the frontmatter verbatim (a published version always has its name and description in it).
    frontmatter: { name: version.name, description: version.description, ...version.frontmatter },
    resources: [
      {
        uri: skillFileUri(version.name, SKILL_MD),
        digest: sha256Digest(createHash("sha256").update(md).digest("hex")),
        size: md.byteLength,
      },
      ...[...files]
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .map((f) => ({ uri: skillFileUri(version.name, f.path), digest: sha256Digest(f.sha256), size: f.size })),
    ],
  };
}

const MIME_BY_EXTENSION: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  csv: "text/csv",
  html: "text/html",
  py: "text/x-python",
  sh: "text/x-shellscript",
  js: "text/javascript",
  ts: "text/plain",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

export function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && MIME_BY_EXTENSION[path.slice(dot + 1).toLowerCase()]) || "application/octet-stream";
}

/** Text when the bytes are valid UTF-8 (so the UTF-8 of the text is exactly the bytes digested), else base64. */
export function resourceContents(
  uri: string,
  path: string,
  bytes: Buffer,
): { uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string } {
  const mimeType = mimeTypeOf(path);
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { uri, mimeType, text };
  } catch {
    return { uri, mimeType, blob: bytes.toString("base64") };
  }
}
