import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSkill, publishAgent, publishSkill, runTool, startCall } from "../../../test/support/calls";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { act, draftSkill, type RolloutView, startRollout } from "../../../test/support/rollouts";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect } from "../../../test/support/test-app";
import { rolloutBucket } from "../runtime";

const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`;
/** RO-4: all good against all bad is evidence of more than 20 points from 7 or 8 samples a side, not from 4. */
const SAMPLES = 8;

type Metric = "LOAD_RATE" | "TOOL_ERROR_RATE" | "SUCCESS_RATE";

/** RO-3, RO-4: guards judged on the arms' real signals — calls resolved under the rollout, loads, tool runs, outcomes. */
describeEachDialect("rollout guards on real signals", { outboundAllowHosts: ["127.0.0.1"] }, (t) => {
  let key: string;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({
      respond: (request) => (request.path === "/fail" ? { status: 500, body: { error: "down" } } : { body: { ok: 1 } }),
    });
    key = (await t.project("guards")).adminKey;
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const tool = (path: string) => ({
    name: "act",
    description: "Acts.",
    webhookUrl: `${receiver.url}${path}`,
    parameters: { type: "object", properties: {} },
  });

  /** A skill whose candidate's tool fails (for TOOL_ERROR_RATE) and a rollout at 50 % guarded on `metric`. */
  async function guarded(metric: Metric) {
    const name = `guard-${metric.toLowerCase().replace(/_/g, "-")}`;
    await publishSkill(t, key, name, { body: "Live.", tools: [tool("/ok")] });
    const created = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      {
        input: {
          skillMd: skillMd(name, { body: "Candidate." }),
          tools: [tool(metric === "TOOL_ERROR_RATE" ? "/fail" : "/ok")],
        },
      },
      key,
    );
    const agentId = await publishAgent(t, key, { name: `${name}-agent`, prompt: "Help.", skills: [{ name }] });
    const rollout = await startRollout(t, key, {
      versionId: created.createSkillVersion.id,
      steps: [50, 100],
      stepMinutes: 0,
      guards: [{ metric, maxDegradation: 0.2, minSamples: SAMPLES }],
    });
    const keys = Array.from({ length: 200 }, (_, i) => `${name}-caller-${i}`);
    return {
      name,
      agentId,
      rollout,
      candidateKeys: keys.filter((k) => rolloutBucket(rollout.id, k) < 50),
      liveKeys: keys.filter((k) => rolloutBucket(rollout.id, k) >= 50),
    };
  }

  /** One call of an arm, doing what makes that arm good or bad on the metric. */
  async function drive(metric: Metric, name: string, agentId: string, rolloutKey: string, arm: "live" | "candidate") {
    const call = await startCall(t, key, { agentId, rolloutKey });
    if (metric === "LOAD_RATE") {
      if (arm === "live") await loadSkill(t, key, call.id, name);
    } else if (metric === "TOOL_ERROR_RATE") {
      await loadSkill(t, key, call.id, name);
      await runTool(t, key, call.id, "act", {});
    } else {
      await t.ok(REPORT, { input: { callId: call.id, success: arm === "live" } }, key);
    }
  }

  for (const metric of ["LOAD_RATE", "TOOL_ERROR_RATE", "SUCCESS_RATE"] as const) {
    it(`RO-4 a ${metric} guard waits for minSamples on both arms, then trips on its test and rolls back with both arms' values and the interval`, async () => {
      const { name, agentId, rollout, candidateKeys, liveKeys } = await guarded(metric);
      for (let i = 0; i < SAMPLES - 1; i++) {
        await drive(metric, name, agentId, liveKeys[i]!, "live");
        await drive(metric, name, agentId, candidateKeys[i]!, "candidate");
      }
      const waiting = await act(t, key, "checkRollout", rollout.id);
      expect(waiting.status).toBe("running");
      expect(waiting.guards[0]).toMatchObject({
        verdict: "insufficient",
        evidence: { liveSamples: SAMPLES - 1, candidateSamples: SAMPLES - 1, samplesNeeded: 1 },
      });
      await drive(metric, name, agentId, liveKeys[SAMPLES]!, "live");
      await drive(metric, name, agentId, candidateKeys[SAMPLES]!, "candidate");
      const checked: RolloutView = await act(t, key, "checkRollout", rollout.id);
      expect(checked).toMatchObject({ status: "rolled_back", percent: 0 });
      expect(checked.guards).toEqual([
        {
          metric,
          maxDegradation: 0.2,
          minSamples: SAMPLES,
          alpha: 0.05,
          tripped: true,
          verdict: "tripped",
          evidence: {
            liveSamples: SAMPLES,
            candidateSamples: SAMPLES,
            live: metric === "TOOL_ERROR_RATE" ? 0 : 1,
            candidate: metric === "TOOL_ERROR_RATE" ? 1 : 0,
            differenceLow: expect.any(Number),
            differenceHigh: 1,
            samplesNeeded: 0,
          },
        },
      ]);
      expect(checked.guards[0]!.evidence!.differenceLow).toBeGreaterThan(0.2);
      const arms = Object.fromEntries(checked.arms.map((a) => [a.arm, a]));
      expect(arms.live!.starts).toBe(SAMPLES);
      expect(arms.candidate!.starts).toBe(SAMPLES);
      const tripped = checked.events.find((e) => e.kind === "guard_tripped")!;
      expect(tripped.detail).toMatchObject({
        actor: "rollout-guard",
        guard: {
          metric,
          alpha: 0.05,
          live: metric === "TOOL_ERROR_RATE" ? 0 : 1,
          candidate: metric === "TOOL_ERROR_RATE" ? 1 : 0,
          difference_high: 1,
        },
      });
      expect((tripped.detail!.guard as { difference_low: number }).difference_low).toBeGreaterThan(0.2);
    });
  }

  it("RO-2 RO-3 calls record the rollout and arm per skill (CallSkill.rolloutId, arm)", async () => {
    const name = "guard-record";
    await publishSkill(t, key, name, { body: "Live." });
    const draft = await draftSkill(t, key, name, "Candidate.");
    const agentId = await publishAgent(t, key, { name: `${name}-agent`, prompt: "Help.", skills: [{ name }] });
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    for (const k of ["a", "b", "c", "d", "e", "f"]) {
      const call = await startCall(t, key, { agentId, rolloutKey: k });
      const skills = await t.ok<{ call: { skills: Array<{ versionId: string; rolloutId: string; arm: string }> } }>(
        `query($id: ID!) { call(id: $id) { skills { versionId rolloutId arm } } }`,
        { id: call.id },
        key,
      );
      const arm = rolloutBucket(rollout.id, k) < 50 ? "candidate" : "live";
      expect(skills.call.skills[0]).toMatchObject({ rolloutId: rollout.id, arm });
      if (arm === "candidate") expect(skills.call.skills[0]!.versionId).toBe(draft);
    }
  });
});
