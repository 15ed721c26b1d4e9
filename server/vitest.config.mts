import { defineConfig } from "vitest/config";

// Decorator metadata: vitest's default transformer follows tsconfig.json (experimentalDecorators,
// emitDecoratorMetadata, useDefineForClassFields: false), as tsc does, so type-graphql and TypeORM see the same types.
// VITEST_JSON_REPORT=<file> adds a JSON report (CI sums the counts of every suite from it).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
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
