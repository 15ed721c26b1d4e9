import { afterAll, beforeAll, expect, it } from "vitest";
import { codeOf, loadSkill, publishAgent, publishSkill, runTool, startCall } from "../../../test/support/calls";
import { loadCall, sendMessage } from "../../../test/support/chat";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect, createTestApp, type GqlResponse, type TestApp } from "../../../test/support/test-app";

const INSIGHTS = `query($from: DateTime!, $to: DateTime!, $bucket: String, $skill: String, $agentId: ID) {
  skillInsights(from: $from, to: $to, bucket: $bucket, skill: $skill, agentId: $agentId) {
    skill agentId loadRate toolErrorRate successRate
    series { at starts loads evictions toolRuns toolErrors outcomes successes } } }`;
const UNUSED = `query($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`;
const CAP = `query($from: DateTime!, $to: DateTime!) { capAdvice(from: $from, to: $to) {
  agentId agentName maxLoadedSkills evictions suggestedMax } }`;
const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`;

type Counts = Record<"starts" | "loads" | "evictions" | "toolRuns" | "toolErrors" | "outcomes" | "successes", number>;
interface Insight {
  skill: string;
  agentId: string | null;
  loadRate: number | null;
  toolErrorRate: number | null;
  successRate: number | null;
  series: Array<Counts & { at: string }>;
}

const HOUR = 3_600_000;
const totals = (insight: Insight): Counts =>
  insight.series.reduce(
    (sum, p) => ({
      starts: sum.starts + p.starts,
      loads: sum.loads + p.loads,
      evictions: sum.evictions + p.evictions,
      toolRuns: sum.toolRuns + p.toolRuns,
      toolErrors: sum.toolErrors + p.toolErrors,
      outcomes: sum.outcomes + p.outcomes,
      successes: sum.successes + p.successes,
    }),
    { starts: 0, loads: 0, evictions: 0, toolRuns: 0, toolErrors: 0, outcomes: 0, successes: 0 },
  );
const field = (res: GqlResponse) => (res.errors?.[0]?.extensions?.details as { field?: string } | undefined)?.field;

/**
 * OB-3 against counts worked out by hand from calls made through the API:
 *   capped (cap 1; a, b, c): call 1 loads a, b (a evicted), succeeds; call 2 loads a, b, a (a, then b evicted), fails.
 *   wide (cap 3; a, b): call 3 loads a, runs a's two tools (one fails), succeeds; call 4 loads nothing;
 *   a chat session of wide loads b.
 *   a: starts 5, loads 3, evictions 2, tool runs 2 (1 error), outcomes 3 (2 successes)
 *   b: starts 5, loads 3, evictions 1, outcomes 3 (2 successes);  c: starts 2, loads 0, outcomes 2 (1 success)
 */
describeEachDialect.withOwnApps("skill insights", (dialect) => {
  let t: TestApp;
  let key: string;
  let capped: string;
  let wide: string;
  let model: ScriptedModel;
  let receiver: Receiver;
  const range = () => ({
    from: new Date(Date.now() - 2 * HOUR).toISOString(),
    to: new Date(Date.now() + HOUR).toISOString(),
  });
  const insights = async (vars: Record<string, unknown> = {}) =>
    (await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, { ...range(), ...vars }, key)).skillInsights;
  const summary = async (vars: Record<string, unknown> = {}) =>
    Object.fromEntries((await insights(vars)).map((i) => [i.skill, totals(i)]));

  const expected = {
    a: { starts: 5, loads: 3, evictions: 2, toolRuns: 2, toolErrors: 1, outcomes: 3, successes: 2 },
    b: { starts: 5, loads: 3, evictions: 1, toolRuns: 0, toolErrors: 0, outcomes: 3, successes: 2 },
    c: { starts: 2, loads: 0, evictions: 0, toolRuns: 0, toolErrors: 0, outcomes: 2, successes: 1 },
  };

  beforeAll(async () => {
    model = await startScriptedModel();
    receiver = await startReceiver({
      respond: (request) => (request.path === "/fail" ? { status: 500, body: {} } : { body: { ok: 1 } }),
    });
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "scripted",
    });
    key = (await t.project("insights")).adminKey;
    const tool = (name: string, path: string) => ({
      name,
      description: `${name}.`,
      webhookUrl: `${receiver.url}${path}`,
      parameters: { type: "object", properties: {} },
    });
    await publishSkill(t, key, "a", { body: "A.", tools: [tool("a_ok", "/ok"), tool("a_fail", "/fail")] });
    await publishSkill(t, key, "b", { body: "B." });
    await publishSkill(t, key, "c", { body: "C." });
    capped = await publishAgent(t, key, {
      name: "capped",
      maxLoadedSkills: 1,
      skills: ["a", "b", "c"].map((name) => ({ name })),
    });
    wide = await publishAgent(t, key, { name: "wide", maxLoadedSkills: 3, skills: [{ name: "a" }, { name: "b" }] });
    const outcome = (callId: string, success: boolean) => t.ok(REPORT, { input: { callId, success } }, key);

    const call1 = (await startCall(t, key, { agentId: capped })).id;
    await loadSkill(t, key, call1, "a");
    await loadSkill(t, key, call1, "b");
    await outcome(call1, true);
    const call2 = (await startCall(t, key, { agentId: capped })).id;
    for (const name of ["a", "b", "a"]) await loadSkill(t, key, call2, name);
    await outcome(call2, true);
    await outcome(call2, false); // the last report wins
    const call3 = (await startCall(t, key, { agentId: wide })).id;
    await loadSkill(t, key, call3, "a");
    await runTool(t, key, call3, "a_ok");
    await runTool(t, key, call3, "a_fail");
    await outcome(call3, true);
    await startCall(t, key, { agentId: wide });
    model.reply({ toolCalls: [loadCall("b")] }, { text: "Done." });
    await sendMessage(t, key, { agentId: wide, content: "Hello" });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    await receiver?.close();
  });

  it("OB-3 skillInsights per skill: starts, loads, evictions by the cap, tool runs and errors, outcomes, and the rates", async () => {
    expect(await summary()).toEqual(expected);
    const a = (await insights()).find((i) => i.skill === "a")!;
    expect(a).toMatchObject({ agentId: null, loadRate: 3 / 5, toolErrorRate: 1 / 2, successRate: 2 / 3 });
    for (const point of a.series) expect(Date.parse(point.at) % HOUR).toBe(0);
    expect((await insights()).find((i) => i.skill === "c")).toMatchObject({ loadRate: 0, toolErrorRate: null });
  });

  it("OB-3 skillInsights for one agent and for one skill; day buckets add up the hours", async () => {
    expect(await summary({ agentId: wide })).toEqual({
      a: { starts: 3, loads: 1, evictions: 0, toolRuns: 2, toolErrors: 1, outcomes: 1, successes: 1 },
      b: { starts: 3, loads: 1, evictions: 0, toolRuns: 0, toolErrors: 0, outcomes: 1, successes: 1 },
    });
    expect((await insights({ agentId: wide }))[0]!.agentId).toBe(wide);
    expect(await summary({ skill: "b" })).toEqual({ b: expected.b });
    const days = await insights({ bucket: "day" });
    expect(Object.fromEntries(days.map((i) => [i.skill, totals(i)]))).toEqual(expected);
    for (const point of days.flatMap((i) => i.series)) expect(Date.parse(point.at) % (24 * HOUR)).toBe(0);
  });

  it("OB-3 a range without calls is empty; unusedSkills lists the listed skills never loaded in the range", async () => {
    const before = {
      from: new Date(Date.now() - 48 * HOUR).toISOString(),
      to: new Date(Date.now() - 24 * HOUR).toISOString(),
    };
    expect((await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, before, key)).skillInsights).toEqual([]);
    expect((await t.ok<{ unusedSkills: string[] }>(UNUSED, range(), key)).unusedSkills).toEqual(["c"]);
    expect((await t.ok<{ unusedSkills: string[] }>(UNUSED, before, key)).unusedSkills).toEqual(["a", "b", "c"]);
  });

  it("OB-3 capAdvice names the agents whose cap evicted, with the most distinct skills one call loaded", async () => {
    expect((await t.ok<{ capAdvice: unknown[] }>(CAP, range(), key)).capAdvice).toEqual([
      { agentId: capped, agentName: "capped", maxLoadedSkills: 1, evictions: 3, suggestedMax: 2 },
    ]);
  });

  it("OB-3 bad input: from after to, a range over 400 days, an unknown bucket — BAD_USER_INPUT naming the argument", async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const after = await t.gql(INSIGHTS, { from: at(now), to: at(now - HOUR) }, key);
    expect([codeOf(after), field(after)]).toEqual(["BAD_USER_INPUT", "from"]);
    const long = await t.gql(CAP, { from: at(now - 401 * 24 * HOUR), to: at(now) }, key);
    expect([codeOf(long), field(long)]).toEqual(["BAD_USER_INPUT", "to"]);
    const unused = await t.gql(UNUSED, { from: at(now), to: at(now - 1) }, key);
    expect([codeOf(unused), field(unused)]).toEqual(["BAD_USER_INPUT", "from"]);
    const bucket = await t.gql(INSIGHTS, { ...range(), bucket: "week" }, key);
    expect([codeOf(bucket), field(bucket)]).toEqual(["BAD_USER_INPUT", "bucket"]);
    expect(codeOf(await t.gql(INSIGHTS, { from: at(now - 400 * 24 * HOUR), to: at(now) }, key))).toBeUndefined();
  });

  it("OB-3 the rollup stays right across the fold: before it, after it, and after a fold that died before committing", async () => {
    const rollupTotals = async (table: string) => {
      const rows = (await t.app.db.read((m) =>
        m.query(
          `SELECT skill, SUM(starts) AS starts, SUM(loads) AS loads, SUM(evictions) AS evictions,
             SUM(tool_runs) AS tool_runs, SUM(tool_errors) AS tool_errors, SUM(outcomes) AS outcomes,
             SUM(successes) AS successes, MAX(max_loaded) AS max_loaded FROM ${table} GROUP BY skill`,
        ),
      )) as Array<Record<string, unknown>>;
      return Object.fromEntries(rows.map(({ skill, ...counts }) => [skill, Object.values(counts).map(Number)]));
    };
    const deltas = async () =>
      Number(
        (
          (await t.app.db.read((m) => m.query("SELECT COUNT(*) AS n FROM skill_signal_deltas"))) as Array<{
            n: unknown;
          }>
        )[0]!.n,
      );
    expect(await deltas()).toBeGreaterThan(0);
    // a fold that dies between its upserts and its commit (the process killed mid-transaction) leaves nothing half
    await expect(
      t.app.db.write(async (tx) => {
        await t.app.services.signalRollup.foldInto(tx.manager);
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect(await summary()).toEqual(expected);
    // folded two deltas a batch, so batches meet keys another batch already folded
    const before = await deltas();
    let folded = 0;
    for (let n = -1; n !== 0; folded += n) {
      n = await t.app.db.write((tx) => t.app.services.signalRollup.foldInto(tx.manager, 2));
      expect(n).toBeLessThanOrEqual(2);
    }
    expect(folded).toBe(before);
    expect(await deltas()).toBe(0);
    expect(await summary()).toEqual(expected);
    // the days (read for whole days of long ranges) hold what the hours hold
    expect(await rollupTotals("skill_signal_days")).toEqual(await rollupTotals("skill_signal_hours"));
    expect(Object.keys(await rollupTotals("skill_signal_days")).sort()).toEqual(Object.keys(expected).sort());
    expect(
      (await t.ok<{ capAdvice: Array<{ suggestedMax: number }> }>(CAP, range(), key)).capAdvice[0]!.suggestedMax,
    ).toBe(2);
    // a later outcome lands as a delta beside the folded hours, and a second fold adds it in
    const call = (await startCall(t, key, { agentId: wide })).id;
    await t.ok(REPORT, { input: { callId: call, success: true } }, key);
    const more = { ...expected.a, starts: 6, outcomes: 4, successes: 3 };
    expect((await summary()).a).toEqual(more);
    await t.app.services.signalRollup.foldAll();
    expect((await summary()).a).toEqual(more);
  });

  it("OB-3 deltas numbered past 32 bits are recorded, read and folded (a busy registry writes 7 or more per start)", async () => {
    const own = await t.project("insights-wide-ids");
    await publishSkill(t, own.adminKey, "w", { body: "W." });
    const agent = await publishAgent(t, own.adminKey, { name: "wide-ids", skills: [{ name: "w" }] });
    const past32Bits = 3_000_000_000;
    await t.app.db.write((tx) =>
      tx.manager.query(
        dialect === "postgres"
          ? `SELECT setval('skill_signal_deltas_id_seq', ${past32Bits})`
          : `UPDATE sqlite_sequence SET seq = ${past32Bits} WHERE name = 'skill_signal_deltas'`,
      ),
    );
    await startCall(t, own.adminKey, { agentId: agent });
    await startCall(t, own.adminKey, { agentId: agent });
    const ids = (await t.app.db.read((m) =>
      m.query(`SELECT id FROM skill_signal_deltas WHERE project_id = ${dialect === "postgres" ? "$1" : "?"}`, [own.id]),
    )) as Array<{ id: unknown }>;
    expect(ids).toHaveLength(2);
    for (const { id } of ids) expect(Number(id)).toBeGreaterThan(past32Bits);
    const starts = async () =>
      (await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, range(), own.adminKey)).skillInsights.map((i) => [
        i.skill,
        totals(i).starts,
      ]);
    expect(await starts()).toEqual([["w", 2]]);
    await t.app.services.signalRollup.foldAll();
    expect(await starts()).toEqual([["w", 2]]);
  });

  // SQLite: the fold runs on the event loop under the one write lock, so a batch is what every request waits for
  if (dialect === "sqlite")
    it("OB-3 on SQLite a fold batch moves at most 500 deltas, and the batches add up to the same rollup", async () => {
      const own = await t.project("insights-batches");
      await publishSkill(t, own.adminKey, "b", { body: "B." });
      const agent = await publishAgent(t, own.adminKey, { name: "batched", skills: [{ name: "b" }] });
      const rollup = t.app.services.signalRollup;
      await rollup.foldAll(); // the fold is database-wide: earlier tests' deltas first
      await startCall(t, own.adminKey, { agentId: agent });
      const columns = "project_id, skill, agent_key, hour, starts, loads, evictions, max_loaded";
      await t.app.db.write((tx) =>
        tx.manager.query(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1199)
           INSERT INTO skill_signal_deltas (${columns})
           SELECT ${columns} FROM skill_signal_deltas, n WHERE project_id = ?`,
          [own.id],
        ),
      );
      const starts = async () =>
        (await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, range(), own.adminKey)).skillInsights.map((i) =>
          totals(i),
        )[0]!.starts;
      expect(await starts()).toBe(1200);
      expect(await rollup.foldOnce()).toBe(500);
      expect(await starts()).toBe(1200);
      expect(await rollup.foldAll()).toBe(700);
      expect(await starts()).toBe(1200);
    });

  // PostgreSQL: one fold at a time (an advisory lock), the claimed deltas an id range read in the fold's own snapshot
  if (dialect === "postgres")
    it("OB-3 on PostgreSQL a fold waits for another instance's and a delta committed after a later one is folded once", async () => {
      const own = await t.project("insights-fold");
      await publishSkill(t, own.adminKey, "f", { body: "F." });
      const agent = await publishAgent(t, own.adminKey, { name: "folded", skills: [{ name: "f" }] });
      const starts = async () =>
        (await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, range(), own.adminKey)).skillInsights.reduce(
          (sum, i) => sum + totals(i).starts,
          0,
        );
      const unfolded = async () =>
        Number(
          (
            (await t.app.db.read((m) =>
              m.query("SELECT COUNT(*) AS n FROM skill_signal_deltas WHERE project_id = $1", [own.id]),
            )) as Array<{ n: unknown }>
          )[0]!.n,
        );
      const rollup = t.app.services.signalRollup;
      await rollup.foldAll();
      await startCall(t, own.adminKey, { agentId: agent });
      // another instance's fold holds the lock until it commits: this one folds nothing meanwhile
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let heldFolded = -1;
      const other = t.app.db.write(async (tx) => {
        heldFolded = await rollup.foldInto(tx.manager);
        await held;
      });
      await expect.poll(() => heldFolded).toBeGreaterThan(0);
      await startCall(t, own.adminKey, { agentId: agent });
      expect(await rollup.foldOnce()).toBe(0);
      expect(await unfolded()).toBe(2); // the held fold's delete is not committed yet
      release();
      await other;
      expect(await unfolded()).toBe(1);
      expect(await starts()).toBe(2);
      // a delta whose transaction took its id first but commits after a later delta's: the fold in between takes the
      // later one only (the earlier is not visible to it), the next fold the earlier one; each counted once
      let commit!: () => void;
      const open = new Promise<void>((resolve) => (commit = resolve));
      let inserted = false;
      const early = t.app.db.write(async (tx) => {
        await tx.manager.query(
          "INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts) VALUES ($1, 'f', $2, $3, 1)",
          [own.id, agent, Math.floor(Date.now() / HOUR) * HOUR],
        );
        inserted = true;
        await open;
      });
      await expect.poll(() => inserted).toBe(true);
      expect(await rollup.foldAll()).toBe(1); // the second call's delta, its id after the open one's
      expect(await unfolded()).toBe(0); // the open transaction's delta is not visible yet
      commit();
      await early;
      expect(await unfolded()).toBe(1);
      expect(await starts()).toBe(3);
      expect(await rollup.foldAll()).toBe(1);
      expect(await unfolded()).toBe(0);
      expect(await starts()).toBe(3);
    });
});
