import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, it } from "vitest";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { describeOnDialect } from "../support/test-app";
import { ensureServerBuilt } from "../support/server-build";
import { startServer } from "../support/server-process";
import { sleep } from "../support/wait";

/**
 * SEC-18 on a real process (`node dist/src/main.js`, NODE_ENV unset as in production): SIGTERM while a request is
 * in flight. The request completes (its body arrives after the signal and it still writes to the database), new
 * connections are refused, and the process exits 0 within a bound, on SQLite and on PostgreSQL.
 */

const BASE_URL = process.env.TEST_DATABASE_URL;
const EXIT_WITHIN_MS = 5_000;

/** Opens a createProject request and sends all of its body but the last byte; `finish` sends it and reads the answer. */
function halfSentRequest(port: number, token: string) {
  const body = JSON.stringify({
    query: `mutation($name: String!) { createProject(name: $name) { project { id name } } }`,
    variables: { name: "in flight" },
  });
  const req = http.request({
    host: "127.0.0.1",
    port,
    path: "/graphql",
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      authorization: `Bearer ${token}`,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((ok, fail) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => ok({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", fail);
  });
  req.write(body.slice(0, -1));
  return {
    finish: () => {
      req.end(body.slice(-1));
      return answer;
    },
  };
}

async function sigtermWhileARequestIsInFlight(env: Record<string, string>, name: string): Promise<void> {
  ensureServerBuilt();
  const platformToken = generatePlatformToken();
  const server = await startServer({ PLATFORM_TOKEN: platformToken, LOG_LEVEL: "info", ...env }, name);
  try {
    const inFlight = halfSentRequest(server.port, platformToken);
    await sleep(200); // the server has the request's headers and part of its body
    const signalled = performance.now();
    server.child.kill("SIGTERM");
    await sleep(300);
    // Stopped accepting: a new connection is refused.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const answer = await inFlight.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { createProject: { project: { name: "in flight" } } } });
    const code = await Promise.race([server.exited, sleep(EXIT_WITHIN_MS * 2).then(() => "still running")]);
    expect(code).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(EXIT_WITHIN_MS);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    expect(server.output()).toContain("bus and database closed");
  } catch (error) {
    console.error(`--- server output ---\n${server.output()}`);
    throw error;
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await server.stop();
  }
}

describeOnDialect("sqlite")("SEC-18 graceful shutdown of a real server process on SQLite", () => {
  it("SEC-18 SIGTERM on SQLite finishes the request in flight and exits 0 within the bound", async () => {
    await sigtermWhileARequestIsInFlight({}, "sigterm-sqlite");
  }, 120_000);
});

describeOnDialect("postgres")("SEC-18 graceful shutdown of a real server process on PostgreSQL", () => {
  it("SEC-18 SIGTERM on PostgreSQL finishes the request in flight, closes bus and database, and exits 0 within the bound", async () => {
    const scratch = await createScratchPostgres(BASE_URL!);
    try {
      await sigtermWhileARequestIsInFlight(
        {
          DATABASE_URL: scratch.url,
          SECRET_KEY: randomBytes(32).toString("base64"),
          SIGNING_KEY: randomBytes(32).toString("base64"),
        },
        "sigterm-postgres",
      );
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});
