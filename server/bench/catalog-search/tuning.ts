/**
 * CT-2's tuning, over the tune requests only (the held-out ones are read once, for the choice): the weight grids the
 * shipped weights come from (BENCH_CATALOG_GRID=1) and the ideas measured and not shipped (BENCH_CATALOG_TRIED=1),
 * each beside the shipped ranking (docs/catalog-search.md).
 */
import { analyseSkill, SkillIndex, type RankingWeights, type SkillDocument } from "../../src/modules/runtime";
import { nameText } from "../../src/modules/runtime/skill-index";
import { termsOf } from "../../src/modules/runtime/skill-terms";
import { quality, type BenchRequest, type Quality } from "./catalog";

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function measure(index: SkillIndex, requests: readonly BenchRequest[], strict: boolean): Quality {
  return quality(
    requests.map((r) => (strict ? { ...r, request: r.strict } : r)),
    (q) => index.search(q, 10).map((m) => m.name),
  );
}

/** The grid the shipped weights come from, over the tune requests only (R@1 + R@5, best first). */
export function grid(catalog: readonly SkillDocument[], requests: readonly BenchRequest[]) {
  const weights: Array<Partial<RankingWeights>> = [];
  for (const bName of [0.3, 0.6, 0.9])
    for (const bDescription of [0.5, 0.75, 0.9])
      for (const k1 of [0.8, 1.2, 1.6, 2.4])
        for (const name of [1, 2, 3, 5])
          for (const expansionUnknown of [0, 0.25, 0.5, 1])
            weights.push({ name, bName, bDescription, k1, expansion: 0, expansionUnknown });
  printBest("weight grid on the tune requests (R@1, R@5)", weights, requests, (w) =>
    SkillIndex.build(catalog, { weights: w }),
  );
}

/** The body's weight and length normalisation, with the other weights as shipped (tune requests only). */
export function bodyGrid(withBodies: readonly SkillDocument[], requests: readonly BenchRequest[]) {
  const analysed = withBodies.map((document) => analyseSkill(document));
  const weights: Array<Partial<RankingWeights>> = [];
  for (const body of [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1])
    for (const bBody of [0.5, 0.75, 0.8, 0.9, 1]) for (const k1 of [0.9, 1.2, 1.6]) weights.push({ body, bBody, k1 });
  printBest("body weight grid on the tune requests, with SKILL.md bodies (R@1, R@5)", weights, requests, (w) =>
    SkillIndex.build(withBodies, { weights: w, analysed }),
  );
}

/** Each of a grid's weights measured on the tune requests; the best 10 by R@1 + R@5. */
function printBest(
  title: string,
  grid: ReadonlyArray<Partial<RankingWeights>>,
  requests: readonly BenchRequest[],
  build: (weights: Partial<RankingWeights>) => SkillIndex,
) {
  const tune = requests.filter((r) => r.split === "tune");
  const results = grid.map((weights) => {
    const q = measure(build(weights), tune, false);
    return {
      score: q.recallAt1 + q.recallAt5,
      line: `${pct(q.recallAt1)} ${pct(q.recallAt5)} ${JSON.stringify(weights)}`,
    };
  });
  results.sort((a, b) => b.score - a.score);
  console.log(`\n${title}, best 10:`);
  for (const r of results.slice(0, 10)) console.log(`  ${r.line}`);
}

/** Request phrasing that says nothing of the task ("help me", "I need", "can you"): dropped before ranking. */
const REQUEST_PHRASES =
  /\b(help me|i need|i want|can you|could you|please|i'd like|i would like|want to|how (do|should|can) i|is there a way to)\b/gi;

/** The description's first sentence or clause, the part that usually says what the skill is for. */
const leadOf = (description: string) => description.split(/(?<=[.!?])\s|[;:\u2013\u2014]| - /)[0] ?? description;

/**
 * Pseudo-relevance feedback (RM3-like): the `m` terms that weigh most in the first `k` skills' names and descriptions
 * (term frequency × idf × the skill's score), added to the request at `beta` of its own weight.
 */
function feedbackRanking(catalog: readonly SkillDocument[], index: SkillIndex, k: number, m: number, beta: number) {
  const texts = catalog.map((d) => termsOf(`${nameText(d.name)} ${d.description}`));
  const df = new Map<string, number>();
  for (const terms of texts) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const position = new Map(catalog.map((d, i) => [d.name, i]));
  return (request: string): string[] => {
    const first = index.search(request, k);
    if (first.length === 0) return [];
    const own = new Set(termsOf(request));
    const weights = new Map<string, number>();
    for (const match of first) {
      const terms = texts[position.get(match.name)!]!;
      for (const term of terms) {
        if (own.has(term)) continue;
        const idf = Math.log(catalog.length / df.get(term)!);
        weights.set(term, (weights.get(term) ?? 0) + ((match.score / first[0]!.score) * idf) / terms.length);
      }
    }
    const expansion = [...weights]
      .sort((a, b) => b[1] - a[1])
      .slice(0, m)
      .map(([term]) => term);
    const base = index.scores(request);
    const extra = index.scores(expansion.join(" "));
    const top = Math.max(...extra, 1e-9) / Math.max(...base, 1e-9);
    return catalog
      .map((d, i) => ({ name: d.name, score: base[i]! + (beta * extra[i]!) / top }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((x) => x.name);
  };
}

/** Ideas measured on the tune requests only and not shipped (BENCH_CATALOG_TRIED=1): R@1, R@5 beside the shipped ranking. */
export function tried(
  catalog: readonly SkillDocument[],
  withBodies: readonly SkillDocument[] | null,
  requests: readonly BenchRequest[],
) {
  const tune = requests.filter((r) => r.split === "tune");
  const shipped = SkillIndex.build(catalog);
  const rows: Array<[string, Quality]> = [
    ["shipped ranking", measure(shipped, tune, false)],
    [
      "request phrases dropped",
      quality(tune, (q) => shipped.search(q.replace(REQUEST_PHRASES, " "), 10).map((m) => m.name)),
    ],
  ];
  for (const body of [0.3, 0.5, 1])
    rows.push([
      `description's first clause as a field, weight ${body}`,
      measure(
        SkillIndex.build(
          catalog.map((d) => ({ ...d, body: leadOf(d.description) })),
          { weights: { body, bBody: 0.3 } },
        ),
        tune,
        false,
      ),
    ]);
  for (const [k, m, beta] of [
    [3, 5, 0.2],
    [5, 10, 0.2],
    [10, 5, 0.1],
    [5, 5, 0.4],
  ] as const)
    rows.push([`feedback k=${k} m=${m} beta=${beta}`, quality(tune, feedbackRanking(catalog, shipped, k, m, beta))]);
  if (withBodies) {
    const index = SkillIndex.build(withBodies);
    rows.push(["with SKILL.md bodies: shipped ranking", measure(index, tune, false)]);
    for (const power of [0.25, 0.5, 1, 2])
      rows.push([`  coordination: score × coverage^${power}`, quality(tune, coordinated(withBodies, index, power, 0))]);
    const withHeadings = withBodies.map((d) => ({ ...d, description: `${d.description} ${headingsOf(d.body ?? "")}` }));
    rows.push([
      "  the body's headings in the description's field",
      measure(SkillIndex.build(withHeadings), tune, false),
    ]);
    const plain = SkillIndex.build(catalog);
    for (const k of [5, 60])
      rows.push([`  RRF with names and descriptions alone, k ${k}`, quality(tune, fusedWith(index, plain, k))]);
    for (const perTerm of [0.05, 0.1, 0.2])
      rows.push([
        `  coordination: score × (1 + ${perTerm} × terms matched)`,
        quality(tune, coordinated(withBodies, index, 0, perTerm)),
      ]);
  }
  console.log("\nideas tried on the tune requests (not shipped):");
  for (const [label, q] of rows)
    console.log(`  ${label.padEnd(52)} ${pct(q.recallAt1).padStart(6)} ${pct(q.recallAt5).padStart(6)}`);
}

/**
 * A coordination factor: the first 50 skills re-ranked by their score times the share of the request's terms they
 * hold (to `power`), or times 1 + `perTerm` for each term they hold — BM25 alone lets one rare word outweigh the rest.
 */
function coordinated(documents: readonly SkillDocument[], index: SkillIndex, power: number, perTerm: number) {
  const termsByName = new Map(
    documents.map((d) => [d.name, new Set(analyseSkill(d).fields.flatMap((field) => [...field.terms]))]),
  );
  return (request: string): string[] => {
    const wanted = [...index.queryTerms(request).keys()];
    return index
      .search(request, 50)
      .map(({ name, score }) => {
        const held = wanted.filter((term) => termsByName.get(name)!.has(term)).length;
        const factor = perTerm > 0 ? 1 + perTerm * held : (held / Math.max(1, wanted.length)) ** power;
        return { name, score: score * factor };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((match) => match.name);
  };
}

/**
 * Reciprocal-rank fusion of two lexical rankings (with bodies, and names and descriptions alone): a skill both put
 * near the top wins over one the bodies alone find (6 Dec: no better than the bodies' ranking alone).
 */
function fusedWith(first: SkillIndex, second: SkillIndex, k: number) {
  return (request: string): string[] => {
    const fused = new Map<string, number>();
    for (const index of [first, second])
      index
        .search(request, 100)
        .forEach(({ name }, rank) => fused.set(name, (fused.get(name) ?? 0) + 1 / (k + rank + 1)));
    return [...fused]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name]) => name);
  };
}

/** A SKILL.md body's markdown headings ("## Merge PDFs"), as one text. */
function headingsOf(body: string): string {
  return [...body.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1]).join(" ");
}
