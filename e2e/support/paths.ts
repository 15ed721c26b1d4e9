import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/**
 * The server's compiled entry (tsc with rootDir `server/`, so src/main.ts lands in dist/src/main.js).
 * E2E_SERVER_ENTRY points the journeys at another build of it (e.g. one copied elsewhere).
 */
export const serverEntry = process.env.E2E_SERVER_ENTRY
  ? resolve(process.env.E2E_SERVER_ENTRY)
  : join(repoRoot, "server", "dist", "src", "main.js");
export const webIndex = join(repoRoot, "web", "dist", "index.html");
