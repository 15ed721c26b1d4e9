/**
 * OB-3 at scale: skill insights over a year of 1,000,000 calls. The project's skills and
 * agents are made through GraphQL; the signals of a year of calls (10 agents × 5 skills, about 11.4 calls per agent
 * and hour) are written in bulk straight into the hourly and daily rollups (and the summaries the fold keeps beside
 * them, with the statements of the migration that added them) as the fold would leave them, plus 5,000 deltas
 * not folded yet (every read adds them). Then each insights query is timed through GraphQL over HTTP (p50, p99).
 *   npm run bench insights   |   cd server && node dist/bench/insights.bench.js
 * Knobs: BENCH_RUNS (per query, default 100), TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import "./production-mode";
import "reflect-metadata";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { signalSummariesBackfill } from "../src/platform/db/migrations/signal-summaries-backfill";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { startInstance } from "./call-runtime/instance";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SKILLS = 20;
const AGENTS = 10;
const SKILLS_PER_AGENT = 5;
const HOURS = 365 * 24;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface InsightsBenchResult {
  calls: number;
  rollupRows: number;
  queries: Record<string, { p50: number; p99: number }>;
}

export async function run(): Promise<InsightsBenchResult> {
  const scratch = await createScratchPostgres(BASE_URL);
  const db = await Database.open({ url: scratch.url, entities, poolSize: 10 });
  const instance = await startInstance(db);
  try {
    const { gql, adminKey, projectId } = instance;
    const skills = Array.from({ length: SKILLS }, (_, i) => `skill-${String(i).padStart(2, "0")}`);
    for (const name of skills) {
      const created = await gql<{ createSkillVersion: { id: string } }>(
        `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        { input: { skillMd: `---\nname: ${name}\ndescription: ${name} for the bench.\n---\n# ${name}\n` } },
        adminKey,
      );
      await gql(
        `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`,
        { id: created.createSkillVersion.id },
        adminKey,
      );
    }
    const pairs: Array<{ skill: string; agent: string }> = [];
    for (let a = 0; a < AGENTS; a++) {
      const listed = Array.from({ length: SKILLS_PER_AGENT }, (_, k) => skills[(2 * a + k) % SKILLS]!);
      const saved = await gql<{ saveAgent: { id: string; agentId: string } }>(
        `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
        {
          input: {
            name: `agent-${a}`,
            prompt: "You help.",
            maxLoadedSkills: 2,
            skills: listed.map((name) => ({ name })),
          },
        },
        adminKey,
      );
      await gql(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saved.saveAgent.id }, adminKey);
      for (const skill of listed) pairs.push({ skill, agent: saved.saveAgent.agentId });
    }
    // a year of hours ending now; each agent has 11 or 12 calls an hour (1,000,000 calls in all), each call starts
    // its agent's 5 skills; skill-19 is never loaded; agents 0–2 evict
    const end = Math.floor(Date.now() / HOUR) * HOUR;
    const start = end - (HOURS - 1) * HOUR;
    const seeded = Date.now();
    await db.write((tx) =>
      tx.manager.query(
        `INSERT INTO skill_signal_hours (project_id, skill, agent_key, hour, starts, loads, evictions, tool_runs,
           tool_errors, outcomes, successes, max_loaded)
         SELECT $1, p.skill, p.agent, $2::bigint + h::bigint * ${HOUR}, c.n,
                CASE WHEN p.skill = 'skill-19' THEN 0 ELSE c.n * 6 / 10 END,
                CASE WHEN p.ord <= 15 THEN h % 3 ELSE 0 END, c.n / 2, h % 2, c.n / 3, c.n / 4, 3
         FROM unnest($3::varchar[], $4::varchar[]) WITH ORDINALITY AS p(skill, agent, ord),
              generate_series(0, ${HOURS - 1}) AS h,
              LATERAL (SELECT 11 + CASE WHEN (h + p.ord) % 5 < 2 THEN 1 ELSE 0 END AS n) c`,
        [projectId, start, pairs.map((p) => p.skill), pairs.map((p) => p.agent)],
      ),
    );
    // the day rollup, as the fold leaves it beside the hours
    await db.write((tx) =>
      tx.manager.query(
        `INSERT INTO skill_signal_days (project_id, skill, agent_key, day, starts, loads, evictions, tool_runs,
           tool_errors, outcomes, successes, max_loaded)
         SELECT project_id, skill, agent_key, (hour / ${DAY}) * ${DAY}, SUM(starts), SUM(loads), SUM(evictions),
                SUM(tool_runs), SUM(tool_errors), SUM(outcomes), SUM(successes), MAX(max_loaded)
         FROM skill_signal_hours WHERE project_id = $1 GROUP BY 1, 2, 3, 4`,
        [projectId],
      ),
    );
    // and what the fold keeps beside them (each skill's first and last loaded hour, each agent's periods)
    await db.write(async (tx) => {
      for (const sql of signalSummariesBackfill("$1")) await tx.manager.query(sql, [projectId]);
    });
    await db.write((tx) =>
      tx.manager.query(
        `INSERT INTO skill_signal_deltas (project_id, skill, agent_key, hour, starts, loads)
         SELECT $1, p.skill, p.agent, $2::bigint, 1, CASE WHEN p.skill = 'skill-19' THEN 0 ELSE 1 END
         FROM unnest($3::varchar[], $4::varchar[]) AS p(skill, agent), generate_series(1, 100)`,
        [projectId, end, pairs.map((p) => p.skill), pairs.map((p) => p.agent)],
      ),
    );
    await db.write((tx) =>
      tx.manager.query(
        "ANALYZE skill_signal_hours; ANALYZE skill_signal_days; ANALYZE skill_signal_deltas; ANALYZE skill_load_bounds; ANALYZE agent_signal_periods",
      ),
    );
    const counted = (await db.read((m) =>
      m.query(
        `SELECT COUNT(*) AS rows, SUM(starts) / ${SKILLS_PER_AGENT} AS calls FROM skill_signal_hours WHERE project_id = $1`,
        [projectId],
      ),
    )) as Array<{ rows: string; calls: string }>;
    const { rows, calls } = counted[0]!;
    console.log(`seeded ${rows} rollup rows for ${calls} calls in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const iso = (ms: number) => new Date(ms).toISOString();
    const to = end + HOUR;
    const agentId = pairs[0]!.agent;
    const INSIGHTS = `query($from: DateTime!, $to: DateTime!, $bucket: String, $skill: String, $agentId: ID) {
      skillInsights(from: $from, to: $to, bucket: $bucket, skill: $skill, agentId: $agentId) {
        skill loadRate toolErrorRate successRate series { at starts loads evictions toolRuns toolErrors outcomes successes } } }`;
    const queries: Record<string, { query: string; variables: Record<string, unknown> }> = {
      "skillInsights 7 days by hour, all skills": {
        query: INSIGHTS,
        variables: { from: iso(to - 7 * DAY), to: iso(to) },
      },
      "skillInsights 30 days by day, all skills": {
        query: INSIGHTS,
        variables: { from: iso(to - 30 * DAY), to: iso(to), bucket: "day" },
      },
      "skillInsights 365 days by day, all skills": {
        query: INSIGHTS,
        variables: { from: iso(to - 365 * DAY), to: iso(to), bucket: "day" },
      },
      "skillInsights 365 days by day, one skill": {
        query: INSIGHTS,
        variables: { from: iso(to - 365 * DAY), to: iso(to), bucket: "day", skill: "skill-03" },
      },
      "skillInsights 30 days by hour, one skill and agent": {
        query: INSIGHTS,
        variables: { from: iso(to - 30 * DAY), to: iso(to), skill: pairs[0]!.skill, agentId },
      },
      "unusedSkills 365 days": {
        query: `query($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`,
        variables: { from: iso(to - 365 * DAY), to: iso(to) },
      },
      "capAdvice 365 days": {
        query: `query($from: DateTime!, $to: DateTime!) { capAdvice(from: $from, to: $to) { agentId agentName maxLoadedSkills evictions suggestedMax } }`,
        variables: { from: iso(to - 365 * DAY), to: iso(to) },
      },
    };
    const result: InsightsBenchResult = { calls: Number(calls), rollupRows: Number(rows), queries: {} };
    for (const [name, { query, variables }] of Object.entries(queries)) {
      for (let i = 0; i < 5; i++) await gql(query, variables, adminKey);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const began = process.hrtime.bigint();
        await gql(query, variables, adminKey);
        times.push(Number(process.hrtime.bigint() - began) / 1e6);
      }
      times.sort((a, b) => a - b);
      result.queries[name] = { p50: percentile(times, 50), p99: percentile(times, 99) };
      console.log(
        `${name.padEnd(52)} p50 ${percentile(times, 50).toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    const unused = await gql<{ unusedSkills: string[] }>(
      queries["unusedSkills 365 days"]!.query,
      queries["unusedSkills 365 days"]!.variables,
      adminKey,
    );
    console.log(`unusedSkills: ${JSON.stringify(unused.unusedSkills)}`);
    return result;
  } finally {
    await instance.app.close();
    await scratch.drop();
  }
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
