import { defineConfig } from "vitest/config";

// Decorator metadata: vitest's default transformer follows tsconfig.json (experimentalDecorators,
// emitDecoratorMetadata, useDefineForClassFields: false), as tsc does, so type-graphql and TypeORM see the same types.
// VITEST_JSON_REPORT=<file> adds a JSON report (CI sums the counts of every suite from it).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  // One graphql, as in the built server: vite would resolve our own `import "graphql"` to its ESM build while
  // type-graphql, Apollo and graphql-ws load the CommonJS one, and graphql refuses a schema from "another realm".
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
    // Integration tests mostly wait (on PostgreSQL, timers, sockets, child processes): on CI's 2 cores four workers
    // finish the suite in ~0.7 of the time two (vitest's default, one per core) take, with the CPU still not full.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts"], exclude: ["src/**/*.int.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["src/**/*.int.test.ts", "test/**/*.int.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
