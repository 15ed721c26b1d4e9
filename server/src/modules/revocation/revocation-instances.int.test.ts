import { afterAll, beforeAll, expect, it } from "vitest";
import { publishAgent, publishSkill, startCall } from "../../../test/support/calls";
import {
  describeEachDialect,
  openTestDatabase,
  startTestApp,
  testCredentials,
  type TestApp,
} from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";
import { DEGRADED_TTL_MS } from "../../platform/cache/invalidated-cache";
import { revoke } from "../../../test/support/revocation";

/**
 * SEC-26: two app instances on one database, each with its own caches of versions and live pointers. A revocation
 * through one is honoured by the other within the cache bound: the bus tells it at once (SQLite instances share
 * Redis as their bus here; PostgreSQL's instances its NOTIFY), and without the bus entries live only DEGRADED_TTL_MS.
 */
describeEachDialect.withOwnApps("revocation across two instances", (dialect) => {
  let one: TestApp;
  let two: TestApp;
  let drop: () => Promise<void>;
  let key: string;

  beforeAll(async () => {
    const opened = await openTestDatabase(dialect);
    drop = opened.drop;
    const credentials = testCredentials();
    const overrides = dialect === "sqlite" ? { redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" } : {};
    one = await startTestApp(opened.db, { credentials, overrides });
    two = await startTestApp(opened.db, { credentials, overrides });
    key = (await one.project("two instances")).adminKey;
  }, 60_000);

  afterAll(async () => {
    await two?.close();
    await one?.close();
    await drop?.();
  });

  it("SEC-26 PV-3 a pinned version revoked through one instance stops being served by the other within the bound", async () => {
    const old = await publishSkill(one, key, "two-pinned", { body: "Pinned body." });
    await publishSkill(one, key, "two-pinned", { body: "Newer body." });
    const agentId = await publishAgent(one, key, {
      name: "two-pins",
      skills: [{ name: "two-pinned", versionId: old }],
    });
    // the other instance resolves (and caches) the pin
    expect((await startCall(two, key, { agentId })).skills.map((s) => s.versionId)).toEqual([old]);
    expect((await startCall(two, key, { agentId })).skills.map((s) => s.versionId)).toEqual([old]);
    const revokedAt = Date.now();
    await revoke(one, key, old);
    await until(async () => (await startCall(two, key, { agentId })).skills.length === 0, DEGRADED_TTL_MS);
    expect(Date.now() - revokedAt).toBeLessThan(DEGRADED_TTL_MS);
    const call = await startCall(two, key, { agentId });
    expect(call.warnings).toEqual([expect.stringContaining("was revoked and is never served")]);
  });

  it("SEC-26 PV-3 a live version revoked through one instance stops being served by the other (follow-live agents, MCP list)", async () => {
    const live = await publishSkill(one, key, "two-live", { body: "Live body." });
    const agentId = await publishAgent(one, key, { name: "two-follows", skills: [{ name: "two-live" }] });
    expect((await startCall(two, key, { agentId })).skills.map((s) => s.versionId)).toEqual([live]);
    const revokedAt = Date.now();
    await revoke(one, key, live);
    await until(async () => (await startCall(two, key, { agentId })).skills.length === 0, DEGRADED_TTL_MS);
    expect(Date.now() - revokedAt).toBeLessThan(DEGRADED_TTL_MS);
  });
});
