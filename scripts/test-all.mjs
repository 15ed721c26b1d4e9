#!/usr/bin/env node
// `npm test`: the server's suite, then the CLI's, each run whatever the other did (a failing server test no longer
// hides the CLI suite, whose JSON report CI's summary counts). Exits 1 if either suite failed, naming which.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const suites = ["server", "cli"];

function npmCommand(npmArgs) {
  const npmCli = process.env.npm_execpath;
  if (npmCli !== undefined && /npm-cli\.js$/.test(npmCli)) return [process.execPath, [npmCli, ...npmArgs]];
  return [process.platform === "win32" ? "npm.cmd" : "npm", npmArgs];
}

const failed = [];
for (const suite of suites) {
  const [command, args] = npmCommand(["run", "test", "--workspace", suite]);
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32" && command !== process.execPath,
  });
  if (run.error !== undefined || run.status !== 0)
    failed.push(`${suite} (${run.error?.message ?? (run.signal ? `signal ${run.signal}` : `exit ${run.status}`)})`);
}
if (failed.length > 0) {
  console.error(`npm test: ${failed.length} of ${suites.length} suites failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`npm test: the ${suites.join(" and ")} suites passed`);
