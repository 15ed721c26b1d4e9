import { afterAll, beforeAll, expect, it } from "vitest";
import { publishSkill } from "../../../test/support/calls";
import { CATALOG_SKILLS as SKILLS, topicVector, UMBRELLA_REQUESTS } from "../../../test/support/catalog";
import { startGatewayKit, type GatewayKit } from "../../../test/support/gateway-kit";
import { startScriptedEmbeddings, type ScriptedEmbeddings } from "../../../test/support/scripted-embeddings";
import { describeEachDialect } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";

const SEARCH = `query($agentId: ID!, $query: String!) { agentSkillSearch(agentId: $agentId, query: $query) { name description score } }`;
type Match = { name: string; description: string; score: number };
const [UMBRELLA] = UMBRELLA_REQUESTS;

/** CT-2 on gateway turns with EMBEDDINGS_BASE_URL: find_skills answers the fused search, as agentSkillSearch does. */
describeEachDialect.withOwnApps("fused skill search on gateway turns", (dialect) => {
  let kit: GatewayKit;
  let embeddings: ScriptedEmbeddings;
  let agentId: string;
  beforeAll(async () => {
    embeddings = await startScriptedEmbeddings(topicVector);
    kit = await startGatewayKit(dialect, { embeddingsBaseUrl: embeddings.baseUrl, embeddingsModel: "scripted" });
    for (const [name, description] of SKILLS)
      await publishSkill(kit.t, kit.key, name, { description, body: `${name} steps.` });
    ({ agentId } = await kit.agent({
      name: "gw-desk",
      catalogBudget: 420,
      skills: SKILLS.map(([name]) => ({ name })),
    }));
  });
  afterAll(async () => {
    await kit?.close();
    await embeddings?.close();
  });

  it("CT-2 find_skills on a gateway turn answers what agentSkillSearch answers with fusion on", async () => {
    const search = async (query: string) =>
      (await kit.t.ok<{ agentSkillSearch: Match[] }>(SEARCH, { agentId, query }, kit.key)).agentSkillSearch;
    // the skills' vectors are filled on the first search; then the fused answer names the weather skill
    const fused = await until(async () => {
      const found = await search(UMBRELLA);
      return found[0]?.name === "weather-desk" ? found : null;
    });
    kit.upstream.reply({ toolCalls: [{ name: "find_skills", arguments: { query: UMBRELLA } }] }, { text: "Pack it." });
    await kit.client().chat.completions.create({
      model: "gw-desk",
      messages: [{ role: "user", content: "I am travelling soon" }],
    });
    const answer = kit.upstream.requests[1]!.body.messages.find((m) => m.role === "tool")!.content;
    expect(JSON.parse(String(answer))).toEqual(fused);
  });
});
