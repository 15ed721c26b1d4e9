/**
 * CT-3's data: a registry (skills × 2 versions, agents × 5 versions with 3–8 skill entries, as the call runtime
 * bench makes it) and a year of calls with their loads and signals. The calls are not invented column by column:
 * each agent starts one real call through GraphQL (`startCall`, then `loadSkill` one to four times, `endCall`), so the
 * app writes its call, call_skills, call_events and signal deltas; then, with the app stopped, that call is copied in
 * set-based SQL (INSERT … SELECT over generate_series) as many times as the agent's share of the calls, at times spread
 * over the year, with time-ordered ids built from those times; the events of calls past the retention are not kept
 * (as the sweeper leaves them), and the hour and day rollups (and the summaries the fold keeps beside them) are what
 * folding every copy's deltas gives.
 */
import { Client } from "pg";
import type { App } from "../../src/app";
import { reviewableContentOf } from "../../src/modules/skills";
import { seed as seedRegistry, type Shape } from "../call-runtime/seed";
import { CALL_VARIABLES, type Gql } from "../call-runtime/operations";
import { signalSummariesBackfill } from "../../src/platform/db/migrations/signal-summaries-backfill";
import { seededRandom } from "../../src/platform/seeded-random";

export interface Scale {
  /** Percent of the full size (100 = 10,000 skills, 1,000 agents, 1,000,000 calls). */
  percent: number;
  skills: number;
  agents: number;
  calls: number;
}

export function scaleOf(percent: number): Scale {
  return {
    percent,
    skills: Math.round(10_000 * (percent / 100)),
    agents: Math.round(1_000 * (percent / 100)),
    calls: Math.round(1_000_000 * (percent / 100)),
  };
}

export interface SeedInfo {
  projectId: string;
  adminKey: string;
  /** The agent with the most calls (its page is the one measured). */
  busiestAgentId: string;
  /** The skill most agents list (who uses it is the one measured). */
  mostUsedSkill: string;
  /** When the year of calls ends (epoch ms, a whole hour). */
  end: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const RETENTION = 30 * DAY; // CALL_EVENT_RETENTION_SECS' default

/** How many calls each agent gets: a Zipf-like share (a few busy agents, a long tail), at least one each. */
export function callShares(agents: number, calls: number, seed: number): number[] {
  const random = seededRandom(seed);
  const weights = Array.from({ length: agents }, (_, a) => (0.9 + 0.2 * random()) / Math.pow(a + 5, 0.9));
  const total = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => Math.max(1, Math.floor((w / total) * calls)));
  let missing = calls - shares.reduce((s, n) => s + n, 0);
  for (let a = 0; missing !== 0; a = (a + 1) % agents) {
    if (missing > 0 || shares[a]! > 1) {
      shares[a]! += Math.sign(missing);
      missing -= Math.sign(missing);
    }
  }
  return shares;
}

/** Creates the project, the registry and one real call per agent through the running app (`gql`). */
export async function seedThroughApp(
  url: string,
  app: App,
  gql: Gql,
  platformToken: string,
  scale: Scale,
): Promise<{ projectId: string; adminKey: string; agents: Array<{ id: string; entries: string[] }> }> {
  const created = await gql<{ createProject: { project: { id: string }; apiKey: string } }>(
    `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`,
    { name: `reads bench ${scale.percent}%` },
    platformToken,
  );
  const projectId = created.createProject.project.id;
  const adminKey = created.createProject.apiKey;
  const shape: Shape = {
    skillFrom: 0,
    skills: scale.skills,
    versionsPerSkill: 2,
    agentFrom: 0,
    agents: scale.agents,
    skillPool: scale.skills,
    seed: 35,
  };
  const registry = await seedRegistry({ postgresUrl: url }, projectId, shape);
  console.log(
    `  registry: ${registry.skills} skills, ${registry.skillVersions} versions, ${registry.agentVersions} agent ` +
      `versions, ${registry.entries} entries in ${registry.seconds.toFixed(1)} s`,
  );
  await storeReviews(url, app, projectId);
  // one real call per agent: loads 1–4 of its skills (a 4th load past the cap of 3 evicts)
  const began = Date.now();
  const agents = registry.agents.map((a) => ({ id: a.id, entries: a.entries.map((e) => e.name) }));
  let next = 0;
  const worker = async () => {
    for (let a = next++; a < agents.length; a = next++) {
      const agent = agents[a]!;
      const call = await gql<{ startCall: { id: string } }>(
        `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`,
        { input: { agentId: agent.id, variables: CALL_VARIABLES } },
        adminKey,
      );
      const loads = Math.min(agent.entries.length, 1 + (a % 4));
      for (const name of agent.entries.slice(0, loads)) {
        await gql(
          `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status } }`,
          { callId: call.startCall.id, name },
          adminKey,
        );
      }
      await gql(`mutation($callId: ID!) { endCall(callId: $callId) { id } }`, { callId: call.startCall.id }, adminKey);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  console.log(`  ${agents.length} template calls through GraphQL in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  return { projectId, adminKey, agents };
}

/**
 * A kept database after a release with other review rules (CR-5): its reviews are brought up to date here, as the
 * seed made them, rather than by the app's background pass (which would review 10,000 versions while reads are timed).
 */
export async function refreshStaleReviews(url: string, app: App, projectId: string): Promise<void> {
  const stale = (await app.db.read((m) =>
    m.query(
      `SELECT COUNT(*) AS n FROM skill_versions v LEFT JOIN content_reviews r ON r.version_id = v.id
       WHERE v.project_id = $1 AND (r.version_id IS NULL OR r.rules_version <> $2)`,
      [projectId, app.services.reviews.rulesVersion],
    ),
  )) as Array<{ n: string }>;
  if (Number(stale[0]!.n) > 0) await storeReviews(url, app, projectId);
}

/**
 * CR-1: the app stores a version's review with the version; the registry was inserted in bulk, so versions are
 * reviewed here by the app's own ReviewService and stored as `forWrite` stores them. The scanner takes ~0.1 s a
 * version on this machine, and the seeded texts differ only in numbers and topics: a sample of 40 is reviewed, and
 * when every review of the sample is the same (it is: no findings), the others get that review; else all are reviewed.
 */
async function storeReviews(url: string, app: App, projectId: string): Promise<void> {
  const began = Date.now();
  const ids = (await app.db.read((m) =>
    m.query(`SELECT id FROM skill_versions WHERE project_id = $1 ORDER BY id`, [projectId]),
  )) as Array<{ id: string }>;
  const reviewOf = async (id: string) => {
    const found = await app.db.read((m) => reviewableContentOf(m, projectId, id));
    if (!found) throw new Error(`seeded version ${id} has no reviewable content`);
    const result = await app.services.reviews.review(found.content);
    return [result.rulesVersion, result.highest, JSON.stringify(result.findings)] as const;
  };
  const sample = await Promise.all(ids.slice(0, 40).map((r) => reviewOf(r.id)));
  const same = sample.every((r) => r.join("\u0000") === sample[0]!.join("\u0000"));
  const rows: unknown[][] = [];
  for (const [i, { id }] of ids.entries()) {
    const review = i < sample.length ? sample[i]! : same ? sample[0]! : await reviewOf(id);
    rows.push([id, projectId, ...review, Date.now()]);
  }
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000);
      await db.query(
        `INSERT INTO content_reviews (version_id, project_id, rules_version, highest, findings, reviewed_at)
         SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::bigint[])
         ON CONFLICT (version_id) DO UPDATE SET rules_version = EXCLUDED.rules_version, highest = EXCLUDED.highest,
           findings = EXCLUDED.findings, reviewed_at = EXCLUDED.reviewed_at`,
        [0, 1, 2, 3, 4, 5].map((c) => chunk.map((r) => r[c])),
      );
    }
  } finally {
    await db.end();
  }
  console.log(
    `  ${rows.length} content reviews (${same ? `a sample of ${sample.length} reviewed, all ${sample[0]![2]}` : "each reviewed"}) ` +
      `in ${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
}

/** The columns of `table` in order, as PostgreSQL has them (what the migrations made). */
async function columnsOf(db: Client, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
     ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** `INSERT INTO table (all columns) SELECT …` where `overrides` replaces some columns and `alias.` gives the rest. */
async function copySql(db: Client, table: string, alias: string, overrides: Record<string, string>): Promise<string> {
  const columns = await columnsOf(db, table);
  const values = columns.map((c) => overrides[c] ?? `${alias}.${c}`);
  return `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")}`;
}

/**
 * With the app stopped: each agent's template call copied to its share of `scale.calls`, over the year before `end`,
 * and the signal rollups rebuilt from every call.
 */
export async function copyCalls(url: string, projectId: string, scale: Scale, end: number): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const began = Date.now();
    const result = await db.query(sql, params);
    console.log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  };
  try {
    // an RFC 9562 version 7 id for a time (ms) and a salt, as timeOrderedId makes them (the salt stands for its
    // random bits: deterministic here)
    await db.query(`CREATE OR REPLACE FUNCTION pg_temp.v7(ms bigint, salt text) RETURNS varchar LANGUAGE sql AS $$
      SELECT substr(t, 1, 8) || '-' || substr(t, 9, 4) || '-7' || substr(h, 1, 3) || '-'
             || substr('89ab', 1 + get_byte(decode(substr(h, 4, 2), 'hex'), 0) % 4, 1) || substr(h, 6, 3) || '-'
             || substr(h, 9, 12)
      FROM (SELECT lpad(to_hex(ms), 12, '0') AS t, md5(salt) AS h) x $$`);
    const templates = await db.query<{ id: string; agent_id: string }>(
      `SELECT id, agent_id FROM calls WHERE project_id = $1 ORDER BY agent_id`,
      [projectId],
    );
    const agentIds = templates.rows.map((r) => r.agent_id);
    const shares = callShares(agentIds.length, scale.calls, 36);
    await db.query("BEGIN");
    await db.query(`CREATE TEMP TABLE template (call_id varchar, agent_id varchar, copies int) ON COMMIT DROP`);
    await db.query(
      `INSERT INTO template SELECT c.id, c.agent_id, s.n - 1 FROM calls c
       JOIN unnest($1::varchar[], $2::int[]) AS s(agent_id, n) ON s.agent_id = c.agent_id WHERE c.project_id = $3`,
      [agentIds, shares, projectId],
    );
    // copy g of an agent's n starts in the g-th of n equal slices of the year, at a point drawn by a hash
    await step(
      "copies planned",
      `CREATE TEMP TABLE copy ON COMMIT DROP AS
       SELECT pg_temp.v7(x.started, x.call_id || ':' || x.g) AS id, x.call_id, x.started
       FROM (SELECT t.call_id, g,
               $1::bigint - ((g - 1)::bigint * ${YEAR}) / t.copies
                 - abs(hashtext(t.call_id || g)::bigint) % GREATEST(1, ${YEAR}::bigint / t.copies) AS started
             FROM template t, generate_series(1, t.copies) AS g) x`,
      [end],
    );
    await step(
      "calls",
      (await copySql(db, "calls", "c", {
        id: "k.id",
        // the state names its segment's start (an ISO time, as JSON.stringify writes a Date)
        state: `jsonb_set(c.state::jsonb, '{segments,0,startedAt}',
          to_jsonb(to_char(to_timestamp(k.started / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text`,
        started_at: "k.started",
        ended_at: "k.started + (c.ended_at - c.started_at)",
        events_expire_at: `k.started + ${RETENTION}`,
        events_expired: `k.started + ${RETENTION} <= $1`,
      })) + ` FROM copy k JOIN calls c ON c.id = k.call_id`,
      [Date.now()],
    );
    await step(
      "call_skills",
      (await copySql(db, "call_skills", "s", { call_id: "k.id" })) +
        ` FROM copy k JOIN call_skills s ON s.call_id = k.call_id`,
    );
    await step(
      "call_events (calls within the retention)",
      (await copySql(db, "call_events", "e", {
        id: "pg_temp.v7(k.started + (e.at - c.started_at), k.id || e.seq)",
        call_id: "k.id",
        at: "k.started + (e.at - c.started_at)",
        expires_at: `k.started + ${RETENTION}`,
      })) +
        ` FROM copy k JOIN calls c ON c.id = k.call_id JOIN call_events e ON e.call_id = k.call_id
          WHERE k.started + ${RETENTION} > $1`,
      [Date.now()],
    );
    await step(
      "tool_invocations",
      (await copySql(db, "tool_invocations", "i", {
        id: "pg_temp.v7(k.started + (i.at - c.started_at), k.id || i.id)",
        call_id: "k.id",
        at: "k.started + (i.at - c.started_at)",
      })) + ` FROM copy k JOIN calls c ON c.id = k.call_id JOIN tool_invocations i ON i.call_id = k.call_id`,
    );
    // what one template call counted, per skill (its deltas, folded or not: the fold keeps hours and days alike)
    await db.query(
      `CREATE TEMP TABLE counted ON COMMIT DROP AS
       SELECT skill, agent_key, SUM(starts) AS starts, SUM(loads) AS loads, SUM(evictions) AS evictions,
              SUM(tool_runs) AS tool_runs, SUM(tool_errors) AS tool_errors, SUM(outcomes) AS outcomes,
              SUM(successes) AS successes, MAX(max_loaded) AS max_loaded
       FROM (SELECT skill, agent_key, starts, loads, evictions, tool_runs, tool_errors, outcomes, successes, max_loaded
             FROM skill_signal_hours WHERE project_id = $1
             UNION ALL
             SELECT skill, agent_key, starts, loads, evictions, tool_runs, tool_errors, outcomes, successes, max_loaded
             FROM skill_signal_deltas WHERE project_id = $1) x
       GROUP BY skill, agent_key`,
      [projectId],
    );
    for (const table of [
      "skill_signal_deltas",
      "skill_signal_hours",
      "skill_signal_days",
      "skill_load_bounds",
      "agent_signal_periods",
    ])
      await db.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId]);
    await step(
      "skill_signal_hours (every call's deltas folded)",
      `INSERT INTO skill_signal_hours (project_id, skill, agent_key, hour, starts, loads, evictions, tool_runs,
         tool_errors, outcomes, successes, max_loaded)
       SELECT $1, n.skill, n.agent_key, (c.started_at / ${HOUR}) * ${HOUR}, SUM(n.starts), SUM(n.loads),
              SUM(n.evictions), SUM(n.tool_runs), SUM(n.tool_errors), SUM(n.outcomes), SUM(n.successes),
              MAX(n.max_loaded)
       FROM calls c JOIN counted n ON n.agent_key = c.agent_id
       WHERE c.project_id = $1
       GROUP BY 1, 2, 3, 4`,
      [projectId],
    );
    await step(
      "skill_signal_days",
      `INSERT INTO skill_signal_days (project_id, skill, agent_key, day, starts, loads, evictions, tool_runs,
         tool_errors, outcomes, successes, max_loaded)
       SELECT project_id, skill, agent_key, (hour / ${DAY}) * ${DAY}, SUM(starts), SUM(loads), SUM(evictions),
              SUM(tool_runs), SUM(tool_errors), SUM(outcomes), SUM(successes), MAX(max_loaded)
       FROM skill_signal_hours WHERE project_id = $1 GROUP BY 1, 2, 3, 4`,
      [projectId],
    );
    // what the fold keeps beside the rollups (each skill's first and last loaded hour, each agent's periods), from
    // the hours, as the migration that added them fills them
    for (const [i, sql] of signalSummariesBackfill("$1").entries())
      await step(i === 0 ? "skill_load_bounds" : `agent_signal_periods (${i} of 4)`, sql, [projectId]);
    await db.query("COMMIT");
    const began = Date.now();
    await db.query("VACUUM ANALYZE");
    console.log(`  VACUUM ANALYZE in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}
