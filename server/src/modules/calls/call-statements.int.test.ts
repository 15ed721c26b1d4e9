import { beforeAll, expect, it } from "vitest";
import {
  loadSkill,
  publishAgent,
  publishSkill,
  READ_TIMELINE,
  startCall,
  timeline,
  type Timeline,
} from "../../../test/support/calls";
import { statementsDuring } from "../../../test/support/sql-statements";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";

/** A statement as its kind and first table: `INSERT call_events`, `SELECT calls`, `BEGIN`. */
function shape(sql: string): string {
  const text = sql.replace(/\s+/g, " ").trim();
  const verb = /^(WITH|INSERT|SELECT|UPDATE|DELETE|START TRANSACTION|BEGIN|COMMIT)/i.exec(text)?.[1]?.toUpperCase();
  if (verb === "START TRANSACTION" || verb === "BEGIN") return "BEGIN";
  if (verb === "COMMIT") return "COMMIT";
  const table = /(?:INTO|FROM|UPDATE)\s+"?(\w+)"?/i.exec(text)?.[1];
  return `${verb} ${table}`;
}

const shapes = async (t: TestApp, fn: () => Promise<unknown>) => (await statementsDuring(t, fn)).map(shape);

const START_ID = `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`;
const LOAD_STATUS = `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status } }`;

/** Realistic skill text (about 1.5 KB each): what a call no longer copies into its row. */
const body = (name: string) =>
  `# ${name}\n\n` +
  Array.from({ length: 24 }, (_, i) => `${i + 1}. Step ${i + 1} of ${name}: check, then say.`).join("\n");

describeEachDialect("statements and bytes of the call hot paths", { outboundAllowHosts: ["127.0.0.1"] }, (t) => {
  let key: string;
  let agentId: string;
  const names = ["st-a", "st-b", "st-c", "st-d", "st-e", "st-f", "st-g"];

  beforeAll(async () => {
    key = (await t.project()).adminKey;
    for (const name of names) await publishSkill(t, key, name, { body: body(name) });
    agentId = await publishAgent(t, key, {
      name: "statements-agent",
      maxLoadedSkills: 2,
      skills: names.map((name) => ({ name })),
    });
    // warms the caches (the project's webhook subscriptions too) and stores the agent's context
    await loadSkill(t, key, (await startCall(t, key, { agentId })).id, "st-a");
  });

  const start = async () =>
    (await t.ok<{ startCall: { id: string } }>(START_ID, { input: { agentId } }, key)).startCall.id;

  it("budget: a warm startCall is one write: one statement on PostgreSQL, one prepared batch of four inserts on SQLite", async () => {
    const sent = await shapes(t, start);
    // RO-3, OB-3: the skills' starts go into the signal deltas in the same write (a CTE on PostgreSQL; on SQLite one
    // more prepared insert in the same synchronous transaction, no round trip)
    expect(sent).toEqual(
      t.dialect === "postgres"
        ? ["WITH call_contexts"]
        : ["INSERT calls", "INSERT call_skills", "INSERT skill_signal_deltas", "INSERT call_events"],
    );
  });

  it("budget: a startCall after a publish reads the changed live version once, then writes the call", async () => {
    await publishSkill(t, key, "st-c", { body: body("st-c v2") });
    const sent = await shapes(t, start);
    const reads = sent.filter((s) => s.startsWith("SELECT"));
    expect(reads).toEqual(["SELECT skill_versions"]);
    // the new resolution is a new context: stored with the call (PostgreSQL: in the same statement)
    expect(sent.filter((s) => !s.startsWith("SELECT"))).toEqual(
      t.dialect === "postgres"
        ? ["WITH call_contexts"]
        : [
            "INSERT call_contexts",
            "INSERT calls",
            "INSERT call_skills",
            "INSERT skill_signal_deltas",
            "INSERT call_events",
          ],
    );
  });

  it("budget: loadSkill on a call this instance started is one statement on PostgreSQL (compare-and-set); an eviction adds none", async () => {
    const id = await start();
    // PostgreSQL: the call as this instance started it, then the events, the loaded flags, the signal
    // deltas (RO-3, OB-3) and the state patch in one named prepared statement that applies only while the call is at
    // the event number the load decided on; SQLite: the read and four writes as prepared statements of the driver
    // in one synchronous transaction (its BEGIN and COMMIT are the driver's, in process, as for a start: not logged)
    const expected =
      t.dialect === "postgres"
        ? ["WITH calls"]
        : ["SELECT calls", "INSERT call_events", "INSERT skill_signal_deltas", "UPDATE call_skills", "UPDATE calls"];
    expect(await shapes(t, () => t.ok(LOAD_STATUS, { callId: id, name: "st-a" }, key))).toEqual(expected);
    await loadSkill(t, key, id, "st-b");
    // at the cap of 2: st-a is evicted and st-c loaded, two events in one insert
    expect(await shapes(t, () => t.ok(LOAD_STATUS, { callId: id, name: "st-c" }, key))).toEqual(expected);
    expect((await timeline(t, key, id)).loadedSkills).toEqual(["st-b", "st-c"]);
  });

  if (t.dialect === "sqlite")
    it("budget: RT-4 a SQLite load on a call this instance started or loaded reads the row's status and event number, not its state; the cap still evicts the oldest", async () => {
      const id = await start();
      for (const name of ["st-a", "st-b", "st-c"]) {
        const sent = await statementsDuring(t, () => t.ok(LOAD_STATUS, { callId: id, name }, key));
        const reads = sent.filter((s) => s.startsWith("SELECT ")).map((s) => s.replace(/\s+/g, " "));
        expect(reads).toHaveLength(1);
        expect(reads[0]).toMatch(
          /^SELECT status, events_expired, json_extract\(state, '\$\.eventSeq'\) AS seq FROM calls/,
        );
      }
      expect((await timeline(t, key, id)).loadedSkills).toEqual(["st-b", "st-c"]);
    });

  it("RT-11 the cached webhook subscriptions: one created after loads gets the next load's event; one deleted, no more", async () => {
    const id = await start();
    await loadSkill(t, key, id, "st-a");
    const created = await t.ok<{ createWebhookSubscription: { subscription: { id: string } } }>(
      `mutation { createWebhookSubscription(url: "http://127.0.0.1:9/hook", eventTypes: ["skill.loaded"]) {
        subscription { id } } }`,
      {},
      key,
    );
    const subscription = created.createWebhookSubscription.subscription.id;
    const deliveries = () => countWhere(t, "webhook_deliveries", "subscription_id", subscription);
    await loadSkill(t, key, id, "st-b");
    expect(await deliveries()).toBe(1);
    await t.ok(`mutation($id: ID!) { deleteWebhookSubscription(id: $id) }`, { id: subscription }, key);
    await loadSkill(t, key, id, "st-d");
    expect(await deliveries()).toBe(1);
  });

  it("budget: bytes stored per call start of a 7-skill agent: at most 2 KB (the skills' text is stored once, not per call)", async () => {
    const contextsBefore = await count(t, "call_contexts");
    const id = await start();
    expect(await count(t, "call_contexts")).toBe(contextsBefore);
    const bytes =
      (await rowBytes(t, "calls", "id", id)) +
      (await rowBytes(t, "call_skills", "call_id", id)) +
      (await rowBytes(t, "call_events", "call_id", id));
    expect(bytes).toBeGreaterThan(500);
    expect(bytes).toBeLessThanOrEqual(2048);
    const context = await t.app.db.read((m) =>
      m.query(`SELECT body FROM call_contexts ORDER BY length(body) DESC LIMIT 1`),
    );
    expect((context as Array<{ body: string }>)[0]!.body.length).toBeGreaterThan(7 * 1000);
  });

  it("RT-8 RT-10 a call row from before call contexts (whole segments in its state) reads and loads as a new one does", async () => {
    const slim = await start();
    const fat = await start();
    const [row] = (await t.app.db.read((m) =>
      m.query(`SELECT state FROM calls WHERE id = ${p(t, 1)}`, [fat]),
    )) as Array<{
      state: string;
    }>;
    const state = JSON.parse(row!.state) as { segments: Array<{ context: string; startedAt: string }> };
    const segments: object[] = [];
    for (const ref of state.segments) {
      const [ctx] = (await t.app.db.read((m) =>
        m.query(`SELECT body FROM call_contexts WHERE hash = ${p(t, 1)}`, [ref.context]),
      )) as Array<{ body: string }>;
      segments.push({ ...(JSON.parse(ctx!.body) as object), startedAt: ref.startedAt });
    }
    await t.app.db.write((tx) =>
      tx.manager.query(`UPDATE calls SET state = ${p(t, 1)} WHERE id = ${p(t, 2)}`, [
        JSON.stringify({ ...state, segments }),
        fat,
      ]),
    );
    const same = (view: Timeline) => ({ ...view, events: view.events.map(({ data: _d, ...e }) => e) });
    expect(same(await timeline(t, key, fat))).toEqual(same(await timeline(t, key, slim)));
    for (const name of ["st-d", "st-e", "st-f"]) {
      await loadSkill(t, key, fat, name);
      await loadSkill(t, key, slim, name);
    }
    const read = (id: string) => t.ok<{ call: Timeline }>(READ_TIMELINE, { id }, key);
    expect(same((await read(fat)).call)).toEqual(same((await read(slim)).call));
    expect((await read(fat)).call.loadedSkills).toEqual(["st-e", "st-f"]);
  });
});

/** The n-th bind parameter of the dialect. */
const p = (t: TestApp, n: number) => (t.dialect === "postgres" ? `$${n}` : "?");

async function count(t: TestApp, table: string): Promise<number> {
  const rows = (await t.app.db.read((m) => m.query(`SELECT COUNT(*) AS n FROM ${table}`))) as Array<{ n: unknown }>;
  return Number(rows[0]!.n);
}

async function countWhere(t: TestApp, table: string, column: string, value: string): Promise<number> {
  const rows = (await t.app.db.read((m) =>
    m.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ${p(t, 1)}`, [value]),
  )) as Array<{ n: unknown }>;
  return Number(rows[0]!.n);
}

/** The bytes of a table's rows for a call: every column value as the database returns it, as UTF-8 text. */
async function rowBytes(t: TestApp, table: string, column: string, id: string): Promise<number> {
  const rows = (await t.app.db.read((m) =>
    m.query(`SELECT * FROM ${table} WHERE ${column} = ${p(t, 1)}`, [id]),
  )) as Array<Record<string, unknown>>;
  expect(rows.length).toBeGreaterThan(0);
  return rows
    .flatMap((row) => Object.values(row))
    .filter((value) => value !== null && value !== undefined)
    .reduce<number>((sum, value) => sum + Buffer.byteLength(String(value)), 0);
}
