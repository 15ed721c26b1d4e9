import { beforeAll, expect, it } from "vitest";
import { codeOf, HANDOFF, publishAgent, publishSkill, startCall } from "../../../test/support/calls";
import {
  act,
  draftSkill,
  READ_ROLLOUT,
  type RolloutView,
  skillWithDraft,
  START_ROLLOUT,
  startRollout,
  versionsByKey,
} from "../../../test/support/rollouts";
import { skillMd } from "../../../test/support/skill-md";
import { statementsDuring } from "../../../test/support/sql-statements";
import { describeEachDialect } from "../../../test/support/test-app";
import { rolloutBucket } from "../runtime";

const HOOKS = "hooks.example.com";
const keys = Array.from({ length: 40 }, (_, i) => `caller-${i}`);

/** RO-1, RO-2, RO-5: starting, resolving under, advancing and ending a staged rollout, through GraphQL. */
describeEachDialect("staged rollouts", { outboundAllowHosts: [HOOKS] }, (t) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project("rollouts")).adminKey;
    await t.ok(
      `mutation { createWebhookSubscription(url: "https://${HOOKS}/r", eventTypes: ["rollout.started", "rollout.advanced", "rollout.rolled_back", "rollout.aborted", "rollout.completed"]) { secret } }`,
      {},
      key,
    );
  });

  const deliveries = async (rolloutId: string) => {
    const data = await t.ok<{
      webhookDeliveries: { items: Array<{ eventType: string; payload: { data: Record<string, unknown> } }> };
    }>(`query { webhookDeliveries(limit: 200) { items { eventType payload } } }`, {}, key);
    return data.webhookDeliveries.items.filter((d) => d.payload.data.rollout_id === rolloutId);
  };
  const audit = async (resourceId: string) =>
    (
      await t.ok<{ auditLog: { items: Array<{ action: string; actor: string; data: Record<string, unknown> }> } }>(
        `query($r: String!) { auditLog(resourceId: $r, limit: 50) { items { action actor data } } }`,
        { r: resourceId },
        key,
      )
    ).auditLog.items;
  const errorOf = async (input: Record<string, unknown>, token = key) => {
    const res = await t.gql(START_ROLLOUT, { input }, token);
    return { code: codeOf(res), details: res.errors?.[0]?.extensions?.details ?? {} };
  };

  it("RO-1 startRollout refuses bad steps and guards (BAD_USER_INPUT naming the field)", async () => {
    const { draft } = await skillWithDraft(t, key, "ro-validate");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ guards: [{ metric: "LOAD_RATE", maxDegradation: 1.5 }] }, "guards[0].max_degradation"],
      [{ guards: [{ metric: "SUCCESS_RATE", maxDegradation: -0.1 }] }, "guards[0].max_degradation"],
      [{ steps: [5, 5, 100] }, "steps[1]"],
      [{ steps: [50, 25, 100] }, "steps[1]"],
      [{ steps: [5, 50] }, "steps[1]"],
      [{ steps: [0, 50, 100] }, "steps[0]"],
      [{ steps: [100] }, "steps"],
      [{ stepMinutes: -1 }, "step_minutes"],
      [{ guards: [{ metric: "EVAL_PASS_RATE", maxDegradation: 0.1 }] }, "guards[0].metric"],
    ];
    for (const [input, field] of cases) {
      expect(await errorOf({ versionId: draft, ...input })).toMatchObject({
        code: "BAD_USER_INPUT",
        details: { field },
      });
    }
  });

  it("SEC-22 RO-1 an evalTag longer than its column is BAD_USER_INPUT naming the field and the limit, on both databases", async () => {
    const { draft } = await skillWithDraft(t, key, "ro-long-tag");
    const refused = await errorOf({ versionId: draft, evalTag: "t".repeat(201) });
    expect(refused).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "$input.evalTag" } });
    expect(JSON.stringify(refused.details)).toContain("200");
    const started = await startRollout(t, key, { versionId: draft, evalTag: "é".repeat(200), stepMinutes: 0 });
    expect(started.status).toBe("running");
  });

  it("RO-1 startRollout refuses a non-draft, a skill with no live version, another project's version, a second rollout", async () => {
    const { live, draft } = await skillWithDraft(t, key, "ro-refuse");
    expect(await errorOf({ versionId: live })).toMatchObject({ code: "CONFLICT", details: { field: "version_id" } });
    const lonely = await draftSkill(t, key, "ro-no-live", "Never published.");
    expect(await errorOf({ versionId: lonely })).toMatchObject({
      code: "CONFLICT",
      details: { field: "version_id", reason: "no_live_version" },
    });
    const other = (await t.project("other")).adminKey;
    expect((await errorOf({ versionId: draft }, other)).code).toBe("NOT_FOUND");
    const started = await startRollout(t, key, { versionId: draft, stepMinutes: 0 });
    const second = await draftSkill(t, key, "ro-refuse", "Another candidate.");
    expect(await errorOf({ versionId: second })).toMatchObject({
      code: "CONFLICT",
      details: { field: "version_id", reason: "rollout_running", rollout_id: started.id },
    });
  });

  it("RO-1 SK-1 a candidate that a publish would refuse (description over 1024) is refused at the start, as its publish preview refuses it", async () => {
    await publishSkill(t, key, "ro-unpublishable");
    const created = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: skillMd("ro-unpublishable", { description: "d".repeat(1100) }) } },
      key,
    );
    const preview = await t.gql(
      `query($id: ID!) { publishPreview(versionId: $id) { version { id } } }`,
      {
        id: created.createSkillVersion.id,
      },
      key,
    );
    expect(codeOf(preview)).toBe("BAD_USER_INPUT");
    expect(await errorOf({ versionId: created.createSkillVersion.id })).toEqual({
      code: "BAD_USER_INPUT",
      details: preview.errors?.[0]?.extensions?.details,
    });
    const list = await t.ok<{ rollouts: { total: number } }>(
      `query { rollouts(skill: "ro-unpublishable") { total } }`,
      {},
      key,
    );
    expect(list.rollouts.total).toBe(0);
  });

  it("AP-1 SEC-24 RO-1 a rollout start needs what a publish needs: too few approvals is FORBIDDEN approval_required", async () => {
    const own = (await t.project("ro-approvals")).adminKey;
    const { draft } = await skillWithDraft(t, own, "ro-approve");
    await t.ok(`mutation { setPublishPolicy(requiredApprovals: 1) { requiredApprovals } }`, {}, own);
    expect(await errorOf({ versionId: draft }, own)).toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "approval_required", required: 1, current: 0 },
    });
    await t.ok(`mutation { setPublishPolicy(requiredApprovals: 0) { requiredApprovals } }`, {}, own);
    const rollout = await startRollout(t, own, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    expect(rollout.status).toBe("running");
    // the completion is a publish: it asks the policy again
    await t.ok(`mutation { setPublishPolicy(requiredApprovals: 1) { requiredApprovals } }`, {}, own);
    const refused = await t.gql(`mutation { advanceRollout(id: "${rollout.id}") { id } }`, {}, own);
    expect(codeOf(refused)).toBe("FORBIDDEN");
    expect(refused.errors?.[0]?.extensions?.details).toMatchObject({ reason: "approval_required" });
    expect((await t.ok<{ rollout: RolloutView }>(READ_ROLLOUT, { id: rollout.id }, own)).rollout).toMatchObject({
      status: "running",
      percent: 50,
    });
  });

  it("RO-2 calls get the candidate by rolloutKey, stickily; the call's id is the key without one; pinned entries untouched", async () => {
    const { live, draft, agentId } = await skillWithDraft(t, key, "ro-arms");
    const pinnedAgent = await publishAgent(t, key, {
      name: "ro-arms-pinned",
      prompt: "Pinned.",
      skills: [{ name: "ro-arms", versionId: live }],
    });
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    expect(rollout).toMatchObject({ status: "running", percent: 50, stepIndex: 0, skill: "ro-arms" });
    const first = await versionsByKey(t, key, agentId, "ro-arms", keys);
    for (const k of keys) {
      expect(first.get(k)).toBe(rolloutBucket(rollout.id, k) < 50 ? draft : live);
    }
    expect(new Set(first.values())).toEqual(new Set([draft, live]));
    expect(await versionsByKey(t, key, agentId, "ro-arms", keys)).toEqual(first);
    for (const k of keys.slice(0, 10)) {
      const pinned = await startCall(t, key, { agentId: pinnedAgent, rolloutKey: k });
      expect(pinned.skills).toEqual([{ name: "ro-arms", version: 1, versionId: live, pinned: true, loaded: false }]);
    }
    // without a key, the call's id decides: both arms appear over enough calls
    const byId = new Set<string>();
    for (let i = 0; i < 30; i++) byId.add((await startCall(t, key, { agentId })).skills[0]!.versionId);
    expect(byId).toEqual(new Set([draft, live]));
  });

  it("RO-2 budget: with warm caches a call start reads nothing, with a rollout running or not; a rollout change is seen at once", async () => {
    const { live, draft, agentId } = await skillWithDraft(t, key, "ro-budget");
    const reads = async (input: Record<string, unknown>) => {
      await startCall(t, key, input);
      let versionId = "";
      const statements = await statementsDuring(t, async () => {
        versionId = (await startCall(t, key, input)).skills[0]!.versionId;
      });
      // the statements of the start itself (the GraphQL selection reads the call back afterwards)
      return { versionId, selects: statements.filter((q) => /^\s*SELECT/i.test(q) && !/FROM "calls"|call_/.test(q)) };
    };
    expect(await reads({ agentId, rolloutKey: "someone" })).toEqual({ versionId: live, selects: [] });
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    const inCandidate = keys.find((k) => rolloutBucket(rollout.id, k) < 50)!;
    expect(await reads({ agentId, rolloutKey: inCandidate })).toEqual({ versionId: draft, selects: [] });
    await act(t, key, "abortRollout", rollout.id, "Budget test.");
    expect((await startCall(t, key, { agentId, rolloutKey: inCandidate })).skills[0]!.versionId).toBe(live);
  });

  it("RO-2 a handoff resolves under the call's rolloutKey", async () => {
    const { live, draft, agentId } = await skillWithDraft(t, key, "ro-handoff");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    const inCandidate = keys.find((k) => rolloutBucket(rollout.id, k) < 50)!;
    const inLive = keys.find((k) => rolloutBucket(rollout.id, k) >= 50)!;
    for (const [k, expected] of [
      [inCandidate, draft],
      [inLive, live],
    ] as const) {
      const call = await startCall(t, key, {
        agentId: await publishAgent(t, key, { name: `ro-h-${k}`, prompt: "x" }),
        rolloutKey: k,
      });
      const handed = await t.ok<{ handoffCall: { skills: Array<{ versionId: string }> } }>(
        HANDOFF,
        { callId: call.id, agentId },
        key,
      );
      expect(handed.handoffCall.skills[0]!.versionId).toBe(expected);
    }
  });

  it("RO-1 the candidate is frozen while the rollout runs (an edit is CONFLICT), editable again once it ended", async () => {
    const { draft } = await skillWithDraft(t, key, "ro-frozen");
    const rollout = await startRollout(t, key, { versionId: draft, stepMinutes: 0 });
    const edit = () =>
      t.gql(
        `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { id } }`,
        { id: draft, input: { skillMd: skillMd("ro-frozen", { body: "Changed." }) } },
        key,
      );
    const refused = await edit();
    expect(codeOf(refused)).toBe("CONFLICT");
    expect(refused.errors?.[0]?.extensions?.details).toMatchObject({
      reason: "rollout_candidate",
      rollout_id: rollout.id,
    });
    await act(t, key, "pauseRollout", rollout.id);
    expect(codeOf(await edit())).toBe("CONFLICT");
    await act(t, key, "abortRollout", rollout.id, "Changing it first.");
    expect(codeOf(await edit())).toBeUndefined();
  });

  it("RO-5 advancing onto 100 publishes exactly as a publish (live pointer, archive, audit, webhooks) and completes", async () => {
    const { live, draft, agentId } = await skillWithDraft(t, key, "ro-complete");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [10, 60, 100], stepMinutes: 0 });
    const advanced = await act(t, key, "advanceRollout", rollout.id);
    expect(advanced).toMatchObject({ status: "running", percent: 60, stepIndex: 1 });
    const done = await act(t, key, "advanceRollout", rollout.id);
    expect(done).toMatchObject({ status: "completed", percent: 100, stepIndex: 2 });
    expect(done.candidate).toMatchObject({ id: draft, state: "PUBLISHED" });
    expect(done.live).toMatchObject({ id: live, state: "ARCHIVED" });
    expect(done.events.map((e) => [e.kind, e.percent])).toEqual([
      ["started", 10],
      ["advanced", 60],
      ["completed", 100],
    ]);
    const history = await t.ok<{ skillPointerHistory: Array<{ versionId: string; action: string }> }>(
      `query { skillPointerHistory(name: "ro-complete") { versionId action } }`,
      {},
      key,
    );
    expect(history.skillPointerHistory.map((m) => [m.versionId, m.action])).toContainEqual([draft, "publish"]);
    expect((await audit(draft)).map((a) => a.action)).toEqual(
      expect.arrayContaining(["publish", "rollout_started", "rollout_advanced", "rollout_completed"]),
    );
    expect((await audit(live)).map((a) => a.action)).toContain("archived");
    const hooks = await deliveries(rollout.id);
    expect(hooks.map((h) => h.eventType).sort()).toEqual(["rollout.advanced", "rollout.completed", "rollout.started"]);
    expect(hooks.find((h) => h.eventType === "rollout.completed")!.payload.data).toEqual({
      rollout_id: rollout.id,
      skill: "ro-complete",
      candidate: { version: 2, version_id: draft },
      live: { version: 1, version_id: live },
      percent: 100,
    });
    // every new call gets the published version, outside any rollout
    for (const k of keys.slice(0, 5)) {
      expect((await startCall(t, key, { agentId, rolloutKey: k })).skills[0]).toMatchObject({
        versionId: draft,
        version: 2,
      });
    }
    expect(codeOf(await t.gql(`mutation { advanceRollout(id: "${rollout.id}") { id } }`, {}, key))).toBe("CONFLICT");
  });

  it("RO-5 pause stops automatic advance, resume restarts the step; abort ends with the reason and a webhook", async () => {
    const { live, draft, agentId } = await skillWithDraft(t, key, "ro-abort");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [100 - 1, 100], stepMinutes: 1 });
    const paused = await act(t, key, "pauseRollout", rollout.id);
    expect(paused).toMatchObject({ status: "paused", nextStepAt: null, percent: 99 });
    expect(codeOf(await t.gql(`mutation { pauseRollout(id: "${rollout.id}") { id } }`, {}, key))).toBe("CONFLICT");
    const resumed = await act(t, key, "resumeRollout", rollout.id);
    expect(resumed.status).toBe("running");
    expect(resumed.nextStepAt).not.toBeNull();
    expect(codeOf(await t.gql(`mutation { abortRollout(id: "${rollout.id}", reason: " ") { id } }`, {}, key))).toBe(
      "BAD_USER_INPUT",
    );
    const aborted = await act(t, key, "abortRollout", rollout.id, "Support saw confused callers.");
    expect(aborted).toMatchObject({ status: "aborted", percent: 0, endReason: "Support saw confused callers." });
    expect(aborted.candidate.state).toBe("DRAFT");
    expect(aborted.live.state).toBe("PUBLISHED");
    for (const k of keys.slice(0, 10))
      expect((await startCall(t, key, { agentId, rolloutKey: k })).skills[0]!.versionId).toBe(live);
    const hook = (await deliveries(rollout.id)).find((h) => h.eventType === "rollout.aborted")!;
    expect(hook.payload.data).toMatchObject({ percent: 0, reason: "Support saw confused callers." });
  });

  it("RO-1 RO-5 a live version rolled back by hand ends the rollout aborted, with the reason", async () => {
    const first = await publishSkill(t, key, "ro-manual", { body: "One." });
    const { draft } = await skillWithDraft(t, key, "ro-manual");
    const rollout = await startRollout(t, key, { versionId: draft, stepMinutes: 0 });
    await t.ok(`mutation($v: ID!) { rollbackSkill(name: "ro-manual", toVersionId: $v) { id } }`, { v: first }, key);
    const read = await t.ok<{ rollout: RolloutView }>(READ_ROLLOUT, { id: rollout.id }, key);
    expect(read.rollout.status).toBe("aborted");
    expect(read.rollout.endReason).toMatch(/changed by hand/);
    expect((await deliveries(rollout.id)).map((h) => h.eventType)).toContain("rollout.aborted");
  });

  it("RO-1 RO-5 a rollout whose candidate is deleted ends aborted on the next check, with the reason", async () => {
    await publishSkill(t, key, "ro-deleted", { body: "Live." });
    const draft = await draftSkill(t, key, "ro-deleted", "Candidate.");
    const rollout = await startRollout(t, key, { versionId: draft, stepMinutes: 0 });
    await t.ok(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: draft }, key);
    const checked = await act(t, key, "checkRollout", rollout.id);
    expect(checked).toMatchObject({ status: "aborted", percent: 0 });
    expect(checked.endReason).toMatch(/deleted/);
    expect(checked.candidate).toMatchObject({ id: draft, version: 2 });
  });

  it("RO-2 Rollout is a Node; another project's rollout is NOT_FOUND / null; an unknown status filter is BAD_USER_INPUT", async () => {
    const { draft } = await skillWithDraft(t, key, "ro-node");
    const rollout = await startRollout(t, key, { versionId: draft, stepMinutes: 0 });
    const node = await t.ok<{ node: { __typename: string; id: string } }>(
      `query($id: ID!) { node(id: $id) { __typename id } }`,
      { id: rollout.id },
      key,
    );
    expect(node.node).toEqual({ __typename: "Rollout", id: rollout.id });
    const other = (await t.project("other-node")).adminKey;
    expect((await t.ok<{ rollout: null }>(READ_ROLLOUT, { id: rollout.id }, other)).rollout).toBeNull();
    expect(codeOf(await t.gql(`mutation { advanceRollout(id: "${rollout.id}") { id } }`, {}, other))).toBe("NOT_FOUND");
    const list = await t.ok<{ rollouts: { total: number; items: Array<{ id: string }> } }>(
      `query { rollouts(skill: "ro-node", status: "running") { total items { id } } }`,
      {},
      key,
    );
    expect(list.rollouts).toEqual({ total: 1, items: [{ id: rollout.id }] });
    const unknown = await t.gql(`query { rollouts(status: "RUNNING") { total } }`, {}, key);
    expect(codeOf(unknown)).toBe("BAD_USER_INPUT");
    expect(unknown.errors?.[0]?.message).toMatch(
      /^status must be one of running, paused, completed, rolled_back, aborted;/,
    );
  });

  it("SK-1 RO-2 rollouts(skill) compares the name after NFKC, as every other skill-name argument: both spellings of 'café' list its rollout", async () => {
    const composed = "caf\u00e9-ro";
    const { draft } = await skillWithDraft(t, key, composed);
    const rollout = await startRollout(t, key, { versionId: draft, stepMinutes: 0 });
    for (const spelling of [composed, "cafe\u0301-ro"]) {
      const list = await t.ok<{ rollouts: { items: Array<{ id: string; skill: string }> } }>(
        `query($s: String) { rollouts(skill: $s) { items { id skill } } }`,
        { s: spelling },
        key,
      );
      expect(list.rollouts.items).toEqual([{ id: rollout.id, skill: composed }]);
    }
  });
});
