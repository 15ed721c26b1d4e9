import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const SERVER_DIR = path.resolve(__dirname, "..", "..");
/** The compiled server entry that tests start as a real process. */
export const SERVER_MAIN = path.join(SERVER_DIR, "dist", "src", "main.js");
/** Held (a folder, with the builder's pid in it) while one test process builds dist/. */
const BUILD_LOCK = path.join(SERVER_DIR, "dist", ".build-lock");

const newest = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return Math.max(max, newest(full));
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")
      ? Math.max(max, fs.statSync(full).mtimeMs)
      : max;
  }, 0);

const stale = () =>
  newest(path.join(SERVER_DIR, "src")) > (fs.existsSync(SERVER_MAIN) ? fs.statSync(SERVER_MAIN).mtimeMs : 0);

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock's builder, if it is still running; a lock left by a build that was killed is removed. */
function lockHeld(): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(BUILD_LOCK, "pid"), "utf8"));
  } catch {
    // no lock, or one just taken whose pid is not written yet (left without one for long: its taker died)
    try {
      if (Date.now() - fs.statSync(BUILD_LOCK).mtimeMs < 10_000) return true;
    } catch {
      return false;
    }
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
    return false;
  }
}

/**
 * Builds dist/ when any server source is newer than dist/src/main.js (or it is missing). Test files run in parallel
 * processes and several need the build (a fresh clone has none): one builds under a lock while the others wait for it,
 * so tsc runs once, not once per file at the same time, and no process starts a server from a dist/ being written
 * (tsc writes main.js before the files it imports). Call it from a beforeAll with a long timeout: on a busy host the
 * build takes tens of seconds.
 */
export function ensureServerBuilt(): void {
  for (;;) {
    // Staleness first: a main.js newer than the sources while the lock is held may be a build half written.
    if (!stale() && !lockHeld()) return;
    fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
    try {
      fs.mkdirSync(BUILD_LOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      sleepSync(200); // another process builds
      continue;
    }
    try {
      fs.writeFileSync(path.join(BUILD_LOCK, "pid"), String(process.pid));
      if (stale()) build();
      return;
    } finally {
      fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
  }
}

function build(): void {
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
