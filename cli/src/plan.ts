import type { LocalSkill } from "./local-skills";
import type { RemoteVersion } from "./server-client";
import { diffLines, skillBundleDigest } from "./skill-format";

/** What a push would do to one skill folder (EC-3), decided by digest. */
export type PlanEntry =
  | { kind: "new"; name: string; local: LocalSkill }
  | { kind: "changed"; name: string; local: LocalSkill; remote: RemoteVersion; diff: string[] }
  | { kind: "unchanged"; name: string; local: LocalSkill; remote: RemoteVersion };

/** The bundle digest of a version as the server holds it (SKILL.md and the files' digests). */
export function remoteBundleDigest(remote: RemoteVersion): string {
  return skillBundleDigest({ skillMd: remote.skillMd, files: remote.files });
}

/**
 * Each folder against the server's newest version of its name: new (no version), unchanged (the same bundle digest:
 * the server would make no new version, SK-2), or changed, with a short content diff.
 */
export function planOf(locals: readonly LocalSkill[], remotes: ReadonlyMap<string, RemoteVersion>): PlanEntry[] {
  return locals.map((local): PlanEntry => {
    const remote = remotes.get(local.name);
    if (!remote) return { kind: "new", name: local.name, local };
    if (remoteBundleDigest(remote) === local.digest) return { kind: "unchanged", name: local.name, local, remote };
    return { kind: "changed", name: local.name, local, remote, diff: shortDiff(remote, local) };
  });
}

const MAX_DIFF_LINES = 12;

/** A few lines saying what changed: SKILL.md lines removed and added, then files added, changed and removed. */
export function shortDiff(remote: RemoteVersion, local: LocalSkill): string[] {
  const lines: string[] = [];
  const changes = diffLines(remote.skillMd, local.bundle.skillMd).filter((c) => c.op !== "equal");
  for (const change of changes.slice(0, MAX_DIFF_LINES)) {
    lines.push(`SKILL.md ${change.op === "add" ? "+" : "-"} ${change.line.slice(0, 100)}`);
  }
  if (changes.length > MAX_DIFF_LINES)
    lines.push(`SKILL.md … and ${changes.length - MAX_DIFF_LINES} more changed lines`);
  const before = new Map(remote.files.map((f) => [f.path, f.sha256]));
  const after = new Map(local.files.map((f) => [f.path, f.sha256]));
  for (const [file, sha] of after) {
    if (!before.has(file)) lines.push(`+ ${file}`);
    else if (before.get(file) !== sha) lines.push(`~ ${file}`);
  }
  for (const file of before.keys()) if (!after.has(file)) lines.push(`- ${file}`);
  return lines;
}

export function planCounts(plan: readonly PlanEntry[]): Record<PlanEntry["kind"], number> {
  const counts = { new: 0, changed: 0, unchanged: 0 };
  for (const entry of plan) counts[entry.kind] += 1;
  return counts;
}
