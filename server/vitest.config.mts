import { defineConfig } from "vitest/config";

// Decorator metadata: vitest's default transformer follows tsconfig.json
// (experimentalDecorators + emitDecoratorMetadata + useDefineForClassFields: false), as tsc does.
export default defineConfig({
  test: {
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
