import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import type { Dialect } from "../../src/platform/db/database";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { parsePrometheus, scrape, series } from "../support/prometheus";
import { skillMd } from "../support/skill-md";
import { ensureServerBuilt } from "../support/server-build";
import { gqlOn as gql, startServer, type ServerProcess } from "../support/server-process";
import { describeOnDialect } from "../support/test-app";
import { until } from "../support/wait";

/**
 * CT-2 on real processes: a server whose live skills hold enough text for a cold list of them to go to the analysis
 * threads starts the threads at boot (the first call start after a restart does not wait for them); one with a small
 * registry starts none. Seen on `/metrics` (`skillgraph_skill_analysis_threads`).
 */

const THREADS = series("skillgraph_skill_analysis_threads");
const ON_THREADS = series("skillgraph_skills_analysed", { where: "thread" });
const ON_LOOP = series("skillgraph_skills_analysed", { where: "event_loop" });
/**
 * 110 skills of about 3 KB each: 330 KB of live text, above the 256 KB a list needs to go to the threads, and an
 * agent listing all of them, above the 100 entries of the agents whose indexes are built at boot.
 */
const SKILLS = 110;
const PARAGRAPH =
  "Read the request, list the files it names, check each one against the project's conventions and write down what " +
  "changed and why, so the next person can follow the reasoning without asking. ";

async function metrics(server: ServerProcess, token: string) {
  const { status, text } = await scrape(server.url, token);
  expect(status).toBe(200);
  return parsePrometheus(text);
}

async function threadsRunning(server: ServerProcess, token: string): Promise<number> {
  return (await metrics(server, token)).get(THREADS)!;
}

async function bootsThreadsWithItsRegistry(dialect: Dialect): Promise<void> {
  ensureServerBuilt();
  const scratch = dialect === "postgres" ? await createScratchPostgres(process.env.TEST_DATABASE_URL!) : null;
  const platformToken = generatePlatformToken();
  const env: Record<string, string> = {
    PLATFORM_TOKEN: platformToken,
    SECRET_KEY: randomBytes(32).toString("base64"),
    SIGNING_KEY: randomBytes(32).toString("base64"),
    SKILL_ANALYSIS_THREADS: "1",
    // SQLite: one data directory for both processes (each process's own is removed when it stops)
    ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "sg-threads-")) }),
  };
  const servers: ServerProcess[] = [];
  const start = async (name: string) => {
    const server = await startServer(env, name);
    servers.push(server);
    return server;
  };
  try {
    const first = await start("threads-first");
    const { createProject } = await gql<{ createProject: { apiKey: string } }>(
      first,
      platformToken,
      `mutation { createProject(name: "Many skills") { apiKey } }`,
    );
    const key = createProject.apiKey;
    await publish(first, key, "first-skill", PARAGRAPH);
    await first.stop();

    // a registry of one short skill: no threads at boot (a thread costs memory and would wait for nothing)
    const small = await start("threads-small");
    expect(await threadsRunning(small, platformToken)).toBe(0);
    const names = Array.from({ length: SKILLS }, (_, i) => `skill-${i}`);
    for (const name of names) await publish(small, key, name, PARAGRAPH.repeat(16));
    const { saveAgent } = await gql<{ saveAgent: { id: string; agentId: string } }>(
      small,
      key,
      `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
      { input: { name: "librarian", prompt: "You know every skill.", skills: names.map((name) => ({ name })) } },
    );
    await gql(small, key, `mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saveAgent.id });
    await small.stop();

    // 330 KB of live text: the thread starts at boot, before any call asks for it, and the 110-skill agent's index
    // is built on it
    const large = await start("threads-large");
    expect(await threadsRunning(large, platformToken)).toBe(1);
    await until(async () => (await metrics(large, platformToken)).get(ON_THREADS) === SKILLS, 20_000);
    const before = await metrics(large, platformToken);
    expect(before.get(ON_LOOP)).toBe(0);
    // the first call start reads no SKILL.md: its index is the one built at boot
    await gql(large, key, `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`, {
      input: { agentId: saveAgent.agentId, variables: { request: "check the files against the conventions" } },
    });
    const after = await metrics(large, platformToken);
    expect([after.get(ON_THREADS), after.get(ON_LOOP)]).toEqual([SKILLS, 0]);
  } catch (error) {
    for (const server of servers) console.error(`--- server output ---\n${server.output()}`);
    throw error;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch?.drop();
    if (env.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

async function publish(server: ServerProcess, key: string, name: string, body: string): Promise<void> {
  const { createSkillVersion } = await gql<{ createSkillVersion: { id: string } }>(
    server,
    key,
    `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
    { input: { skillMd: skillMd(name, { body: `# ${name}\n\n${body}` }) } },
  );
  await gql(server, key, `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: createSkillVersion.id });
}

for (const dialect of ["sqlite", "postgres"] as const)
  describeOnDialect(dialect)(`skill analysis threads at boot (${dialect})`, () => {
    it("CT-2 a server whose live skills hold over 256 KB of text starts its analysis threads at boot and builds its largest agent's index before the first call; a small registry starts none", async () => {
      await bootsThreadsWithItsRegistry(dialect);
    }, 180_000);
  });
