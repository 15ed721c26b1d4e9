import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// VITEST_JSON_REPORT=<file> adds a JSON report (CI sums the counts of every suite from it).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["journeys/**/*.e2e.test.ts"],
    globalSetup: ["./support/global-setup.ts"],
    // Each journey file starts its own server and browser: a few in parallel, not one per core.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page answers a filter or a push after a round trip: on a loaded CI machine that is often over
    // expect.poll's default second, so every poll waits up to ten unless it says otherwise.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
