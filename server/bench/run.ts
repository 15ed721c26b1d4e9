/**
 * Runs every benchmark in this folder (`*.bench.js` once compiled), one after another in this process:
 *   npm run bench                  (builds, then node dist/bench/run.js)
 *   node dist/bench/run.js usage   (only the benches whose file name contains "usage")
 */
import fs from "node:fs";
import path from "node:path";

interface BenchModule {
  run(): Promise<unknown>;
}

async function main(): Promise<void> {
  const filter = process.argv[2] ?? "";
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith(".bench.js") && f.includes(filter))
    .sort();
  if (files.length === 0) throw new Error(`no benchmark matches '${filter}' in ${__dirname}`);
  for (const file of files) {
    console.log(`\n== ${file.replace(/\.js$/, ".ts")} ==`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bench = require(path.join(__dirname, file)) as BenchModule;
    await bench.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
