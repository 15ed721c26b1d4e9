import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureServerBuilt, SERVER_DIR } from "../../../test/support/server-build";
import { analyseSkill, SkillIndex, type AnalysedSkill, type ResolvedSkill, type SkillDocument } from "../runtime";
import { analyseInTurns, skillIndexOf } from "./call-catalog";
import { configureSkillAnalysis, SkillAnalysisPool, skillAnalysisCounts } from "./skill-analysis-pool";

// The threads run tsc's output (the sources are TypeScript here): the compiled worker of this very tree.
const WORKER = path.join(SERVER_DIR, "dist", "src", "modules", "calls", "skill-analysis.worker.js");

let seed = 5;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const words = [
  "merge",
  "PDF",
  "files",
  "deploy",
  "kubernetes",
  "résumé",
  "the",
  "中文",
  "Σίσυφος",
  "😀",
  "rain",
  "tests",
];
const text = (most: number) => Array.from({ length: Math.floor(random() * most) }, () => pick(words)).join(" ");
/** Random words up to `chars` characters. */
function textOf(chars: number): string {
  let out = "";
  while (out.length < chars) out += `${pick(words)} `;
  return out.slice(0, chars);
}
const plain = (analysis: AnalysedSkill) =>
  analysis.fields.map(({ terms, counts, length }) => ({ terms: [...terms], counts: [...counts], length }));

/** A list of skills with `bodyChars`-character bodies, new version ids each time (nothing kept from before). */
let lists = 0;
function listOf(count: number, bodyChars: number): ResolvedSkill[] {
  const list = lists++;
  return Array.from({ length: count }, (_, i) => ({
    id: `pool-${list}-${i}`,
    name: `skill-${i}`,
    version: 1,
    description: i === 7 ? "Combine several PDF documents into one file" : text(12),
    instructions: (i === 7 ? "Staple the pages together. " : "") + textOf(bodyChars),
    tools: [],
    knowledgeBases: [],
    pinned: false,
  }));
}
const documentsOf = (list: readonly ResolvedSkill[]): SkillDocument[] =>
  list.map((skill) => ({ name: skill.name, description: skill.description, body: skill.instructions }));

describe("skills analysed on worker threads", () => {
  let dir: string;
  beforeAll(() => {
    ensureServerBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-analysis-"));
  }, 180_000);
  afterAll(async () => {
    await configureSkillAnalysis({ threads: 0 });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("CT-2 a thread's analyses are analyseSkill's, batch after batch, on every thread", async () => {
    const pool = new SkillAnalysisPool({ threads: 2, script: WORKER });
    try {
      const batches = Array.from({ length: 6 }, () =>
        Array.from({ length: 40 }, () => ({ name: `${text(3)}-x`, description: text(15), body: text(300) })),
      );
      const answers = await Promise.all(batches.map((batch) => pool.analyse(batch)));
      batches.forEach((batch, b) =>
        batch.forEach((document, i) => expect(plain(answers[b]![i]!)).toEqual(plain(analyseSkill(document)))),
      );
    } finally {
      await pool.stop();
    }
  });

  it("CT-2 start() settles once each thread has warmed up (running counts them); a thread that dies starting settles it too and is not counted", async () => {
    const pool = new SkillAnalysisPool({ threads: 2, script: WORKER });
    try {
      expect(pool.running).toBe(0);
      await pool.start();
      expect(pool.running).toBe(2);
      await pool.start(); // started once
      expect(pool.running).toBe(2);
      const [analysis] = await pool.analyse([{ name: "merge-pdfs", description: "Combine PDF files", body: "rain" }]);
      expect(plain(analysis!)).toEqual(
        plain(analyseSkill({ name: "merge-pdfs", description: "Combine PDF files", body: "rain" })),
      );
    } finally {
      await pool.stop();
    }
    expect(pool.running).toBe(0);

    const dying = path.join(dir, "dying-worker.js");
    fs.writeFileSync(dying, "process.exit(4);\n");
    const failures: Error[] = [];
    const broken = new SkillAnalysisPool({ threads: 1, script: dying, onFailure: (error) => failures.push(error) });
    await broken.start();
    expect(broken.running).toBe(0);
    expect(broken.available).toBe(false);
    expect(failures.map((error) => error.message)).toEqual(["the skill analysis thread stopped (exit code 4)"]);
  });

  it("CT-2 a cold list of hundreds of thousands of characters is analysed on the threads; its index ranks as one built here", async () => {
    await configureSkillAnalysis({ threads: 2, script: WORKER });
    const before = skillAnalysisCounts();
    const list = listOf(400, 1_500);
    await analyseInTurns(list);
    const after = skillAnalysisCounts();
    expect(after.thread - before.thread).toBe(400);
    expect(after.event_loop - before.event_loop).toBe(0);
    const index = skillIndexOf(list);
    const built = SkillIndex.build(documentsOf(list));
    for (const query of ["staple my pdf files", "deploy kubernetes tests", "résumé 中文", "rain"])
      expect(index.search(query, 5)).toEqual(built.search(query, 5));
    expect(index.search("staple my pdf files", 1)[0]?.name).toBe("skill-7");
  });

  it("CT-2 a list half analysed before: the kept half is merged while the threads analyse the rest, scores as one built in one go", async () => {
    await configureSkillAnalysis({ threads: 2, script: WORKER });
    const earlier = listOf(600, 1_500);
    await analyseInTurns(earlier.slice(0, 300));
    // the same versions (kept) interleaved with new ones, as a publish of many skills would list them
    const fresh = listOf(300, 1_500).map((skill, i) => ({ ...skill, name: `fresh-${i}` }));
    const list = earlier.slice(0, 300).flatMap((skill, i) => [skill, fresh[i]!]);
    const before = skillAnalysisCounts();
    await analyseInTurns(list);
    const after = skillAnalysisCounts();
    expect([after.thread - before.thread, after.event_loop - before.event_loop]).toEqual([300, 0]);
    const built = SkillIndex.build(documentsOf(list));
    for (const query of ["staple my pdf files", "deploy kubernetes tests", "résumé 中文", "rain"])
      expect(skillIndexOf(list).scores(query)).toEqual(built.scores(query));
  });

  it("CT-2 a short list is analysed on the event loop (a round trip would cost more)", async () => {
    await configureSkillAnalysis({ threads: 2, script: WORKER });
    const before = skillAnalysisCounts();
    await analyseInTurns(listOf(20, 500));
    const after = skillAnalysisCounts();
    expect([after.thread - before.thread, after.event_loop - before.event_loop]).toEqual([0, 20]);
  });

  it("CT-2 a thread that fails is told once and its batches are analysed on the event loop: the index is the same", async () => {
    const broken = path.join(dir, "broken-worker.js");
    fs.writeFileSync(broken, 'require("node:worker_threads").parentPort.on("message", () => process.exit(3));\n');
    const failures: Error[] = [];
    await configureSkillAnalysis({ threads: 1, script: broken, onFailure: (error) => failures.push(error) });
    const before = skillAnalysisCounts();
    const list = listOf(400, 1_500);
    await analyseInTurns(list);
    const after = skillAnalysisCounts();
    expect([after.thread - before.thread, after.event_loop - before.event_loop]).toEqual([0, 400]);
    expect(failures.map((error) => error.message)).toEqual(["the skill analysis thread stopped (exit code 3)"]);
    expect(skillIndexOf(list).search("staple my pdf files", 1)[0]?.name).toBe("skill-7");
    // the next cold list does not ask the failed thread again
    await analyseInTurns(listOf(400, 1_500));
    expect(failures).toHaveLength(1);
    expect(skillAnalysisCounts().thread).toBe(after.thread);
  });
});
