// CI's summary: sums the JSON reports (vitest's json reporter) of every suite in a folder.
//   node .ci/summary.mjs <reports folder> [suites expected, default 3]
// Prints the failed tests (suite, file, full name and the first lines of the failure) and the files that failed
// without a failing test (one that could not load, a failing hook), so that a red CI names them above the tail of its
// log; then the tests that did not run (skipped or todo), then "N skipped", and last "N passed, N failed". CI has
// PostgreSQL, Redis and root, so every test must run there: a test that did not run counts as failed, and so does a
// suite whose report is missing or that failed without a failing test (a file that could not load).
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const [folder, expectedArg] = process.argv.slice(2);
const expected = Number(expectedArg ?? 3);
let passed = 0;
let failed = 0;
const notRun = [];
const failures = [];

/** The first lines of a failure message, without colours, each cut to a readable width. */
function firstLines(message, n = 4) {
  const text = stripVTControlCharacters(String(message ?? ""));
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .slice(0, n)
    .map((line) => (line.length > 240 ? `${line.slice(0, 239)}…` : line));
}

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
    const testFile = path.relative(process.cwd(), result.name ?? "(unknown file)");
    const failedHere = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedHere)
      failures.push({ name: `${suite}: ${testFile} > ${test.fullName}`, lines: firstLines(test.failureMessages?.[0]) });
    if (result.status === "failed" && failedHere.length === 0)
      failures.push({
        name: `${suite}: ${testFile} (the file failed without a failing test)`,
        lines: firstLines(result.message),
      });
    for (const test of result.assertionResults ?? []) {
      if (test.status === "skipped" || test.status === "pending" || test.status === "todo")
        notRun.push(`${suite}: ${testFile} > ${test.fullName} (${test.status})`);
    }
  }
}
if (failures.length > 0) {
  console.log("Failed tests:");
  for (const { name, lines } of failures) {
    console.log(`  ${name}`);
    for (const line of lines) console.log(`      ${line}`);
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
