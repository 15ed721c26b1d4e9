import { Client } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { entities } from "../../src/entities";
import { DEGRADED_TTL_MS } from "../../src/platform/cache/invalidated-cache";
import { Database } from "../../src/platform/db/database";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { PUBLISH_AGENT, saveAgent } from "../support/agents";
import { publishAgent, publishSkill, START_CALL, type CallView } from "../support/calls";

import { describeOnDialect, startTestApp, testCredentials, type TestApp } from "../support/test-app";
import { sleep, until } from "../support/wait";

/**
 * SEC-19 across two instances on one PostgreSQL database, whose invalidation bus is LISTEN/NOTIFY: each instance's
 * listening connection is killed and new connections to the database are refused for a while (ALLOW_CONNECTIONS
 * false: the pools keep the connections they hold), so neither instance hears the other. Every write that
 * invalidates — a rollback, an agent publish, deleting a skill version, an agent, a key (revoke) and a project —
 * answers as done on the instance that made it and shows there at once; the other instance, which cached the old
 * answers while its bus was down, serves them only for the short lifetime of such entries, never longer.
 */
const BASE_URL = process.env.TEST_DATABASE_URL;

type Observed = Record<"rolled" | "deleted" | "prompt" | "removed" | "revokedKey" | "deletedProject", string>;

describeOnDialect("postgres")("SEC-19 writes while the bus is cut", () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let admin: Client;
  let a: TestApp;
  let b: TestApp;
  let key = "";
  const ids = { follower: "", republishedDraft: "", republished: "", removed: "", deletedSkill: "", rolledV1: "" };
  const keys = { editorId: "", editor: "", projectId: "", projectKey: "" };

  const database = async () => Database.open({ url: scratch.url, entities, poolSize: 10 });
  const dbName = () => new URL(scratch.url).pathname.slice(1);
  const allowConnections = (allow: boolean) => admin.query(`ALTER DATABASE ${dbName()} ALLOW_CONNECTIONS ${allow}`);

  beforeAll(async () => {
    scratch = await createScratchPostgres(BASE_URL!);
    admin = new Client({ connectionString: BASE_URL });
    await admin.connect();
    const credentials = testCredentials();
    a = await startTestApp(await database(), { credentials });
    b = await startTestApp(await database(), { credentials });
    key = (await a.project("bus cut")).adminKey;
    ids.rolledV1 = await publishSkill(a, key, "rolled", { body: "Rolled v1." });
    await publishSkill(a, key, "rolled", { body: "Rolled v2." });
    ids.deletedSkill = await publishSkill(a, key, "deleted-skill", { body: "Soon gone." });
    ids.follower = await publishAgent(a, key, { name: "follower", skills: [{ name: "rolled" }] });
    ids.republished = await publishAgent(a, key, { name: "republished", prompt: "Prompt one." });
    ids.republishedDraft = (
      await saveAgent(a, key, { name: "republished", prompt: "Prompt two." }, ids.republished)
    ).id;
    ids.removed = await publishAgent(a, key, { name: "removed" });
    const editor = await a.ok<{ createApiKey: { id: string; key: string } }>(
      `mutation { createApiKey(role: EDITOR, name: "soon revoked") { id key } }`,
      {},
      key,
    );
    keys.editorId = editor.createApiKey.id;
    keys.editor = editor.createApiKey.key;
    const doomed = await a.project("bus cut, deleted");
    keys.projectId = doomed.id;
    keys.projectKey = doomed.adminKey;
  }, 60_000);

  afterAll(async () => {
    await allowConnections(true).catch(() => undefined);
    await a?.close();
    await b?.close();
    await admin?.end();
    await scratch?.drop();
  });

  /** What `t` answers now for each thing the writes change. */
  async function observe(t: TestApp): Promise<Observed> {
    const call = (input: Record<string, unknown>) => t.gql<{ startCall: CallView }>(START_CALL, { input }, key);
    const accepted = async (token: string) =>
      (await t.gql(`{ skills { total } }`, {}, token)).errors ? "refused" : "accepted";
    const rolled = (await call({ agentId: ids.follower })).data!.startCall.skills[0]!.version;
    const inline = (await call({ inlineAgent: { name: "inline", skills: [{ name: "deleted-skill" }] } })).data!;
    const prompt = (await call({ agentId: ids.republished })).data!.startCall.systemPrompt;
    const removed = await call({ agentId: ids.removed });
    return {
      rolled: `v${rolled}`,
      deleted: inline.startCall.skills.length === 1 ? "resolved" : "skipped",
      prompt: prompt.includes("Prompt two.") ? "two" : "one",
      removed: removed.errors ? "refused" : "runs",
      revokedKey: await accepted(keys.editor),
      deletedProject: await accepted(keys.projectKey),
    };
  }

  const before: Observed = {
    rolled: "v2",
    deleted: "resolved",
    prompt: "one",
    removed: "runs",
    revokedKey: "accepted",
    deletedProject: "accepted",
  };
  const after: Observed = {
    rolled: "v1",
    deleted: "skipped",
    prompt: "two",
    removed: "refused",
    revokedKey: "refused",
    deletedProject: "refused",
  };

  it("SEC-19 every write that invalidates answers as done while the bus is cut; another instance serves what it cached only briefly", async () => {
    expect(await observe(a)).toEqual(before);
    // Pools hold a few connections each before new ones are refused.
    for (const t of [a, b])
      await Promise.all(Array.from({ length: 4 }, () => t.app.db.read((m) => m.query("SELECT pg_sleep(0.05)"))));
    await allowConnections(false);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND (query LIKE 'LISTEN %' OR query LIKE 'SELECT pg_notify(%')`,
      [dbName()],
    );
    await until(() => !a.app.bus.connected && !b.app.bus.connected, 5_000);

    // B caches what it reads now: entries of a cut bus live DEGRADED_TTL_MS.
    expect(await observe(b)).toEqual(before);
    const cachedBy = Date.now();

    // Every write answers as done, and shows on the instance that made it at once.
    const writes: Array<[string, Record<string, unknown>, string?]> = [
      [
        `mutation($n: String!, $to: ID!) { rollbackSkill(name: $n, toVersionId: $to) { id } }`,
        { n: "rolled", to: ids.rolledV1 },
      ],
      [PUBLISH_AGENT, { id: ids.republishedDraft }],
      [`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: ids.deletedSkill }],
      [`mutation($id: ID!) { deleteAgent(agentId: $id) }`, { id: ids.removed }],
      [`mutation($id: ID!) { revokeApiKey(id: $id) }`, { id: keys.editorId }],
      [`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: keys.projectId }, a.platformToken],
    ];
    for (const [query, variables, token] of writes) {
      const res = await a.gql(query, variables, token ?? key);
      expect(res.errors, query).toBeUndefined();
      expect(res.status, query).toBe(200);
    }
    expect(await observe(a)).toEqual(after);

    // B did not hear of them: it serves what it cached (this look ended within the lifetime of what it cached)...
    expect(await observe(b)).toEqual(before);
    expect(Date.now() - cachedBy, "the writes took longer than the short lifetime: nothing to judge").toBeLessThan(
      DEGRADED_TTL_MS,
    );
    // ... but not for longer than the short lifetime: everything B cached was cached by `cachedBy`, so a look that
    // starts once DEGRADED_TTL_MS has passed since then finds none of it, however long the look itself takes.
    await sleep(cachedBy + DEGRADED_TTL_MS + 1 - Date.now());
    expect(await observe(b)).toEqual(after);

    // The bus comes back: both instances listen again, and a change reaches the other at once.
    await allowConnections(true);
    await until(() => a.app.bus.connected && b.app.bus.connected, 10_000);
    expect((await observe(b)).rolled).toBe("v1");
    await publishSkill(a, key, "rolled", { body: "Rolled v3." });
    await until(async () => (await observe(b)).rolled === "v3", 1_000);
  }, 60_000);
});
