import { beforeAll, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { expectSummariesAgree, insertDeltas, type Signal } from "../../../test/support/signals";
import { describeEachDialect } from "../../../test/support/test-app";
import { DAY_MS, HOUR_MS } from "./signal-delta";

const UNUSED = `query($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`;
const CAP = `query($from: DateTime!, $to: DateTime!) { capAdvice(from: $from, to: $to) { agentName evictions suggestedMax } }`;

/**
 * OB-3 over the summaries the fold keeps beside the rollups: each skill's first and last loaded hour (unusedSkills
 * decides most skills from them and looks in the rollups only for a range between two loads) and each agent's
 * evictions and most loaded per hour, day and block (capAdvice).
 */
describeEachDialect("insight summaries", (t) => {
  let key: string;
  let projectId: string;
  let agent: string;
  // a UTC midnight 40 days ago; alpha loads on its day 0 and day 20, beta never
  const day0 = Math.floor((Date.now() - 40 * DAY_MS) / DAY_MS) * DAY_MS;
  const first = day0 + 5 * HOUR_MS;
  const last = day0 + 20 * DAY_MS + 7 * HOUR_MS;
  const signal = (hour: number, counts: Partial<Signal> = {}): Signal => ({
    skill: "alpha",
    agentKey: agent,
    hour,
    loads: 1,
    evictions: 0,
    maxLoaded: 1,
    ...counts,
  });
  const unused = async (from: number, to: number) =>
    (
      await t.ok<{ unusedSkills: string[] }>(
        UNUSED,
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        key,
      )
    ).unusedSkills;

  beforeAll(async () => {
    const project = await t.project("insight summaries");
    key = project.adminKey;
    projectId = project.id;
    for (const name of ["alpha", "beta"]) await publishSkill(t, key, name, { body: `${name}.` });
    agent = await publishAgent(t, key, {
      name: "lister",
      maxLoadedSkills: 1,
      skills: [{ name: "alpha" }, { name: "beta" }],
    });
    await insertDeltas(t, projectId, [signal(first), signal(last)]);
    await t.app.services.signalRollup.foldAll();
  });

  it("OB-3 unusedSkills: a range before a skill's first load, holding one of its loads, between two loads, after the last", async () => {
    expect(await unused(day0, first)).toEqual(["alpha", "beta"]);
    expect(await unused(day0, first + 1)).toEqual(["beta"]);
    expect(await unused(first - 2 * HOUR_MS, last + 2 * HOUR_MS)).toEqual(["beta"]);
    expect(await unused(first + HOUR_MS, last)).toEqual(["alpha", "beta"]);
    expect(await unused(first + HOUR_MS, last + 1)).toEqual(["beta"]);
    expect(await unused(last + HOUR_MS, Date.now())).toEqual(["alpha", "beta"]);
  });

  it("OB-3 a load added later between two loads moves the skill out of unusedSkills, before and after it is folded", async () => {
    const between = day0 + 10 * DAY_MS + 3 * HOUR_MS;
    await insertDeltas(t, projectId, [signal(between)]);
    expect(await unused(first + HOUR_MS, last)).toEqual(["beta"]);
    expect(await unused(day0 + 9 * DAY_MS, day0 + 11 * DAY_MS)).toEqual(["beta"]);
    await t.app.services.signalRollup.foldAll();
    // folded, the load is inside the skill's bounds: found in the rollups (the whole days, then the hours at the ends)
    expect(await unused(first + HOUR_MS, last)).toEqual(["beta"]);
    expect(await unused(day0 + 9 * DAY_MS, day0 + 11 * DAY_MS)).toEqual(["beta"]);
    expect(await unused(between, between + 1)).toEqual(["beta"]);
    expect(await unused(between + HOUR_MS, last)).toEqual(["alpha", "beta"]);
    expect(await unused(first + HOUR_MS, between)).toEqual(["alpha", "beta"]);
  });

  it("OB-3 the fold keeps the summaries in its own transaction: a fold that dies leaves none of them, one that commits leaves them as the rollups say", async () => {
    await t.app.services.signalRollup.foldAll();
    await expectSummariesAgree(t, projectId);
    const read = () =>
      t.ok<{ capAdvice: unknown[] }>(CAP, { from: new Date(day0).toISOString(), to: new Date().toISOString() }, key);
    const before = await read();
    // an earlier first load, a later last one and evictions in hours, days and blocks not seen before
    await insertDeltas(t, projectId, [
      signal(day0 - 30 * DAY_MS, { evictions: 2, maxLoaded: 3 }),
      signal(day0 + 33 * DAY_MS, { skill: "beta", loads: 0, evictions: 1, maxLoaded: 4 }),
      signal(Date.now() - HOUR_MS, { evictions: 1, maxLoaded: 2 }),
    ]);
    const unfolded = await read();
    await expect(
      t.app.db.write(async (tx) => {
        await t.app.services.signalRollup.foldInto(tx.manager);
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    await expectSummariesAgree(t, projectId);
    expect(await read()).toEqual(unfolded);
    // batches of one delta: each meets summary rows another batch wrote
    while ((await t.app.db.write((tx) => t.app.services.signalRollup.foldInto(tx.manager, 1))) > 0);
    await expectSummariesAgree(t, projectId);
    expect(await read()).toEqual(unfolded);
    expect(unfolded).not.toEqual(before);
    expect(unfolded.capAdvice).toEqual([{ agentName: "lister", evictions: 2, suggestedMax: 4 }]);
    expect(await unused(day0 - 31 * DAY_MS, day0)).toEqual(["beta"]);
  });
});
