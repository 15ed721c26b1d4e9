import { promises as fs } from "node:fs";
import path from "node:path";
import { normaliseSkillName, parseSkillMd } from "../skills";
import { insidePath, type FileRead, type GatewaySkill } from "./gateway-skills";

const SKILL_MD = "SKILL.md";
const MAX_LINK_HOPS = 40;
const MAX_LISTED_ENTRIES = 2_000;
const MAX_FILE_BYTES = 1024 * 1024;

export class LocalSkillsError extends Error {}

/** A skill directory found at start (GW-3). */
export interface LocalSkillDir {
  name: string;
  description: string;
  /** The skill's folder with every link resolved: the boundary read_skill_file keeps to (SEC-12). */
  root: string;
}

export interface Discovery {
  skills: LocalSkillDir[];
  warnings: string[];
}

function within(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * GW-3, at start: each source is a folder of skill folders (relative sources resolve from the process's working
 * directory). A folder without SKILL.md is skipped; a SKILL.md that does not validate, or whose name differs from
 * its folder's, stops the start with a sentence saying which; when two sources hold the same name the first wins and
 * a warning says so.
 */
export async function discoverLocalSkills(sources: readonly string[], cwd = process.cwd()): Promise<Discovery> {
  const found = new Map<string, LocalSkillDir>();
  const warnings: string[] = [];
  for (const source of sources) {
    const dir = path.resolve(cwd, source);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      throw new LocalSkillsError(
        `The skill source '${source}' (${dir}) cannot be read: ${error.code ?? error.message}.`,
      );
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory()) continue; // files, and links to folders, are not skills
      const folder = path.join(dir, entry.name);
      const skillMd = await fs.lstat(path.join(folder, SKILL_MD)).catch(() => null);
      if (!skillMd?.isFile()) continue;
      const parsed = parseSkillMd(await fs.readFile(path.join(folder, SKILL_MD), "utf8"));
      if (parsed.problems.length > 0) {
        throw new LocalSkillsError(
          `The skill folder ${folder} is not a valid skill: ${parsed.problems.map((p) => p.message).join(" ")}`,
        );
      }
      if (parsed.name !== normaliseSkillName(entry.name)) {
        throw new LocalSkillsError(
          `The skill folder ${folder} is named '${entry.name}' but its SKILL.md names '${parsed.name}'; the frontmatter name must equal the folder's name.`,
        );
      }
      const earlier = found.get(parsed.name);
      if (earlier) {
        warnings.push(`skill '${parsed.name}' in ${folder} ignored: the source ${earlier.root} provides it first`);
        continue;
      }
      found.set(parsed.name, { name: parsed.name, description: parsed.description, root: await fs.realpath(folder) });
    }
  }
  return { skills: [...found.values()], warnings };
}

type Resolved = { kind: "file"; absolute: string } | { kind: "missing" } | { kind: "refused" };

/**
 * Follows `relative` inside `root` one segment at a time. A link is followed only when its target stays inside: one
 * that points outside is refused whether or not its target exists (SEC-12), so the answer says nothing about it.
 */
async function resolveInside(root: string, relative: string, hops = 0): Promise<Resolved> {
  const segments = relative.split("/");
  let current = root;
  for (let i = 0; i < segments.length; i++) {
    const next = path.join(current, segments[i]!);
    const stat = await fs.lstat(next).catch(() => null);
    if (!stat) return { kind: "missing" };
    if (stat.isSymbolicLink()) {
      if (hops >= MAX_LINK_HOPS) return { kind: "refused" };
      const target = path.resolve(path.dirname(next), await fs.readlink(next));
      if (!within(root, target)) return { kind: "refused" };
      const rest = [path.relative(root, target), ...segments.slice(i + 1)].filter((s) => s !== "").join("/");
      if (rest === "") return { kind: "missing" };
      return resolveInside(root, rest.split(path.sep).join("/"), hops + 1);
    }
    current = next;
  }
  const stat = await fs.stat(current).catch(() => null);
  return stat?.isFile() ? { kind: "file", absolute: current } : { kind: "missing" };
}

/** Every file of the skill that read_skill_file would serve, SKILL.md first. */
async function listFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const pending = [""];
  let seen = 0;
  while (pending.length > 0 && seen < MAX_LISTED_ENTRIES) {
    const dir = pending.shift()!;
    const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (++seen > MAX_LISTED_ENTRIES) break;
      const relative = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) pending.push(relative);
      else if (entry.isFile()) files.push(relative);
      else if (entry.isSymbolicLink() && (await resolveInside(root, relative)).kind === "file") files.push(relative);
    }
  }
  return [SKILL_MD, ...files.filter((f) => f !== SKILL_MD).sort()];
}

/** A discovered skill, re-read from its folder whenever it is loaded or a file of it is read (GW-5). */
export function localSkill(dir: LocalSkillDir): GatewaySkill {
  return {
    name: dir.name,
    description: dir.description,
    tools: [],
    versionId: null,
    load: async () => {
      const text = await fs.readFile(path.join(dir.root, SKILL_MD), "utf8").catch(() => null);
      if (text === null) return null;
      return { instructions: parseSkillMd(text).instructions, files: await listFiles(dir.root) };
    },
    readFile: async (requested: string): Promise<FileRead> => {
      const inside = insidePath(requested);
      if (inside === null) return { kind: "refused" };
      const resolved = await resolveInside(dir.root, inside);
      if (resolved.kind !== "file") return resolved;
      const handle = await fs.open(resolved.absolute, "r");
      try {
        const buffer = Buffer.alloc(MAX_FILE_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, MAX_FILE_BYTES, 0);
        return { kind: "text", text: buffer.subarray(0, bytesRead).toString("utf8") };
      } finally {
        await handle.close();
      }
    },
  };
}
