import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { CATALOG_SKILLS as SKILLS, listedSkills as listed, toolNames } from "../../../test/support/catalog";
import { saveScenario, settledRun, startRun } from "../../../test/support/evals";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect } from "../../../test/support/test-app";

const BUDGET = 320;

/**
 * CT-1 with EV-1, EV-2: an eval run's iterations honour the agent's catalog budget — the catalog ranked by the
 * scenario's turns, find_skills offered when skills are left out, load_skill taking any of the agent's skills.
 */
describeEachDialect(
  "budgeted catalogs in eval runs",
  { outboundAllowHosts: ["127.0.0.1"], chatMaxToolRounds: 5 },
  (t) => {
    let model: ScriptedModel;
    let key: string;
    let modelConfig: { baseUrl: string; model: string; apiKey: string | null };
    beforeAll(async () => {
      model = await startScriptedModel();
      modelConfig = model.endpoint("eval-model");
      key = (await t.project("eval-catalog")).adminKey;
      for (const [name, description] of SKILLS)
        await publishSkill(t, key, name, { description, body: `How to do ${name} work.` });
      t.app.evalWorker.start({ pollIntervalMs: 20 });
    });
    afterAll(() => model?.close());
    beforeEach(() => model.reset());

    it("CT-1 EV-2 an eval's turns see the budgeted catalog ranked for them, find_skills finds an omitted skill and it loads", async () => {
      const agentId = await publishAgent(t, key, {
        name: "eval-desk",
        catalogBudget: BUDGET,
        skills: SKILLS.map(([name]) => ({ name })),
        model: modelConfig,
      });
      const scenario = await saveScenario(t, key, {
        name: "refund then push",
        turns: ["I returned my order, where is my refund?"],
        expectations: [{ kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "git-helper" } }],
      });
      model.reply(
        { toolCalls: [{ name: "find_skills", arguments: { query: "commit and push my changes" } }] },
        { toolCalls: [{ name: "load_skill", arguments: { name: "git-helper" } }] },
        { text: "Done." },
      );
      const run = await settledRun(
        t,
        key,
        (await startRun(t, key, { target: { agentId }, scenarioIds: [scenario.id], iterations: 1 })).id,
      );
      expect(run.status).toBe("done");
      const shown = listed(model.requests[0]);
      expect(shown[0]).toBe("refund-desk");
      expect(shown.length).toBeLessThan(SKILLS.length);
      expect(shown).not.toContain("git-helper");
      expect(toolNames(model.requests[0])).toEqual(["load_skill", "find_skills"]);
      const [result] = run.results;
      expect(result!.passed).toBe(true);
      expect(result!.toolCalls.map((c) => c.tool)).toEqual(["find_skills", "load_skill"]);
      expect((result!.toolCalls[0]!.result as Array<{ name: string }>)[0]!.name).toBe("git-helper");
      expect(result!.toolCalls[1]!.result).toMatchObject({ status: "LOADED", skill: "git-helper" });
    });

    it("CT-1 a scenario's later turn keeps what the catalog showed and adds the skills it makes relevant", async () => {
      const agentId = await publishAgent(t, key, {
        name: "eval-two-turns",
        catalogBudget: BUDGET,
        skills: SKILLS.map(([name]) => ({ name })),
        model: modelConfig,
      });
      const scenario = await saveScenario(t, key, {
        name: "refund, then push",
        turns: ["I returned my order, where is my refund?", "Also commit and push my changes to git."],
        expectations: [{ kind: "REPLY_CONTAINS", text: "Pushed" }],
      });
      model.reply({ text: "Refund issued." }, { text: "Pushed." });
      const run = await settledRun(
        t,
        key,
        (await startRun(t, key, { target: { agentId }, scenarioIds: [scenario.id], iterations: 1 })).id,
      );
      expect(run.status).toBe("done");
      const first = listed(model.requests[0]);
      const second = listed(model.requests[1]);
      expect(first).not.toContain("git-helper");
      expect(second.slice(0, first.length)).toEqual(first);
      expect(second.slice(first.length)).toContain("git-helper");
      expect(run.results[0]!.passed).toBe(true);
    });

    it("CT-1 an agent whose skills fit its budget is evaluated with every skill listed and no find_skills", async () => {
      const agentId = await publishAgent(t, key, {
        name: "eval-roomy",
        skills: SKILLS.map(([name]) => ({ name })),
        model: modelConfig,
      });
      const scenario = await saveScenario(t, key, { name: "hello", turns: ["Hi"], expectations: [] });
      model.reply({ text: "Hello." });
      const run = await settledRun(
        t,
        key,
        (await startRun(t, key, { target: { agentId }, scenarioIds: [scenario.id], iterations: 1 })).id,
      );
      expect(run.status).toBe("done");
      expect(listed(model.requests[0])).toEqual(SKILLS.map(([n]) => n));
      expect(toolNames(model.requests[0])).toEqual(["load_skill"]);
    });
  },
);
