/**
 * Runs every registered benchmark, one after another in this process:
 *   npm run bench                  (builds, then node dist/bench/run.js)
 *   node dist/bench/run.js usage   (only the benches whose file name contains "usage")
 * A new bench is a `*.bench.ts` file exporting `run()`, added to BENCHES below. When more than one runs, each runs in
 * a process of its own, so none starts with another's heap (the gateway's p99 moved with the call runtime's garbage).
 */
import "./production-mode";
import { fork } from "node:child_process";
import fs from "node:fs";
import * as callRuntime from "./call-runtime.bench";
import * as contentReview from "./content-review.bench";
import * as catalogSearch from "./catalog-search.bench";
import * as gateway from "./gateway.bench";
import * as insights from "./insights.bench";
import * as observability from "./observability.bench";
import * as reads from "./reads.bench";
import * as rolloutGuards from "./rollout-guards.bench";
import * as signalFold from "./signal-fold.bench";
import * as skillUsage from "./skill-usage.bench";

interface BenchModule {
  run(): Promise<unknown>;
}

/** In the order they run. */
const BENCHES: Array<{ file: string; bench: BenchModule }> = [
  { file: "skill-usage.bench.ts", bench: skillUsage },
  { file: "call-runtime.bench.ts", bench: callRuntime },
  { file: "gateway.bench.ts", bench: gateway },
  { file: "observability.bench.ts", bench: observability },
  { file: "insights.bench.ts", bench: insights },
  { file: "signal-fold.bench.ts", bench: signalFold },
  { file: "content-review.bench.ts", bench: contentReview },
  { file: "catalog-search.bench.ts", bench: catalogSearch },
  { file: "rollout-guards.bench.ts", bench: rolloutGuards },
  { file: "reads.bench.ts", bench: reads },
];

/** Investigation benches run on their own (`node dist/bench/<file>.js`, see each file's header), not by `npm run bench`. */
const STANDALONE = ["sqlite-write.bench.ts", "start-statement.bench.ts"];

async function main(): Promise<void> {
  const filter = process.argv[2] ?? "";
  const unregistered = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith(".bench.js"))
    .map((f) => f.replace(/\.js$/, ".ts"))
    .filter((f) => !STANDALONE.includes(f) && !BENCHES.some((b) => b.file === f));
  if (unregistered.length > 0)
    console.warn(`not registered in bench/run.ts (or stale builds): ${unregistered.join(", ")}`);
  const selected = BENCHES.filter((b) => b.file.includes(filter));
  if (selected.length === 0)
    throw new Error(`no benchmark matches '${filter}' (${BENCHES.map((b) => b.file).join(", ")})`);
  for (const { file, bench } of selected) {
    const started = Date.now();
    console.log(`\n== ${file} ==`);
    if (selected.length === 1) await bench.run();
    else await inChildProcess(file);
    console.log(`== ${file}: ${((Date.now() - started) / 1000).toFixed(0)} s ==`);
  }
}

/** Runs one bench (this file, filtered to it) in a fresh Node process with the same flags; fails if it fails. */
function inChildProcess(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, [file], { stdio: "inherit", execArgv: process.execArgv });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
