/**
 * CT-1, CT-2: the catalog ranking and budget (docs/catalog-search.md).
 *   npm run bench catalog   |   cd server && node dist/bench/catalog-search.bench.js
 * 1. Quality: Recall@1, Recall@5 and MRR of each step from plain BM25 to the ranking `find_skills` answers, over the
 *    1,616 public skills of ../shared/data/skill-catalog.jsonl and the hand-written requests of
 *    bench/catalog-requests.json — the held-out 'test' requests, the 'tune' ones the weights were measured on, and
 *    the same needs phrased with no word of the descriptions ('strict'); with the skills' SKILL.md bodies too when
 *    bench/catalog-search/bodies.ts has written them (outside the repository, like the catalog).
 * 2. Speed at 10,000 skills: building the index (in one go, and cold as a call start builds it: on the analysis
 *    threads beside the event loop), and one search (p50, p99).
 * 3. A cached call start (GraphQL over HTTP, SQLite) of an agent with 1,000 skills beside one with 10.
 * Knobs: BENCH_CATALOG_GRID=1 reruns the weight grid on the tune requests; BENCH_RUNS (call starts per agent, 200);
 * CATALOG_FILE (another catalog of the same shape).
 */
import "./production-mode";
import "reflect-metadata";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import {
  defaultAnalysisThreads,
  SkillAnalysisPool,
  SkillSearch,
  skillIndexOf,
  useSkillAnalysisPool,
} from "../src/modules/calls";
import {
  analyseSkill,
  MAX_BODY_WORDS,
  SkillIndex,
  type IndexOptions,
  type ResolvedSkill,
  type SkillDocument,
} from "../src/modules/runtime";
import { nameText } from "../src/modules/runtime/skill-index";
import { stemOf, wordsOf } from "../src/modules/runtime/skill-terms";
import { percentile, readCatalog, readRequests, scaledCatalog, type BenchRequest } from "./catalog-search/catalog";
import { bodiesFile, readBodies } from "./catalog-search/bodies";
import { buildAsCallStart, coldList } from "./catalog-search/cold-list";
import { bodyGrid, grid, measure, pct, tried } from "./catalog-search/tuning";
import { startInstance } from "./call-runtime/instance";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);

/** The steps measured, each adding one thing to the one before. */
function variants(
  catalog: readonly SkillDocument[],
  withBodies: readonly SkillDocument[] | null,
): Array<{ label: string; index: () => SkillIndex }> {
  // Plain BM25 on name and description: one field, words as written, k1 1.2, b 0.75, no thesaurus.
  const oneField = catalog.map((d) => ({
    name: d.name,
    description: `${nameText(d.name)} ${d.description}`,
  }));
  const plain: IndexOptions = {
    thesaurus: null,
    weights: { name: 0, body: 0, description: 1, bDescription: 0.75, k1: 1.2 },
  };
  return [
    { label: "plain BM25 (name + description)", index: () => SkillIndex.build(oneField, { ...plain, stem: false }) },
    { label: "+ Porter2 stems", index: () => SkillIndex.build(oneField, plain) },
    { label: "+ BM25F fields, measured weights", index: () => SkillIndex.build(catalog, { thesaurus: null }) },
    { label: "+ WordNet for unknown words (shipped)", index: () => SkillIndex.build(catalog) },
    ...(withBodies
      ? [
          {
            label: "+ SKILL.md bodies, earlier guess (.5, b .75)",
            index: () => SkillIndex.build(withBodies, { weights: { body: 0.5, bBody: 0.75 } }),
          },
          { label: "+ SKILL.md bodies, measured (shipped)", index: () => SkillIndex.build(withBodies) },
        ]
      : []),
  ];
}

/** How many word stems each request shares with its first expected skill's name and description (the set's hardness). */
function sharedStems(catalog: readonly SkillDocument[], requests: readonly BenchRequest[], strict: boolean) {
  const byName = new Map(catalog.map((d) => [d.name, d]));
  const counts = requests.map((r) => {
    const d = byName.get(r.expect[0]!)!;
    const terms = new Set(wordsOf(`${d.name.replace(/-/g, " ")} ${d.description}`).map(stemOf));
    return new Set(
      wordsOf(strict ? r.strict : r.request)
        .map(stemOf)
        .filter((s) => terms.has(s)),
    ).size;
  });
  return { mean: counts.reduce((a, b) => a + b, 0) / counts.length, none: counts.filter((c) => c === 0).length };
}

function qualityReport(
  catalog: readonly SkillDocument[],
  withBodies: readonly SkillDocument[] | null,
  requests: readonly BenchRequest[],
) {
  const tune = requests.filter((r) => r.split === "tune");
  const test = requests.filter((r) => r.split === "test");
  for (const strict of [false, true]) {
    const shared = sharedStems(catalog, requests, strict);
    console.log(
      `\n${strict ? "strict phrasing" : "requests"}: ${requests.length} (${test.length} test, ${tune.length} tune); ` +
        `word stems shared with the expected skill: mean ${shared.mean.toFixed(2)}, none for ${shared.none}`,
    );
    console.log(
      `  ${"".padEnd(40)} ${"test R@1".padStart(9)} ${"R@5".padStart(6)} ${"MRR".padStart(6)}   tune R@1    R@5`,
    );
    for (const { label, index } of variants(catalog, withBodies)) {
      const built = index();
      const a = measure(built, test, strict);
      const b = measure(built, tune, strict);
      console.log(
        `  ${label.padEnd(40)} ${pct(a.recallAt1).padStart(9)} ${pct(a.recallAt5).padStart(6)} ${a.mrr.toFixed(3).padStart(6)}` +
          `   ${pct(b.recallAt1).padStart(8)} ${pct(b.recallAt5).padStart(6)}`,
      );
    }
  }
  if (!withBodies)
    console.log(
      `  (no SKILL.md bodies at ${bodiesFile()}: node dist/bench/catalog-search/bodies.js writes them, see its header)`,
    );
  console.log("  targets (lexical, CT-2): Recall@5 ≥ 80%, Recall@1 ≥ 55%");
}

/** The analysis as it was before `countTerms` (and as its tests' reference reads a text): the baseline it is timed against. */
function stringAnalysis(document: SkillDocument) {
  return [nameText(document.name), document.description, document.body ?? ""].map((text, field) => {
    const words = wordsOf(text);
    const counts = new Map<string, number>();
    for (const word of field === 2 ? words.slice(0, MAX_BODY_WORDS) : words) {
      const term = stemOf(word);
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    return counts;
  });
}

function median3(run: () => void): number {
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[1]!;
}

function speedReport(catalog: readonly SkillDocument[], requests: readonly BenchRequest[], label: string) {
  const skills = scaledCatalog(catalog, 10_000);
  const builds: number[] = [];
  let index = SkillIndex.build(skills); // warms the stemmer's cache and the thesaurus, as a running server has them
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    index = SkillIndex.build(skills);
    builds.push(performance.now() - started);
  }
  builds.sort((a, b) => a - b);
  const searches: number[] = [];
  for (let i = 0; i < 3_000; i++) {
    const started = performance.now();
    index.search(requests[i % requests.length]!.request, 5);
    searches.push(performance.now() - started);
  }
  searches.sort((a, b) => a - b);
  // What an agent version's new index costs after one publish: every other skill's analysis is kept (call-catalog.ts).
  const analysed = skills.map((document) => analyseSkill(document));
  const rebuilds: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    SkillIndex.build(skills, { analysed: analysed.map((a, at) => (at === i ? analyseSkill(skills[at]!) : a)) });
    rebuilds.push(performance.now() - started);
  }
  rebuilds.sort((a, b) => a - b);
  const analyses = (analyse: (document: SkillDocument) => unknown) =>
    median3(() => {
      for (const document of skills) analyse(document);
    });
  const counted = analyses((document) => analyseSkill(document));
  const split = analyses(stringAnalysis);
  console.log(
    `\n10,000 skills, ${label}: index build median ${percentile(builds, 50).toFixed(0)} ms (max ${builds.at(-1)!.toFixed(0)} ms, ` +
      `target ≤ 1,000 ms), after one publish (analyses kept) median ${percentile(rebuilds, 50).toFixed(0)} ms ` +
      `(max ${rebuilds.at(-1)!.toFixed(0)} ms); one search p50 ${percentile(searches, 50).toFixed(3)} ms, ` +
      `p99 ${percentile(searches, 99).toFixed(2)} ms (target ≤ 20 ms)`,
  );
  console.log(
    `  of which counting the skills' terms (median of 3): ${counted.toFixed(0)} ms; the same with a string per word ` +
      `(wordsOf, stemOf, a Map per field: the analysis before countTerms) ${split.toFixed(0)} ms, ` +
      `${(split / counted).toFixed(2)}× as long`,
  );
  return { index, skills, buildMedianMs: percentile(builds, 50), searchP99Ms: percentile(searches, 99) };
}

/**
 * CT-2 with an embeddings endpoint: one search's own work at 10,000 skills through SkillSearch (the skills' vectors
 * gathered from its cache, every skill's cosine with the request's vector, the lexical scores, reciprocal-rank
 * fusion), its embedder answering seeded random vectors of BENCH_CATALOG_DIMS dimensions (default 1,536, OpenAI's
 * text-embedding-3-small) in process. Not in it: the endpoint's round trip for the request's vector (bounded by
 * EMBEDDINGS_TIMEOUT_MS; a repeated request is answered from the cache), and quality — random vectors say nothing of
 * a model's.
 */
async function fusionReport(
  skills: readonly SkillDocument[],
  index: SkillIndex,
  requests: readonly BenchRequest[],
  lexicalP99: number,
): Promise<number> {
  const dims = Number(process.env.BENCH_CATALOG_DIMS ?? 1536);
  const vectorOf = (text: string) => {
    let seed = [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2_147_483_648, 7);
    return Array.from({ length: dims }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648 - 0.5;
    });
  };
  const search = new SkillSearch({
    embedder: { model: "bench", embed: async (inputs) => inputs.map(vectorOf) },
  });
  const documents = () => skills;
  // a fused answer always has `limit` skills (every skill has a cosine); the lexical one for a word no skill has, none
  const fused = async () => (await search.search(index, documents, "zzzz-no-such-word", 5)).length === 5;
  while (!(await fused())) await new Promise((resolve) => setTimeout(resolve, 10)); // the first one starts the fill
  for (const r of requests) await search.search(index, documents, r.request, 5); // the requests' vectors, cached
  const times: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const started = performance.now();
    await search.search(index, documents, requests[i % requests.length]!.request, 5);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  console.log(
    `10,000 skills, fused search with ${dims}-dimension vectors (the endpoint's round trip not counted): p50 ` +
      `${percentile(times, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (${(p99 / lexicalP99).toFixed(1)}× the lexical p99)`,
  );
  return p99;
}

/**
 * A cold index of 10,000 skills with bodies as a first call start builds it (`analyseInTurns`, as call starts,
 * searches, gateway turns and evals do, then `skillIndexOf`): its time, and the event loop's longest stall meanwhile
 * (what another request waits for its turn) — the analysis on the analysis threads (the default: one per core, at
 * most 4) beside the same on the event loop a slice per turn (`SKILL_ANALYSIS_THREADS=0`), interleaved, 5 of each,
 * then `skillIndexOf` alone (in one go). Each pass uses new version ids, so nothing is kept from the one before.
 */
async function coldReport(catalog: readonly SkillDocument[]) {
  const skills = scaledCatalog(catalog, 10_000);
  let passes = 0;
  const listOf = (): ResolvedSkill[] => coldList(skills, String(passes++));
  const measure = async (build: (list: ResolvedSkill[]) => Promise<unknown>) => {
    const list = listOf();
    let last = performance.now();
    let stall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await build(list);
    const took = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(ticker);
    return { took, stall };
  };
  const threads = defaultAnalysisThreads();
  const pools = { threads: new SkillAnalysisPool({ threads }), loop: new SkillAnalysisPool({ threads: 0 }) };
  const before = useSkillAnalysisPool(pools.loop);
  type Run = { took: number; stall: number };
  const runs: { threads: Run[]; loop: Run[] } = { threads: [], loop: [] };
  for (let i = 0; i < 6; i++) {
    useSkillAnalysisPool(pools.threads);
    const onThreads = await measure(buildAsCallStart);
    useSkillAnalysisPool(pools.loop);
    const onLoop = await measure(buildAsCallStart);
    // the first of each warms the threads (start, tables of words met, stems) as a running server has them: not counted
    if (i === 0) continue;
    runs.threads.push(onThreads);
    runs.loop.push(onLoop);
  }
  const once = await measure(async (list) => skillIndexOf(list));
  if (before) useSkillAnalysisPool(before);
  await pools.threads.stop();
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const took = { threads: median(runs.threads.map((run) => run.took)), loop: median(runs.loop.map((run) => run.took)) };
  const stall = (list: Run[]) => Math.max(...list.map((run) => run.stall));
  console.log(
    `cold index at 10,000 skills with bodies, as a call start builds it (median of 5, interleaved): ` +
      `on ${threads} analysis thread${threads === 1 ? "" : "s"} ${took.threads.toFixed(0)} ms ` +
      `(runs ${runs.threads.map((run) => run.took.toFixed(0)).join(", ")}; target ≤ 1,000 ms), ` +
      `on the event loop in turns ${took.loop.toFixed(0)} ms (${(took.loop / took.threads).toFixed(2)}× as long)\n` +
      `  longest event-loop stall: with threads ${stall(runs.threads).toFixed(0)} ms, in turns ` +
      `${stall(runs.loop).toFixed(0)} ms, in one go ${once.stall.toFixed(0)} ms (${once.took.toFixed(0)} ms)`,
  );
  // The first cold list of a server just started: its threads start with it, or at boot (a registry with much text,
  // startAnalysisThreadsFor), their tables of words and stems empty either way. Interleaved, 3 processes each.
  const first = (args: string[]) => {
    const output = execFileSync(process.execPath, [path.join(__dirname, "catalog-search", "cold-list.js"), ...args]);
    return JSON.parse(output.toString()) as { took: number; warmUp?: number };
  };
  const firsts = { withList: [] as number[], atBoot: [] as number[], indexed: [] as number[], warmUps: [] as number[] };
  for (let i = 0; i < 3; i++) {
    firsts.withList.push(first([]).took);
    firsts.atBoot.push(first(["--threads-at-boot"]).took);
    const indexed = first(["--index-at-boot"]);
    firsts.indexed.push(indexed.took);
    firsts.warmUps.push(indexed.warmUp!);
  }
  const line = (runs: number[]) =>
    `${median(runs).toFixed(median(runs) < 10 ? 2 : 0)} ms (${runs.map((took) => took.toFixed(took < 10 ? 2 : 0)).join(", ")})`;
  console.log(
    `  the first cold list of a process just started, 3 processes each: threads started with the list ` +
      `${line(firsts.withList)}, threads started at boot ${line(firsts.atBoot)}; ` +
      `the agent's index built at boot (${line(firsts.warmUps)} after the threads started): its first call ${line(firsts.indexed)}`,
  );
}

/** 1,000 real skills published through GraphQL, then cached starts of a 1,000-skill and a 10-skill agent, interleaved. */
async function callStartReport(catalog: readonly SkillDocument[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-catalog-"));
  const db = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
  await db.migrate();
  const instance = await startInstance(db);
  try {
    const { gql, adminKey } = instance;
    const skills = catalog.slice(0, 1000);
    for (let i = 0; i < skills.length; i += 8) {
      await Promise.all(
        skills.slice(i, i + 8).map(async (skill) => {
          const md = `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\nSteps for ${skill.name}.\n`;
          const created = await gql<{ createSkillVersion: { id: string } }>(
            `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
            { input: { skillMd: md } },
            adminKey,
          );
          await gql(
            `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`,
            { id: created.createSkillVersion.id },
            adminKey,
          );
        }),
      );
    }
    const agent = async (name: string, count: number) => {
      const saved = await gql<{ saveAgent: { id: string; agentId: string } }>(
        `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
        { input: { name, prompt: "Help.", skills: skills.slice(0, count).map((s) => ({ name: s.name })) } },
        adminKey,
      );
      await gql(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saved.saveAgent.id }, adminKey);
      return saved.saveAgent.agentId;
    };
    const agents = { small: await agent("ten", 10), large: await agent("thousand", 1000) };
    const START = `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`;
    const START_LISTING = `mutation($input: StartCallInput!) { startCall(input: $input) { id catalog { omitted } } }`;
    const start = (agentId: string, query = START) =>
      gql<{ startCall: { catalog?: { omitted: string[] } } }>(
        query,
        { input: { agentId, variables: { request: "merge two pdf files" } } },
        adminKey,
      );
    const omitted = (await start(agents.large, START_LISTING)).startCall.catalog!.omitted.length;
    for (let i = 0; i < 20; i++) await Promise.all([start(agents.small), start(agents.large)]);
    // The start itself (`{ id }`), and the start asked for its catalog's omitted names (974 of them in the answer).
    const kinds = { start: START, listing: START_LISTING } as const;
    const times = Object.fromEntries(
      Object.keys(kinds).map((k) => [k, { small: [] as number[], large: [] as number[] }]),
    ) as Record<keyof typeof kinds, { small: number[]; large: number[] }>;
    for (let i = 0; i < RUNS; i++) {
      for (const kind of Object.keys(kinds) as Array<keyof typeof kinds>) {
        for (const which of ["small", "large"] as const) {
          const started = performance.now();
          await start(agents[which], kinds[kind]);
          times[kind][which].push(performance.now() - started);
        }
      }
    }
    console.log(
      `\ncached startCall over HTTP on SQLite, ${RUNS} each, interleaved (the 1,000-skill agent's catalog leaves ${omitted} out):`,
    );
    for (const kind of Object.keys(kinds) as Array<keyof typeof kinds>) {
      const t = times[kind];
      t.small.sort((a, b) => a - b);
      t.large.sort((a, b) => a - b);
      const p = (which: "small" | "large", at: number) => percentile(t[which], at);
      console.log(
        `  ${kind === "start" ? "startCall { id }" : "startCall { id catalog { omitted } }"}\n` +
          `    10 skills:    p50 ${p("small", 50).toFixed(2)} ms, p99 ${p("small", 99).toFixed(2)} ms\n` +
          `    1,000 skills: p50 ${p("large", 50).toFixed(2)} ms, p99 ${p("large", 99).toFixed(2)} ms\n` +
          `    ratio: p50 ${(p("large", 50) / p("small", 50)).toFixed(2)}×, p99 ${(p("large", 99) / p("small", 99)).toFixed(2)}× (target ≤ 2×)`,
      );
    }
  } finally {
    await instance.app.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const catalog = readCatalog();
  const bodies = readBodies();
  const withBodies = bodies ? readCatalog(bodies) : null;
  const requests = readRequests();
  qualityReport(catalog, withBodies, requests);
  if (process.env.BENCH_CATALOG_GRID === "1") {
    grid(catalog, requests);
    if (withBodies) bodyGrid(withBodies, requests);
  }
  if (process.env.BENCH_CATALOG_TRIED === "1") tried(catalog, withBodies, requests);
  const speed = speedReport(catalog, requests, "names and descriptions");
  if (withBodies) {
    speedReport(withBodies, requests, "with SKILL.md bodies");
    await coldReport(withBodies);
  }
  await fusionReport(speed.skills, speed.index, requests, speed.searchP99Ms);
  await callStartReport(catalog);
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
