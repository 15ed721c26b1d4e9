/**
 * CT-3: reads as data grows 100×. Two PostgreSQL databases, one at 1% (100 skills, 10 agents, 10,000 calls) and one at
 * READS_PERCENT (default 100: 10,000 skills, 1,000 agents, 1,000,000 calls), each seeded once (bench/reads/seed.ts)
 * and kept for the next run; an app on each; every read of bench/reads/operations.ts sent through GraphQL over HTTP,
 * the two apps interleaved request by request, p50/p99 after a warm-up.
 *   npm run bench reads   |   cd server && node dist/bench/reads.bench.js
 * Knobs: READS_PERCENT (10 for a quick run), READS_ONLY (only the reads whose name contains one of its comma-separated parts), BENCH_RUNS (per read and scale, default 100), BENCH_READS_RESEED=1 (drop
 * and seed again), BENCH_READS_DROP=1 (drop the databases at the end), TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import "./production-mode";
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { createApp, type App } from "../src/app";
import { loadConfig } from "../src/config";
import { entities } from "../src/entities";
import { generatePlatformToken } from "../src/modules/auth/credentials";
import { sha256Hex } from "../src/platform/crypto";
import { Database } from "../src/platform/db/database";
import { createLogger } from "../src/platform/logger";
import { graphqlClient, type Gql } from "./call-runtime/operations";
import { reads, type Read } from "./reads/operations";
import { copyCalls, refreshStaleReviews, scaleOf, seedThroughApp, type Scale, type SeedInfo } from "./reads/seed";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 10;
const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PERCENT = Number(process.env.READS_PERCENT ?? 100);
const HOUR = 3_600_000;

interface Running {
  scale: Scale;
  app: App;
  db: Database;
  url: string;
  graphqlUrl: string;
  gql: Gql;
  info: SeedInfo;
  agentVersionId: string;
}

const dbName = (scale: Scale) => `sg_bench_reads_${String(scale.percent).replace(".", "_")}`;

function urlOf(name: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function startApp(
  url: string,
  platformTokenHash: string,
): Promise<{ app: App; db: Database; graphqlUrl: string }> {
  const db = await Database.open({ url, entities, poolSize: 10 });
  const settings = loadConfig(
    {
      PORT: "0",
      DATA_DIR: path.join(os.tmpdir(), `sg-bench-${randomBytes(6).toString("hex")}`),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      NODE_ENV: process.env.NODE_ENV,
    },
    { host: "127.0.0.1", webDist: "" },
  );
  const app = await createApp(
    settings,
    {
      secretKey: randomBytes(32).toString("base64"),
      signingKey: randomBytes(32).toString("base64"),
      platformTokenHash,
    },
    { db, logger: createLogger("silent") },
  );
  const port = await app.http.listen(0, "127.0.0.1");
  return { app, db, graphqlUrl: `http://127.0.0.1:${port}/graphql` };
}

async function readInfo(url: string): Promise<SeedInfo | null> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ info: string }>(`SELECT info FROM bench_reads_meta WHERE complete`)
      .catch(() => ({ rows: [] as Array<{ info: string }> }));
    return rows[0] ? (JSON.parse(rows[0].info) as SeedInfo) : null;
  } finally {
    await client.end();
  }
}

/** The database of `scale`, seeded once: reused while its seed is complete (BENCH_READS_RESEED=1 starts over). */
async function ensureSeeded(scale: Scale): Promise<SeedInfo> {
  const name = dbName(scale);
  const url = urlOf(name);
  const exists = await admin(
    async (c) => (await c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount,
  );
  if (exists && process.env.BENCH_READS_RESEED !== "1") {
    const info = await readInfo(url);
    if (info) return info;
  }
  console.log(`seeding ${name}: ${scale.skills} skills, ${scale.agents} agents, ${scale.calls} calls`);
  const began = Date.now();
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const platformToken = generatePlatformToken();
  const started = await startApp(url, sha256Hex(platformToken));
  let seeded: Awaited<ReturnType<typeof seedThroughApp>>;
  try {
    seeded = await seedThroughApp(url, started.app, graphqlClient(started.graphqlUrl), platformToken, scale);
  } finally {
    await started.app.close();
    await started.db.close();
  }
  const end = Math.floor(Date.now() / HOUR) * HOUR;
  await copyCalls(url, seeded.projectId, scale, end);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const busiest = await client.query<{ agent_id: string }>(
      `SELECT agent_id FROM calls WHERE project_id = $1 GROUP BY agent_id ORDER BY COUNT(*) DESC, agent_id LIMIT 1`,
      [seeded.projectId],
    );
    const used = await client.query<{ name: string }>(
      `SELECT name FROM agent_skill_entries WHERE project_id = $1 GROUP BY name ORDER BY COUNT(*) DESC, name LIMIT 1`,
      [seeded.projectId],
    );
    const info: SeedInfo = {
      projectId: seeded.projectId,
      adminKey: seeded.adminKey,
      busiestAgentId: busiest.rows[0]!.agent_id,
      mostUsedSkill: used.rows[0]!.name,
      end,
    };
    await client.query(`CREATE TABLE bench_reads_meta (info text NOT NULL, complete boolean NOT NULL)`);
    await client.query(`INSERT INTO bench_reads_meta VALUES ($1, true)`, [JSON.stringify(info)]);
    console.log(`seeded ${name} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    return info;
  } finally {
    await client.end();
  }
}

async function start(scale: Scale): Promise<Running> {
  const info = await ensureSeeded(scale);
  const url = urlOf(dbName(scale));
  const { app, db, graphqlUrl } = await startApp(url, sha256Hex(generatePlatformToken()));
  await refreshStaleReviews(url, app, info.projectId);
  const gql = graphqlClient(graphqlUrl);
  const rows = (await db.read((m) =>
    m.query(`SELECT live_version_id FROM agents WHERE id = $1`, [info.busiestAgentId]),
  )) as Array<{ live_version_id: string }>;
  return { scale, app, db, url, graphqlUrl, gql, info, agentVersionId: rows[0]!.live_version_id };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One request: its time in ms and the answer's size in bytes (throws on HTTP or GraphQL errors). */
async function timed(target: Running, read: Read, run: number): Promise<{ ms: number; bytes: number }> {
  const body = JSON.stringify({ query: read.query, variables: read.variables(target.info, run) });
  const began = process.hrtime.bigint();
  const res = await fetch(target.graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${target.info.adminKey}` },
    body,
  });
  const text = await res.text();
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  if (!res.ok || text.includes('"errors"')) throw new Error(`${read.name}: ${res.status} ${text.slice(0, 400)}`);
  return { ms, bytes: Buffer.byteLength(text) };
}

export interface ReadFigure {
  read: string;
  base: { p50: number; p99: number; bytes: number };
  full: { p50: number; p99: number; bytes: number };
}

export async function run(): Promise<ReadFigure[]> {
  const base = await start(scaleOf(1));
  const full = PERCENT === 1 ? base : await start(scaleOf(PERCENT));
  const figures: ReadFigure[] = [];
  try {
    const counts = async (t: Running) =>
      (await t.db.read((m) =>
        m.query(`SELECT (SELECT COUNT(*) FROM calls) AS calls, (SELECT COUNT(*) FROM skill_signal_hours) AS hours,
          (SELECT COUNT(*) FROM skill_signal_days) AS days, (SELECT COUNT(*) FROM call_skills) AS call_skills,
          (SELECT COUNT(*) FROM call_events) AS events`),
      )) as Array<Record<string, string>>;
    for (const t of [base, full]) console.log(`${t.scale.percent}%: ${JSON.stringify((await counts(t))[0])}`);
    console.log(
      `\n${"read".padEnd(48)} ${"1%: p50".padStart(9)} ${"p99".padStart(8)} ${`${PERCENT}%: p50`.padStart(11)} ` +
        `${"p99".padStart(8)} ${"p99 ratio".padStart(9)}  answer bytes 1% → ${PERCENT}%`,
    );
    const only = process.env.READS_ONLY;
    const selected = reads((info) => (info === base.info ? base.agentVersionId : full.agentVersionId)).filter(
      (r) => !only || only.split(",").some((part) => r.name.includes(part.trim())),
    );
    for (const read of selected) {
      // a read that takes seconds is timed a few times only (its p99 is then its worst of those)
      let runs = RUNS;
      for (let i = 0; i < WARMUP; i++) {
        await timed(base, read, i);
        if ((await timed(full, read, i)).ms > 2_000) {
          runs = 5;
          break;
        }
      }
      const times: Record<"base" | "full", number[]> = { base: [], full: [] };
      const bytes = { base: 0, full: 0 };
      for (let i = 0; i < runs; i++) {
        for (const [key, target] of [
          ["base", base],
          ["full", full],
        ] as const) {
          const r = await timed(target, read, i);
          times[key].push(r.ms);
          bytes[key] = r.bytes;
        }
      }
      const stat = (key: "base" | "full") => {
        const sorted = [...times[key]].sort((a, b) => a - b);
        return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), bytes: bytes[key] };
      };
      const figure = { read: read.name, base: stat("base"), full: stat("full") };
      figures.push(figure);
      console.log(
        `${read.name.padEnd(48)} ${figure.base.p50.toFixed(1).padStart(9)} ${figure.base.p99.toFixed(1).padStart(8)} ` +
          `${figure.full.p50.toFixed(1).padStart(11)} ${figure.full.p99.toFixed(1).padStart(8)} ` +
          `${(figure.full.p99 / figure.base.p99).toFixed(1).padStart(8)}×  ${figure.base.bytes} → ${figure.full.bytes}` +
          (figure.full.p99 > 100 ? "   (over 100 ms)" : ""),
      );
    }
    return figures;
  } finally {
    for (const t of full === base ? [base] : [base, full]) {
      await t.app.close();
      await t.db.close();
    }
    if (process.env.BENCH_READS_DROP === "1") {
      for (const t of full === base ? [base] : [base, full])
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName(t.scale)} WITH (FORCE)`));
    }
  }
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
