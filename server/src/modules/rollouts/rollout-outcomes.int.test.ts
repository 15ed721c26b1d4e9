import { beforeAll, expect, it } from "vitest";
import { linkLibrary } from "../../../test/support/agents";
import { publishAgent, startCall } from "../../../test/support/calls";
import { act, READ_ROLLOUT, type RolloutView, skillWithDraft, startRollout } from "../../../test/support/rollouts";
import { describeEachDialect } from "../../../test/support/test-app";
import { rolloutBucket } from "../runtime";

const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`;
const HANDOFF = `mutation($callId: ID!, $agentId: ID!) { handoffCall(callId: $callId, agentId: $agentId) { skills { arm } } }`;
const keys = Array.from({ length: 400 }, (_, i) => `caller-${i}`);

type Arm = RolloutView["arms"][number] & { outcomes: number; successRate: number | null };

/** SEC-27: a guard cannot be gamed by the arm that benefits — outcomes count once, from the right calls and keys. */
describeEachDialect("rollout outcomes", {}, (t) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project("sec27")).adminKey;
  });

  const report = (input: Record<string, unknown>, as = key) => t.ok(REPORT, { input }, as);
  const armsOf = async (id: string, as = key) => {
    const view = (await t.ok<{ rollout: RolloutView }>(READ_ROLLOUT, { id }, as)).rollout;
    return Object.fromEntries(view.arms.map((a) => [a.arm, a as Arm])) as Record<"live" | "candidate", Arm>;
  };
  const outcomesOf = (arm: Arm) => ({ starts: arm.starts, outcomes: arm.outcomes, successRate: arm.successRate });

  it("SEC-27 flooding outcomes on one arm's calls counts each call once (its last report) and never moves the other arm", async () => {
    const { agentId, draft } = await skillWithDraft(t, key, "sec27-flood");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    const bystander = await publishAgent(t, key, { name: "sec27-bystander", prompt: "No skills." });
    const start = async (k: string) => (await startCall(t, key, { agentId, rolloutKey: k })).id;
    const live = await Promise.all(
      keys
        .filter((k) => rolloutBucket(rollout.id, k) >= 50)
        .slice(0, 6)
        .map(start),
    );
    const candidate = await Promise.all(
      keys
        .filter((k) => rolloutBucket(rollout.id, k) < 50)
        .slice(0, 6)
        .map(start),
    );
    for (const callId of [...live, ...candidate]) await report({ callId, success: true });
    const before = await armsOf(rollout.id);
    expect(outcomesOf(before.live)).toEqual({ starts: 6, outcomes: 6, successRate: 1 });
    expect(outcomesOf(before.candidate)).toEqual({ starts: 6, outcomes: 6, successRate: 1 });

    // the flood: twenty reports on each candidate call, the last a failure; successes on calls outside the rollout
    for (const callId of candidate)
      for (let i = 0; i < 20; i++) await report({ callId, success: i % 2 === 0 && i < 19 });
    for (let i = 0; i < 10; i++) {
      const outside = await startCall(t, key, { agentId: bystander, rolloutKey: keys[i] });
      await report({ callId: outside.id, success: false });
    }
    const after = await armsOf(rollout.id);
    expect(outcomesOf(after.candidate)).toEqual({ starts: 6, outcomes: 6, successRate: 0 });
    expect(outcomesOf(after.live)).toEqual(outcomesOf(before.live));
    // another project's key cannot report on these calls at all
    const stranger = (await t.project("sec27-stranger")).adminKey;
    const refused = await t.gql(REPORT, { input: { callId: live[0], success: false } }, stranger);
    expect(refused.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(outcomesOf((await armsOf(rollout.id)).live)).toEqual(outcomesOf(before.live));
  });

  it("SEC-27 a call that resolved the skill on both arms (its share rose before a handoff) counts its outcome once, in the arm it started in", async () => {
    const { agentId, draft } = await skillWithDraft(t, key, "sec27-handoff");
    const second = await publishAgent(t, key, {
      name: "sec27-second",
      prompt: "Also.",
      skills: [{ name: "sec27-handoff" }],
    });
    const rollout = await startRollout(t, key, { versionId: draft, steps: [10, 60, 100], stepMinutes: 0 });
    // live at 10 %, candidate from 60 %
    const moving = keys.find((k) => {
      const bucket = rolloutBucket(rollout.id, k);
      return bucket >= 10 && bucket < 60;
    })!;
    const call = await startCall(t, key, { agentId, rolloutKey: moving });
    await act(t, key, "advanceRollout", rollout.id);
    const handed = await t.ok<{ handoffCall: { skills: Array<{ arm: string | null }> } }>(
      HANDOFF,
      { callId: call.id, agentId: second },
      key,
    );
    expect(handed.handoffCall.skills.map((s) => s.arm)).toEqual(["live", "candidate"]);
    await report({ callId: call.id, success: false });
    const arms = await armsOf(rollout.id);
    expect([arms.live.outcomes, arms.candidate.outcomes]).toEqual([1, 0]);
  });

  it("SEC-27 outcomes count only from the rollout's project's own keys: a linked project's calls resolve the library's rollout, their outcomes do not count", async () => {
    const library = await t.project("sec27-library");
    const reader = await t.project("sec27-reader");
    await linkLibrary(t, reader.id, library.id);
    const { agentId, draft } = await skillWithDraft(t, library.adminKey, "sec27-shared");
    const rollout = await startRollout(t, library.adminKey, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    const readerAgent = await publishAgent(t, reader.adminKey, {
      name: "sec27-reader-agent",
      prompt: "Reads the library.",
      skills: [{ name: "sec27-shared" }],
    });
    const inCandidate = keys.filter((k) => rolloutBucket(rollout.id, k) < 50).slice(0, 4);
    for (const k of inCandidate) {
      const own = await startCall(t, library.adminKey, { agentId, rolloutKey: k });
      await report({ callId: own.id, success: true }, library.adminKey);
      const linked = await startCall(t, reader.adminKey, { agentId: readerAgent, rolloutKey: k });
      expect(linked.skills[0]).toMatchObject({ versionId: draft });
      await report({ callId: linked.id, success: false }, reader.adminKey);
    }
    const arms = await armsOf(rollout.id, library.adminKey);
    // both projects' calls are the candidate's traffic; only the library's own outcomes judge it
    expect(outcomesOf(arms.candidate)).toEqual({ starts: 8, outcomes: 4, successRate: 1 });
  });
});
