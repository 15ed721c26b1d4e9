import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const SERVER_DIR = path.resolve(__dirname, "..", "..");
/** The compiled server entry that tests start as a real process. */
export const SERVER_MAIN = path.join(SERVER_DIR, "dist", "src", "main.js");

/** Builds dist/ when any server source is newer than dist/src/main.js (or it is missing). */
export function ensureServerBuilt(): void {
  const builtAt = fs.existsSync(SERVER_MAIN) ? fs.statSync(SERVER_MAIN).mtimeMs : 0;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return Math.max(max, newest(full));
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")
        ? Math.max(max, fs.statSync(full).mtimeMs)
        : max;
    }, 0);
  if (newest(path.join(SERVER_DIR, "src")) <= builtAt) return;
  try {
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
      cwd: SERVER_DIR,
      stdio: "pipe",
    });
  } catch (error) {
    // tsc still emits on type errors elsewhere in the tree; the server's start-up path is what the tests run.
    if (!fs.existsSync(SERVER_MAIN)) throw error;
  }
}
