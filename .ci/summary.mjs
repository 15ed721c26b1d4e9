// CI's summary: sums the JSON reports (vitest's json reporter) of every suite in a folder.
//   node .ci/summary.mjs <reports folder> [suites expected, default 3]
// Prints the tests that did not run (skipped or todo), then "N skipped", and last "N passed, N failed". CI has
// PostgreSQL, Redis and root, so every test must run there: a test that did not run counts as failed, and so does a
// suite whose report is missing or that failed without a failing test (a file that could not load).
import fs from "node:fs";
import path from "node:path";

const [folder, expectedArg] = process.argv.slice(2);
const expected = Number(expectedArg ?? 3);
let passed = 0;
let failed = 0;
const notRun = [];

const reports = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".json")) : [];
for (const file of reports.sort()) {
  const suite = path.basename(file, ".json");
  let report;
  try {
    report = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"));
  } catch {
    console.log(`${suite}: its report is not JSON`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (!report.success && report.numFailedTests === 0) failed += 1;
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status === "skipped" || test.status === "pending" || test.status === "todo")
        notRun.push(`${suite}: ${path.relative(process.cwd(), result.name)} > ${test.fullName} (${test.status})`);
    }
  }
}
if (reports.length < expected) {
  console.log(`${expected - reports.length} of ${expected} suites left no report`);
  failed += expected - reports.length;
}
if (notRun.length > 0) {
  console.log("Tests that did not run (CI has PostgreSQL, Redis and root: each counts as failed):");
  for (const line of notRun) console.log(`  ${line}`);
}
failed += notRun.length;
console.log(`${notRun.length} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
