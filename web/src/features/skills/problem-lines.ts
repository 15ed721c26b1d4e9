import type { Problem } from "../../shared/errors";

/**
 * The 1-based line of SKILL.md a server problem concerns: `frontmatter.name` → the `name:` line, `frontmatter` or
 * `SKILL.md` → line 1, `body`/`instructions` → the first line after the frontmatter. Null for problems that are not
 * about SKILL.md (`tools[0].name`, `files[2]`): those are shown next to their own field.
 */
export function lineOfProblem(skillMd: string, path: string): number | null {
  const lines = skillMd.replace(/\r\n/g, "\n").split("\n");
  const closing = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  if (path === "SKILL.md" || path === "frontmatter") return 1;
  if (path === "body" || path === "instructions") return closing >= 0 ? Math.min(closing + 2, lines.length) : 1;
  const match = /^frontmatter\.([^.[\]]+)/.exec(path);
  if (!match) return null;
  const key = match[1]!;
  const end = closing >= 0 ? closing : lines.length;
  const keyLine = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`);
  for (let i = 1; i < end; i++) if (keyLine.test(lines[i]!)) return i + 1;
  return 1;
}

export interface LineProblem extends Problem {
  line: number;
}

/** Splits problems into those shown on a SKILL.md line and the others. */
export function placeProblems(skillMd: string, problems: Problem[]): { onLines: LineProblem[]; elsewhere: Problem[] } {
  const onLines: LineProblem[] = [];
  const elsewhere: Problem[] = [];
  for (const p of problems) {
    const line = lineOfProblem(skillMd, p.path);
    if (line === null) elsewhere.push(p);
    else onLines.push({ ...p, line });
  }
  return { onLines: onLines.sort((a, b) => a.line - b.line), elsewhere };
}
