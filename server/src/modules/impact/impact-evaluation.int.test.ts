import { afterAll, beforeAll, expect, it } from "vitest";
import { refusal, skillVersion } from "../../../test/support/agents";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { saveScenario, systemOf } from "../../../test/support/evals";
import { startScriptedModel, type RecordedRequest, type ScriptedModel } from "../../../test/support/scripted-model";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect } from "../../../test/support/test-app";

const SCORE = `versionId version results passed loaded passRate loadRate`;
const EVALUATION = `query($id: ID!, $n: Int) { publishPreview(versionId: $id) { live { id }
  evaluation(iterations: $n) { tag iterations scenarios warnings
    agents { agentId agentName candidate { ${SCORE} } live { ${SCORE} } } } } }`;

interface Score {
  versionId: string;
  version: number;
  results: number;
  passed: number;
  loaded: number;
  passRate: number | null;
  loadRate: number | null;
}
interface Evaluation {
  tag: string;
  iterations: number;
  scenarios: number;
  warnings: string[];
  agents: Array<{ agentId: string; agentName: string; candidate: Score; live: Score | null }>;
}

/**
 * The model loads explain_bill only when the catalog describes it as being about bills, and answers "fixed" only
 * when the loaded instructions say CANDIDATE.
 */
function gateReply(request: RecordedRequest) {
  const system = systemOf(request);
  const loaded = request.body.messages.some((m) => m.role === "tool");
  if (!loaded && system.includes("about a bill"))
    return { toolCalls: [{ name: "load_skill", arguments: { name: "explain_bill" } }] };
  return { text: system.includes("CANDIDATE") ? "Your bill is fixed." : "I am not sure." };
}

describeEachDialect("publish gate", { outboundAllowHosts: ["127.0.0.1"] }, (t) => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel({ respond: gateReply });
  });
  afterAll(async () => model?.close());

  it("EV-4 the publish preview's evaluation runs the skill's tagged scenarios against every agent reached, candidate vs live (3/3 against 0/3)", async () => {
    const { adminKey: key } = await t.project("gate");
    const v1 = await publishSkill(t, key, "explain_bill", {
      description: "Use for greetings only.",
      body: "Old instructions.",
    });
    const follower = await publishAgent(t, key, {
      name: "follower",
      skills: [{ name: "explain_bill" }],
      model: model.endpoint(),
    });
    await publishAgent(t, key, {
      name: "pinned",
      skills: [{ name: "explain_bill", versionId: v1 }],
      model: model.endpoint(),
    });
    await publishAgent(t, key, { name: "bystander", model: model.endpoint() });
    const candidate = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      {
        input: {
          skillMd: skillMd("explain_bill", {
            description: "Use when the caller asks about a bill.",
            body: "CANDIDATE: say the bill is fixed.",
          }),
        },
      },
      key,
    );
    const candidateId = candidate.createSkillVersion.id;
    await saveScenario(t, key, {
      name: "bill",
      tags: ["skill:explain_bill"],
      turns: ["Explain my bill"],
      expectations: [
        { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "explain_bill" } },
        { kind: "REPLY_CONTAINS", text: "fixed" },
      ],
    });
    await saveScenario(t, key, { name: "untagged", turns: ["Hi"], expectations: [] });
    model.reset();
    const preview = (
      await t.ok<{ publishPreview: { live: { id: string }; evaluation: Evaluation } }>(
        EVALUATION,
        { id: candidateId, n: 3 },
        key,
      )
    ).publishPreview;
    expect(preview.evaluation).toEqual({
      tag: "skill:explain_bill",
      iterations: 3,
      scenarios: 1,
      warnings: [],
      agents: [
        {
          agentId: follower,
          agentName: "follower",
          candidate: { versionId: candidateId, version: 2, results: 3, passed: 3, loaded: 3, passRate: 1, loadRate: 1 },
          live: { versionId: v1, version: 1, results: 3, passed: 0, loaded: 0, passRate: 0, loadRate: 0 },
        },
      ],
    });
    // Candidate: load, then the answer (2 requests per iteration); live: the answer alone.
    expect(model.requests).toHaveLength(3 * 2 + 3);
    // Nothing was published: the live version is still v1, and no run was stored.
    expect(preview.live.id).toBe(v1);
    const runs = await t.ok<{ evalRuns: { total: number } }>(`query { evalRuns { total } }`, {}, key);
    expect(runs.evalRuns.total).toBe(0);
  });

  it("EV-4 the evaluation is bounded (at most 20 iterations) and says when the skill has no tagged scenario", async () => {
    const { adminKey: key } = await t.project("gate bounds");
    await skillVersion(t, key, "faq", { publish: true });
    await publishAgent(t, key, { name: "faq bot", skills: [{ name: "faq" }], model: model.endpoint() });
    const draft = await skillVersion(t, key, "faq");
    const tooMany = refusal(await t.gql(EVALUATION, { id: draft.id, n: 21 }, key));
    expect([tooMany.code, tooMany.details.field]).toEqual(["BAD_USER_INPUT", "iterations"]);
    expect(tooMany.message).toMatch(/1 to 20; it is 21/);
    const none = (await t.ok<{ publishPreview: { evaluation: Evaluation } }>(EVALUATION, { id: draft.id }, key))
      .publishPreview.evaluation;
    expect(none).toMatchObject({ tag: "skill:faq", iterations: 3, scenarios: 0, agents: [] });
    expect(none.warnings).toEqual(["no_scenarios: no eval scenario is tagged 'skill:faq'"]);
  });
});
