import { afterAll, beforeAll, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { seededRandom } from "../../platform/seeded-random";
import { DAY_MS, HOUR_MS } from "./signal-delta";

const UNUSED = `query($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`;

interface Signal {
  skill: string;
  agentKey: string;
  hour: number;
  loads: number;
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
    const agents = [
      await publishAgent(t, key, { name: "one", skills: listed.slice(0, 5).map((name) => ({ name })) }),
      await publishAgent(t, key, { name: "two", skills: listed.slice(3).map((name) => ({ name })) }),
    ];
    const random = seededRandom(35);
    // sparse signals: a skill loads in few hours, so which hours a range covers decides whether it is unused
    for (const skill of listed) {
      for (const agentKey of agents) {
        for (let h = 0; h < 4 * 24; h++) {
          const draw = random();
          if (draw < 0.03) hours.push({ skill, agentKey, hour: start + h * HOUR_MS, loads: draw < 0.01 ? 1 : 0 });
        }
        if (random() < 0.2)
          deltas.push({ skill, agentKey, hour: start + Math.floor(random() * 96) * HOUR_MS, loads: 1 });
      }
    }
    const db = t.app.db;
    const insert = async (table: string, key: "hour" | "day", rows: Signal[], at: (s: Signal) => number) => {
      for (const s of rows) {
        await db.write((tx) =>
          tx.manager.query(
            `INSERT INTO ${table} (project_id, skill, agent_key, ${key}, starts, loads, evictions, tool_runs,
               tool_errors, outcomes, successes, max_loaded)
             VALUES (${dialect === "postgres" ? "$1, $2, $3, $4, 1, $5" : "?, ?, ?, ?, 1, ?"}, 0, 0, 0, 0, 0, 1)`,
            [projectId, s.skill, s.agentKey, at(s), s.loads],
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
      days.set(k, { ...s, hour: day, loads: (seen?.loads ?? 0) + s.loads });
    }
    await insert("skill_signal_days", "day", [...days.values()], (s) => s.hour);
    for (const s of deltas) {
      await db.write((tx) =>
        tx.manager.query(
          `INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts, loads)
           VALUES (${dialect === "postgres" ? "$1, $2, $3, $4, 1, $5" : "?, ?, ?, ?, 1, ?"})`,
          [projectId, s.skill, s.agentKey, s.hour, s.loads],
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
});
