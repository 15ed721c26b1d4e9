import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * CI's summary (.ci/summary.mjs) and CI_REQUIRE_ALL=1, on real vitest runs of a test file that needs PostgreSQL,
 * started here without TEST_DATABASE_URL: without the variable it skips (a laptop); with it, it fails (CI). The
 * summary prints how many tests did not run on the line before the last, and counts each as failed.
 */
const SERVER = path.resolve(__dirname, "..", "..");
const SUMMARY = path.resolve(SERVER, "..", ".ci", "summary.mjs");
const NEEDS_POSTGRES = "test/platform/planner-settings.int.test.ts";

const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-ci-reports-"));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: SERVER, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** vitest on one file without TEST_DATABASE_URL; its JSON report goes to `report`. */
function vitest(report: string, requireAll: boolean) {
  const env: NodeJS.ProcessEnv = { ...process.env, VITEST_JSON_REPORT: report };
  // the outer run's own variables (VITEST, VITEST_WORKER_ID, NODE_ENV=test …) are not the child's
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") && name !== "VITEST_JSON_REPORT") delete env[name];
  delete env.NODE_ENV;
  delete env.TEST_DATABASE_URL;
  delete env.CI_REQUIRE_ALL;
  if (requireAll) env.CI_REQUIRE_ALL = "1";
  const bin = path.resolve(SERVER, "..", "node_modules", "vitest", "vitest.mjs");
  return run(process.execPath, [bin, "run", NEEDS_POSTGRES], env);
}

const summary = (reports: string, suites: number) =>
  run(process.execPath, [SUMMARY, reports, String(suites)], { PATH: process.env.PATH ?? "" });

const lastLines = (output: string, n: number) => output.trimEnd().split("\n").slice(-n);

describe("CI sees skipped tests", () => {
  it("without CI_REQUIRE_ALL a test that needs PostgreSQL skips; the summary prints it as skipped and counts it failed", async () => {
    const reports = folder();
    const tests = await vitest(path.join(reports, "server.json"), false);
    expect(tests.code, tests.output).toBe(0);
    const report = JSON.parse(fs.readFileSync(path.join(reports, "server.json"), "utf8")) as {
      numPendingTests: number;
      numPassedTests: number;
    };
    expect(report.numPassedTests).toBe(0);
    expect(report.numPendingTests).toBeGreaterThan(0);
    const result = await summary(reports, 1);
    expect(result.code).toBe(1);
    expect(lastLines(result.output, 2)).toEqual([
      `${report.numPendingTests} skipped`,
      `0 passed, ${report.numPendingTests} failed`,
    ]);
    expect(result.output).toContain(`server: ${NEEDS_POSTGRES} > PostgreSQL planner settings`);
  }, 120_000);

  it("with CI_REQUIRE_ALL=1 the same file fails, naming what is missing", async () => {
    const reports = folder();
    const tests = await vitest(path.join(reports, "server.json"), true);
    expect(tests.code).not.toBe(0);
    expect(tests.output).toMatch(/needs PostgreSQL \(TEST_DATABASE_URL\), which is missing; CI_REQUIRE_ALL=1/);
    const result = await summary(reports, 1);
    expect(result.code).toBe(1);
    expect(lastLines(result.output, 2)).toEqual(["0 skipped", "0 passed, 1 failed"]);
  }, 120_000);

  it("a clean run sums every suite into 'N skipped' and, last, 'N passed, N failed'; a missing suite counts as failed", async () => {
    const reports = folder();
    const clean = (passed: number) => ({ numPassedTests: passed, numFailedTests: 0, success: true, testResults: [] });
    fs.writeFileSync(path.join(reports, "server.json"), JSON.stringify(clean(5)));
    fs.writeFileSync(path.join(reports, "web.json"), JSON.stringify(clean(2)));
    const two = await summary(reports, 2);
    expect([two.code, lastLines(two.output, 2)]).toEqual([0, ["0 skipped", "7 passed, 0 failed"]]);
    const three = await summary(reports, 3);
    expect([three.code, lastLines(three.output, 2)]).toEqual([1, ["0 skipped", "7 passed, 1 failed"]]);
  });

  it("a red run names each failed test above the summary lines: suite, file, full name and the failure's first lines, without colours", async () => {
    const reports = folder();
    const file = path.join(SERVER, "test", "platform", "bus-cut.int.test.ts");
    const failure =
      "AssertionError: expected 5123 to be less than 5000\n\u001b[31m- Expected\u001b[39m\n+ Received\n\n    at bus-cut.int.test.ts:151:5\n    at more frames";
    fs.writeFileSync(
      path.join(reports, "server.json"),
      JSON.stringify({
        numPassedTests: 3,
        numFailedTests: 1,
        success: false,
        testResults: [
          {
            name: file,
            status: "failed",
            message: "",
            assertionResults: [
              { fullName: "SEC-19 writes while the bus is cut SEC-19 a cached answer", status: "passed" },
              {
                fullName: "SEC-19 writes while the bus is cut SEC-19 the stale answer lasts 5 s at most",
                status: "failed",
                failureMessages: [failure],
              },
            ],
          },
          {
            name: path.join(SERVER, "test", "platform", "broken.int.test.ts"),
            status: "failed",
            message: "Failed to load url ./missing (resolved id: ./missing)\nDoes the file exist?",
            assertionResults: [],
          },
        ],
      }),
    );
    const result = await summary(reports, 2);
    expect(result.code).toBe(1);
    const lines = result.output.trimEnd().split("\n");
    expect(lines.slice(-2)).toEqual(["0 skipped", "3 passed, 2 failed"]);
    const listed = lines.slice(0, -2);
    expect(listed).toContain("Failed tests:");
    // the summary runs in server/ (SERVER), so files are named from there
    expect(listed).toContain(
      "  server: test/platform/bus-cut.int.test.ts > SEC-19 writes while the bus is cut SEC-19 the stale answer lasts 5 s at most",
    );
    const at = listed.findIndex((line) => line.includes("the stale answer lasts 5 s at most"));
    expect(listed.slice(at + 1, at + 5).map((line) => line.trim())).toEqual([
      "AssertionError: expected 5123 to be less than 5000",
      "- Expected",
      "+ Received",
      "at bus-cut.int.test.ts:151:5",
    ]);
    expect(result.output).not.toContain("\u001b[");
    expect(result.output).not.toContain("more frames");
    expect(result.output).not.toContain("a cached answer");
    expect(listed).toContain("  server: test/platform/broken.int.test.ts (the file failed without a failing test)");
    expect(listed).toContain("      Failed to load url ./missing (resolved id: ./missing)");
    expect(listed.findIndex((line) => line === "1 of 2 suites left no report")).toBeGreaterThan(at);
  });
});
