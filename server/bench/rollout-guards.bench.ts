/**
 * RO-4 "Done when": do guards decide on evidence, measured through the API on both databases. Each rollout
 * runs at 50 % with the console's default guard (SUCCESS_RATE, at most 5 points lower, 20 samples per arm, alpha 0.05);
 * calls start with a rolloutKey, their outcome is reported with `reportOutcome` (a success with the arm's rate, from a
 * seeded generator), and `checkRollout` looks every 10 calls:
 *   - A/A: 30 rollouts, both arms 90 %, 200 calls each — how many roll back (RO-4: at most 5 %);
 *   - a drop: 10 rollouts, live 90 %, candidate 70 %, up to 600 calls — how many roll back, and after how many calls
 *     (RO-4: at least 90 %).
 * Beside each look, the rule the test replaced (two point estimates, 5 points apart, 20 samples each) is applied to the
 * same arms, to show what it would have done.
 *   npm run bench rollout   |   cd server && node dist/bench/rollout-guards.bench.js
 * Knobs: BENCH_AA (30), BENCH_DROPS (10), BENCH_SEED (33), BENCH_DIALECTS ("sqlite,postgres"),
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import "./production-mode";
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { seededRandom } from "../src/platform/seeded-random";
import { startInstance, type Instance } from "./call-runtime/instance";

const AA = Number(process.env.BENCH_AA ?? 30);
const DROPS = Number(process.env.BENCH_DROPS ?? 10);
const SEED = Number(process.env.BENCH_SEED ?? 33);
const DIALECTS = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",");
const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SKILL = "bench-guarded";
const EVERY = 10;
const GUARD = { metric: "SUCCESS_RATE", maxDegradation: 0.05, minSamples: 20 };

interface Scenario {
  live: number;
  candidate: number;
  calls: number;
}

interface Outcome {
  /** The call after which checkRollout rolled it back; null: it ran all its calls. */
  rolledBackAt: number | null;
  /** The call after which the replaced rule (point estimates) would have. */
  naiveAt: number | null;
}

export interface DialectResult {
  dialect: string;
  aa: { rollouts: number; rolledBack: number; naive: number };
  drop: { rollouts: number; rolledBack: number; naive: number; callsToRollback: number[] };
  seconds: number;
}

const md = (body: string) => `---\nname: ${SKILL}\ndescription: A skill the bench rolls out.\n---\n${body}\n`;

async function setUp(instance: Instance): Promise<{ agentId: string; draft: string }> {
  const { gql, adminKey } = instance;
  const live = await gql<{ createSkillVersion: { id: string } }>(
    `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
    { input: { skillMd: md("Live.") } },
    adminKey,
  );
  await gql(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: live.createSkillVersion.id }, adminKey);
  const draft = await gql<{ createSkillVersion: { id: string } }>(
    `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
    { input: { skillMd: md("Candidate.") } },
    adminKey,
  );
  const agent = await gql<{ saveAgent: { id: string; agentId: string } }>(
    `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
    { input: { name: "bench-agent", prompt: "You help.", skills: [{ name: SKILL }] } },
    adminKey,
  );
  await gql(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: agent.saveAgent.id }, adminKey);
  return { agentId: agent.saveAgent.agentId, draft: draft.createSkillVersion.id };
}

interface Arm {
  arm: string;
  outcomes: number;
  successRate: number | null;
}

/** One rollout of the draft through the API, to its rollback or its last call; then ended, so the next may start. */
async function rollout(
  instance: Instance,
  setup: { agentId: string; draft: string },
  scenario: Scenario,
  next: () => number,
  label: string,
): Promise<Outcome> {
  const { gql, adminKey } = instance;
  const started = await gql<{ startRollout: { id: string } }>(
    `mutation($input: StartRolloutInput!) { startRollout(input: $input) { id } }`,
    { input: { versionId: setup.draft, steps: [50, 100], stepMinutes: 0, guards: [GUARD] } },
    adminKey,
  );
  const id = started.startRollout.id;
  const result: Outcome = { rolledBackAt: null, naiveAt: null };
  for (let call = 1; call <= scenario.calls; call++) {
    const made = await gql<{ startCall: { id: string; skills: Array<{ name: string; arm: string | null }> } }>(
      `mutation($input: StartCallInput!) { startCall(input: $input) { id skills { name arm } } }`,
      { input: { agentId: setup.agentId, rolloutKey: `${label}-${call}` } },
      adminKey,
    );
    const arm = made.startCall.skills.find((s) => s.name === SKILL)?.arm;
    const success = next() < (arm === "candidate" ? scenario.candidate : scenario.live);
    await gql(
      `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`,
      { input: { callId: made.startCall.id, success } },
      adminKey,
    );
    if (call % EVERY !== 0) continue;
    const checked = await gql<{ checkRollout: { status: string; arms: Arm[] } }>(
      `mutation($id: ID!) { checkRollout(id: $id) { status arms { arm outcomes successRate } } }`,
      { id },
      adminKey,
    );
    if (result.naiveAt === null && naiveTrips(checked.checkRollout.arms)) result.naiveAt = call;
    if (checked.checkRollout.status === "rolled_back") {
      result.rolledBackAt = call;
      break;
    }
  }
  if (result.rolledBackAt === null) {
    await gql(
      `mutation($id: ID!) { abortRollout(id: $id, reason: "bench: scenario over") { status } }`,
      { id },
      adminKey,
    );
  }
  return result;
}

/** The rule the test replaced: both arms at minSamples and live's point estimate more than the margin above. */
function naiveTrips(arms: Arm[]): boolean {
  const live = arms.find((a) => a.arm === "live");
  const candidate = arms.find((a) => a.arm === "candidate");
  if (!live || !candidate || live.successRate === null || candidate.successRate === null) return false;
  if (live.outcomes < GUARD.minSamples || candidate.outcomes < GUARD.minSamples) return false;
  return live.successRate - candidate.successRate > GUARD.maxDegradation + 1e-9;
}

async function measure(dialect: string, db: Database): Promise<DialectResult> {
  const began = Date.now();
  const instance = await startInstance(db);
  try {
    const setup = await setUp(instance);
    const next = seededRandom(SEED);
    const aa: Outcome[] = [];
    for (let i = 0; i < AA; i++) {
      aa.push(await rollout(instance, setup, { live: 0.9, candidate: 0.9, calls: 200 }, next, `aa${i}`));
      process.stdout.write(aa.at(-1)!.rolledBackAt === null ? "." : "R");
    }
    const drops: Outcome[] = [];
    for (let i = 0; i < DROPS; i++) {
      drops.push(await rollout(instance, setup, { live: 0.9, candidate: 0.7, calls: 600 }, next, `drop${i}`));
      process.stdout.write(drops.at(-1)!.rolledBackAt === null ? "-" : "D");
    }
    process.stdout.write("\n");
    const rolledBack = (list: Outcome[]) => list.filter((o) => o.rolledBackAt !== null).length;
    const naive = (list: Outcome[]) => list.filter((o) => o.naiveAt !== null).length;
    return {
      dialect,
      aa: { rollouts: AA, rolledBack: rolledBack(aa), naive: naive(aa) },
      drop: {
        rollouts: DROPS,
        rolledBack: rolledBack(drops),
        naive: naive(drops),
        callsToRollback: drops.flatMap((o) => (o.rolledBackAt === null ? [] : [o.rolledBackAt])).sort((a, b) => a - b),
      },
      seconds: (Date.now() - began) / 1000,
    };
  } finally {
    await instance.app.close();
  }
}

export async function run(): Promise<DialectResult[]> {
  const results: DialectResult[] = [];
  if (DIALECTS.includes("sqlite")) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bench-guards-"));
    const db = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
    try {
      results.push(await measure("SQLite", db));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (DIALECTS.includes("postgres")) {
    const scratch = await createScratchPostgres(BASE_URL);
    const db = await Database.open({ url: scratch.url, entities, poolSize: 10 });
    try {
      results.push(await measure("PostgreSQL", db));
    } finally {
      await scratch.drop();
    }
  }
  const pct = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / Math.max(1, whole)).toFixed(1)} %)`;
  console.log(
    "\ndialect      A/A rolled back (old rule)        drop caught ≤600 calls (old rule)   calls to rollback (median, max)",
  );
  for (const r of results) {
    const calls = r.drop.callsToRollback;
    const median = calls.length ? calls[Math.floor((calls.length - 1) / 2)] : "—";
    console.log(
      `${r.dialect.padEnd(12)} ${pct(r.aa.rolledBack, r.aa.rollouts).padEnd(14)} (${pct(r.aa.naive, r.aa.rollouts)})`.padEnd(
        47,
      ) +
        `${pct(r.drop.rolledBack, r.drop.rollouts).padEnd(14)} (${pct(r.drop.naive, r.drop.rollouts)})`.padEnd(36) +
        `${median}, ${calls.at(-1) ?? "—"}   [${r.seconds.toFixed(0)} s]`,
    );
  }
  return results;
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
