/**
 * CR-2: the share of real public skills the review blocks at HIGH or above, per rule. Reads the skills from git
 * mirrors of the collections listed in docs/review.md (fetched beforehand; nothing of them is committed):
 *
 *   node dist/scripts/measure-review.js /path/to/mirrors/anthropics+skills/repo@<commit> … [--json out.json]
 *
 * Each argument is a git directory and the commit to read; every folder holding a SKILL.md is one skill, reviewed
 * with all the files under it, as a version created from that folder would be.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { atLeast, reviewSkill, type Finding } from "../src/modules/review";

interface SkillResult {
  source: string;
  skill: string;
  blocking: Finding[];
  all: Finding[];
}

function git(dir: string, args: string[]): Buffer {
  return execFileSync("git", ["--git-dir", dir, ...args], { maxBuffer: 1024 * 1024 * 1024 });
}

/** Every blob of a commit: path → content, read with one `git cat-file --batch`. */
function blobsOf(dir: string, commit: string): Map<string, Buffer> {
  const listing = git(dir, ["ls-tree", "-r", "-z", commit]).toString("utf8").split("\0").filter(Boolean);
  const entries = listing
    .map((line) => {
      const [meta, path] = line.split("\t") as [string, string];
      const [, type, sha] = meta.split(" ") as [string, string, string];
      return { type, sha, path };
    })
    .filter((e) => e.type === "blob");
  const out = execFileSync("git", ["--git-dir", dir, "cat-file", "--batch"], {
    input: entries.map((e) => e.sha).join("\n") + "\n",
    maxBuffer: 2 * 1024 * 1024 * 1024,
  });
  const blobs = new Map<string, Buffer>();
  let at = 0;
  for (const entry of entries) {
    const headerEnd = out.indexOf(0x0a, at);
    const size = Number(out.subarray(at, headerEnd).toString("utf8").split(" ")[2]);
    blobs.set(entry.path, out.subarray(headerEnd + 1, headerEnd + 1 + size));
    at = headerEnd + 1 + size + 1;
  }
  return blobs;
}

async function measure(spec: string): Promise<SkillResult[]> {
  const [dir, commit] = spec.split("@") as [string, string];
  const blobs = blobsOf(dir, commit);
  const folders = [...blobs.keys()]
    .filter((p) => /(^|\/)SKILL\.md$/.test(p))
    .map((p) => p.slice(0, -"SKILL.md".length));
  const results: SkillResult[] = [];
  for (const folder of folders) {
    const files = [...blobs.entries()]
      .filter(([p]) => p.startsWith(folder) && p !== `${folder}SKILL.md`)
      // a nested skill is its own skill
      .filter(([p]) => !folders.some((other) => other !== folder && other.startsWith(folder) && p.startsWith(other)))
      .map(([p, content]) => ({ path: p.slice(folder.length), content: new Uint8Array(content) }));
    const review = await reviewSkill({ skillMd: blobs.get(`${folder}SKILL.md`)!.toString("utf8"), files });
    results.push({
      source: dir,
      skill: folder || "(root)",
      blocking: review.findings.filter((f) => atLeast(f.severity, "HIGH")),
      all: review.findings,
    });
  }
  return results;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const jsonAt = args.indexOf("--json");
  const jsonOut = jsonAt === -1 ? null : args[jsonAt + 1];
  const specs = args.filter((_, i) => jsonAt === -1 || (i !== jsonAt && i !== jsonAt + 1));
  const results = (await Promise.all(specs.map(measure))).flat();
  const total = results.length;
  const blocked = results.filter((r) => r.blocking.length > 0);
  const pct = (n: number) => `${((100 * n) / Math.max(total, 1)).toFixed(1)}%`;
  console.log(`skills reviewed: ${total}; blocked at HIGH or above: ${blocked.length} (${pct(blocked.length)})`);
  for (const spec of specs) {
    const mine = results.filter((r) => r.source === spec.split("@")[0]);
    const b = mine.filter((r) => r.blocking.length > 0).length;
    console.log(`  ${spec}: ${mine.length} skills, ${b} blocked`);
  }
  const perRule = new Map<string, number>();
  for (const r of blocked)
    for (const rule of new Set(r.blocking.map((f) => f.rule))) perRule.set(rule, (perRule.get(rule) ?? 0) + 1);
  console.log("per rule (skills with a HIGH+ finding of that rule):");
  for (const [rule, n] of [...perRule].sort((a, b) => b[1] - a[1])) console.log(`  ${rule}: ${n} (${pct(n)})`);
  const anyFinding = new Map<string, number>();
  for (const r of results)
    for (const rule of new Set(r.all.map((f) => `${f.rule} ${f.severity}`)))
      anyFinding.set(rule, (anyFinding.get(rule) ?? 0) + 1);
  console.log("all findings (skills per rule and severity):");
  for (const [rule, n] of [...anyFinding].sort((a, b) => b[1] - a[1])) console.log(`  ${rule}: ${n}`);
  console.log("blocked skills:");
  for (const r of blocked) {
    console.log(`  ${r.source.split("/").at(-2)}:${r.skill}`);
    for (const f of r.blocking.slice(0, 5))
      console.log(`    ${f.severity} ${f.rule} ${f.path}:${f.line ?? "-"} ${f.excerpt.slice(0, 140)}`);
    if (r.blocking.length > 5) console.log(`    … ${r.blocking.length - 5} more`);
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
}

void main();
