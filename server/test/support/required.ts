import net from "node:net";
import type { TestContext } from "vitest";

/**
 * Tests that need something a laptop may lack — PostgreSQL (TEST_DATABASE_URL), Redis on 127.0.0.1:6379, root (for a
 * throwaway PostgreSQL of their own) — skip themselves where it is missing. CI has all of them and sets
 * CI_REQUIRE_ALL=1: there a missing one fails the test (or its file) instead of skipping it unseen.
 */
export const requireAll = (env: NodeJS.ProcessEnv = process.env): boolean => env.CI_REQUIRE_ALL === "1";

const missing = (what: string) =>
  new Error(`This test needs ${what}, which is missing; CI_REQUIRE_ALL=1 makes that a failure, not a skip.`);

/** `present`, for `describe.skipIf(!needs(…))` / `it.skipIf(…)`; under CI_REQUIRE_ALL=1 a missing one throws. */
export function needs(present: boolean, what: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!present && requireAll(env)) throw missing(what);
  return present;
}

/** Inside a running test: skips it when `present` is false, or fails it under CI_REQUIRE_ALL=1. */
export function skipUnless(ctx: TestContext, present: boolean, what: string): void {
  if (present) return;
  if (requireAll()) throw missing(what);
  ctx.skip(`no ${what}`);
}

export const REDIS_URL = "redis://127.0.0.1:6379";

/** Does something accept TCP connections on host:port (within a second)? */
export function reachable(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((ok) => {
    const socket = net.connect(port, host, () => {
      socket.end();
      ok(true);
    });
    socket.on("error", () => ok(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      ok(false);
    });
  });
}

export const redisReachable = () => reachable(6379);
