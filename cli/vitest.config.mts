import { defineConfig } from "vitest/config";

// The CLI's tests start a real Skillgraph server in process (server/test/support), so they resolve graphql as the
// server's tests do. VITEST_JSON_REPORT=<file> adds a JSON report beside the server's (<file> with -cli before .json).
const jsonReport = process.env.VITEST_JSON_REPORT?.replace(/\.json$/, "-cli.json");

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
