import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSkill, publishAgent, publishSkill, runTool } from "../../../test/support/calls";
import { loadCall, sendMessage } from "../../../test/support/chat";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { statementsDuring } from "../../../test/support/sql-statements";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { CallEngine, CallEntity, modelContextOf, type CallState } from "../calls";

const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`;
const SKILLS = `query($id: ID!) { call(id: $id) { skills { name rolloutId arm loaded } } }`;

/**
 * RO-3: the arms' signals of a rollout, counted by SkillSignals.forRollout from the per-skill rows of calls and
 * sessions. The rollouts module decides arms at resolution; here calls are recorded through the call record path
 * (CallEngine.storeStart, as CallService does) with their resolved skills carrying a rollout, and everything after
 * the start (loads, tool runs, outcomes) goes through GraphQL.
 */
describeEachDialect.withOwnApps("rollout signals", (dialect) => {
  let t: TestApp;
  let key: string;
  let projectId: string;
  let agentId: string;
  let model: ScriptedModel;
  let receiver: Receiver;
  const rollout = randomUUID();
  const other = randomUUID();

  beforeAll(async () => {
    model = await startScriptedModel();
    receiver = await startReceiver({
      respond: (request) => (request.path === "/fail" ? { status: 500, body: { error: "down" } } : { body: { ok: 1 } }),
    });
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "scripted",
    });
    const project = await t.project("rollout-signals");
    key = project.adminKey;
    projectId = project.id;
    const tool = (name: string, path: string) => ({
      name,
      description: `${name}.`,
      webhookUrl: `${receiver.url}${path}`,
      parameters: { type: "object", properties: {} },
    });
    await publishSkill(t, key, "greet", { body: "Greet.", tools: [tool("wave", "/ok"), tool("shout", "/fail")] });
    await publishSkill(t, key, "other-skill", { body: "Other." });
    agentId = await publishAgent(t, key, { name: "arm-bot", skills: [{ name: "greet" }, { name: "other-skill" }] });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    await receiver?.close();
  });

  /** A call stored through the call record path, its `greet` resolved under (rolloutId, arm). */
  async function recordCall(rolloutId: string | null, arm: "live" | "candidate"): Promise<string> {
    const { services, db } = t.app;
    const agent = await services.agentDirectory.published(projectId, agentId);
    const { segment } = await services.callResolution.segmentFor(projectId, agent!);
    segment.resolved = segment.resolved.map((r) =>
      r.name === "greet" && rolloutId ? { ...r, rollout: { rolloutId, arm } } : r,
    );
    const state: CallState = { segments: [segment], loaded: [], variables: {}, eventSeq: 1 };
    const now = new Date();
    const call = Object.assign(new CallEntity(), {
      id: randomUUID(),
      projectId,
      agentId,
      agentName: "arm-bot",
      status: "active" as const,
      state,
      warnings: modelContextOf(state).warnings,
      sealedSecrets: {},
      startedAt: now,
      endedAt: null,
      eventsExpireAt: new Date(now.getTime() + 3_600_000),
      eventsExpired: false,
    });
    await new CallEngine(db, services.webhooks, services.signals).storeStart(call, segment, {});
    return call.id;
  }

  const outcome = (input: Record<string, unknown>) => t.ok(REPORT, { input }, key);

  it("RO-2 RO-3 the call record keeps each skill's rollout and arm (CallSkill.rolloutId, CallSkill.arm)", async () => {
    const id = await recordCall(other, "candidate");
    const read = await t.ok<{ call: { skills: unknown[] } }>(SKILLS, { id }, key);
    expect(read.call.skills).toEqual([
      { name: "greet", rolloutId: other, arm: "candidate", loaded: false },
      { name: "other-skill", rolloutId: null, arm: null, loaded: false },
    ]);
  });

  it("RO-3 forRollout counts per arm: starts, loads (at least once), the skill's own tool runs and errors, outcomes (the last report wins)", async () => {
    // live: three calls
    const l1 = await recordCall(rollout, "live");
    await loadSkill(t, key, l1, "greet");
    await loadSkill(t, key, l1, "greet"); // a second load is not a second "loaded"
    await runTool(t, key, l1, "wave");
    await runTool(t, key, l1, "shout"); // fails: HTTP 500
    await outcome({ callId: l1, success: true });
    const l2 = await recordCall(rollout, "live");
    await loadSkill(t, key, l2, "greet");
    await loadSkill(t, key, l2, "other-skill"); // another skill's load does not count for greet
    await outcome({ callId: l2, success: false, score: 0.1 });
    await recordCall(rollout, "live");
    // candidate: two calls and a chat session
    const c1 = await recordCall(rollout, "candidate");
    await loadSkill(t, key, c1, "greet");
    await runTool(t, key, c1, "wave");
    await outcome({ callId: c1, success: true });
    await outcome({ callId: c1, success: false }); // replaces the first
    const c2 = await recordCall(rollout, "candidate");
    await outcome({ callId: c2, success: true });
    model.reply({ toolCalls: [loadCall("greet")] }, { toolCalls: [{ name: "shout", arguments: {} }] }, { text: "Hi!" });
    const session = (await sendMessage(t, key, { agentId, content: "Hello" })).session.id;
    // the session resolved greet as the rollouts module would have put it on the candidate arm
    await t.app.db.write((tx) =>
      tx.manager.query(
        `UPDATE session_skills SET rollout_id = ${t.dialect === "postgres" ? "$1" : "?"}, arm = 'candidate' WHERE name = 'greet' AND session_id = ${t.dialect === "postgres" ? "$2" : "?"}`,
        [rollout, session],
      ),
    );
    await outcome({ sessionId: session, success: true });
    // outside the rollout: another rollout's call and a call with no rollout
    const o1 = await recordCall(other, "live");
    await loadSkill(t, key, o1, "greet");
    const none = await recordCall(null, "live");
    await loadSkill(t, key, none, "greet");
    await outcome({ callId: none, success: true });

    expect(await t.app.services.signals.forRollout({ id: rollout, projectId })).toEqual({
      live: { starts: 3, loads: 2, toolRuns: 2, toolErrors: 1, outcomes: 2, successes: 1 },
      candidate: { starts: 3, loads: 2, toolRuns: 2, toolErrors: 1, outcomes: 3, successes: 2 },
    });
  });

  it("RO-3 forRollouts reads many rollouts in one query; an unknown rollout counts zero", async () => {
    const unknown = randomUUID();
    let arms: Awaited<ReturnType<typeof t.app.services.signals.forRollouts>> | undefined;
    const statements = await statementsDuring(t, async () => {
      arms = await t.app.services.signals.forRollouts([rollout, other, unknown].map((id) => ({ id, projectId })));
    });
    expect(statements.filter((s) => /^\s*SELECT/i.test(s))).toHaveLength(1);
    expect(arms!.get(rollout)!.live.starts).toBe(3);
    expect(arms!.get(other)!.candidate).toMatchObject({ starts: 1, loads: 0 });
    expect(arms!.get(other)!.live).toMatchObject({ starts: 1, loads: 1 });
    const zero = { starts: 0, loads: 0, toolRuns: 0, toolErrors: 0, outcomes: 0, successes: 0 };
    expect(arms!.get(unknown)).toEqual({ live: zero, candidate: zero });
  });
});
