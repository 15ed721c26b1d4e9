import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toFile } from "openai";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { startGatewayKit, toolAnswers, type GatewayKit } from "../support/gateway-kit";
import { startReceiver, type Receiver } from "../support/receiver";
import { skillMd } from "../support/skill-md";
import { zipOf } from "../support/skills-api";
import { describeEachDialect } from "../support/test-app";
import { until } from "../support/wait";

/** A mixed-script name (Latin with an accent, Cyrillic, Han) and its decomposed spelling, as macOS file names have it. */
const NAME = "café-навык-技能";
const DECOMPOSED = NAME.normalize("NFD");

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id name version warnings } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;

describeEachDialect.withOwnApps("SK-1 a mixed-script name through every path", (dialect) => {
  let kit: GatewayKit;
  let receiver: Receiver<{ type: string; data: Record<string, unknown> }>;
  let v1: string;
  let agentId: string;

  beforeAll(async () => {
    expect(DECOMPOSED).not.toBe(NAME);
    kit = await startGatewayKit(dialect, { webhookRetryBaseMs: 20 });
    receiver = await startReceiver();
    kit.t.app.webhookWorker.start({ pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await receiver?.close();
    await kit?.close();
  });

  it("SK-1 GraphQL: a SKILL.md naming the decomposed spelling stores the NFKC name, with a portability warning; lookups by either spelling find it", async () => {
    const created = await kit.t.ok<{ createSkillVersion: { id: string; name: string; warnings: string[] } }>(
      CREATE,
      { input: { skillMd: skillMd(DECOMPOSED, { body: "Version one." }) } },
      kit.key,
    );
    v1 = created.createSkillVersion.id;
    expect(created.createSkillVersion.name).toBe(NAME);
    expect(created.createSkillVersion.warnings.join(" ")).toContain("has characters outside ASCII");
    await kit.t.ok(PUBLISH, { id: v1 }, kit.key);
    const listed = await kit.t.ok<{ skills: { items: Array<{ name: string }> } }>(
      `query($name: String) { skills(name: $name) { items { name } } }`,
      { name: DECOMPOSED },
      kit.key,
    );
    expect(listed.skills.items).toEqual([{ name: NAME }]);
    const history = await kit.t.ok<{ skillPointerHistory: Array<{ name: string; version: number }> }>(
      `query($name: String!) { skillPointerHistory(name: $name) { name version } }`,
      { name: DECOMPOSED },
      kit.key,
    );
    expect(history.skillPointerHistory).toEqual([{ name: NAME, version: 1 }]);
  });

  it("SK-1 SK-2 a zip whose folder is the decomposed spelling is the same skill's next version; rollback takes either spelling", async () => {
    const zip = Buffer.from(zipOf({ [`${DECOMPOSED}/SKILL.md`]: skillMd(NAME, { body: "Version two." }) }));
    const imported = await kit.t.ok<{ importSkillBundle: { id: string; name: string; version: number } }>(
      `mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { id name version } }`,
      { zip: zip.toString("base64") },
      kit.key,
    );
    expect(imported.importSkillBundle).toMatchObject({ name: NAME, version: 2 });
    await kit.t.ok(PUBLISH, { id: imported.importSkillBundle.id }, kit.key);
    await kit.t.ok(
      `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id } }`,
      { name: DECOMPOSED, to: v1 },
      kit.key,
    );
  });

  it("SK-1 an agent listing the decomposed spelling stores the NFKC name; usage by either spelling; load_skill and the webhook carry the NFKC name", async () => {
    const subscribed = await kit.t.ok<{ createWebhookSubscription: { secret: string } }>(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["skill.loaded"]) { secret } }`,
      { url: `${receiver.url}/names` },
      kit.key,
    );
    receiver.signed("/names", subscribed.createWebhookSubscription.secret);
    const agent = await kit.agent({ name: "polyglot", prompt: "Help.", skills: [{ name: DECOMPOSED }] });
    agentId = agent.agentId;
    const usage = await kit.t.ok<{ skillUsage: Array<{ skill: string; agentName: string }> }>(
      `query($name: String!) { skillUsage(name: $name) { skill agentName } }`,
      { name: DECOMPOSED },
      kit.key,
    );
    expect(usage.skillUsage).toEqual([{ skill: NAME, agentName: "polyglot" }]);
    const call = await kit.t.ok<{ startCall: { id: string } }>(
      `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`,
      { input: { agentId } },
      kit.key,
    );
    const loaded = await kit.t.ok<{ loadSkill: { status: string; skill: string } }>(
      `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status skill } }`,
      { callId: call.startCall.id, name: DECOMPOSED },
      kit.key,
    );
    expect(loaded.loadSkill).toEqual({ status: "LOADED", skill: NAME });
    const [hit] = await until(() => {
      const hits = receiver.on("/names").filter((h) => h.verified);
      return hits.length > 0 && hits;
    });
    expect(hit!.body).toMatchObject({ type: "skill.loaded", data: { skill: NAME, version: 1 } });
  });

  it("SK-1 GW-11 MCP serves the skill at a percent-encoded skill:// URI and reads it by either spelling", async () => {
    const client = new Client({ name: "names-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${kit.t.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${kit.key}` } },
      }),
    );
    try {
      const listed = await client.request(
        { method: "skills/list", params: {} },
        z.object({ skills: z.array(z.object({ uri: z.string() }).passthrough()) }).passthrough(),
      );
      expect(listed.skills.map((s) => s.uri)).toEqual([`skill://${encodeURIComponent(NAME)}/SKILL.md`]);
      for (const uri of [`skill://${DECOMPOSED}/SKILL.md`, `skill://${encodeURIComponent(DECOMPOSED)}/SKILL.md`]) {
        const read = await client.readResource({ uri });
        expect(read.contents[0]).toMatchObject({ uri: `skill://${encodeURIComponent(NAME)}/SKILL.md` });
        expect(String((read.contents[0] as { text?: string }).text)).toContain("Version one.");
      }
    } finally {
      await client.close();
    }
  });

  it("SK-1 GW-2 the gateway's load_skill finds the skill by the decomposed spelling", async () => {
    kit.upstream.reset();
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: DECOMPOSED } }] }, { text: "Done." });
    const completion = await kit.client().chat.completions.create({
      model: "polyglot",
      messages: [{ role: "user", content: "Help me." }],
    });
    expect(completion.choices[0]!.message.content).toBe("Done.");
    const [answer] = toolAnswers(kit.upstream.requests[1]!.body);
    expect(answer!.content).toContain(`<skill name="${NAME}">`);
    expect(answer!.content).toContain("Version one.");
  });

  it("SK-1 EC-1 the Skills API: a version uploaded under the decomposed folder is a version of the same skill", async () => {
    const client = kit.client();
    const [skill] = (await client.skills.list()).data;
    expect(skill).toMatchObject({ name: NAME, default_version: "1", latest_version: "2" });
    const version = await client.skills.versions.create(skill!.id, {
      files: [await toFile(Buffer.from(skillMd(DECOMPOSED, { body: "Version three." })), `${DECOMPOSED}/SKILL.md`)],
    });
    expect(version).toMatchObject({ name: NAME, version: "3" });
  });
});
