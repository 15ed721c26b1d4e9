import { afterAll, beforeAll, expect, it } from "vitest";
import { publishAgent, publishSkill, runTool, startCall } from "../../../test/support/calls";
import { CATALOG_SKILLS as SKILLS, topicVector as vectorOf, UMBRELLA_REQUESTS } from "../../../test/support/catalog";
import { captureLog } from "../../../test/support/log-capture";
import { parsePrometheus, series } from "../../../test/support/prometheus";
import { startScriptedEmbeddings, type ScriptedEmbeddings } from "../../../test/support/scripted-embeddings";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";
import { sleep, until } from "../../../test/support/wait";

const SEARCH = `query($agentId: ID!, $query: String!, $limit: Int) {
  agentSkillSearch(agentId: $agentId, query: $query, limit: $limit) { name description score } }`;
type Match = { name: string; description: string; score: number };

const KEY = "sk-embeddings-never-logged";
const TIMEOUT_MS = 400;
const PAUSE_MS = 300;

const [UMBRELLA, UMBRELLA_AGAIN, UMBRELLA_LATER] = UMBRELLA_REQUESTS;

/** An agent whose catalog leaves skills out (find_skills offered), over the catalog fixtures. */
async function deskAgent(t: TestApp, project: string): Promise<{ key: string; agentId: string }> {
  const { adminKey: key } = await t.project(project);
  for (const [name, description] of SKILLS)
    await publishSkill(t, key, name, { description, body: `How to do ${name} work.` });
  const skills = SKILLS.map(([name]) => ({ name }));
  const agentId = await publishAgent(t, key, { name: "desk", prompt: "Desk.", catalogBudget: 320, skills });
  return { key, agentId };
}

const searchOf = (t: TestApp, key: string, agentId: string) => async (query: string, limit?: number) =>
  (await t.ok<{ agentSkillSearch: Match[] }>(SEARCH, { agentId, query, limit }, key)).agentSkillSearch;

async function findSkills(t: TestApp, key: string, agentId: string, query: string): Promise<Match[]> {
  const call = await startCall(t, key, { agentId, variables: { request: "weather" } });
  const found = await runTool(t, key, call.id, "find_skills", { query });
  expect(found.status).toBe("ok");
  return found.result as Match[];
}

let embeddings: ScriptedEmbeddings;
const log = captureLog("warn");

/** CT-2 with EMBEDDINGS_BASE_URL: the scripted endpoint over real HTTP, searched through GraphQL and find_skills. */
describeEachDialect(
  "skill search fused with an embeddings endpoint",
  async () => {
    embeddings = await startScriptedEmbeddings(vectorOf);
    return {
      config: {
        embeddingsBaseUrl: embeddings.baseUrl,
        embeddingsModel: "scripted-embeddings",
        embeddingsApiKey: KEY,
        embeddingsTimeoutMs: TIMEOUT_MS,
        embeddingsPauseMs: PAUSE_MS,
        outboundAllowHosts: ["127.0.0.1"],
      },
      logger: log.logger,
    };
  },
  (t) => {
    let key: string;
    let agentId: string;
    let search: ReturnType<typeof searchOf>;
    beforeAll(async () => {
      ({ key, agentId } = await deskAgent(t, "fused"));
      search = searchOf(t, key, agentId);
    });
    afterAll(() => embeddings.close());

    const counted = async (outcome: string) => {
      const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${t.platformToken}` } });
      return parsePrometheus(await res.text()).get(series("skillgraph_embeddings_requests_total", { outcome })) ?? 0;
    };

    it("CT-2 the call start makes no embeddings request", async () => {
      const call = await startCall(t, key, { agentId, variables: { request: UMBRELLA } });
      expect(call.id).toBeTruthy();
      await sleep(50);
      expect(embeddings.requests).toEqual([]);
    });

    it("CT-2 with an embeddings endpoint the fused ranking finds a skill no word of the request names", async () => {
      // the vectors are not in yet: the lexical answer at once (nothing), the skills embedded in the background
      expect(await search(UMBRELLA)).toEqual([]);
      const fused = await until(async () => {
        const found = await search(UMBRELLA);
        return found[0]?.name === "weather-desk" ? found : null;
      });
      expect(fused[0]).toMatchObject({ name: "weather-desk", description: SKILLS[1]![1] });
      expect(fused[0]!.score).toBeCloseTo(1 / 61);
      expect(fused.length).toBe(5);
      // each skill embedded once (name, description and body), then the request; the key sent, the model named
      const fill = embeddings.requests[0]!;
      expect(fill.body.model).toBe("scripted-embeddings");
      expect(fill.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(fill.body.input).toHaveLength(SKILLS.length);
      expect(fill.body.input).toContain("weather desk\n\n" + SKILLS[1]![1] + "\n\nHow to do weather-desk work.");
      expect(embeddings.inputs().filter((text) => text === UMBRELLA)).toEqual([UMBRELLA]);
      // find_skills in a call answers the fused ranking too
      expect((await findSkills(t, key, agentId, UMBRELLA))[0]!.name).toBe("weather-desk");
      expect(await counted("ok")).toBeGreaterThanOrEqual(2);
    });

    it("CT-2 find_skills answers exactly what agentSkillSearch answers with fusion on", async () => {
      for (const query of ["merge two pdf files", UMBRELLA, "commit and push my changes"]) {
        const found = await findSkills(t, key, agentId, query);
        expect(found.length).toBe(5);
        expect(await search(query)).toEqual(found);
      }
      expect((await search("merge two pdf files", 1)).map((m) => m.name)).toEqual(["pdf-tools"]);
    });

    it("CT-2 a failing embeddings endpoint falls back to the lexical ranking", async () => {
      const asked = embeddings.requests.length;
      embeddings.setMode({ fail: 500 });
      expect(await search(UMBRELLA_AGAIN)).toEqual([]);
      expect(embeddings.requests.slice(asked).map((r) => r.answered)).toEqual([500]);
      expect(await findSkills(t, key, agentId, UMBRELLA_AGAIN)).toEqual([]);
      // paused after the failure: no request until the pause is over
      expect(embeddings.requests.length).toBe(asked + 1);
      expect(await counted("error")).toBe(1);

      // a timeout: answered lexically once the request's time is up
      await sleep(PAUSE_MS + 50);
      embeddings.setMode("hang");
      const started = Date.now();
      expect(await search(UMBRELLA_LATER)).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(embeddings.requests.at(-1)!.answered).toBe("hang");
      expect(await counted("timeout")).toBe(1);

      // an answer of another shape
      await sleep(PAUSE_MS + 50);
      embeddings.setMode("garbage");
      expect(await search(`${UMBRELLA_LATER} Really?`)).toEqual([]);
      expect(embeddings.requests.at(-1)!.answered).toBe("garbage");

      // each failure warned, naming the endpoint and never its key
      const warned = log.lines.filter((line) => line.msg.includes("embeddings endpoint failed"));
      expect(warned.length).toBeGreaterThanOrEqual(3);
      expect(warned.map((line) => String(line.reason)).join("\n")).toMatch(/HTTP 500[\s\S]*did not answer within/);
      expect(log.raw()).not.toContain(KEY);

      // the endpoint back: fused again after the pause
      await sleep(PAUSE_MS + 50);
      embeddings.setMode("ok");
      expect((await search(UMBRELLA_AGAIN))[0]?.name).toBe("weather-desk");
    });
  },
);

/**
 * CT-2 without EMBEDDINGS_BASE_URL: an endpoint is up, the model endpoint (MODEL_BASE_URL) is on it and
 * EMBEDDINGS_MODEL is set, yet nothing asks it for embeddings.
 */
let idle: ScriptedEmbeddings;
describeEachDialect(
  "skill search without an embeddings endpoint",
  async () => {
    idle = await startScriptedEmbeddings(vectorOf);
    return {
      config: {
        modelBaseUrl: idle.baseUrl,
        modelName: "chat",
        embeddingsModel: "scripted-embeddings",
        outboundAllowHosts: ["127.0.0.1"],
      },
    };
  },
  (t) => {
    afterAll(() => idle.close());

    it("CT-2 without EMBEDDINGS_BASE_URL no request is made", async () => {
      const { key, agentId } = await deskAgent(t, "lexical");
      const search = searchOf(t, key, agentId);
      for (const query of [UMBRELLA, UMBRELLA_AGAIN, UMBRELLA_LATER]) {
        expect(await search(query)).toEqual([]);
        expect(await findSkills(t, key, agentId, query)).toEqual([]);
      }
      expect((await search("merge two pdf files", 1)).map((m) => m.name)).toEqual(["pdf-tools"]);
      await sleep(100);
      expect(idle.requests).toEqual([]);
    });
  },
);
