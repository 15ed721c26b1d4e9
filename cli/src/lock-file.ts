import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { PlanEntry } from "./plan";

export const LOCK_FILE = "skillgraph.lock";

/** api.md: `{ "skills": { "<name>": { "version", "digest" } } }`: the version each folder is, and its AP-2 digest. */
export interface LockFile {
  skills: Record<string, { version: number; digest: string }>;
}

export class LockFileError extends Error {}

export async function readLock(folder: string): Promise<LockFile | null> {
  const file = path.join(folder, LOCK_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new LockFileError(`${file} cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LockFileError(`${file} is not valid JSON; delete it and run skillgraph push to write it again.`);
  }
  const skills = (parsed as { skills?: unknown })?.skills;
  if (!skills || typeof skills !== "object" || Array.isArray(skills)) {
    throw new LockFileError(`${file} must be {"skills": {"<name>": {"version": 1, "digest": "sha256:…"}}}.`);
  }
  for (const [name, entry] of Object.entries(skills as Record<string, unknown>)) {
    const { version, digest } = (entry ?? {}) as { version?: unknown; digest?: unknown };
    if (!Number.isInteger(version) || typeof digest !== "string" || !/^sha256:[0-9a-f]{64}$/.test(digest)) {
      throw new LockFileError(
        `${file}: the entry '${name}' must have a whole-number version and a sha256:<hex> digest.`,
      );
    }
  }
  return { skills: skills as LockFile["skills"] };
}

/** Writes the lock to a temporary file beside it, then renames it over: a reader never sees half a lock. */
export async function writeLock(folder: string, lock: LockFile): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(lock.skills).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const target = path.join(folder, LOCK_FILE);
  const temporary = path.join(folder, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await fs.writeFile(temporary, `${JSON.stringify({ skills: sorted }, null, 2)}\n`, { flag: "wx" });
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * `--frozen` (EC-3): every way the folder, the lock and the server disagree, as sentences; none means they agree.
 * A folder must be in the lock; the server's newest version must be the lock's (number and digest) and hold the
 * folder's content; a lock entry must still have its folder.
 */
export function frozenDifferences(plan: readonly PlanEntry[], lock: LockFile | null): string[] {
  const locked = lock?.skills ?? {};
  const differences: string[] = [];
  for (const entry of plan) {
    const pinned = locked[entry.name];
    if (!pinned) {
      differences.push(`${entry.name}: not in ${LOCK_FILE}; run skillgraph push and commit the lock.`);
      continue;
    }
    if (entry.kind === "new") {
      differences.push(
        `${entry.name}: ${LOCK_FILE} names version ${pinned.version}, but the server has no version of it.`,
      );
    } else if (entry.kind === "changed") {
      differences.push(
        `${entry.name}: the folder differs from the server's newest version ${entry.remote.version} (${LOCK_FILE} names version ${pinned.version}); run skillgraph push and commit the lock.`,
      );
    } else if (entry.remote.version !== pinned.version || entry.remote.digest !== pinned.digest) {
      differences.push(
        `${entry.name}: ${LOCK_FILE} names version ${pinned.version} (${pinned.digest}), but the server's newest is version ${entry.remote.version} (${entry.remote.digest}).`,
      );
    }
  }
  const inFolder = new Set(plan.map((entry) => entry.name));
  for (const name of Object.keys(locked)) {
    if (!inFolder.has(name)) differences.push(`${name}: in ${LOCK_FILE} but no folder holds it any more.`);
  }
  return differences;
}
