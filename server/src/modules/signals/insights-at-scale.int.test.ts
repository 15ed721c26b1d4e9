import { afterAll, beforeAll, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { seededRandom } from "../../platform/seeded-random";
import { DAY_MS, HOUR_MS } from "./signal-delta";

const UNUSED = `query($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`;
const CAP = `query($from: DateTime!, $to: DateTime!) { capAdvice(from: $from, to: $to) {
  agentId agentName maxLoadedSkills evictions suggestedMax } }`;

interface Signal {
  skill: string;
  agentKey: string;
  hour: number;
  loads: number;
  evictions: number;
  maxLoaded: number;
}

/**
 * CT-3: the insights statements rewritten for 1,000,000 calls answer what their definitions say, on random rollups.
 * Signals are written as the fold leaves them (hours, and days that add up those hours) plus deltas not folded yet;
 * each answer is checked against the definition worked out here from the same signals.
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
  // four whole days, starting at a UTC midnight a week ago
  const start = Math.floor((Date.now() - 7 * DAY_MS) / DAY_MS) * DAY_MS;

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
    // sparse signals: a skill loads in few hours, so which hours a range covers decides whether it is unused
    for (const skill of listed) {
      for (const agentKey of agents) {
        for (let h = 0; h < 4 * 24; h++) {
          const draw = random();
          if (draw < 0.03)
            hours.push({
              skill,
              agentKey,
              hour: start + h * HOUR_MS,
              loads: draw < 0.01 ? 1 : 0,
              // evictions are rare (a few hours of each agent), max_loaded anywhere: the advice's maximum is over
              // every row of an evicting agent, not only its evicting ones
              evictions: random() < 0.08 ? 1 + Math.floor(random() * 3) : 0,
              maxLoaded: Math.floor(random() * 8),
            });
        }
        if (random() < 0.2)
          deltas.push({
            skill,
            agentKey,
            hour: start + Math.floor(random() * 96) * HOUR_MS,
            loads: 1,
            evictions: random() < 0.3 ? 1 : 0,
            maxLoaded: Math.floor(random() * 9),
          });
      }
    }
    const db = t.app.db;
    const insert = async (table: string, key: "hour" | "day", rows: Signal[], at: (s: Signal) => number) => {
      for (const s of rows) {
        await db.write((tx) =>
          tx.manager.query(
            `INSERT INTO ${table} (project_id, skill, agent_key, ${key}, starts, loads, evictions, tool_runs,
               tool_errors, outcomes, successes, max_loaded)
             VALUES (${dialect === "postgres" ? "$1, $2, $3, $4, 1, $5, $6" : "?, ?, ?, ?, 1, ?, ?"}, 0, 0, 0, 0, ${
               dialect === "postgres" ? "$7" : "?"
             })`,
            [projectId, s.skill, s.agentKey, at(s), s.loads, s.evictions, s.maxLoaded],
          ),
        );
      }
    };
    await insert("skill_signal_hours", "hour", hours, (s) => s.hour);
    // the day rollup as the fold keeps it: each day the sum of its hours
    const days = new Map<string, Signal>();
    for (const s of hours) {
      const day = Math.floor(s.hour / DAY_MS) * DAY_MS;
      const k = `${s.skill}\u0000${s.agentKey}\u0000${day}`;
      const seen = days.get(k);
      days.set(k, {
        ...s,
        hour: day,
        loads: (seen?.loads ?? 0) + s.loads,
        evictions: (seen?.evictions ?? 0) + s.evictions,
        maxLoaded: Math.max(seen?.maxLoaded ?? 0, s.maxLoaded),
      });
    }
    await insert("skill_signal_days", "day", [...days.values()], (s) => s.hour);
    for (const s of deltas) {
      await db.write((tx) =>
        tx.manager.query(
          `INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts, loads, evictions, max_loaded)
           VALUES (${dialect === "postgres" ? "$1, $2, $3, $4, 1, $5, $6, $7" : "?, ?, ?, ?, 1, ?, ?, ?"})`,
          [projectId, s.skill, s.agentKey, s.hour, s.loads, s.evictions, s.maxLoaded],
        ),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The definition: listed skills (all live here) that no signal in the hours of [from, to) loaded. */
  const unusedByDefinition = (from: number, to: number) => {
    const fromHour = Math.floor(from / HOUR_MS) * HOUR_MS;
    const loaded = new Set(
      [...hours, ...deltas].filter((s) => s.loads > 0 && s.hour >= fromHour && s.hour < to).map((s) => s.skill),
    );
    return live.filter((name) => !loaded.has(name)).sort();
  };

  it("CT-3 unusedSkills over random ranges (parts of days, whole days, across days) answers its definition", async () => {
    const random = seededRandom(36);
    const ranges: Array<[number, number]> = [
      [start, start + 4 * DAY_MS],
      [start + DAY_MS, start + 2 * DAY_MS],
      [start + 5 * HOUR_MS + 1234, start + 3 * DAY_MS - 7 * HOUR_MS],
    ];
    for (let i = 0; i < 12; i++) {
      const a = start + Math.floor(random() * 4 * DAY_MS);
      const b = start + Math.floor(random() * 4 * DAY_MS);
      ranges.push([Math.min(a, b), Math.max(a, b) + HOUR_MS]);
    }
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
    const random = seededRandom(37);
    const ranges: Array<[number, number]> = [
      [start, start + 4 * DAY_MS],
      [start + 5 * HOUR_MS + 1234, start + 3 * DAY_MS - 7 * HOUR_MS],
    ];
    for (let i = 0; i < 12; i++) {
      const a = start + Math.floor(random() * 4 * DAY_MS);
      const b = start + Math.floor(random() * 4 * DAY_MS);
      ranges.push([Math.min(a, b), Math.max(a, b) + HOUR_MS]);
    }
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
