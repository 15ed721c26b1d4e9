import { expect } from "vitest";
import { AGENT_PERIODS } from "../../src/modules/signals/signal-delta";
import type { TestApp } from "./test-app";

/** A signal of one skill, agent and hour, as a delta carries it (starts 1). */
export interface Signal {
  skill: string;
  agentKey: string;
  hour: number;
  loads: number;
  evictions: number;
  maxLoaded: number;
}

/** Signal deltas as the app writes them (one row each, its own transaction), for the app's fold to fold. */
export async function insertDeltas(t: TestApp, projectId: string, rows: readonly Signal[]): Promise<void> {
  const postgres = t.app.db.dialect === "postgres";
  for (const s of rows) {
    await t.app.db.write((tx) =>
      tx.manager.query(
        `INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts, loads, evictions, max_loaded)
         VALUES (${postgres ? "$1, $2, $3, $4, 1, $5, $6, $7" : "?, ?, ?, ?, 1, ?, ?, ?"})`,
        [projectId, s.skill, s.agentKey, s.hour, s.loads, s.evictions, s.maxLoaded],
      ),
    );
  }
}

/**
 * The fold's summaries of a project (each skill's first and last loaded hour; each stored agent's evictions and most
 * loaded per hour, day, 8- and 64-day block) beside the same worked out from its hour rollup: equal whenever the fold
 * has committed.
 */
export async function expectSummariesAgree(t: TestApp, projectId: string): Promise<void> {
  const p = t.app.db.dialect === "postgres" ? "$1" : "?";
  const read = async (sql: string) =>
    ((await t.app.db.read((m) => m.query(sql, [projectId]))) as Array<Record<string, unknown>>)
      .map((r) => Object.values(r).map(String).join(" "))
      .sort();
  const bounds = await read(`SELECT skill, first_hour, last_hour FROM skill_load_bounds WHERE project_id = ${p}`);
  const periods = await read(
    `SELECT period, start, agent_key, evictions, max_loaded FROM agent_signal_periods WHERE project_id = ${p}`,
  );
  expect(bounds).toEqual(
    await read(
      `SELECT skill, MIN(hour), MAX(hour) FROM skill_signal_hours WHERE project_id = ${p} AND loads > 0 GROUP BY skill`,
    ),
  );
  const fromHours = AGENT_PERIODS.map(
    (ms) => `SELECT ${ms} AS period, (hour / ${ms}) * ${ms} AS start, agent_key, SUM(evictions) AS evictions,
       MAX(max_loaded) AS max_loaded FROM skill_signal_hours
     WHERE project_id = ${p} AND agent_key <> '' AND (evictions > 0 OR max_loaded > 0)
     GROUP BY (hour / ${ms}) * ${ms}, agent_key`,
  );
  const expected = (await Promise.all(fromHours.map((sql) => read(sql)))).flat().sort();
  expect(periods).toEqual(expected);
}
