import { beforeAll, expect, it } from "vitest";
import { CALL_FIELDS, loadSkill, publishAgent, publishSkill, type CallView } from "../../../test/support/calls";
import { CATALOG_SKILLS as SKILLS } from "../../../test/support/catalog";
import { describeEachDialect } from "../../../test/support/test-app";

const BUDGET = 320;
const START = `mutation($input: StartCallInput!) { startCall(input: $input) {
  ${CALL_FIELDS} catalog { shown omitted budget } } }`;
const READ = `query($id: ID!) { call(id: $id) { ${CALL_FIELDS} } }`;
const END = `mutation($callId: ID!) { endCall(callId: $callId) { ${CALL_FIELDS} } }`;
const CALLS = `query($skillName: String, $skillVersionId: ID) {
  calls(skillName: $skillName, skillVersionId: $skillVersionId, limit: 200) { items { id } } }`;
const INSIGHTS = `query($from: DateTime!, $to: DateTime!, $agentId: ID) {
  skillInsights(from: $from, to: $to, agentId: $agentId) { skill loadRate series { starts loads } } }`;

type CatalogCall = CallView & { catalog: { shown: string[]; omitted: string[]; budget: number } };
type Insight = { skill: string; loadRate: number | null; series: Array<{ starts: number; loads: number }> };

/**
 * CT-1 with RT-10 and OB-3: a call whose catalog leaves skills out records every version it resolved (its context),
 * writes a row and a start signal only for the skills its catalog shows, and adds them for an omitted skill when it
 * loads — every read (the call, its end event, the calls filter, insights) answers as for any call.
 */
describeEachDialect("budgeted catalogs: what a call records", (t) => {
  let key: string;
  let agentId: string;
  const versions: Record<string, string> = {};
  beforeAll(async () => {
    key = (await t.project("catalog-record")).adminKey;
    for (const [name, description] of SKILLS)
      versions[name] = await publishSkill(t, key, name, { description, body: `How to do ${name} work.` });
    const skills = SKILLS.map(([name]) => (name === "git-helper" ? { name, versionId: versions[name] } : { name }));
    agentId = await publishAgent(t, key, { name: "record-desk", prompt: "Desk.", catalogBudget: BUDGET, skills });
  });

  const start = async () =>
    (
      await t.ok<{ startCall: CatalogCall }>(
        START,
        { input: { agentId, variables: { request: "merge my pdf files" } } },
        key,
      )
    ).startCall;
  const callsOf = async (vars: Record<string, unknown>) =>
    (await t.ok<{ calls: { items: Array<{ id: string }> } }>(CALLS, vars, key)).calls.items.map((c) => c.id);

  it("RT-10 CT-1 a budgeted call's skills list every version it resolved, in the agent's order; an omitted one loads", async () => {
    const call = await start();
    expect(call.catalog.omitted.length).toBeGreaterThan(0);
    expect(call.skills).toEqual(
      SKILLS.map(([name]) => ({
        name,
        version: 1,
        versionId: versions[name],
        pinned: name === "git-helper",
        loaded: false,
      })),
    );
    const omitted = call.catalog.omitted[0]!;
    const loaded = await loadSkill(t, key, call.id, omitted);
    expect(loaded.status).toBe("LOADED");
    // loading it again (already loaded) changes nothing; the record says loaded once
    expect((await loadSkill(t, key, call.id, omitted)).status).toBe("ALREADY_LOADED");
    const read = (await t.ok<{ call: CallView }>(READ, { id: call.id }, key)).call;
    expect(read.skills.filter((s) => s.loaded).map((s) => s.name)).toEqual([omitted]);
    expect(read.skills.map((s) => s.name)).toEqual(SKILLS.map(([n]) => n));
    const ended = (await t.ok<{ endCall: CallView }>(END, { callId: call.id }, key)).endCall;
    const event = ended.events.find((e) => e.type === "call.ended")!;
    const carried = (event.data as { skills: Array<{ name: string; loaded: boolean }> }).skills;
    expect(carried.map((s) => s.name)).toEqual(SKILLS.map(([n]) => n));
    expect(carried.filter((s) => s.loaded).map((s) => s.name)).toEqual([omitted]);
  });

  it("RT-10 CT-1 the calls filter finds a budgeted call by a skill its catalog left out, by name and by version", async () => {
    const call = await start();
    const omitted = call.catalog.omitted.at(-1)!;
    expect(await callsOf({ skillName: omitted })).toContain(call.id);
    expect(await callsOf({ skillVersionId: versions[omitted] })).toContain(call.id);
    expect(await callsOf({ skillName: call.catalog.shown[0] })).toContain(call.id);
    expect(await callsOf({ skillName: "no-such-skill" })).not.toContain(call.id);
  });

  it("CT-1 OB-3 a budgeted start counts a start for each skill its catalog shows; an omitted one counts when it loads", async () => {
    const agent = await publishAgent(t, key, {
      name: "signal-desk",
      prompt: "Desk.",
      catalogBudget: BUDGET,
      skills: SKILLS.map(([name]) => ({ name })),
    });
    const first = (
      await t.ok<{ startCall: CatalogCall }>(START, { input: { agentId: agent, variables: { request: "pdf" } } }, key)
    ).startCall;
    const second = (
      await t.ok<{ startCall: CatalogCall }>(START, { input: { agentId: agent, variables: { request: "pdf" } } }, key)
    ).startCall;
    expect(second.catalog).toEqual(first.catalog);
    const omitted = first.catalog.omitted[0]!;
    await loadSkill(t, key, first.id, omitted);
    const range = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const insights = (await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, { ...range, agentId: agent }, key))
      .skillInsights;
    const totals = Object.fromEntries(
      insights.map((i) => [
        i.skill,
        i.series.reduce((sum, p) => ({ starts: sum.starts + p.starts, loads: sum.loads + p.loads }), {
          starts: 0,
          loads: 0,
        }),
      ]),
    );
    for (const name of first.catalog.shown) expect(totals[name]).toEqual({ starts: 2, loads: 0 });
    expect(totals[omitted]).toEqual({ starts: 1, loads: 1 });
    for (const name of first.catalog.omitted.slice(1)) expect(totals[name]).toBeUndefined();
  });

  it("CT-1 a budgeted start writes a row per shown skill, not per resolved one; the context's versions are kept once", async () => {
    const before = await count("call_context_skills");
    const call = await start();
    const rows = await t.app.db.read((m) =>
      m.query(
        t.dialect === "postgres"
          ? "SELECT name FROM call_skills WHERE call_id = $1 ORDER BY position"
          : "SELECT name FROM call_skills WHERE call_id = ? ORDER BY position",
        [call.id],
      ),
    );
    expect((rows as Array<{ name: string }>).map((r) => r.name)).toEqual(
      SKILLS.map(([n]) => n).filter((n) => call.catalog.shown.includes(n)),
    );
    expect(await count("call_context_skills")).toBe(before); // the agent's context was listed by its first start
  });

  const count = async (table: string) =>
    Number(
      ((await t.app.db.read((m) => m.query(`SELECT count(*) AS n FROM ${table}`))) as Array<{ n: unknown }>)[0]!.n,
    );
});
