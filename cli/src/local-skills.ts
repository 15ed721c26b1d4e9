import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { ATTESTATION_DIR } from "./attestation";
import { LOCK_FILE } from "./lock-file";
import {
  normaliseSkillName,
  parseSkillMd,
  readDirectoryBundle,
  skillBundleDigest,
  type SkillBundle,
} from "./skill-format";

/** A skill folder read and validated on this machine. */
export interface LocalSkill {
  name: string;
  dir: string;
  bundle: SkillBundle;
  /** sha256:<hex> of SKILL.md and the files (the server's skillBundleDigest). */
  digest: string;
  files: Array<{ path: string; sha256: string }>;
  warnings: string[];
}

/** One refusal of one skill folder, as the server words it. */
export interface FolderProblem {
  folder: string;
  message: string;
}

export interface FolderReading {
  skills: LocalSkill[];
  problems: FolderProblem[];
  /** Sub-folders without a SKILL.md (not skills; left alone). */
  skipped: string[];
}

const SKILL_MD_NAMES = ["SKILL.md", "skill.md"];

/**
 * What is never a file of a skill: its top-level `.git` (a repository or submodule whose root is the skill folder),
 * the `.skillgraph/` folder `pull` keeps the version's attestation in,
 * and, when the folder given is itself the skill folder, the CLI's own lock and the lock's temporary files.
 */
function notOfTheSkill(isRoot: boolean): (path: string) => boolean {
  return (path) =>
    path === ".git" ||
    path === ATTESTATION_DIR ||
    (isRoot && (path === LOCK_FILE || (path.startsWith(`.${LOCK_FILE}.`) && path.endsWith(".tmp"))));
}

async function holdsSkillMd(dir: string): Promise<boolean> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.some((name) => SKILL_MD_NAMES.includes(name));
}

/**
 * The skills of a folder kept in git: the folder itself when it holds a SKILL.md, else each sub-folder that does
 * (hidden folders and node_modules are not looked into). Every folder is read and checked with the server's
 * validator, and every problem of every folder is collected (EC-3: "reports every problem at once").
 */
export async function readSkillsFolder(root: string): Promise<FolderReading> {
  const reading: FolderReading = { skills: [], problems: [], skipped: [] };
  const stat = await fs.stat(root).catch(() => null);
  if (!stat?.isDirectory()) {
    reading.problems.push({
      folder: root,
      message: `${root} is not a folder; give the folder that holds your skills.`,
    });
    return reading;
  }
  let dirs: string[];
  if (await holdsSkillMd(root)) dirs = [root];
  else {
    const entries = await fs.readdir(root, { withFileTypes: true });
    dirs = [];
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (!entry.isDirectory() || entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const dir = path.join(root, entry.name);
      if (await holdsSkillMd(dir)) dirs.push(dir);
      else reading.skipped.push(entry.name);
    }
  }
  const seen = new Map<string, string>();
  for (const dir of dirs) {
    const folder = path.relative(root, dir) || path.basename(dir);
    const result = await readDirectoryBundle(dir, undefined, { skip: notOfTheSkill(dir === root) });
    if (!result.ok) {
      reading.problems.push(...result.problems.map((p) => ({ folder, message: p.message })));
      continue;
    }
    const name = normaliseSkillName(result.folder);
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      reading.problems.push({
        folder,
        message: `the folder names the skill '${name}', as the folder '${earlier}' does; each skill may be in one folder only.`,
      });
      continue;
    }
    seen.set(name, folder);
    const files = result.bundle.files.map((f) => ({
      path: f.path,
      sha256: createHash("sha256").update(f.content).digest("hex"),
    }));
    reading.skills.push({
      name,
      dir,
      bundle: result.bundle,
      files,
      digest: skillBundleDigest({ skillMd: result.bundle.skillMd, files }),
      warnings: parseSkillMd(result.bundle.skillMd).warnings,
    });
  }
  return reading;
}
