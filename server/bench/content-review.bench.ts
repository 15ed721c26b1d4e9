/**
 * CR-1: the time a content review adds to a create, for a typical version and for the largest
 * allowed bundle (200 files, 8 MiB; SKILL.md 256 KiB), beside the same create without the review, measured in one run.
 *   npm run bench content-review   |   cd server && node dist/bench/content-review.bench.js
 * Rows: the scanner alone (`reviewSkill`), and the create (`SkillService.create`, what `createSkillVersion` calls) on
 * embedded SQLite with the review and with the review port switched off (the baseline). Targets: typical ≤ 20 ms, largest ≤ 2 s (review).
 * The hostile row is the largest bundle filled with near misses of every rule (the linear-time test's input).
 * Knobs: BENCH_RUNS (typical, default 40; the large bundles run BENCH_RUNS / 10, at least 3).
 */
import "./production-mode";
import "reflect-metadata";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { reviewSkill, type ReviewInput } from "../src/modules/review/scanner";
import { startInstance } from "./call-runtime/instance";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BIG_RUNS = Math.max(3, Math.floor(RUNS / 10));
const enc = (s: string) => new TextEncoder().encode(s);

const PROSE = [
  "Read each line of the bill and say what it is for, in the caller's words.",
  "When a charge is disputed, check the contract dates first, then the usage records.",
  "| Charge | Meaning |\n| --- | --- |\n| Line rental | The monthly fee for the line |",
  '```python\nfor line in bill.lines:\n    print(f"{line.label}: {line.amount:.2f}")\n```',
  "See [the rates](references/rates.md) and https://docs.example.com/billing for the full list.",
  "Never promise a refund; open a ticket with `scripts/ticket.py --reason dispute` instead.",
].join("\n\n");

function textOf(bytes: number, seed: number): string {
  const unit = `## Section ${seed}\n\n${PROSE}\n\n`;
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

const skillMd = (name: string, bodyBytes: number) =>
  `---\nname: ${name}\ndescription: Explains a customer's bill line by line. Use when a caller asks what a charge is.\n---\n\n${textOf(bodyBytes, 0)}`;

/** A typical version: a 6 KiB SKILL.md, two references, a script and a JSON file (about 36 KiB in all). */
function typical(name: string): ReviewInput {
  return {
    skillMd: skillMd(name, 6 * 1024),
    files: [
      { path: "references/rates.md", content: enc(textOf(12 * 1024, 1)) },
      { path: "references/disputes.md", content: enc(textOf(12 * 1024, 2)) },
      { path: "scripts/ticket.py", content: enc(`import sys\n\n${"print('ticket', sys.argv[1:])\n".repeat(140)}`) },
      {
        path: "assets/codes.json",
        content: enc(JSON.stringify({ codes: Array.from({ length: 80 }, (_, i) => `C${i}`) })),
      },
    ],
  };
}

/** The largest allowed bundle: SKILL.md just under 256 KiB and 200 files making up 8 MiB. */
function largest(name: string, fill: (bytes: number, seed: number) => string = textOf): ReviewInput {
  const perFile = Math.floor((8 * 1024 * 1024) / 200);
  return {
    skillMd: skillMd(name, 256 * 1024 - 200),
    files: Array.from({ length: 200 }, (_, i) => ({ path: `references/part-${i}.md`, content: enc(fill(perFile, i)) })),
  };
}

const NEAR_MISSES = [
  "curl ",
  "wget -qO- x ",
  "| ",
  'bash -c "$(',
  "iex ",
  "exec(",
  "eval(",
  "base64 -d ",
  "nc -e ",
  "/dev/tcp/",
  "mkfifo ",
  "socket.socket(",
  ".connect(",
  "cat ~/.ssh/",
  "crontab -l ",
  ">> ~/.bashrc ",
  "ignore all previous ",
  "send the ",
  "conversation ",
  "![a](https://x.example/?",
  "note to the ai ",
  'api_key = "',
  "http://",
  "https://1.2.3.",
  "xn--",
  "<!--",
  '<div style="',
  "\u200B",
  "\u202E",
  "\u{E0041}",
  "p\u0430",
  " ",
  "-",
].join("");
const hostileText = (bytes: number, seed: number) => {
  const unit = NEAR_MISSES.slice(seed % 40) + NEAR_MISSES.slice(0, seed % 40);
  const out = new Uint8Array(bytes);
  const { written } = new TextEncoder().encodeInto(unit.repeat(Math.ceil(bytes / unit.length)), out);
  return new TextDecoder().decode(out.slice(0, written));
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(runs: number, once: (i: number) => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  await once(-1); // warm
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await once(i);
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(ms);
}

export interface ContentReviewBenchResult {
  rows: Array<{ bundle: string; review: number; createWithReview: number | null; createWithout: number | null }>;
}

export async function run(): Promise<ContentReviewBenchResult> {
  const db = await Database.open({ url: undefined, sqlitePath: ":memory:", entities });
  const instance = await startInstance(db);
  const { adminKey, app } = instance;
  const reviews = app.services.reviews;
  const reviewing = reviews.forWrite;
  const { principal } = await app.services.auth.authenticate(`Bearer ${adminKey}`);
  // the service's create as GraphQL calls it (8 MiB is over the GraphQL body limit: uploads carry bundles that large)
  const ctx = { requestId: "bench", principal, loaders: undefined as never };
  const create = (input: ReviewInput) =>
    app.services.skills.create(ctx, {
      skillMd: input.skillMd,
      files: input.files.map((f) => ({ path: f.path, contentBase64: Buffer.from(f.content).toString("base64") })),
    });
  const createBoth = async (make: (name: string) => ReviewInput, runs: number, tag: string) => {
    const withReview = await timed(runs, (i) => create(make(`bench-${tag}-with-${i + 1}`)));
    // the baseline: the same create with the skills module's review port doing nothing
    Object.defineProperty(reviews, "forWrite", { value: async () => async () => {}, configurable: true });
    try {
      const without = await timed(runs, (i) => create(make(`bench-${tag}-without-${i + 1}`)));
      return { withReview, without };
    } finally {
      Object.defineProperty(reviews, "forWrite", { value: reviewing, configurable: true });
    }
  };
  try {
    const rows: ContentReviewBenchResult["rows"] = [];
    const typicalReview = await timed(RUNS, () => reviewSkill(typical("bench-typical")));
    const typicalCreate = await createBoth(typical, RUNS, "typical");
    rows.push({
      bundle: "typical (36 KiB, 5 files)",
      review: typicalReview,
      createWithReview: typicalCreate.withReview,
      createWithout: typicalCreate.without,
    });
    const bigInput = largest("bench-largest");
    const largestReview = await timed(BIG_RUNS, () => reviewSkill(bigInput));
    const largestCreate = await createBoth((name) => largest(name), BIG_RUNS, "largest");
    rows.push({
      bundle: "largest (8.25 MiB, 201 files)",
      review: largestReview,
      createWithReview: largestCreate.withReview,
      createWithout: largestCreate.without,
    });
    const hostile = largest("bench-hostile", hostileText);
    rows.push({
      bundle: "largest, near misses of every rule",
      review: await timed(BIG_RUNS, () => reviewSkill(hostile)),
      createWithReview: null,
      createWithout: null,
    });
    const f = (n: number | null) => (n === null ? "—" : `${n.toFixed(1)} ms`);
    console.log(`content review: median of ${RUNS} runs (typical) and ${BIG_RUNS} (large bundles)`);
    console.log("| bundle | review alone | create with review | create without review |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const r of rows)
      console.log(`| ${r.bundle} | ${f(r.review)} | ${f(r.createWithReview)} | ${f(r.createWithout)} |`);
    return { rows };
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
