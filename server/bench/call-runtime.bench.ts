/**
 * The call runtime under load (issue 4, "Benchmarks"): seeds one scratch PostgreSQL database with 1,000 skills ×
 * 10 versions and 2,000 agents × 5 versions (10,000 agent versions, 3–8 skill entries each, some pinned) in bulk,
 * checks one call through GraphQL, then drives, one after another in the same run with the same autocannon settings:
 *   (a) a bare Node `http` handler answering with a captured startCall response from an in-memory Map,
 *   (b) a bare Node `http` handler running the resolution statement (SkillRepository.publishedOrPinned) through `pg`,
 *   the GraphQL floor (`{ __typename }` with the key: HTTP, Express, Helmet, Apollo, auth and nothing else),
 *   (c) `startCall` through GraphQL, caches warm; (c') the same with the hot-path caches emptied before every
 *       request (and, for reference, the first pass over 2,000 agents never seen),
 *   (d) `loadSkill` through GraphQL, every request a real load (with eviction once the cap is reached),
 * plus the rate-limited passes the issue sets latency targets for (autocannon's overallRate, and an open-loop pass
 * at 100 req/s), the CPU each request costs the server process, PostgreSQL and the load generator, the SQL each
 * operation sends, and a sequential breakdown of where one request's time goes. Not a test: it reports.
 *   npm run bench                                        (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   cd server && node dist/bench/call-runtime.bench.js   (this bench alone)
 * Knobs: BENCH_DURATION (seconds per pass, default 10), BENCH_CONNECTIONS (default 20), BENCH_POOL_SIZE (database
 * connections of the server and of (b), default 10 as the server's), BENCH_KEEP_DB=1 keeps the seeded database,
 * BENCH_CPU_PROFILE=<dir> writes CPU profiles of the server process during (c), (c') and (d).
 *
 * The load generator (autocannon) runs in a child process (this file, forked with --loadgen), so it does not share
 * the server's event loop; latencies are taken per response there, to the microsecond.
 */
import "reflect-metadata";
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { Session } from "node:inspector";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Client, Pool } from "pg";
import { createApp, type App } from "../src/app";
import { loadConfig } from "../src/config";
import { entities } from "../src/entities";
import { sha256Hex } from "../src/platform/crypto";
import { LruCache } from "../src/platform/cache/lru-cache";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { Loaders } from "../src/platform/graphql/context";
import { createLogger } from "../src/platform/logger";
import type { AuthContext } from "../src/modules/auth/auth.service";
import { generatePlatformToken } from "../src/modules/auth/credentials";
import { modelContextOf } from "../src/modules/calls/call-state";
import { CallEntity, CallEventEntity, CallSkillEntity } from "../src/modules/calls/call.entity";
import { CallRepository } from "../src/modules/calls/call.repository";
import { parseSkillMd } from "../src/modules/skills/skill-md";
import { SkillRepository } from "../src/modules/skills/skill.repository";
import { checkTools } from "../src/modules/skills/skill-tools";

const SKILLS = 1000;
const VERSIONS_PER_SKILL = 10; // 1–9 archived, 10 published
const AGENTS = 2000;
const VERSIONS_PER_AGENT = 5; // 1–4 archived, 5 published
const MIN_ENTRIES = 3;
const MAX_ENTRIES = 8;
const PIN_SHARE = 0.15; // of entries, pinned to an archived version
const MAX_LOADED = 3;
const LOADGEN_FLAG = "--loadgen";

const START_CALL = `mutation($input: StartCallInput!) { startCall(input: $input) {
  id systemPrompt tools { name description source parameters } } }`;
const START_CALL_CHECKED = `mutation($input: StartCallInput!) { startCall(input: $input) {
  id status warnings systemPrompt skills { name version versionId pinned } tools { name source } } }`;
const LOAD_SKILL = `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) {
  status skill unloaded message call { id loadedSkills systemPrompt tools { name description source parameters } } } }`;
const TRIVIAL = `{ __typename }`;
const CALL_VARIABLES = { caller: "Ada Lovelace" };

// ---------------------------------------------------------------------------------------------------------------
// The load generator (child process)

interface LoadSpec {
  title: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration: number;
  amount?: number;
  /** autocannon's rate limit: each connection sends its share of a second back to back, then waits for the next. */
  overallRate?: number;
  /**
   * Open loop instead of autocannon: one request every 1/rate s, whatever is still in flight (up to `connections`
   * sockets); latency counts from the planned send time, so time queued behind a slow server counts too.
   */
  pacedRate?: number;
  /** Request bodies, picked at random or in order. */
  bodies?: { list: string[]; order: "random" | "sequence" };
  /** loadSkill bodies: request i loads name ⌊i / calls⌋ mod n of call i mod calls, so every load is a new one. */
  loadCycle?: { query: string; calls: Array<{ id: string; names: string[] }>; start: number };
  /** Counted in response bodies (e.g. '"status":"LOADED"'). */
  expect?: string;
}

interface LoadOutcome {
  title: string;
  connections: number;
  overallRate: number | null;
  pacedRate: number | null;
  responses: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  socketErrors: number;
  graphqlErrors: number;
  firstError: string | null;
  expected: number;
  /** The next request index (a later loadSkill pass continues the cycle). */
  next: number;
  /** CPU time the load generator itself used (user + system). */
  loaderCpuMs: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function bodyFactory(spec: LoadSpec): (i: number) => string {
  if (spec.loadCycle) {
    const { query, calls } = spec.loadCycle;
    return (i) => {
      const call = calls[i % calls.length]!;
      const name = call.names[Math.floor(i / calls.length) % call.names.length]!;
      return JSON.stringify({ query, variables: { callId: call.id, name } });
    };
  } else if (spec.bodies) {
    const { list, order } = spec.bodies;
    return order === "random" ? () => list[Math.floor(Math.random() * list.length)]! : (i) => list[i % list.length]!;
  }
  throw new Error("a load spec needs bodies or a loadCycle");
}

/** Latencies and body checks of one pass, in the load generator. */
class Recorder {
  private latencies = new Float64Array(1 << 16);
  count = 0;
  graphqlErrors = 0;
  expected = 0;
  firstError: string | null = null;
  private readonly cpuBefore = process.cpuUsage();

  constructor(private readonly expect: string | undefined) {}

  body(status: number, body: string): void {
    if (status === 200 && body.includes('"errors"')) {
      this.graphqlErrors++;
      this.firstError ??= body.slice(0, 500);
    } else if (status !== 200) this.firstError ??= `HTTP ${status}: ${body.slice(0, 500)}`;
    if (this.expect && body.includes(this.expect)) this.expected++;
  }

  latency(status: number, ms: number): void {
    if (status !== 200) return;
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = ms;
  }

  outcome(
    spec: LoadSpec,
    figures: { seconds: number; non2xx: number; socketErrors: number; next: number },
  ): LoadOutcome {
    const sorted = this.latencies.subarray(0, this.count).sort();
    return {
      title: spec.title,
      connections: spec.connections,
      overallRate: spec.overallRate ?? null,
      pacedRate: spec.pacedRate ?? null,
      responses: this.count,
      rps: this.count / figures.seconds,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
      graphqlErrors: this.graphqlErrors,
      firstError: this.firstError,
      expected: this.expected,
      loaderCpuMs: cpuMs(process.cpuUsage(this.cpuBefore)),
      ...figures,
    };
  }
}

function generateLoad(spec: LoadSpec): Promise<LoadOutcome> {
  return spec.pacedRate ? pacedLoad(spec, spec.pacedRate) : autocannonLoad(spec);
}

/** Open loop: a request every 1/rate s for `duration` s, each timed from when it was due. */
function pacedLoad(spec: LoadSpec, rate: number): Promise<LoadOutcome> {
  const bodyFor = bodyFactory(spec);
  const recorder = new Recorder(spec.expect);
  const target = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const total = Math.round(rate * spec.duration);
  const first = spec.loadCycle?.start ?? 0;
  let non2xx = 0;
  let socketErrors = 0;
  let finished = 0;
  let sent = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const done = () => {
      if (++finished < total) return;
      agent.destroy();
      const seconds = (performance.now() - started) / 1000;
      resolve(recorder.outcome(spec, { seconds, non2xx, socketErrors, next: first + total }));
    };
    const send = (index: number, due: number) => {
      const body = bodyFor(first + index);
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          agent,
          headers: { ...spec.headers, "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) non2xx++;
            recorder.latency(status, performance.now() - due);
            recorder.body(status, Buffer.concat(chunks).toString("utf8"));
            done();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error("timed out")));
      request.on("error", () => {
        socketErrors++;
        done();
      });
      request.end(body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      for (; sent < due; sent++) send(sent, started + (sent * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}

async function autocannonLoad(spec: LoadSpec): Promise<LoadOutcome> {
  let next = spec.loadCycle?.start ?? 0;
  const bodyFor = bodyFactory(spec);
  const recorder = new Recorder(spec.expect);

  const options: autocannon.Options = {
    url: spec.url,
    method: "POST",
    headers: spec.headers,
    connections: spec.connections,
    duration: spec.duration,
    amount: spec.amount,
    overallRate: spec.overallRate,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: bodyFor(next++) }),
        onResponse: (status, body) => recorder.body(status, body),
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, statusCode, _bytes, responseTime) => recorder.latency(statusCode, responseTime));
  });
  return recorder.outcome(spec, {
    seconds: result.duration,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    next,
  });
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Runs one pass in a child process (bounded: killed if it has not answered 60 s after its planned end). */
function loadFromChild(spec: LoadSpec): Promise<LoadOutcome> {
  const child = fork(__filename, [LOADGEN_FLAG], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const limitMs = (spec.amount ? 120 : spec.duration + 60) * 1000;
  return new Promise<LoadOutcome>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`load generator for '${spec.title}' did not finish within ${limitMs / 1000} s`));
    }, limitMs);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(message as LoadOutcome);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`load generator for '${spec.title}' exited with ${code}`));
    });
    child.send(spec);
  });
}

function loadgenChild(): void {
  process.once("message", (spec: LoadSpec) => {
    generateLoad(spec).then(
      (outcome) => process.send!(outcome, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding

/** A small deterministic PRNG (mulberry32), so every run seeds the same shapes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  "refunds",
  "order status",
  "appointment booking",
  "password resets",
  "billing disputes",
  "delivery changes",
  "store opening hours",
  "warranty claims",
  "subscription cancellations",
  "address updates",
  "loyalty points",
  "product availability",
  "payment plans",
  "router troubleshooting",
  "insurance claims",
  "prescription refills",
  "table reservations",
  "flight changes",
  "lost or stolen cards",
  "complaints",
];

const skillName = (i: number) => `skill-${String(i).padStart(4, "0")}`;
const toolPrefix = (i: number) => `skill_${String(i).padStart(4, "0")}`;
const agentName = (i: number) => `agent-${String(i).padStart(4, "0")}`;

/** A realistic SKILL.md of 1–2 KB (frontmatter, steps, rules, notes) that mentions its tools and a variable. */
function skillMdText(i: number, version: number): string {
  const topic = TOPICS[i % TOPICS.length]!;
  const notes = Array.from(
    { length: 1 + (i % 4) },
    (_, n) =>
      `- Note ${n + 1}: callers asking about ${topic} often mention earlier contacts; check the history the lookup ` +
      `returns before promising anything, and say plainly when something cannot be done today.`,
  ).join("\n");
  const update = i % 2 === 1 ? `\n4. When the caller confirms, call \`${toolPrefix(i)}_update\` with the change.` : "";
  return `---
name: ${skillName(i)}
description: Handles ${topic} for callers (skill ${i}, revision ${version}). Use when the caller asks about ${topic} or anything that depends on it.
metadata:
  owner: team-${i % 17}
  revision: "${version}"
---
# ${topic[0]!.toUpperCase()}${topic.slice(1)} (${skillName(i)})

Follow these steps when the caller needs help with ${topic}. This is a voice call: keep every answer to two or
three short sentences, never read identifiers digit by digit unless asked, and confirm before changing anything.

## Steps
1. Greet {{caller}} by name and ask for the account email or the phone number on the account.
2. Call \`${toolPrefix(i)}_lookup\` with what the caller gave you; read back only what matters for ${topic}.
3. If the lookup finds nothing, ask once more for a different identifier, then offer a human colleague.${update}

## Rules
- Never guess amounts, dates or policy details: they come from the tools or not at all.
- If the caller is upset, acknowledge it once, then move to what you can do.
- Revision ${version} of this skill; earlier revisions are archived.

## Notes
${notes}
`;
}

function skillTools(i: number): Array<Record<string, unknown>> {
  const tools: Array<Record<string, unknown>> = [
    {
      name: `${toolPrefix(i)}_lookup`,
      description: `Looks up what the account of {{caller}} holds about ${TOPICS[i % TOPICS.length]}.`,
      parameters: {
        type: "object",
        properties: {
          account: { type: "string", description: "The account email or phone number the caller gave." },
          reference: { type: "string", description: "An order, booking or ticket reference, if any." },
        },
        required: ["account"],
      },
      webhookUrl: `https://hooks.example.com/skills/${skillName(i)}/lookup`,
    },
  ];
  if (i % 2 === 1) {
    tools.push({
      name: `${toolPrefix(i)}_update`,
      description: "Applies the change the caller confirmed.",
      parameters: {
        type: "object",
        properties: { account: { type: "string" }, change: { type: "string", description: "What to change." } },
        required: ["account", "change"],
      },
      webhookUrl: `https://hooks.example.com/skills/${skillName(i)}/update`,
    });
  }
  return tools;
}

interface SeededAgent {
  id: string;
  /** The published version's entries, in order. */
  entries: Array<{ name: string; pinnedVersionId: string | null; pinnedVersion: number | null }>;
}

interface Seeded {
  agents: SeededAgent[];
  skillVersions: number;
  agentVersions: number;
  entries: number;
  pinned: number;
  seconds: number;
}

type Column = [name: string, pgType: string];

/** Multi-row inserts through unnest(): one statement per batch of `batch` rows. */
async function insertRows(db: Client, table: string, columns: Column[], rows: unknown[][], batch = 1000) {
  const sql =
    `INSERT INTO ${table} (${columns.map(([c]) => c).join(", ")}) ` +
    `SELECT * FROM unnest(${columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})`;
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    await db.query(
      sql,
      columns.map((_, c) => chunk.map((row) => row[c])),
    );
  }
}

/** Skills, skill versions, agents, agent versions and entries under `projectId`, in one transaction. */
async function seed(url: string, projectId: string): Promise<Seeded> {
  const started = Date.now();
  const random = prng(4);
  const now = Date.now() - 86_400_000;
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    // Skills: ids known up front so pins can name archived versions.
    const versionIds = Array.from({ length: SKILLS }, () =>
      Array.from({ length: VERSIONS_PER_SKILL }, () => randomUUID()),
    );
    const skillRows: unknown[][] = [];
    const versionRows: unknown[][] = [];
    for (let i = 0; i < SKILLS; i++) {
      const skillId = randomUUID();
      skillRows.push([
        skillId,
        projectId,
        skillName(i),
        VERSIONS_PER_SKILL,
        versionIds[i]![VERSIONS_PER_SKILL - 1],
        now,
      ]);
      for (let v = 1; v <= VERSIONS_PER_SKILL; v++) {
        const parsed = parseSkillMd(skillMdText(i, v));
        const checked = checkTools(skillTools(i) as never);
        if (parsed.problems.length > 0 || parsed.name !== skillName(i) || checked.problems.length > 0) {
          throw new Error(`seeded skill ${skillName(i)} v${v} is not valid: ${JSON.stringify([parsed, checked])}`);
        }
        const tools = checked.tools.map((t) => ({
          name: t.name,
          description: t.description,
          parameters: t.parameters,
          webhookUrl: t.webhookUrl,
          sealedSecret: null,
        }));
        const at = now + i * 100 + v;
        const published = v === VERSIONS_PER_SKILL;
        versionRows.push([
          versionIds[i]![v - 1],
          projectId,
          skillId,
          skillName(i),
          v,
          published ? "published" : "archived",
          parsed.description,
          parsed.skillMd,
          parsed.instructions,
          JSON.stringify(parsed.frontmatter),
          JSON.stringify(parsed.warnings),
          JSON.stringify(tools),
          "[]",
          "bench",
          at,
          at,
          at,
          published ? null : at + 1,
        ]);
      }
    }

    const agents: SeededAgent[] = [];
    const agentRows: unknown[][] = [];
    const agentVersionRows: unknown[][] = [];
    const entryRows: unknown[][] = [];
    let pinned = 0;
    for (let a = 0; a < AGENTS; a++) {
      const agentId = randomUUID();
      const ids = Array.from({ length: VERSIONS_PER_AGENT }, () => randomUUID());
      agentRows.push([agentId, projectId, VERSIONS_PER_AGENT, ids[VERSIONS_PER_AGENT - 1], agentName(a), now]);
      for (let v = 1; v <= VERSIONS_PER_AGENT; v++) {
        const published = v === VERSIONS_PER_AGENT;
        const at = now + 200_000 + a * 10 + v;
        const prompt =
          `You are ${agentName(a)}, the voice assistant of Acme Services. You are speaking with {{caller}}.\n` +
          `Be warm and brief: two or three sentences per turn, no lists, no markdown. When the caller's need ` +
          `matches one of your skills, load it before answering. Never invent account details. If you cannot ` +
          `help, offer to transfer the caller to a human colleague. (revision ${v})`;
        const tools = [
          {
            name: "transfer_to_human",
            description: "Transfers {{caller}} to a human colleague.",
            parameters: { type: "object", properties: { reason: { type: "string" } }, required: ["reason"] },
            webhookUrl: "https://hooks.example.com/agents/transfer",
            sealedSecret: null,
          },
        ];
        agentVersionRows.push([
          ids[v - 1],
          projectId,
          agentId,
          v,
          published ? "published" : "archived",
          agentName(a),
          null,
          "cascade",
          prompt,
          MAX_LOADED,
          JSON.stringify(tools),
          "[]",
          null,
          "[]",
          "[]",
          "[]",
          "bench",
          at,
          at,
          at,
          published ? null : at + 1,
        ]);
        const count = MIN_ENTRIES + Math.floor(random() * (MAX_ENTRIES - MIN_ENTRIES + 1));
        const chosen = new Set<number>();
        while (chosen.size < count) chosen.add(Math.floor(random() * SKILLS));
        const entries = [...chosen].map((s) => {
          const pin = random() < PIN_SHARE ? 1 + Math.floor(random() * (VERSIONS_PER_SKILL - 1)) : null;
          return { name: skillName(s), pinnedVersionId: pin ? versionIds[s]![pin - 1]! : null, pinnedVersion: pin };
        });
        entries.forEach((e, position) => entryRows.push([ids[v - 1], position, projectId, e.name, e.pinnedVersionId]));
        if (published) {
          agents.push({ id: agentId, entries });
          pinned += entries.filter((e) => e.pinnedVersionId).length;
        }
      }
    }

    await db.query("BEGIN");
    await insertRows(
      db,
      "skills",
      [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["name", "varchar"],
        ["last_version", "int"],
        ["live_version_id", "varchar"],
        ["created_at", "bigint"],
      ],
      skillRows,
    );
    await insertRows(
      db,
      "skill_versions",
      [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["skill_id", "varchar"],
        ["name", "varchar"],
        ["version", "int"],
        ["state", "varchar"],
        ["description", "text"],
        ["skill_md", "text"],
        ["instructions", "text"],
        ["frontmatter", "text"],
        ["warnings", "text"],
        ["tools", "text"],
        ["knowledge_bases", "text"],
        ["created_by", "varchar"],
        ["created_at", "bigint"],
        ["updated_at", "bigint"],
        ["published_at", "bigint"],
        ["archived_at", "bigint"],
      ],
      versionRows,
    );
    await insertRows(
      db,
      "agents",
      [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["last_version", "int"],
        ["live_version_id", "varchar"],
        ["gateway_name", "varchar"],
        ["created_at", "bigint"],
      ],
      agentRows,
    );
    await insertRows(
      db,
      "agent_versions",
      [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["agent_id", "varchar"],
        ["version", "int"],
        ["state", "varchar"],
        ["name", "varchar"],
        ["alias", "varchar"],
        ["mode", "varchar"],
        ["prompt", "text"],
        ["max_loaded_skills", "int"],
        ["tools", "text"],
        ["knowledge_base_ids", "text"],
        ["model", "text"],
        ["mcp_servers", "text"],
        ["handoff_targets", "text"],
        ["warnings", "text"],
        ["created_by", "varchar"],
        ["created_at", "bigint"],
        ["updated_at", "bigint"],
        ["published_at", "bigint"],
        ["archived_at", "bigint"],
      ],
      agentVersionRows,
    );
    await insertRows(
      db,
      "agent_skill_entries",
      [
        ["agent_version_id", "varchar"],
        ["position", "int"],
        ["project_id", "varchar"],
        ["name", "varchar"],
        ["pinned_version_id", "varchar"],
      ],
      entryRows,
      10_000,
    );
    await db.query("COMMIT");
    await db.query("ANALYZE");
    return {
      agents,
      skillVersions: versionRows.length,
      agentVersions: agentVersionRows.length,
      entries: entryRows.length,
      pinned,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The servers under test

interface Listening {
  url: string;
  close(): Promise<void>;
}

/** A bare Node `http` server: reads the body, answers the handler's JSON. */
async function bareServer(handler: (body: string) => string | Promise<string>): Promise<Listening> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      Promise.resolve()
        .then(() => handler(Buffer.concat(chunks).toString("utf8")))
        .then(
          (json) => {
            res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
            res.end(json);
          },
          (error: unknown) => {
            res.writeHead(500, { "content-type": "text/plain" });
            res.end(String(error));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const agentIdOf = (body: string) =>
  (JSON.parse(body) as { variables: { input: { agentId: string } } }).variables.input.agentId;

/** Every LruCache the call path reads through (resolution, agents, knowledge, skill source); not the auth cache. */
function hotPathCaches(app: App): Array<{ name: string; cache: LruCache<unknown, unknown> }> {
  const services = app.services as unknown as Record<string, unknown>;
  return ["catalog", "agentDirectory", "knowledge", "sources"].flatMap((holder) => {
    const service = services[holder];
    if (!service || typeof service !== "object") return [];
    return Object.entries(service).flatMap(([field, value]) =>
      value instanceof LruCache ? [{ name: `${holder}.${field}`, cache: value as LruCache<unknown, unknown> }] : [],
    );
  });
}

/** Counts the SQL statements TypeORM sends (and how many of them are the resolution statement). */
function countStatements(db: Database) {
  const original = db.dataSource.logger;
  const counts = {
    total: 0,
    resolution: 0,
    /** The statements themselves, shortened, since the last reset. */
    seen: [] as string[],
    reset() {
      counts.total = 0;
      counts.resolution = 0;
      counts.seen = [];
    },
    stop() {
      db.dataSource.logger = original;
    },
  };
  const counting: typeof original = Object.create(original);
  counting.logQuery = (query: string) => {
    counts.total++;
    if (counts.seen.length < 50) counts.seen.push(query.replace(/\s+/g, " ").replace(/"/g, "").slice(0, 48));
    if (query.includes('FROM "skill_versions" "v"') && query.includes("'published'")) counts.resolution++;
  };
  db.dataSource.logger = counting;
  return counts;
}

/** CPU ticks (user + system) of each PostgreSQL backend serving this database, read from /proc (Linux, same host). */
async function backendTicks(monitor: Client): Promise<Map<number, number> | null> {
  const { rows } = await monitor.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      return null; // PostgreSQL on another host or in a container: not measurable from here
    }
  }
  return ticks;
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

async function cpuProfiled<T>(dir: string | undefined, name: string, fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 200 });
  await post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** The call-start write (what CallService.start commits) three ways, sequentially and with 20 concurrent writers. */
interface WriteFigures {
  name: string;
  p50: number;
  cpu: number;
  concurrentPerSecond: number;
  concurrentCpu: number;
}

async function writeThreeWays(app: App, db: Database, pool: Pool, template: CallEntity): Promise<WriteFigures[]> {
  const [skillRows, eventRows] = await Promise.all([
    app.services.calls.skillsOf([template.id]),
    app.services.calls.eventsOf([template.id]),
  ]);
  const fresh = () => {
    const id = randomUUID();
    return {
      call: Object.assign(new CallEntity(), template, { id }),
      skills: skillRows.map((row) => Object.assign(new CallSkillEntity(), row, { callId: id })),
      events: eventRows.map((row) => Object.assign(new CallEventEntity(), row, { id: randomUUID(), callId: id })),
    };
  };
  const typeorm = async () => {
    const rows = fresh();
    await db.writeStatement((m) => new CallRepository(m).insertStart(rows.call, rows.skills, rows.events[0]!));
  };
  // TypeORM's own INSERT statements, captured once, replayed through pg with fresh ids.
  const captured = await (async () => {
    const rows = fresh();
    const original = db.dataSource.logger;
    const seen: Array<{ sql: string; params: unknown[] }> = [];
    const capturing: typeof original = Object.create(original);
    capturing.logQuery = (query: string, parameters?: unknown[]) =>
      void seen.push({ sql: query, params: parameters ?? [] });
    db.dataSource.logger = capturing;
    try {
      await db.writeStatement((m) => new CallRepository(m).insertStart(rows.call, rows.skills, rows.events[0]!));
    } finally {
      db.dataSource.logger = original;
    }
    return {
      ids: [rows.call.id, ...rows.events.map((e) => e.id)],
      inserts: seen.filter((q) => /^\s*(INSERT|WITH)/i.test(q.sql)),
    };
  })();
  const renumbered = (() => {
    let offset = 0;
    const parts = captured.inserts.map((q, i) => {
      const sql = q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      offset += q.params.length;
      return i < captured.inserts.length - 1 ? `w${i} AS (${sql})` : sql;
    });
    return parts.length === 1 ? parts[0]! : `WITH ${parts.slice(0, -1).join(", ")} ${parts.at(-1)}`;
  })();
  const freshParams = () => {
    const ids = new Map<string, string>(captured.ids.map((id) => [id, randomUUID()]));
    return captured.inserts.map((q) => q.params.map((v) => (typeof v === "string" ? (ids.get(v) ?? v) : v)));
  };
  const manyStatements = async () => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (const [i, params] of freshParams().entries()) await client.query(captured.inserts[i]!.sql, params);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  };
  const oneStatement = () => pool.query(renumbered, freshParams().flat());
  const ways: Array<[string, () => Promise<unknown>]> = [
    ["TypeORM: CallRepository.insertCall + insertEvents in db.write", typeorm],
    [`pg: the same ${captured.inserts.length} INSERTs in BEGIN … COMMIT`, manyStatements],
    [`pg: the same ${captured.inserts.length} INSERTs as one statement (WITH …)`, oneStatement],
  ];
  const figures: WriteFigures[] = [];
  for (const [name, fn] of ways) {
    const sequential = await timeIt(300, fn);
    let done = 0;
    const until = Date.now() + 3000;
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          await fn();
          done++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    figures.push({
      name,
      p50: sequential.p50,
      cpu: sequential.cpu,
      concurrentPerSecond: done / seconds,
      concurrentCpu: cpuMs(process.cpuUsage(cpuBefore)) / done,
    });
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------
// The run

export interface CallRuntimeBenchResult {
  seeded: Omit<Seeded, "agents">;
  passes: Record<string, PassFigures>;
  ratios: { cachedVsBareMap: number; uncachedVsBareSql: number };
  phases: Record<string, Timing>;
  write: WriteFigures[];
}

type PassFigures = LoadOutcome & {
  statementsPerRequest?: number;
  resolutionPerRequest?: number;
  /** CPU per response: this process (the server under test), PostgreSQL's backends, the load generator. */
  cpuPerRequest: { server: number; postgres: number | null; loader: number };
};

interface Timing {
  /** Wall time, median. */
  p50: number;
  /** CPU time of this process per run (user + system). */
  cpu: number;
}

async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
  const ms: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const cpu = cpuMs(process.cpuUsage(cpuBefore)) / runs;
  ms.sort((x, y) => x - y);
  return { p50: ms[Math.floor(ms.length / 2)]!, cpu };
}

export async function run(options: { baseUrl?: string } = {}): Promise<CallRuntimeBenchResult> {
  const baseUrl = options.baseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const profileDir = process.env.BENCH_CPU_PROFILE || undefined;
  const benchStarted = Date.now();
  const loadAtStart = os.loadavg()[0]!;
  const scratch = await createScratchPostgres(baseUrl);
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10); // the server's default
  const db = await Database.open({ url: scratch.url, entities, poolSize });
  const platformToken = generatePlatformToken();
  const config = loadConfig(
    {
      PORT: "0",
      DATA_DIR: path.join(os.tmpdir(), `sg-bench-${randomBytes(6).toString("hex")}`),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
    },
    { host: "127.0.0.1", webDist: "" },
  );
  const app = await createApp(
    config,
    { secretKey: randomBytes(32).toString("base64"), platformTokenHash: sha256Hex(platformToken) },
    { db, logger: createLogger("silent") },
  );
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const port = await app.http.listen(0, "127.0.0.1");
    const graphqlUrl = `http://127.0.0.1:${port}/graphql`;
    const gql = async <T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> => {
      const res = await fetch(graphqlUrl, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: T; errors?: unknown[] };
      if (!res.ok || body.errors?.length) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body.errors)}`);
      return body.data as T;
    };

    // 1. The project and its admin key through the real service; everything else in bulk under it.
    const created = await gql<{ createProject: { project: { id: string }; apiKey: string } }>(
      `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`,
      { name: "call runtime bench" },
      platformToken,
    );
    const projectId = created.createProject.project.id;
    const adminKey = created.createProject.apiKey;
    const seeded = await seed(scratch.url, projectId);
    const { agents } = seeded;
    console.log(
      `seeded ${SKILLS} skills × ${VERSIONS_PER_SKILL} versions, ${AGENTS} agents × ${VERSIONS_PER_AGENT} versions ` +
        `(${seeded.agentVersions} agent versions, ${seeded.entries} skill entries; the published versions list ` +
        `${agents.reduce((s, a) => s + a.entries.length, 0)} entries, ${seeded.pinned} of them pinned) in ${seeded.seconds.toFixed(1)} s`,
    );

    // 2. The seeded data is what the service expects: one call through GraphQL, checked entry by entry.
    const probe = agents.find((a) => a.entries.some((e) => e.pinnedVersionId) && a.entries.length > MAX_LOADED)!;
    const checked = await gql<{
      startCall: {
        id: string;
        status: string;
        warnings: string[];
        systemPrompt: string;
        skills: Array<{ name: string; version: number; versionId: string; pinned: boolean }>;
      };
    }>(START_CALL_CHECKED, { input: { agentId: probe.id, variables: CALL_VARIABLES } }, adminKey);
    const resolved = checked.startCall.skills;
    const mismatch = probe.entries.find(
      (e, i) =>
        resolved[i]?.name !== e.name ||
        resolved[i]?.pinned !== Boolean(e.pinnedVersionId) ||
        resolved[i]?.version !== (e.pinnedVersion ?? VERSIONS_PER_SKILL),
    );
    if (resolved.length !== probe.entries.length || mismatch || checked.startCall.warnings.length > 0) {
      throw new Error(
        `the seeded agent ${probe.id} resolved ${resolved.length} of ${probe.entries.length} skills ` +
          `(${JSON.stringify({ mismatch, resolved, warnings: checked.startCall.warnings })})`,
      );
    }
    if (!probe.entries.every((e) => checked.startCall.systemPrompt.includes(e.name))) {
      throw new Error("the system prompt does not list every resolved skill");
    }
    const probeLoad = await gql<{ loadSkill: { status: string } }>(
      LOAD_SKILL,
      { callId: checked.startCall.id, name: probe.entries[0]!.name },
      adminKey,
    );
    if (probeLoad.loadSkill.status !== "LOADED") throw new Error(`loadSkill answered ${probeLoad.loadSkill.status}`);
    console.log(
      `check: startCall for an agent with ${probe.entries.length} entries (${probe.entries.filter((e) => e.pinnedVersionId).length} pinned) ` +
        `resolved ${resolved.length} skills at the expected versions; loadSkill answered LOADED`,
    );

    const statements = countStatements(db);
    closers.push(async () => statements.stop());
    const headers = { "content-type": "application/json", authorization: `Bearer ${adminKey}` };
    const startBodies = agents.map((a) =>
      JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
    );
    const passes: CallRuntimeBenchResult["passes"] = {};
    const monitor = new Client({ connectionString: scratch.url });
    await monitor.connect();
    closers.push(() => monitor.end());
    const pass = async (key: string, spec: Omit<LoadSpec, "connections" | "duration"> & Partial<LoadSpec>) => {
      statements.reset();
      const pgBefore = await backendTicks(monitor);
      const cpuBefore = process.cpuUsage();
      const outcome = await loadFromChild({ connections, duration, ...spec });
      const serverCpu = cpuMs(process.cpuUsage(cpuBefore));
      const pgAfter = await backendTicks(monitor);
      const pgCpu =
        pgBefore && pgAfter
          ? [...pgAfter].reduce((sum, [pid, ticks]) => sum + ticks - (pgBefore.get(pid) ?? 0), 0) * CLOCK_TICK_MS
          : null;
      const n = Math.max(1, outcome.responses);
      const perRequest =
        spec.url === graphqlUrl
          ? { statementsPerRequest: statements.total / n, resolutionPerRequest: statements.resolution / n }
          : {};
      passes[key] = {
        ...outcome,
        ...perRequest,
        cpuPerRequest: {
          server: serverCpu / n,
          postgres: pgCpu === null ? null : pgCpu / n,
          loader: outcome.loaderCpuMs / n,
        },
      };
      if (outcome.graphqlErrors > 0 || outcome.non2xx > 0 || outcome.socketErrors > 0) {
        console.log(
          `  ${key}: ${outcome.graphqlErrors} GraphQL errors, ${outcome.non2xx} non-2xx, ${outcome.socketErrors} socket errors; first: ${outcome.firstError}`,
        );
      }
      console.log(
        `  ${key.padEnd(16)} ${outcome.rps.toFixed(0).padStart(6)} req/s  p50 ${outcome.p50.toFixed(2)} ms  p99 ${outcome.p99.toFixed(2)} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000)); // let PostgreSQL's background writes settle
      return outcome;
    };

    // 3. (c') first pass: every request an agent not seen before (the skill catalog fills as the pass goes).
    await pass("(c') first pass", {
      title: "startCall, first pass over the agents",
      url: graphqlUrl,
      headers,
      amount: AGENTS,
      bodies: { list: startBodies, order: "sequence" },
      expect: '"systemPrompt"',
    });

    // Warm-up over every agent; its answers are what (a) serves, its calls what (d) loads skills on.
    const responses = new Map<string, unknown>();
    const callOfAgent = new Map<string, string>();
    for (let i = 0; i < agents.length; i += 10) {
      await Promise.all(
        agents.slice(i, i + 10).map(async (agent) => {
          const data = await gql<{ startCall: { id: string } }>(
            START_CALL,
            { input: { agentId: agent.id, variables: CALL_VARIABLES } },
            adminKey,
          );
          responses.set(agent.id, { data });
          callOfAgent.set(agent.id, data.startCall.id);
        }),
      );
    }

    // (a) the floor: the captured answer, from memory.
    const bareMap = await bareServer((body) => JSON.stringify(responses.get(agentIdOf(body))));
    closers.push(bareMap.close);
    await pass("(a) bare map", {
      title: "(a) bare http, in-memory map",
      url: bareMap.url,
      headers,
      bodies: { list: startBodies, order: "random" },
      expect: '"systemPrompt"',
    });

    // (b) the same resolution statement the catalog sends on a miss, captured from SkillRepository per shape.
    const statementOf = new Map<string, { sql: string; params: unknown[] }>();
    {
      const original = db.dataSource.logger;
      const shapes = new Map<string, { sql: string; params: unknown[] }>();
      for (const agent of agents) {
        const names = agent.entries.filter((e) => !e.pinnedVersionId).map((e) => e.name);
        const ids = agent.entries.flatMap((e) => (e.pinnedVersionId ? [e.pinnedVersionId] : []));
        const params = [projectId, ...names, ...ids];
        const shape = `${names.length}:${ids.length}`;
        let template = shapes.get(shape);
        if (!template) {
          const capture: { last?: { sql: string; params: unknown[] } } = {};
          const capturing: typeof original = Object.create(original);
          capturing.logQuery = (query: string, parameters?: unknown[]) => {
            capture.last = { sql: query, params: parameters ?? [] };
          };
          db.dataSource.logger = capturing;
          try {
            await new SkillRepository(db.dataSource.manager).publishedOrPinned(projectId, names, ids);
          } finally {
            db.dataSource.logger = original;
          }
          const captured = capture.last;
          if (!captured || JSON.stringify(captured.params) !== JSON.stringify(params)) {
            throw new Error(
              `publishedOrPinned bound ${JSON.stringify(captured?.params)}, not ${JSON.stringify(params)}`,
            );
          }
          template = captured;
          shapes.set(shape, template);
        }
        statementOf.set(agent.id, { sql: template.sql, params });
      }
    }
    const pool = new Pool({ connectionString: scratch.url, max: poolSize });
    closers.push(() => pool.end());
    const bareSql = await bareServer(async (body) => {
      const { sql, params } = statementOf.get(agentIdOf(body))!;
      const result = await pool.query(sql, params);
      return JSON.stringify({ data: result.rows });
    });
    closers.push(bareSql.close);
    const sample = statementOf.get(probe.id)!;
    const sampleRows = (await pool.query(sample.sql, sample.params)).rowCount;
    if (sampleRows !== probe.entries.length) throw new Error(`the raw statement returned ${sampleRows} rows`);
    await pass("(b) bare SQL", {
      title: "(b) bare http + pg, resolution statement",
      url: bareSql.url,
      headers,
      bodies: { list: startBodies, order: "random" },
      expect: '"skill_md"',
    });

    // The framework's floor: the smallest authenticated GraphQL request (HTTP, Express, Helmet, Apollo, auth).
    await pass("GraphQL floor", {
      title: "GraphQL { __typename } with the key",
      url: graphqlUrl,
      headers,
      bodies: { list: [JSON.stringify({ query: TRIVIAL })], order: "sequence" },
      expect: '"__typename"',
    });

    // (c) startCall through GraphQL, caches warm.
    await cpuProfiled(profileDir, "start-call-cached", () =>
      pass("(c) cached", {
        title: "(c) startCall, cached",
        url: graphqlUrl,
        headers,
        bodies: { list: startBodies, order: "random" },
        expect: '"systemPrompt"',
      }),
    );
    await pass("(c) @1000/s", {
      title: "(c) startCall, cached, 1,000 req/s",
      url: graphqlUrl,
      headers,
      overallRate: 1000,
      bodies: { list: startBodies, order: "random" },
      expect: '"systemPrompt"',
    });
    await pass("(c) paced 100/s", {
      title: "(c) startCall, cached, paced at 100 req/s",
      url: graphqlUrl,
      headers,
      pacedRate: 100,
      bodies: { list: startBodies, order: "random" },
      expect: '"systemPrompt"',
    });

    // (c') uncached: the hot-path caches emptied as each request arrives, before Express sees it.
    const caches = hotPathCaches(app);
    const clearAll = () => caches.forEach((c) => c.cache.clear());
    app.http.server.prependListener("request", clearAll);
    try {
      await cpuProfiled(profileDir, "start-call-uncached", () =>
        pass("(c') uncached", {
          title: "(c') startCall, uncached",
          url: graphqlUrl,
          headers,
          bodies: { list: startBodies, order: "random" },
          expect: '"systemPrompt"',
        }),
      );
    } finally {
      app.http.server.removeListener("request", clearAll);
    }

    // (d) loadSkill through GraphQL on the warm-up's calls of agents with more skills than the cap: request i
    // loads the next name of call i mod n, so every request is a real load, and from the 4th on each evicts one.
    const loadCalls = agents
      .filter((a) => a.entries.length > MAX_LOADED + 1)
      .map((a) => ({ id: callOfAgent.get(a.id)!, names: a.entries.map((e) => e.name) }));
    console.log(`  (loadSkill passes cycle over the ${loadCalls.length} warm-up calls of agents with 5–8 skills)`);
    const loaded = await cpuProfiled(profileDir, "load-skill", () =>
      pass("(d) loadSkill", {
        title: "(d) loadSkill",
        url: graphqlUrl,
        headers,
        loadCycle: { query: LOAD_SKILL, calls: loadCalls, start: 0 },
        expect: '"status":"LOADED"',
      }),
    );
    const at500 = await pass("(d) @500/s", {
      title: "(d) loadSkill, 500 req/s",
      url: graphqlUrl,
      headers,
      overallRate: 500,
      loadCycle: { query: LOAD_SKILL, calls: loadCalls, start: loaded.next },
      expect: '"status":"LOADED"',
    });
    await pass("(d) paced 100/s", {
      title: "(d) loadSkill, paced at 100 req/s",
      url: graphqlUrl,
      headers,
      pacedRate: 100,
      loadCycle: { query: LOAD_SKILL, calls: loadCalls, start: at500.next },
      expect: '"status":"LOADED"',
    });
    statements.stop();

    // 4. Where one request's time goes, sequentially (no contention), caches warm: wall time and this process's CPU.
    const { principal } = await app.services.auth.authenticate(`Bearer ${adminKey}`);
    const ctx = (): AuthContext => ({ requestId: "bench", principal, loaders: new Loaders() });
    const phaseAgents = agents.filter((x) => x.entries.length > MAX_LOADED + 1).slice(0, 200);
    let k = 0;
    const nextAgent = () => phaseAgents[k++ % phaseAgents.length]!;
    const runs = 300;
    // The statements of one warm startCall, and of one load that evicts (the 4th on a call with a cap of 3).
    const someCall = await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
    for (const e of probe.entries.slice(0, MAX_LOADED)) await app.services.calls.loadSkill(ctx(), someCall.id, e.name);
    const counting = countStatements(db);
    await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
    const startStatements = counting.seen;
    counting.reset();
    clearAll();
    await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
    const coldStatements = counting.seen;
    counting.reset();
    const evicting = await app.services.calls.loadSkill(ctx(), someCall.id, probe.entries[MAX_LOADED]!.name);
    const loadStatements = counting.seen;
    counting.stop();
    if (evicting.status !== "LOADED" || !evicting.unloaded)
      throw new Error(`expected an evicting load: ${evicting.status}`);
    for (const x of phaseAgents) {
      const agent = await app.services.agentDirectory.published(projectId, x.id); // warm again after the cold start
      await app.services.calls.segmentFor(projectId, agent!);
    }
    await monitor.query("CREATE TABLE bench_commit_probe (id integer)");
    const phases: Record<string, Timing> = {};
    const phase = async (name: string, fn: () => Promise<unknown>) => void (phases[name] = await timeIt(runs, fn));
    await phase("GraphQL startCall (HTTP, in-process client)", () =>
      gql(START_CALL, { input: { agentId: nextAgent().id, variables: CALL_VARIABLES } }, adminKey),
    );
    await phase("GraphQL { __typename } with the key (HTTP, Express, Apollo, auth)", () => gql(TRIVIAL, {}, adminKey));
    await phase("  auth: authenticate(Bearer key)", () => app.services.auth.authenticate(`Bearer ${adminKey}`));
    {
      // The GraphQL side of startCall alone: the service answers a ready call, the resolvers and Apollo do the rest.
      const calls = app.services.calls;
      const start = calls.start;
      const ready = await start.call(calls, ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
      calls.start = async () => ready;
      try {
        await phase("GraphQL startCall with CallService.start stubbed (a ready call)", () =>
          gql(START_CALL, { input: { agentId: probe.id, variables: CALL_VARIABLES } }, adminKey),
        );
      } finally {
        calls.start = start;
      }
    }
    await phase("CallService.start (no GraphQL)", () =>
      app.services.calls.start(ctx(), { agentId: nextAgent().id, variables: CALL_VARIABLES }),
    );
    await phase("  resolution: agentDirectory.published + segmentFor", async () => {
      const agent = await app.services.agentDirectory.published(projectId, nextAgent().id);
      await app.services.calls.segmentFor(projectId, agent!);
    });
    await phase("  modelContextOf(state): prompt + tools (3× per startCall)", async () =>
      modelContextOf(someCall.state),
    );
    await phase("  JSON.stringify of a startCall answer", async () => JSON.stringify(responses.get(probe.id)));
    await phase("PostgreSQL floor: BEGIN; INSERT 1 row; COMMIT (pg, fsync)", async () => {
      await monitor.query("BEGIN");
      await monitor.query("INSERT INTO bench_commit_probe VALUES (1)");
      await monitor.query("COMMIT");
    });
    const phaseCalls: Array<{ id: string; names: string[] }> = [];
    for (const x of phaseAgents) {
      const call = await app.services.calls.start(ctx(), { agentId: x.id, variables: CALL_VARIABLES });
      phaseCalls.push({ id: call.id, names: x.entries.map((e) => e.name) });
    }
    let j = 0;
    const loadArgs = () => {
      const call = phaseCalls[j % phaseCalls.length]!;
      const name = call.names[Math.floor(j / phaseCalls.length) % call.names.length]!;
      j++;
      return { callId: call.id, name };
    };
    await phase("GraphQL loadSkill (HTTP, in-process client)", () => gql(LOAD_SKILL, loadArgs(), adminKey));
    await phase("CallService.loadSkill (no GraphQL)", () => {
      const { callId, name } = loadArgs();
      return app.services.calls.loadSkill(ctx(), callId, name);
    });

    // 5. The call-start write alone, as TypeORM sends it and as raw pg could.
    const template = await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
    const write = await writeThreeWays(app, db, pool, template);

    // 6. Report.
    const a = passes["(a) bare map"]!;
    const b = passes["(b) bare SQL"]!;
    const c = passes["(c) cached"]!;
    const cu = passes["(c') uncached"]!;
    const c1000 = passes["(c) @1000/s"]!;
    const d500 = passes["(d) @500/s"]!;
    const ratios = { cachedVsBareMap: c.rps / a.rps, uncachedVsBareSql: cu.rps / b.rps };
    const f = (n: number | undefined, digits = 2) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(digits));
    const [load1, load5] = os.loadavg();
    console.log(
      `\nCall runtime, ${connections} connections, ${duration} s per pass (rate-limited passes: ${connections} connections at the rate shown); ` +
        `${os.cpus().length} CPUs, load average ${f(loadAtStart, 1)} at the start, ${f(load1, 1)} / ${f(load5, 1)} (1 / 5 min) now`,
    );
    console.log(`cleared before every (c') request: ${caches.map((x) => x.name).join(", ")}\n`);
    console.log(
      "| pass | req/s | p50 ms | p90 ms | p99 ms | max ms | SQL statements / req | CPU ms / req: server · PostgreSQL · load generator | errors |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const [key, p] of Object.entries(passes)) {
      const stmts =
        p.statementsPerRequest === undefined
          ? key.startsWith("(b)")
            ? "1"
            : "0"
          : `${f(p.statementsPerRequest, 1)}${p.resolutionPerRequest ? ` (${f(p.resolutionPerRequest, 2)} resolution)` : ""}`;
      console.log(
        `| ${key} | ${p.rps.toFixed(0)} | ${f(p.p50)} | ${f(p.p90)} | ${f(p.p99)} | ${f(p.max)} | ${stmts} | ` +
          `${f(p.cpuPerRequest.server)} · ${p.cpuPerRequest.postgres === null ? "–" : f(p.cpuPerRequest.postgres)} · ${f(p.cpuPerRequest.loader)} | ` +
          `${p.graphqlErrors + p.non2xx + p.socketErrors} |`,
      );
    }
    const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
    const cPaced = passes["(c) paced 100/s"]!;
    const dPaced = passes["(d) paced 100/s"]!;
    console.log(
      `\ncached startCall / (a):   ${(ratios.cachedVsBareMap * 100).toFixed(1)}% of the throughput (target ≥ 25%: ${verdict(ratios.cachedVsBareMap >= 0.25)})`,
    );
    console.log(
      `uncached startCall / (b): ${(ratios.uncachedVsBareSql * 100).toFixed(1)}% of the throughput (target ≥ 50%: ${verdict(ratios.uncachedVsBareSql >= 0.5)})`,
    );
    console.log(
      `startCall at 1,000 req/s: ${c1000.rps.toFixed(0)} req/s achieved, p99 ${f(c1000.p99)} ms (target ≤ 3 ms: ${verdict(c1000.p99 <= 3 && c1000.rps >= 950)}); ` +
        `paced at 100 req/s: p99 ${f(cPaced.p99)} ms`,
    );
    console.log(
      `loadSkill at 500 req/s:   ${d500.rps.toFixed(0)} req/s achieved, p99 ${f(d500.p99)} ms (target ≤ 10 ms: ${verdict(d500.p99 <= 10 && d500.rps >= 475)}); ` +
        `paced at 100 req/s: p99 ${f(dPaced.p99)} ms`,
    );
    const loadPasses = Object.entries(passes).filter(([key]) => key.startsWith("(d)"));
    console.log(
      `loadSkill passes: ${loadPasses.reduce((sum, [, p]) => sum + p.expected, 0)} of ${loadPasses.reduce((sum, [, p]) => sum + p.responses, 0)} answered LOADED`,
    );
    console.log(`\nstartCall, warm (${startStatements.length} statements): ${startStatements.join(" · ")}`);
    console.log(`startCall, cold (${coldStatements.length} statements): ${coldStatements.join(" · ")}`);
    console.log(`loadSkill, evicting (${loadStatements.length} statements): ${loadStatements.join(" · ")}`);
    console.log(`\nsequential, warm, ${runs} runs each:`);
    console.log(`  ${"".padEnd(68)} ${"wall p50".padStart(9)} ${"CPU/op".padStart(9)}`);
    for (const [name, t] of Object.entries(phases))
      console.log(`  ${name.padEnd(68)} ${f(t.p50, 3).padStart(6)} ms ${f(t.cpu, 3).padStart(6)} ms`);
    console.log(
      `\nthe call-start write alone (same rows as a start of a ${probe.entries.length}-skill agent): sequential p50 · CPU/op, then 20 concurrent writers for 3 s`,
    );
    for (const w of write) {
      console.log(
        `  ${w.name.padEnd(66)} ${f(w.p50, 3).padStart(6)} ms ${f(w.cpu, 3).padStart(6)} ms | ${w.concurrentPerSecond.toFixed(0).padStart(5)} writes/s ${f(w.concurrentCpu, 3)} ms CPU/write`,
      );
    }
    console.log(`\ncall runtime bench took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);
    const { agents: _agents, ...seededFigures } = seeded;
    return { seeded: seededFigures, passes, ratios, phases, write };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await app.close();
    if (process.env.BENCH_KEEP_DB) console.log(`kept the seeded database: ${scratch.url}`);
    else await scratch.drop();
  }
}

if (require.main === module) {
  if (process.argv.includes(LOADGEN_FLAG)) loadgenChild();
  else
    run().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
