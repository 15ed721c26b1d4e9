import { beforeAll, expect, it } from "vitest";
import { codeOf, publishAgent, startCall } from "../../../test/support/calls";
import { skillWithDraft } from "../../../test/support/rollouts";
import { describeEachDialect } from "../../../test/support/test-app";
import { samplesPerArm } from "./guard-test";

const FORECAST = `query($input: StartRolloutInput!) { rolloutForecast(input: $input) { days agents calls
  guards { metric maxDegradation alpha minSamples rate rateFromTraffic samplesPerArm samplesPerDay minutes coverage steps } } }`;
const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`;

interface Forecast {
  days: number;
  agents: number;
  calls: number;
  guards: Array<Record<string, unknown> & { samplesPerArm: number | null; minutes: number | null }>;
}

/** RO-4, UX-8: the start form's forecast from the last 7 days' traffic of the agents a rollout would reach. */
describeEachDialect("rollout forecast", {}, (t) => {
  let key: string;
  let draft: string;
  beforeAll(async () => {
    key = (await t.project("forecast")).adminKey;
    const made = await skillWithDraft(t, key, "forecast-skill");
    draft = made.draft;
    // a second agent pinned to the live version: a rollout never reaches it, nor does its traffic count
    const pinned = await publishAgent(t, key, {
      name: "forecast-pinned",
      prompt: "Pinned.",
      skills: [{ name: "forecast-skill", versionId: made.live }],
    });
    for (let i = 0; i < 10; i++) {
      const call = await startCall(t, key, { agentId: made.agentId });
      if (i < 8) await t.ok(REPORT, { input: { callId: call.id, success: i < 6 } }, key);
      await startCall(t, key, { agentId: pinned });
    }
  });

  const forecast = async (input: Record<string, unknown>) =>
    (await t.ok<{ rolloutForecast: Forecast }>(FORECAST, { input: { versionId: draft, ...input } }, key))
      .rolloutForecast;

  it("RO-4 UX-8 the samples per arm each guard needs, at the traffic's rates, and the time they take along the steps", async () => {
    const f = await forecast({
      steps: [50, 100],
      stepMinutes: 0,
      guards: [
        { metric: "SUCCESS_RATE", maxDegradation: 0.1 },
        { metric: "LOAD_RATE", maxDegradation: 0.05, alpha: 0.01 },
      ],
    });
    expect(f).toMatchObject({ days: 7, agents: 1, calls: 10 });
    const [success, load] = f.guards;
    // 8 outcomes, 6 successes
    expect(success).toMatchObject({ metric: "SUCCESS_RATE", rate: 0.75, rateFromTraffic: true, alpha: 0.05 });
    expect(success!.samplesPerArm).toBe(
      samplesPerArm({ higherIsWorse: false, margin: 0.1, alpha: 0.05, minSamples: 20 }, 0.75),
    );
    expect(success!.samplesPerDay).toBeCloseTo(8 / 7);
    // 8 outcomes a week split in two: months, but a number
    expect(success!.minutes).toBeGreaterThan(7 * 24 * 60);
    // nothing loaded: a rate of 0 from 10 starts
    expect(load).toMatchObject({ metric: "LOAD_RATE", rate: 0, rateFromTraffic: true, alpha: 0.01 });
  });

  it("RO-4 UX-8 a plan that completes first says how far the guard gets; no traffic of a metric assumes one half", async () => {
    const f = await forecast({
      steps: [10, 100],
      stepMinutes: 60,
      guards: [
        { metric: "SUCCESS_RATE", maxDegradation: 0.05 },
        { metric: "TOOL_ERROR_RATE", maxDegradation: 0.05 },
      ],
    });
    expect(f.guards[0]).toMatchObject({ minutes: null });
    expect(f.guards[0]!.coverage).toBeGreaterThan(0);
    expect(f.guards[0]!.coverage).toBeLessThan(0.01);
    expect(f.guards[1]).toMatchObject({
      rate: 0.5,
      rateFromTraffic: false,
      samplesPerDay: 0,
      minutes: null,
      coverage: 0,
    });
  });

  it("RO-1 the plan is checked as startRollout checks it; another project's version is NOT_FOUND; a viewer may ask", async () => {
    const bad = await t.gql(
      FORECAST,
      { input: { versionId: draft, guards: [{ metric: "SUCCESS_RATE", maxDegradation: 2, alpha: 0.9 }] } },
      key,
    );
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    const other = await t.project("forecast-other");
    expect(codeOf(await t.gql(FORECAST, { input: { versionId: draft } }, other.adminKey))).toBe("NOT_FOUND");
    const viewer = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(role: VIEWER) { key } }`,
      {},
      key,
    );
    const seen = await t.ok<{ rolloutForecast: Forecast }>(
      FORECAST,
      { input: { versionId: draft } },
      viewer.createApiKey.key,
    );
    expect(seen.rolloutForecast).toMatchObject({ agents: 1, guards: [] });
  });
});
