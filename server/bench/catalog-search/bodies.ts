/**
 * The SKILL.md bodies of the benchmark catalog's skills (CT-2: "use the SKILL.md body when there is one"), kept OUTSIDE
 * the repository like the catalog itself: `CATALOG_BODIES`, default `~/.cache/skillgraph/skill-catalog-bodies.jsonl`,
 * one `{"name", "source", "commit", "instructions"}` per line (the body after the frontmatter, as the app stores it).
 *
 * Written by this file run as a script, from each source's `owner/repo:path` (the catalog's `source` field):
 *   cd server && npx tsc -p tsconfig.build.json && node dist/bench/catalog-search/bodies.js
 * with `CATALOG_MIRRORS=<folder>` it reads local git mirrors (`<folder>/<owner>+<repo>/repo` or `<folder>/<owner>/<repo>`,
 * bare or not, at HEAD); without it, it downloads `https://raw.githubusercontent.com/<owner>/<repo>/HEAD/<path>`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseSkillMd } from "../../src/modules/skills/skill-md";
import { catalogFile } from "./catalog";

export const bodiesFile = (): string =>
  process.env.CATALOG_BODIES ?? path.join(os.homedir(), ".cache/skillgraph/skill-catalog-bodies.jsonl");

/** The bodies by skill name, or null when the file has not been written (the bench then measures without them). */
export function readBodies(): Map<string, string> | null {
  const file = bodiesFile();
  if (!fs.existsSync(file)) return null;
  const bodies = new Map<string, string>();
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const { name, instructions } = JSON.parse(line) as { name: string; instructions: string };
    bodies.set(name, instructions);
  }
  return bodies;
}

function gitDirOf(mirrors: string, repo: string): string | null {
  const [owner, name] = repo.split("/") as [string, string];
  for (const dir of [path.join(mirrors, `${owner}+${name}`, "repo"), path.join(mirrors, owner, name)])
    if (fs.existsSync(dir)) return dir;
  return null;
}

async function fetchText(repo: string, file: string, mirrors: string | undefined) {
  if (mirrors) {
    const dir = gitDirOf(mirrors, repo);
    if (!dir) throw new Error(`No mirror of ${repo} under ${mirrors}.`);
    const gitDir = fs.existsSync(path.join(dir, ".git")) ? path.join(dir, ".git") : dir;
    const run = (...args: string[]) =>
      execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
    return { text: run("show", `HEAD:${file}`), commit: run("rev-parse", "HEAD").trim() };
  }
  const response = await fetch(`https://raw.githubusercontent.com/${repo}/HEAD/${file}`);
  if (!response.ok) throw new Error(`${repo}:${file}: HTTP ${response.status}`);
  return { text: await response.text(), commit: "HEAD" };
}

async function writeBodies(): Promise<void> {
  const mirrors = process.env.CATALOG_MIRRORS;
  const skills = fs
    .readFileSync(catalogFile(), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { name: string; source: string });
  const lines: string[] = [];
  const missing: string[] = [];
  for (const { name, source } of skills) {
    const at = source.indexOf(":");
    const [repo, file] = [source.slice(0, at), source.slice(at + 1)];
    try {
      const { text, commit } = await fetchText(repo, file, mirrors);
      lines.push(JSON.stringify({ name, source, commit, instructions: parseSkillMd(text).instructions }));
    } catch (error) {
      missing.push(`${name} (${(error as Error).message.split("\n")[0]})`);
    }
  }
  const out = bodiesFile();
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join("\n") + "\n");
  console.log(`${lines.length} bodies → ${out}; ${missing.length} missing${missing.length ? ": " : ""}`);
  for (const line of missing.slice(0, 20)) console.log(`  ${line}`);
}

if (require.main === module) {
  writeBodies().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
