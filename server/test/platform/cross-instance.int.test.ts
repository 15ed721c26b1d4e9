import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { skillMd } from "../support/skill-md";
import { REDIS_URL, redisReachable, skipUnless } from "../support/required";
import { ensureServerBuilt } from "../support/server-build";
import { gqlOn as gql, startServer, type ServerProcess } from "../support/server-process";
import { describeOnDialect } from "../support/test-app";

const SEEN_WITHIN_MS = 1000;

/**
 * RT-1, SV-5 across processes: "which version is live" is cached in each process and dropped in every one of them
 * on publish or rollback (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL). Two real server processes
 * share one scratch database; a publish through one must reach the other's next call within a second.
 */

const BASE_URL = process.env.TEST_DATABASE_URL;

const CREATE_PROJECT = `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`;
const CREATE_SKILL = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id version } }`;
const PUBLISH_SKILL = `mutation($id: ID!) { publishSkillVersion(id: $id) { id version state } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id version } }`;
const SAVE_AGENT = `mutation($input: AgentInput!, $agentId: ID) { saveAgent(input: $input, agentId: $agentId) { id agentId } }`;
const PUBLISH_AGENT = `mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`;
const START_CALL = `mutation($input: StartCallInput!) { startCall(input: $input) {
  id systemPrompt skills { name version versionId } } }`;

interface CallSeen {
  id: string;
  systemPrompt: string;
  skills: Array<{ name: string; version: number; versionId: string }>;
}

/** Starts calls on `server` until `seen` holds; returns how long after `since` that was. */
async function pollUntil(
  server: ServerProcess,
  key: string,
  agentId: string,
  since: number,
  seen: (call: CallSeen) => boolean,
  limitMs = 5000,
): Promise<number> {
  for (;;) {
    const { startCall } = await gql<{ startCall: CallSeen }>(server, key, START_CALL, { input: { agentId } });
    if (seen(startCall)) return performance.now() - since;
    if (performance.now() - since > limitMs)
      throw new Error(`not seen within ${limitMs} ms: ${JSON.stringify(startCall)}`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

async function twoProcessesSeeAPublish(extraEnv: Record<string, string>): Promise<void> {
  ensureServerBuilt();
  const scratch = await createScratchPostgres(BASE_URL!);
  const platformToken = generatePlatformToken();
  const env = {
    DATABASE_URL: scratch.url,
    PLATFORM_TOKEN: platformToken,
    SECRET_KEY: randomBytes(32).toString("base64"),
    SIGNING_KEY: randomBytes(32).toString("base64"),
    ...extraEnv,
  };
  const servers: ServerProcess[] = [];
  try {
    // One after the other: A runs the migrations, B finds them done.
    const a = await startServer(env, "a");
    servers.push(a);
    const b = await startServer(env, "b");
    servers.push(b);

    const { createProject } = await gql<{ createProject: { project: { id: string }; apiKey: string } }>(
      a,
      platformToken,
      CREATE_PROJECT,
      { name: "Cross-instance" },
    );
    const key = createProject.apiKey;
    const version = async (body: string) => {
      const { createSkillVersion } = await gql<{ createSkillVersion: { id: string; version: number } }>(
        a,
        key,
        CREATE_SKILL,
        { input: { skillMd: skillMd("greet", { body }) } },
      );
      return createSkillVersion;
    };
    const v1 = await version("Greet, version one.");
    await gql(a, key, PUBLISH_SKILL, { id: v1.id });
    const { saveAgent } = await gql<{ saveAgent: { id: string; agentId: string } }>(a, key, SAVE_AGENT, {
      input: { name: "front-desk", prompt: "Prompt one.", skills: [{ name: "greet" }] },
    });
    await gql(a, key, PUBLISH_AGENT, { id: saveAgent.id });
    const agentId = saveAgent.agentId;

    // B resolves v1 and caches the agent, the live pointer and the version.
    for (let i = 0; i < 3; i++) {
      const { startCall } = await gql<{ startCall: CallSeen }>(b, key, START_CALL, { input: { agentId } });
      expect(startCall.skills).toEqual([{ name: "greet", version: 1, versionId: v1.id }]);
      expect(startCall.systemPrompt).toContain("Prompt one.");
    }

    // SV-5: a publish through A reaches B's next call.
    const v2 = await version("Greet, version two.");
    await gql(a, key, PUBLISH_SKILL, { id: v2.id });
    const published = performance.now();
    const publishSeenIn = await pollUntil(b, key, agentId, published, (c) => c.skills[0]?.versionId === v2.id);
    expect(publishSeenIn).toBeLessThan(SEEN_WITHIN_MS);

    // SV-5: a rollback through A too.
    await gql(a, key, ROLLBACK, { name: "greet", to: v1.id });
    const rolledBack = performance.now();
    const rollbackSeenIn = await pollUntil(b, key, agentId, rolledBack, (c) => c.skills[0]?.versionId === v1.id);
    expect(rollbackSeenIn).toBeLessThan(SEEN_WITHIN_MS);

    // An agent's new published version reaches B's next call as well.
    const next = await gql<{ saveAgent: { id: string } }>(a, key, SAVE_AGENT, {
      input: { name: "front-desk", prompt: "Prompt two.", skills: [{ name: "greet" }] },
      agentId,
    });
    await gql(a, key, PUBLISH_AGENT, { id: next.saveAgent.id });
    const agentPublished = performance.now();
    const agentSeenIn = await pollUntil(b, key, agentId, agentPublished, (c) => c.systemPrompt.includes("Prompt two."));
    expect(agentSeenIn).toBeLessThan(SEEN_WITHIN_MS);
  } catch (error) {
    for (const server of servers) console.error(`--- server output ---\n${server.output()}`);
    throw error;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await scratch.drop();
  }
}

describeOnDialect("postgres")("cross-instance cache invalidation (PostgreSQL)", () => {
  it("RT-1 SV-5 two server processes on one PostgreSQL see a publish within one second", async () => {
    await twoProcessesSeeAPublish({});
  }, 180_000);

  it("RT-1 SV-5 two server processes on one PostgreSQL see a publish within one second (Redis pub/sub with REDIS_URL)", async (ctx) => {
    skipUnless(ctx, await redisReachable(), `Redis at ${REDIS_URL}`);
    await twoProcessesSeeAPublish({ REDIS_URL });
  }, 180_000);
});
