/**
 * Runs every registered benchmark, one after another in this process:
 *   npm run bench                  (builds, then node dist/bench/run.js)
 *   node dist/bench/run.js usage   (only the benches whose file name contains "usage")
 * A new bench is a `*.bench.ts` file exporting `run()`, added to BENCHES below.
 */
import fs from "node:fs";
import * as callRuntime from "./call-runtime.bench";
import * as gateway from "./gateway.bench";
import * as skillUsage from "./skill-usage.bench";

interface BenchModule {
  run(): Promise<unknown>;
}

/** In the order they run. */
const BENCHES: Array<{ file: string; bench: BenchModule }> = [
  { file: "skill-usage.bench.ts", bench: skillUsage },
  { file: "call-runtime.bench.ts", bench: callRuntime },
  { file: "gateway.bench.ts", bench: gateway },
];

async function main(): Promise<void> {
  const filter = process.argv[2] ?? "";
  const unregistered = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith(".bench.js") && !BENCHES.some((b) => b.file === f.replace(/\.js$/, ".ts")));
  if (unregistered.length > 0)
    console.warn(`not registered in bench/run.ts (or stale builds): ${unregistered.join(", ")}`);
  const selected = BENCHES.filter((b) => b.file.includes(filter));
  if (selected.length === 0)
    throw new Error(`no benchmark matches '${filter}' (${BENCHES.map((b) => b.file).join(", ")})`);
  for (const { file, bench } of selected) {
    const started = Date.now();
    console.log(`\n== ${file} ==`);
    await bench.run();
    console.log(`== ${file}: ${((Date.now() - started) / 1000).toFixed(0)} s ==`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
