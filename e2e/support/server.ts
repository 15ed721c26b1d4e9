import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { repoRoot, serverEntry } from "./paths";

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 — no trailing slash. */
  readonly baseUrl: string;
  readonly port: number;
  /** The platform credential the server was started with (Authorization: Bearer …). */
  readonly platformToken: string;
  readonly dataDir: string;
  /** The server's recent stdout and stderr, for failure messages. */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL) and deletes its data directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra or overriding environment variables; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  readyTimeoutMs?: number;
}

const OUTPUT_LINES_KEPT = 300;
const running = new Set<ChildProcess>();

// A crashed or interrupted test run must not leave servers behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts the real, compiled server as a child process on a free port with a fresh data directory (embedded SQLite
 * unless E2E_DATABASE_URL is set) and resolves once GET /readyz answers 2xx.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`The server is not built: ${serverEntry} is missing. Run "npm run build --workspace server".`);
  }
  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), "skillgraph-e2e-"));
  const platformToken = `e2e-platform-${randomBytes(16).toString("hex")}`;
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: Record<string, string | undefined> = { ...process.env };
  // The test runner's own variables must not change how the server behaves.
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "TEST") delete env[name];
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1", // only this machine can reach a test server
    CORS_ORIGINS: baseUrl,
    DATA_DIR: dataDir,
    PLATFORM_TOKEN: platformToken,
    SECRET_KEY: randomBytes(32).toString("base64"),
    SIGNING_KEY: randomBytes(32).toString("base64"),
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    ...options.env,
  });
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];

  // cwd is the server workspace, as under `npm start` (npm run start --workspace server).
  const child = spawn(process.execPath, [serverEntry], {
    cwd: join(repoRoot, "server"),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
    lines.push(
      ...chunk
        .toString("utf8")
        .split("\n")
        .filter((line) => line !== ""),
    );
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      running.delete(child);
      resolve();
    });
  });
  let exitedAlready = false;
  void exited.then(() => {
    exitedAlready = true;
  });

  let stopping: Promise<void> | undefined;
  const server: RunningServer = {
    baseUrl,
    port,
    platformToken,
    dataDir,
    output: () => lines.join("\n"),
    stop: () => {
      stopping ??= (async () => {
        if (!exitedAlready) {
          child.kill("SIGTERM");
          const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
          if (!stopped) {
            child.kill("SIGKILL");
            await exited;
          }
        }
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      })();
      return stopping;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (exitedAlready) {
      await server.stop();
      throw new Error(
        `The server exited (code ${child.exitCode ?? "none"}, signal ${child.signalCode ?? "none"}) before ` +
          `/readyz answered. Its output:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  await server.stop();
  throw new Error(
    `The server on port ${port} was not ready within ${options.readyTimeoutMs ?? 60_000} ms ` +
      `(last /readyz: ${lastProblem}). Its output:\n${server.output()}`,
  );
}

/** A port the OS says is free right now; the server binds it a moment later. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
