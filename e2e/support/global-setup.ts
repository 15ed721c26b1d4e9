import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, serverEntry, webIndex } from "./paths";

// Runs once before all journeys: the console must be built (the server serves web/dist at /) and the server
// compiled. The web build is cheap to check and is refreshed here; the server build is the server's own step.
export default function setup(): void {
  const webBuild = spawnSync(process.execPath, [join(repoRoot, "scripts", "ensure-web-build.mjs")], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  if (webBuild.status !== 0 || !existsSync(webIndex)) {
    throw new Error("The web console could not be built (node scripts/ensure-web-build.mjs failed); see its output.");
  }
  if (!existsSync(serverEntry)) {
    throw new Error(
      `The server is not built: ${serverEntry} is missing. Run "npm run build --workspace server" and try again.`,
    );
  }
}
