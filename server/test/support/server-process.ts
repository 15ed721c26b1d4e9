import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_MAIN } from "./server-build";

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The process's DATA_DIR (its SQLite file when no DATABASE_URL is given). */
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s; removes the process's data directory. */
  stop: () => Promise<void>;
}

/**
 * Starts `node dist/src/main.js` as production would (no NODE_ENV=test) and resolves once it listens (PORT=0: the
 * port is read from its start-up line). Call ensureServerBuilt() first.
 */
export function startServer(env: Record<string, string>, name: string): Promise<ServerProcess> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), `sg-${name}-`));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATA_DIR: cwd,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | string>((ok) =>
    child.once("exit", (code, signal) => ok(code ?? signal ?? "unknown")),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(cwd, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`server ${name} did not start in time:\n${out}`)));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /GraphQL on http:\/\/localhost:(\d+)\/graphql/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        child.stdout!.on("data", (more: Buffer) => (out += more.toString()));
        resolve({
          url: `http://127.0.0.1:${port}`,
          port: Number(port),
          child,
          dataDir: cwd,
          output: () => out,
          exited,
          stop,
        });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/** A GraphQL request to a server process with a bearer token; throws on errors, answers `data`. */
export async function gqlOn<T>(
  server: ServerProcess,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}
