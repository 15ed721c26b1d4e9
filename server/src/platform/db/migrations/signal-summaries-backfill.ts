/**
 * The summaries the fold keeps beside the rollups (`skill_load_bounds`, `agent_signal_periods`), rebuilt from the
 * hour rollup (every folded delta is in it; the deltas not folded yet are added by the next fold): the same SQL on
 * both databases. Used by the migration that adds them and by the reads bench's seed after it rebuilds the rollups
 * (`project`: a placeholder to keep one project's rows only; the tables must hold none of its rows yet).
 */
export function signalSummariesBackfill(project?: string): string[] {
  const only = project ? ` AND project_id = ${project}` : "";
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  const coarser = (period: number, from: number) =>
    `INSERT INTO agent_signal_periods (project_id, period, start, agent_key, evictions, max_loaded)
     SELECT project_id, ${period}, (start / ${period}) * ${period}, agent_key, SUM(evictions), MAX(max_loaded)
     FROM agent_signal_periods WHERE period = ${from}${only}
     GROUP BY project_id, (start / ${period}) * ${period}, agent_key`;
  return [
    `INSERT INTO skill_load_bounds (project_id, skill, first_hour, last_hour)
     SELECT project_id, skill, MIN(hour), MAX(hour) FROM skill_signal_hours WHERE loads > 0${only}
     GROUP BY project_id, skill`,
    `INSERT INTO agent_signal_periods (project_id, period, start, agent_key, evictions, max_loaded)
     SELECT project_id, ${HOUR}, hour, agent_key, SUM(evictions), MAX(max_loaded) FROM skill_signal_hours
     WHERE agent_key <> '' AND (evictions > 0 OR max_loaded > 0)${only}
     GROUP BY project_id, hour, agent_key`,
    coarser(DAY, HOUR),
    coarser(8 * DAY, DAY),
    coarser(64 * DAY, 8 * DAY),
  ];
}
