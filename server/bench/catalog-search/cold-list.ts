/**
 * A cold list of 10,000 skills with bodies as CallResolution hands one to a call start, and its index built as a call
 * start builds it (`analyseInTurns`, then `skillIndexOf`). Run as a script it builds one in a process of its own and
 * prints how long that took: the first cold list of a server just started (its analysis threads start with it, their
 * tables of words and stems empty; `--threads-at-boot`: started and warmed up before the list, as a server whose live
 * skills hold much text starts them; `--index-at-boot`: the list's index built first, as warmLargeCatalogs builds it
 * at boot, then the call's list — the same versions — timed), which the bench's in-process runs cannot measure.
 *   node dist/bench/catalog-search/cold-list.js [--threads-at-boot | --index-at-boot]
 *   (prints {"took": ms, "threads": n, "warmUp"?: ms})
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
  const skills = scaledCatalog(readCatalog(bodies), 10_000);
  let list = coldList(skills, "first");
  let warmUp: number | undefined;
  if (process.argv.includes("--threads-at-boot")) await pool.start();
  if (process.argv.includes("--index-at-boot")) {
    // as warmLargeCatalogs does after the server listens; the call's resolution is a new list of the same versions
    await pool.start();
    const warming = performance.now();
    await buildAsCallStart(list);
    warmUp = performance.now() - warming;
    list = list.map((skill) => ({ ...skill }));
  }
  const started = performance.now();
  await buildAsCallStart(list);
  const took = performance.now() - started;
  await pool.stop();
  console.log(JSON.stringify({ took, threads, ...(warmUp === undefined ? {} : { warmUp }) }));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
