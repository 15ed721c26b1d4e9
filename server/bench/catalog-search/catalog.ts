import fs from "node:fs";
import path from "node:path";
import type { SkillDocument } from "../../src/modules/runtime";

/** The repository's root: the first folder above this file's that holds `server/bench/catalog-requests.json`. */
const ROOT = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, "server/bench/catalog-requests.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No repository root above ${__dirname}.`);
    dir = up;
  }
  return dir;
})();

/**
 * The benchmark catalog: 1,616 real public skills in `shared/data/skill-catalog.jsonl` beside the repository (or
 * beside the folder of its worktrees); it is never copied into it. CATALOG_FILE names another file of the same shape.
 */
export function catalogFile(): string {
  const candidates = process.env.CATALOG_FILE
    ? [process.env.CATALOG_FILE]
    : ["..", "../.."].map((up) => path.resolve(ROOT, up, "shared/data/skill-catalog.jsonl"));
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  if (!file)
    throw new Error(`The CT-2 catalog is missing: looked for ${candidates.join(", ")} (set CATALOG_FILE to another).`);
  return file;
}

/** The catalog's skills, name and description (`withBodies`: the SKILL.md bodies of bodies.ts beside them). */
export function readCatalog(withBodies?: ReadonlyMap<string, string>): SkillDocument[] {
  return fs
    .readFileSync(catalogFile(), "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const { name, description } = JSON.parse(line) as { name: string; description: string };
      const body = withBodies?.get(name);
      return body === undefined ? { name, description } : { name, description, body };
    });
}

export interface BenchRequest {
  request: string;
  /** The same need without any word of the description but names of products, services and formats. */
  strict: string;
  expect: string[];
  split: "tune" | "test";
}

/** The hand-written requests kept beside the bench (`catalog-requests.json`). */
export function readRequests(): BenchRequest[] {
  const file = path.join(ROOT, "server/bench/catalog-requests.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { requests: BenchRequest[] }).requests;
}

/**
 * `count` skills made from the catalog for the speed figures at scale: copies of its skills under new names (the
 * second copy of `pdf` is `pdf-v2`), so the vocabulary and lengths are the catalog's.
 */
export function scaledCatalog(catalog: readonly SkillDocument[], count: number): SkillDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const skill = catalog[i % catalog.length]!;
    const copy = Math.floor(i / catalog.length);
    return copy === 0 ? skill : { ...skill, name: `${skill.name}-v${copy + 1}` };
  });
}

export interface Quality {
  requests: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
}

/** Recall@1, Recall@5 and the mean reciprocal rank (within the first 10) of `rank` over the requests. */
export function quality(requests: readonly BenchRequest[], rank: (request: string) => readonly string[]): Quality {
  let at1 = 0;
  let at5 = 0;
  let mrr = 0;
  for (const r of requests) {
    const names = rank(r.request);
    const first = names.slice(0, 10).findIndex((name) => r.expect.includes(name));
    if (first === 0) at1++;
    if (first >= 0 && first < 5) at5++;
    if (first >= 0) mrr += 1 / (first + 1);
  }
  const n = requests.length;
  return { requests: n, recallAt1: at1 / n, recallAt5: at5 / n, mrr: mrr / n };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
