import { createHash } from "node:crypto";
import { zipSync, type ZippableFile } from "fflate";

/*
 * PV-4's pure core: the discovery index's rules and a skill's archive, byte for byte reproducible — the same version
 * gives the same bytes on every instance and every build (fixed time, mode, order and compression), so the index's
 * digest is the sha256 of exactly what the archive's URL serves.
 */

export const DISCOVERY_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
export const DISCOVERY_PREFIX = "/.well-known/agent-skills";

/** The discovery RFC's names: 1–64 of a-z, 0-9 and single hyphens, not at either end. */
const RFC_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The Agent Skills spec's limit on a description, which the RFC repeats. */
export const MAX_DESCRIPTION = 1024;

/** Why a skill is left out of the index (null: it is listed). */
export function omittedBecause(skill: { name: string; description: string }): string | null {
  if (skill.name.length > 64 || !RFC_NAME.test(skill.name))
    return "its name is not one the discovery format allows (a-z, 0-9 and single hyphens, at most 64)";
  if (skill.description.length > MAX_DESCRIPTION) return `its description is longer than ${MAX_DESCRIPTION} characters`;
  return null;
}

/** The archive's path under the prefix: one per live version, so a publish never changes the bytes of a URL. */
export const archivePath = (name: string, version: number) => `${DISCOVERY_PREFIX}/${name}/${version}.zip`;

export interface ArchiveFile {
  path: string;
  content: Uint8Array;
}

/** 1980-01-01 00:00 in the zip's local-time fields whatever the time zone (fflate writes local fields). */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);
/** A regular file, rw-r--r--, in the external attributes' high half (Unix). */
const FILE_ATTRS = (0o100644 << 16) >>> 0;
const UNIX = 3;

/**
 * The zip of one skill: SKILL.md, then the files by path (byte order; JavaScript puts integer-like names first, the
 * same way every time); the archive's root is the skill's folder, as the RFC asks. The same input always gives the
 * same bytes.
 */
export function skillArchive(skillMd: string, files: readonly ArchiveFile[]): Uint8Array {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const entry = (content: Uint8Array): ZippableFile => [
    content,
    { level: 6, mtime: FIXED_TIME, attrs: FILE_ATTRS, os: UNIX },
  ];
  const zippable: Record<string, ZippableFile> = { "SKILL.md": entry(new TextEncoder().encode(skillMd)) };
  for (const file of sorted) if (file.path !== "SKILL.md") zippable[file.path] = entry(file.content);
  return zipSync(zippable);
}

export const sha256Digest = (bytes: Uint8Array) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
