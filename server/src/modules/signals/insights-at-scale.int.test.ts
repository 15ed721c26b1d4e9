import { afterAll, beforeAll, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { expectSummariesAgree, insertDeltas, type Signal } from "../../../test/support/signals";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { seededRandom } from "../../platform/seeded-random";
import { DAY_MS, HOUR_MS } from "./signal-delta";

const UNUSED = `query($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`;
const CAP = `query($from: DateTime!, $to: DateTime!) { capAdvice(from: $from, to: $to) {
  agentId agentName maxLoadedSkills evictions suggestedMax } }`;

/** Long enough to hold a whole 64-day block of agent_signal_periods (and 8-day ones beside it). */
const DAYS = 130;

/**
 * CT-3: the insights statements rewritten for 1,000,000 calls answer what their definitions say, on random signals
 * written as deltas and folded by the app's fold (the rollups and the summaries it keeps beside them), plus deltas not
 * folded yet; each answer is checked against the definition worked out here from the same signals.
 */
describeEachDialect.withOwnApps("insights at scale", (dialect) => {
  let t: TestApp;
  let key: string;
  let projectId: string;
  let agents: string[];
  let caps: Map<string, number>;
  let names: Map<string, string>;
  const hours: Signal[] = [];
  const deltas: Signal[] = [];
  const live = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"];
  const listed = live;
  // DAYS whole days, starting at a UTC midnight a week before them
  const start = Math.floor((Date.now() - (DAYS + 7) * DAY_MS) / DAY_MS) * DAY_MS;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const project = await t.project("insights at scale");
    key = project.adminKey;
    projectId = project.id;
    for (const name of live) await publishSkill(t, key, name, { body: `${name}.` });
    agents = [
      await publishAgent(t, key, {
        name: "one",
        maxLoadedSkills: 2,
        skills: listed.slice(0, 5).map((name) => ({ name })),
      }),
      await publishAgent(t, key, {
        name: "two",
        maxLoadedSkills: 3,
        skills: listed.slice(3).map((name) => ({ name })),
      }),
      await publishAgent(t, key, {
        name: "three",
        maxLoadedSkills: 6,
        skills: listed.slice(2, 6).map((name) => ({ name })),
      }),
    ];
    caps = new Map([
      [agents[0]!, 2],
      [agents[1]!, 3],
      [agents[2]!, 6],
    ]);
    names = new Map([
      [agents[0]!, "one"],
      [agents[1]!, "two"],
      [agents[2]!, "three"],
    ]);
    const random = seededRandom(35);
    // sparse signals over DAYS days: a skill loads in few hours, so which hours a range covers decides whether it is
    // unused; the days hold whole blocks of agent_signal_periods, so capAdvice reads hours, days and blocks
    for (const skill of listed) {
      for (const agentKey of agents) {
        for (let h = 0; h < DAYS * 24; h++) {
          const draw = random();
          if (draw < 0.002)
            hours.push({
              skill,
              agentKey,
              hour: start + h * HOUR_MS,
              loads: draw < 0.0006 ? 1 : 0,
              // evictions in a third of the rows, max_loaded anywhere: the advice's maximum is over every row of an
              // evicting agent, not only its evicting ones
              evictions: random() < 0.3 ? 1 + Math.floor(random() * 3) : 0,
              maxLoaded: Math.floor(random() * 8),
            });
        }
        if (random() < 0.2)
          deltas.push({
            skill,
            agentKey,
            hour: start + Math.floor(random() * DAYS * 24) * HOUR_MS,
            loads: 1,
            evictions: random() < 0.3 ? 1 : 0,
            maxLoaded: Math.floor(random() * 9),
          });
      }
    }
    // through the write path: deltas, folded by the app's own fold (which keeps the hour and day rollups and their
    // summaries), then more deltas left unfolded
    await insertDeltas(t, projectId, hours);
    expect(await t.app.services.signalRollup.foldAll()).toBe(hours.length);
    await expectSummariesAgree(t, projectId);
    await insertDeltas(t, projectId, deltas);
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The whole span, parts of days, whole days, across days and blocks, short and long, some reaching to now (what
   * the console asks).
   */
  const randomRanges = (seed: number): Array<[number, number]> => {
    const random = seededRandom(seed);
    const ranges: Array<[number, number]> = [
      [start, start + DAYS * DAY_MS],
      [start + 5 * HOUR_MS + 1234, start + 3 * DAY_MS - 7 * HOUR_MS],
      [start + 17 * DAY_MS + 3 * HOUR_MS, start + 110 * DAY_MS + 5 * HOUR_MS + 99],
    ];
    for (let i = 0; i < 24; i++) {
      const from = start + Math.floor(random() * DAYS * DAY_MS);
      const length = Math.floor(random() * (random() < 0.5 ? 3 : DAYS) * DAY_MS);
      ranges.push([from, i % 4 === 0 ? Date.now() : from + length + HOUR_MS]);
    }
    return ranges;
  };

  /** The definition: listed skills (all live here) that no signal in the hours of [from, to) loaded. */
  const unusedByDefinition = (from: number, to: number) => {
    const fromHour = Math.floor(from / HOUR_MS) * HOUR_MS;
    const loaded = new Set(
      [...hours, ...deltas].filter((s) => s.loads > 0 && s.hour >= fromHour && s.hour < to).map((s) => s.skill),
    );
    return live.filter((name) => !loaded.has(name)).sort();
  };

  it("CT-3 unusedSkills over random ranges (parts of days, whole days, across days) answers its definition", async () => {
    const ranges = randomRanges(36);
    const answers = new Set<string>();
    for (const [from, to] of ranges) {
      const { unusedSkills } = await t.ok<{ unusedSkills: string[] }>(
        UNUSED,
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        key,
      );
      expect(unusedSkills, `${new Date(from).toISOString()} – ${new Date(to).toISOString()}`).toEqual(
        unusedByDefinition(from, to),
      );
      answers.add(unusedSkills.join(","));
    }
    // the ranges tell skills apart: not every answer is "all" or "none"
    expect(answers.size).toBeGreaterThan(3);
  });

  /** The definition: agents whose signals in the hours of [from, to) evicted, with the most any row says was loaded. */
  const adviceByDefinition = (from: number, to: number) => {
    const fromHour = Math.floor(from / HOUR_MS) * HOUR_MS;
    const inRange = [...hours, ...deltas].filter((s) => s.hour >= fromHour && s.hour < to);
    return agents
      .map((agentId) => {
        const rows = inRange.filter((s) => s.agentKey === agentId);
        const evictions = rows.reduce((sum, s) => sum + s.evictions, 0);
        const most = Math.max(0, ...rows.map((s) => s.maxLoaded));
        const cap = caps.get(agentId)!;
        return {
          agentId,
          agentName: names.get(agentId)!,
          maxLoadedSkills: cap,
          evictions,
          suggestedMax: Math.max(most, cap),
        };
      })
      .filter((a) => a.evictions > 0)
      .sort((a, b) => b.evictions - a.evictions || a.agentName.localeCompare(b.agentName));
  };

  it("CT-3 capAdvice over random ranges answers its definition (evictions summed, the most loaded over every row)", async () => {
    const ranges = randomRanges(37);
    let advised = 0;
    for (const [from, to] of ranges) {
      const { capAdvice } = await t.ok<{ capAdvice: unknown[] }>(
        CAP,
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        key,
      );
      expect(capAdvice, `${new Date(from).toISOString()} – ${new Date(to).toISOString()}`).toEqual(
        adviceByDefinition(from, to),
      );
      advised += capAdvice.length;
    }
    expect(advised).toBeGreaterThan(10);
  });
});
