import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// VITEST_JSON_REPORT=<file> adds a JSON report (CI sums the counts of every suite from it).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
  },
});
