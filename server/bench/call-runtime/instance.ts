/** The call runtime bench's server under test: the app on one database, its project, key, and the seeded data checked. */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { createApp, type App } from "../../src/app";
import { loadConfig, type Config } from "../../src/config";
import { sha256Hex } from "../../src/platform/crypto";
import type { Database } from "../../src/platform/db/database";
import { createLogger } from "../../src/platform/logger";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import { catalogStatement } from "../../src/modules/skills/skill.repository";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL, START_CALL_CHECKED, graphqlClient, type Gql } from "./operations";
import { MAX_LOADED, VERSIONS_PER_SKILL, type SeededAgent } from "./seed";

export interface Instance {
  app: App;
  db: Database;
  graphqlUrl: string;
  gql: Gql;
  projectId: string;
  adminKey: string;
  /** The headers of every GraphQL request of the passes. */
  headers: Record<string, string>;
}

/**
 * The app on `db`, listening on a loopback port, with a project created through GraphQL and its admin key; `config`
 * adds settings (the gateway bench's model endpoint and session store).
 */
export async function startInstance(db: Database, config: Partial<Config> = {}): Promise<Instance> {
  const platformToken = generatePlatformToken();
  const settings = loadConfig(
    {
      PORT: "0",
      DATA_DIR: path.join(os.tmpdir(), `sg-bench-${randomBytes(6).toString("hex")}`),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      NODE_ENV: process.env.NODE_ENV, // bench/production-mode.ts: as deployed
    },
    { host: "127.0.0.1", webDist: "", ...config },
  );
  const app = await createApp(
    settings,
    {
      secretKey: randomBytes(32).toString("base64"),
      signingKey: randomBytes(32).toString("base64"),
      platformTokenHash: sha256Hex(platformToken),
    },
    { db, logger: createLogger("silent") },
  );
  const port = await app.http.listen(0, "127.0.0.1");
  const graphqlUrl = `http://127.0.0.1:${port}/graphql`;
  const gql = graphqlClient(graphqlUrl);
  const created = await gql<{ createProject: { project: { id: string }; apiKey: string } }>(
    `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`,
    { name: "call runtime bench" },
    platformToken,
  );
  const adminKey = created.createProject.apiKey;
  return {
    app,
    db,
    graphqlUrl,
    gql,
    projectId: created.createProject.project.id,
    adminKey,
    headers: { "content-type": "application/json", authorization: `Bearer ${adminKey}` },
  };
}

/** The seeded data is what the service expects: one call through GraphQL checked entry by entry, and one load. */
export async function checkOneCall(instance: Instance, agents: SeededAgent[]): Promise<SeededAgent> {
  const { gql, adminKey } = instance;
  const probe = agents.find((a) => a.entries.some((e) => e.pinnedVersionId) && a.entries.length > MAX_LOADED)!;
  const checked = await gql<{
    startCall: {
      id: string;
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
    `  check (${instance.db.dialect}): startCall for an agent with ${probe.entries.length} entries ` +
      `(${probe.entries.filter((e) => e.pinnedVersionId).length} pinned) resolved ${resolved.length} skills at the ` +
      `expected versions; loadSkill answered LOADED`,
  );
  return probe;
}

/** One startCall per agent, 10 at a time: the answers (what the bare map serves) and the calls (what loads use). */
export async function warmUp(
  instance: Instance,
  agents: SeededAgent[],
): Promise<{ answers: Map<string, string>; callOfAgent: Map<string, string> }> {
  const answers = new Map<string, string>();
  const callOfAgent = new Map<string, string>();
  for (let i = 0; i < agents.length; i += 10) {
    await Promise.all(
      agents.slice(i, i + 10).map(async (agent) => {
        const data = await instance.gql<{ startCall: { id: string } }>(
          START_CALL,
          { input: { agentId: agent.id, variables: CALL_VARIABLES } },
          instance.adminKey,
        );
        answers.set(agent.id, JSON.stringify({ data }));
        callOfAgent.set(agent.id, data.startCall.id);
      }),
    );
  }
  return { answers, callOfAgent };
}

/** The resolution statement the catalog sends on a miss, per agent (`catalogStatement`, as the catalog builds it). */
export function resolutionStatements(
  db: Database,
  projectId: string,
  agents: SeededAgent[],
): Map<string, { sql: string; params: unknown[] }> {
  const statementOf = new Map<string, { sql: string; params: unknown[] }>();
  for (const agent of agents) {
    const names = agent.entries.filter((e) => !e.pinnedVersionId).map((e) => e.name);
    const ids = agent.entries.flatMap((e) => (e.pinnedVersionId ? [e.pinnedVersionId] : []));
    const [sql, params] = catalogStatement(db.dialect, projectId, names, ids);
    statementOf.set(agent.id, { sql, params: [...params] });
  }
  return statementOf;
}
