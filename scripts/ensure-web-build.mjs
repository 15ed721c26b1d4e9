#!/usr/bin/env node
// Builds the web console (web/dist) only when it is missing or older than its sources, so `npm start` stays fast
// after the first run. Prints one line saying what it did; on a failed build, prints the build's output and exits 1.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "web");
const builtIndex = join(web, "dist", "index.html");
const sources = [join(web, "src"), join(web, "index.html"), join(web, "vite.config.ts"), join(web, "public")];

const reason = staleReason();
if (reason === undefined) {
  console.log("ensure-web-build: web/dist is up to date with web/src and web/index.html; nothing to do.");
  process.exit(0);
}

const started = Date.now();
const [command, args] = npmCommand(["run", "build", "--workspace", "web"]);
const build = spawnSync(command, args, {
  cwd: root,
  // the console users get: a test runner's NODE_ENV=test (vitest's, for the journeys) made Vite bundle React's
  // development build, many times slower, and `npm start` then served that build as up to date
  env: { ...process.env, NODE_ENV: "production" },
  encoding: "utf8",
  stdio: ["ignore", "pipe", "pipe"],
  shell: process.platform === "win32" && command !== process.execPath,
  maxBuffer: 64 * 1024 * 1024,
});

if (build.error !== undefined || build.status !== 0 || !existsSync(builtIndex)) {
  process.stderr.write(build.stdout ?? "");
  process.stderr.write(build.stderr ?? "");
  const cause =
    build.error !== undefined
      ? `could not run npm (${build.error.message})`
      : build.status !== 0
        ? `\`npm run build --workspace web\` exited with ${build.status ?? `signal ${build.signal}`}`
        : "the build finished but web/dist/index.html was not written";
  console.error(`ensure-web-build: building the web console failed: ${cause}. See the output above.`);
  process.exit(1);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`ensure-web-build: built web/dist in ${seconds}s because ${reason}.`);

/** Why web/dist needs a build, or undefined when it is newer than every source file. */
function staleReason() {
  if (!existsSync(builtIndex)) return "web/dist/index.html is missing";
  if (developmentBuild()) return "web/dist is a development build of React (console.createTask is in it)";
  const builtAt = statSync(builtIndex).mtimeMs;
  for (const source of sources) {
    const newer = findNewerFile(source, builtAt);
    if (newer !== undefined) return `${relative(root, newer)} is newer than web/dist/index.html`;
  }
  return undefined;
}

/** A build made with NODE_ENV other than production bundles React's development build (it tracks every element with console.createTask). */
function developmentBuild() {
  const assets = join(web, "dist", "assets");
  if (!existsSync(assets)) return false;
  return readdirSync(assets).some(
    (f) => f.endsWith(".js") && readFileSync(join(assets, f), "utf8").includes("console.createTask"),
  );
}

function findNewerFile(path, than) {
  if (!existsSync(path)) return undefined;
  const stats = statSync(path);
  // a component test is not part of the console: changing one needs no build
  if (stats.isFile()) return stats.mtimeMs > than && !/\.test\.tsx?$/.test(path) ? path : undefined;
  if (!stats.isDirectory()) return undefined;
  for (const entry of readdirSync(path)) {
    const newer = findNewerFile(join(path, entry), than);
    if (newer !== undefined) return newer;
  }
  return undefined;
}

/** Runs the npm that started us when there is one (under `npm start`), else the npm on PATH. */
function npmCommand(npmArgs) {
  const npmCli = process.env.npm_execpath;
  if (npmCli !== undefined && /npm-cli\.js$/.test(npmCli)) return [process.execPath, [npmCli, ...npmArgs]];
  return [process.platform === "win32" ? "npm.cmd" : "npm", npmArgs];
}
