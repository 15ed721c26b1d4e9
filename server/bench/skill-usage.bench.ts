/**
 * skillUsage at scale: seeds PostgreSQL with 10,000 agent versions across 100 projects, 10 of them
 * libraries that the other 90 read from, then times `UsageService.skillUsage` for the most-used skill next to the
 * raw SQL of the same statement sent through `pg` directly, in the same run; then grows the registry to 10× (100,000
 * agent versions, the added ones listing other skills) and times the same again. Not a test: it reports.
 *   npm run bench            (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a scratch database)
 *   BENCH_RUNS=1000 node dist/bench/skill-usage.bench.js     (BENCH_EXPLAIN=1 prints the plan, BENCH_KEEP_DB=1 keeps the database,
 *                                                              BENCH_GROWTH=0 skips the 10× step)
 */
import "./production-mode";
import "reflect-metadata";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { QueryDeepPartialEntity } from "typeorm";
import { createApp, type App } from "../src/app";
import { loadConfig } from "../src/config";
import { entities } from "../src/entities";
import { sha256Hex } from "../src/platform/crypto";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { Loaders } from "../src/platform/graphql/context";
import { createLogger } from "../src/platform/logger";
import { AgentEntity } from "../src/modules/agents/agent.entity";
import { AgentSkillEntryEntity } from "../src/modules/agents/agent-skill-entry.entity";
import { AgentVersionEntity } from "../src/modules/agents/agent-version.entity";
import type { AuthContext } from "../src/modules/auth/auth.service";
import type { VersionStateName } from "../src/modules/skills/skill-version.entity";
import { UsageRepository } from "../src/modules/usage/usage.repository";

const PROJECTS = 100;
const LIBRARIES = 10;
const AGENTS_PER_PROJECT = 25;
const VERSIONS_PER_AGENT = 4; // archived, archived, published, draft: 100 agent versions per project
const SKILLS_PER_LIBRARY = 20;
const ENTRIES_PER_VERSION = 4;
const MOST_USED = "skill-00"; // listed by every agent version that reads its library
const STATES: VersionStateName[] = ["archived", "archived", "published", "draft"];

export interface UsageBenchResult {
  agentVersions: number;
  rows: number;
  runs: number;
  statementsPerCall: number;
  service: { p50: number; p99: number };
  raw: { p50: number; p99: number };
  ratioP50: number;
  ratioP99: number;
  /** The same at 10× the registry (BENCH_GROWTH=0 skips it). */
  growth?: UsageBenchResult;
}

interface SeededProject {
  id: string;
  ctx: AuthContext;
  libraryIndex: number;
}

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function keyContext(app: App, apiKey: string): Promise<AuthContext> {
  const { principal } = await app.services.auth.authenticate(`Bearer ${apiKey}`);
  return { requestId: "bench", principal, loaders: new Loaders() };
}

/** Projects (10 libraries, 90 linked to them) and the libraries' skills, through the services. */
async function seedProjects(
  app: App,
  platform: AuthContext,
): Promise<{ projects: SeededProject[]; pins: Map<number, string> }> {
  const projects: SeededProject[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    const { project, apiKey } = await app.services.projects.create(platform, `bench project ${i}`);
    projects.push({ id: project.id, ctx: await keyContext(app, apiKey), libraryIndex: i % LIBRARIES });
  }
  const pins = new Map<number, string>(); // library index → version 1 of the most-used skill (archived after v2)
  for (let l = 0; l < LIBRARIES; l++) {
    for (let s = 0; s < SKILLS_PER_LIBRARY; s++) {
      const name = `skill-${String(s).padStart(2, "0")}`;
      for (let v = 1; v <= 2; v++) {
        const skillMd = `---\nname: ${name}\ndescription: Use for ${name} (version ${v}).\n---\n# ${name}\n\nStep ${v}.\n`;
        const tools = [
          { name: `${name.replace("-", "_")}_tool`, description: "A tool.", webhookUrl: "https://hooks.example.com/t" },
        ];
        const version = await app.services.skills.create(projects[l]!.ctx, { skillMd, tools });
        await app.services.skillLifecycle.publish(projects[l]!.ctx, version.id);
        if (s === 0 && v === 1) pins.set(l, version.id);
      }
    }
  }
  for (let i = LIBRARIES; i < PROJECTS; i++) {
    await app.services.libraries.setSkillLibrary(platform, projects[i]!.id, projects[projects[i]!.libraryIndex]!.id);
  }
  return { projects, pins };
}

/**
 * 10,000 agent versions with their skill entries, inserted in bulk (the save path is timed by the tests, not here).
 * The growth to 10× adds 225 agents per project (90,000 agent versions) that list other skills of the library, so
 * the question asked (who uses the most-used skill) has the same answer in a registry ten times larger.
 */
async function seedAgents(
  db: Database,
  projects: SeededProject[],
  pins: Map<number, string>,
  range: { from: number; count: number; mostUsed: boolean } = { from: 0, count: AGENTS_PER_PROJECT, mostUsed: true },
): Promise<number> {
  const agents: AgentEntity[] = [];
  const versions: AgentVersionEntity[] = [];
  const entries: AgentSkillEntryEntity[] = [];
  const now = Date.now();
  let serial = 0;
  for (const project of projects) {
    for (let a = range.from; a < range.from + range.count; a++) {
      const agentId = randomUUID();
      const versionIds = STATES.map(() => randomUUID());
      agents.push(
        Object.assign(new AgentEntity(), {
          id: agentId,
          projectId: project.id,
          lastVersion: VERSIONS_PER_AGENT,
          liveVersionId: versionIds[2]!,
          gatewayName: `agent-${a}`,
          createdAt: new Date(now),
          deletedAt: null,
        }),
      );
      STATES.forEach((state, v) => {
        const id = versionIds[v]!;
        serial++;
        versions.push(
          Object.assign(new AgentVersionEntity(), {
            id,
            projectId: project.id,
            agentId,
            version: v + 1,
            state,
            name: `agent-${a}`,
            alias: null,
            mode: "cascade",
            prompt: "You help.",
            maxLoadedSkills: 3,
            tools: [],
            knowledgeBaseIds: [],
            model: null,
            mcpServers: [],
            handoffTargets: [],
            warnings: [],
            createdBy: "bench",
            createdAt: new Date(now + serial),
            updatedAt: new Date(now + serial),
            publishedAt: state === "draft" ? null : new Date(now + serial),
            archivedAt: state === "archived" ? new Date(now + serial) : null,
          }),
        );
        const names = [
          range.mostUsed ? MOST_USED : `skill-${String(1 + ((a + v) % (SKILLS_PER_LIBRARY - 1))).padStart(2, "0")}`,
          ...[1, 2, 3].map(
            (k) => `skill-${String(1 + ((a * 7 + v * 3 + k * 5) % (SKILLS_PER_LIBRARY - 1))).padStart(2, "0")}`,
          ),
        ];
        [...new Set(names)].slice(0, ENTRIES_PER_VERSION).forEach((name, position) => {
          const pinned = name === MOST_USED && a % 5 === 0 ? pins.get(project.libraryIndex)! : null;
          entries.push(
            Object.assign(new AgentSkillEntryEntity(), {
              agentVersionId: id,
              position,
              projectId: project.id,
              name,
              pinnedVersionId: pinned,
            }),
          );
        });
      });
    }
  }
  const manager = db.dataSource.manager;
  const chunks = <T>(rows: T[], size = 1000) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  for (const chunk of chunks(agents)) await manager.insert(AgentEntity, chunk);
  for (const chunk of chunks(versions, 2000))
    await manager.insert(AgentVersionEntity, chunk as QueryDeepPartialEntity<AgentVersionEntity>[]);
  for (const chunk of chunks(entries, 5000))
    await manager.insert(AgentSkillEntryEntity, chunk as QueryDeepPartialEntity<AgentSkillEntryEntity>[]);
  await manager.query("ANALYZE");
  return versions.length;
}

async function measure(
  app: App,
  db: Database,
  raw: Client,
  library: SeededProject,
  runs: number,
  agentVersions: number,
): Promise<UsageBenchResult> {
  const [sql, params] = new UsageRepository(db.dataSource.manager)
    .usageQuery(library.id, [MOST_USED])
    .getQueryAndParameters();
  const service = () => app.services.usage.skillUsage(library.ctx, MOST_USED);
  const direct = () => raw.query(sql, params);
  const rows = (await service()).length;
  const rawRows = (await direct()).rowCount ?? 0;
  if (rows !== rawRows) throw new Error(`the service returned ${rows} rows, the raw query ${rawRows}`);
  if (process.env.BENCH_EXPLAIN) {
    const plan = await raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(sql, "\n", plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
  }

  const original = db.dataSource.logger;
  let statements = 0;
  const counting: typeof original = Object.create(original);
  counting.logQuery = () => void statements++;
  db.dataSource.logger = counting;
  await service();
  db.dataSource.logger = original;

  for (let i = 0; i < 50; i++) {
    await service();
    await direct();
  }
  const serviceMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    // interleaved, so drift in the machine's load falls on both alike
    serviceMs.push(await time(service));
    rawMs.push(await time(direct));
  }
  serviceMs.sort((a, b) => a - b);
  rawMs.sort((a, b) => a - b);
  const result: UsageBenchResult = {
    agentVersions,
    rows,
    runs,
    statementsPerCall: statements,
    service: { p50: percentile(serviceMs, 50), p99: percentile(serviceMs, 99) },
    raw: { p50: percentile(rawMs, 50), p99: percentile(rawMs, 99) },
    ratioP50: percentile(serviceMs, 50) / percentile(rawMs, 50),
    ratioP99: percentile(serviceMs, 99) / percentile(rawMs, 99),
  };
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log(
    `skillUsage('${MOST_USED}') of a library read by ${PROJECTS / LIBRARIES - 1} projects: ${rows} rows, ${statements} statements per call, ${runs} runs`,
  );
  console.log(`  service (UsageService.skillUsage)  p50 ${ms(result.service.p50)}  p99 ${ms(result.service.p99)}`);
  console.log(`  raw SQL (pg, same statement)        p50 ${ms(result.raw.p50)}  p99 ${ms(result.raw.p99)}`);
  console.log(
    `  ratio service / raw                 p50 ${result.ratioP50.toFixed(2)}×  p99 ${result.ratioP99.toFixed(2)}×  (${result.ratioP50 <= 2 ? "within" : "NOT within"} 2×)`,
  );
  return result;
}

export async function run(options: { runs?: number; baseUrl?: string } = {}): Promise<UsageBenchResult> {
  const runs = options.runs ?? Number(process.env.BENCH_RUNS ?? 300);
  const baseUrl = options.baseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const scratch = await createScratchPostgres(baseUrl);
  const db = await Database.open({ url: scratch.url, entities });
  const platformToken = randomBytes(24).toString("hex");
  const config = loadConfig(
    {
      PORT: "0",
      DATA_DIR: path.join(os.tmpdir(), `sg-bench-${randomBytes(6).toString("hex")}`),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
    },
    { webDist: "" },
  );
  const app = await createApp(
    config,
    {
      secretKey: randomBytes(32).toString("base64"),
      signingKey: randomBytes(32).toString("base64"),
      platformTokenHash: sha256Hex(platformToken),
    },
    { db, logger: createLogger("silent") },
  );
  const raw = new Client({ connectionString: scratch.url });
  try {
    const started = Date.now();
    const platform: AuthContext = { requestId: "bench", principal: { kind: "platform" }, loaders: new Loaders() };
    const { projects, pins } = await seedProjects(app, platform);
    const agentVersions = await seedAgents(db, projects, pins);
    console.log(
      `seeded ${PROJECTS} projects (${LIBRARIES} libraries), ${agentVersions} agent versions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const library = projects[0]!;
    await raw.connect();
    const result = await measure(app, db, raw, library, runs, agentVersions);
    if (process.env.BENCH_GROWTH !== "0") {
      const grownAt = Date.now();
      const added = await seedAgents(db, projects, pins, {
        from: AGENTS_PER_PROJECT,
        count: AGENTS_PER_PROJECT * 9,
        mostUsed: false,
      });
      console.log(
        `grew the registry to ${agentVersions + added} agent versions (10×; the added ones list other skills) in ${((Date.now() - grownAt) / 1000).toFixed(1)} s`,
      );
      const grown = await measure(app, db, raw, library, runs, agentVersions + added);
      result.growth = grown;
      const moved = (x: number, y: number) => `${(((y - x) / x) * 100).toFixed(1)}%`;
      console.log(
        `  who-uses at 10× vs 1×: service p50 ${moved(result.service.p50, grown.service.p50)}, p99 ${moved(result.service.p99, grown.service.p99)}; ` +
          `ratio service / raw p50 ${result.ratioP50.toFixed(2)}× → ${grown.ratioP50.toFixed(2)}×; statements ${result.statementsPerCall} → ${grown.statementsPerCall}`,
      );
    }
    return result;
  } finally {
    await raw.end().catch(() => undefined);
    await app.close();
    if (process.env.BENCH_KEEP_DB) console.log(`kept the seeded database: ${scratch.url}`);
    else await scratch.drop();
  }
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
