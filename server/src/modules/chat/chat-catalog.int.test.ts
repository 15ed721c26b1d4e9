import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import {
  CATALOG_SKILLS as SKILLS,
  catalogCostOf,
  listedSkills as listed,
  toolNames,
} from "../../../test/support/catalog";
import { loadCall, sendMessage } from "../../../test/support/chat";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { createTestApp, describeEachDialect, type TestApp } from "../../../test/support/test-app";

const BUDGET = 420;

const SESSION_CATALOG = `query($id: ID!) { chatSession(id: $id) { catalog { shown omitted budget } loadedSkills } }`;

/** CT-1 in conversations: chat sessions re-rank as they move on without dropping what the model saw. */
describeEachDialect.withOwnApps("budgeted catalogs in chat sessions", (dialect) => {
  let t: TestApp;
  let key: string;
  let model: ScriptedModel;
  let agentId: string;
  beforeAll(async () => {
    model = await startScriptedModel();
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "scripted",
    });
    key = (await t.project("chat-catalog")).adminKey;
    for (const [name, description] of SKILLS) await publishSkill(t, key, name, { description, body: `${name} steps.` });
    agentId = await publishAgent(t, key, {
      name: "chat-desk",
      catalogBudget: BUDGET,
      skills: SKILLS.map(([name]) => ({ name })),
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const catalogOf = async (id: string) =>
    (
      await t.ok<{ chatSession: { catalog: { shown: string[]; omitted: string[]; budget: number } } }>(
        SESSION_CATALOG,
        { id },
        key,
      )
    ).chatSession.catalog;

  it("CT-1 the first message puts the relevant skill first; a later message adds its skill and keeps every shown one", async () => {
    model.reply({ text: "Refund started." }, { text: "It will rain." });
    const first = await sendMessage(t, key, { agentId, content: "I returned my order and want a refund" });
    const before = listed(model.requests[0]);
    expect(before[0]).toBe("refund-desk");
    expect(toolNames(model.requests[0])).toEqual(["load_skill", "find_skills"]);
    const second = await sendMessage(t, key, {
      sessionId: first.session.id,
      content: "and what is the forecast in Lisbon?",
    });
    const after = listed(model.requests[1]);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toContain("weather-desk");
    const catalog = await catalogOf(second.session.id);
    expect(catalog.shown).toEqual(after);
    expect(catalog.budget).toBe(BUDGET);
    expect(catalog.omitted.length).toBeGreaterThan(0);
    expect(catalogCostOf(after)).toBeLessThanOrEqual(BUDGET);
  });

  it("CT-1 the model finds an omitted skill with find_skills and loads it in the same reply", async () => {
    model.reply(
      { toolCalls: [{ name: "find_skills", arguments: { query: "commit and push my changes" } }] },
      { toolCalls: [loadCall("git-helper")] },
      { text: "Pushed." },
    );
    const reply = await sendMessage(t, key, { agentId, content: "my parcel never arrived" });
    expect(listed(model.requests[0])).not.toContain("git-helper");
    const found = reply.toolInvocations[0]!;
    expect(found).toMatchObject({ tool: "find_skills", source: "builtin", status: "ok" });
    expect((found.result as Array<{ name: string }>)[0]!.name).toBe("git-helper");
    expect(reply.toolInvocations[1]).toMatchObject({ tool: "load_skill", status: "ok" });
    expect(reply.session.loadedSkills).toEqual(["git-helper"]);
    expect(String(model.requests[2]!.body.messages[0]!.content)).toContain('<skill name="git-helper">');
  });
});
