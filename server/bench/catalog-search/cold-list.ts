/**
 * A cold list of 10,000 skills with bodies as CallResolution hands one to a call start, and its index built as a call
 * start builds it (`analyseInTurns`, then `skillIndexOf`). Run as a script it builds one in a process of its own and
 * prints how long that took: the first cold list of a server just started (its analysis threads start with it, their
 * tables of words and stems empty; `--threads-at-boot`: started and warmed up before the list, as a server whose live
 * skills hold much text starts them), which the bench's in-process runs cannot measure.
 *   node dist/bench/catalog-search/cold-list.js [--threads-at-boot]   (prints {"took": ms, "threads": n})
 */
import "../production-mode";
import {
  analyseInTurns,
  defaultAnalysisThreads,
  SkillAnalysisPool,
  skillIndexOf,
  useSkillAnalysisPool,
} from "../../src/modules/calls";
import type { ResolvedSkill, SkillDocument } from "../../src/modules/runtime";
import { readBodies } from "./bodies";
import { readCatalog, scaledCatalog } from "./catalog";

/** `skills` as resolved versions with ids of their own (`pass`): nothing analysed before is reused. */
export function coldList(skills: readonly SkillDocument[], pass: string): ResolvedSkill[] {
  return skills.map((skill, i) => ({
    id: `cold-${pass}-${i}`,
    name: skill.name,
    version: 1,
    description: skill.description,
    instructions: skill.body ?? "",
    tools: [],
    knowledgeBases: [],
    pinned: false,
  }));
}

/** The list's index built as a call start builds it. */
export async function buildAsCallStart(list: readonly ResolvedSkill[]): Promise<void> {
  await analyseInTurns(list);
  skillIndexOf(list);
}

async function main(): Promise<void> {
  const bodies = readBodies();
  if (!bodies) throw new Error("no SKILL.md bodies: node dist/bench/catalog-search/bodies.js writes them");
  const threads = defaultAnalysisThreads();
  const pool = new SkillAnalysisPool({ threads });
  useSkillAnalysisPool(pool);
  const list = coldList(scaledCatalog(readCatalog(bodies), 10_000), "first");
  if (process.argv.includes("--threads-at-boot")) await pool.start();
  const started = performance.now();
  await buildAsCallStart(list);
  const took = performance.now() - started;
  await pool.stop();
  console.log(JSON.stringify({ took, threads }));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
