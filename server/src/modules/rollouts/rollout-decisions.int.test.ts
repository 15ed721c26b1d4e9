import { createClient, type ExecutionResult } from "graphql-ws";
import { beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { entities } from "../../entities";
import { Database } from "../../platform/db/database";
import { codeOf, startCall } from "../../../test/support/calls";
import { act, READ_ROLLOUT, type RolloutView, skillWithDraft, startRollout } from "../../../test/support/rollouts";
import { describeEachDialect, startTestApp, type TestApp } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";
import { rolloutBucket } from "../runtime";
import type { WebhookService } from "../webhooks";
import { RolloutEntity } from "./rollout.entity";
import type { ArmSignals } from "./rollout-guards";
import type { RolloutService, RolloutSignals } from "./rollout.service";

const HOOKS = "hooks.example.com";

const arms = (id: string, both: { live: ArmSignals; candidate: ArmSignals }) => new Map([[id, both]]);

/** Test seam: what `RolloutService` reads of both arms, set to exact counts (the metric tests drive real calls). */
function feedSignals(service: RolloutService, signals: RolloutSignals): () => void {
  const seam = service as unknown as { signals: RolloutSignals };
  const before = seam.signals;
  seam.signals = signals;
  return () => {
    seam.signals = before;
  };
}

const counts = (over: Partial<ArmSignals>): ArmSignals => ({
  starts: 0,
  loads: 0,
  toolRuns: 0,
  toolErrors: 0,
  outcomes: 0,
  successes: 0,
  ...over,
});

/** RO-4, RO-5, RO-6: decisions the rollout takes by itself, once, with all their effects or none. */
describeEachDialect("rollout decisions", { outboundAllowHosts: [HOOKS] }, (t, dialect) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project("decisions")).adminKey;
    await t.ok(
      `mutation { createWebhookSubscription(url: "https://${HOOKS}/r", eventTypes: ["rollout.started", "rollout.advanced", "rollout.rolled_back", "rollout.aborted", "rollout.completed"]) { secret } }`,
      {},
      key,
    );
  });

  const service = () => t.app.services.rollouts;
  const deliveries = async (rolloutId: string) =>
    (
      await t.ok<{
        webhookDeliveries: { items: Array<{ eventType: string; payload: { data: Record<string, unknown> } }> };
      }>(`query { webhookDeliveries(limit: 200) { items { eventType payload } } }`, {}, key)
    ).webhookDeliveries.items.filter((d) => d.payload.data.rollout_id === rolloutId);
  const auditOf = async (resourceId: string) =>
    (
      await t.ok<{ auditLog: { items: Array<{ action: string; actor: string; data: Record<string, unknown> }> } }>(
        `query($r: String!) { auditLog(resourceId: $r, limit: 50) { items { action actor data } } }`,
        { r: resourceId },
        key,
      )
    ).auditLog.items;
  const read = async (id: string) => (await t.ok<{ rollout: RolloutView }>(READ_ROLLOUT, { id }, key)).rollout;
  /** The current step began long ago: its duration is over. */
  const stepOver = (id: string, db = t.app.db) =>
    db.write((tx) => tx.manager.getRepository(RolloutEntity).update({ id }, { stepStartedAt: new Date(0) }));

  it("RO-4 a tripped guard rolls back at once: status, percent 0, candidate a draft, live unchanged, audit and events by rollout-guard, webhook with both values", async () => {
    const { live, draft, agentId } = await skillWithDraft(t, key, "ro-guard");
    const rollout = await startRollout(t, key, {
      versionId: draft,
      steps: [50, 100],
      stepMinutes: 0,
      guards: [
        { metric: "SUCCESS_RATE", maxDegradation: 0.05, minSamples: 10 },
        { metric: "TOOL_ERROR_RATE", maxDegradation: 0.1, minSamples: 10 },
      ],
    });
    const restore = feedSignals(service(), async () =>
      arms(rollout.id, {
        // 200 tool runs a side: a rise from 5 % to 30 % is evidence of more than 10 points; the success rate's
        // 2.5 points lower is within its 5
        live: counts({ starts: 200, loads: 150, toolRuns: 200, toolErrors: 10, outcomes: 200, successes: 180 }),
        candidate: counts({ starts: 200, loads: 150, toolRuns: 200, toolErrors: 60, outcomes: 200, successes: 175 }),
      }),
    );
    try {
      const checked = await act(t, key, "checkRollout", rollout.id);
      expect(checked).toMatchObject({ status: "rolled_back", percent: 0 });
      expect(checked.guards.map((g) => g.tripped)).toEqual([false, true]);
      expect(checked.endReason).toMatch(
        /^TOOL_ERROR_RATE guard tripped: candidate 30\.0 % vs live 5\.0 %, \d+\.\d to \d+\.\d points higher at 95 % confidence \(allowed: 10 points higher\)$/,
      );
      const [low, high] = /, ([\d.]+) to ([\d.]+) points/.exec(checked.endReason!)!.slice(1).map(Number);
      expect(low).toBeGreaterThan(10);
      expect(high).toBeGreaterThan(25);
      expect(checked.candidate.state).toBe("DRAFT");
      expect(checked.live).toMatchObject({ id: live, state: "PUBLISHED" });
      expect(checked.events.map((e) => [e.kind, e.percent, e.actorName])).toEqual([
        ["started", 50, "initial admin key"], // who acted, by the key's name
        ["guard_tripped", 50, null],
        ["rolled_back", 0, null],
      ]);
    } finally {
      restore();
    }
    const entry = (await auditOf(draft)).find((a) => a.action === "rollout_rolled_back")!;
    expect(entry.actor).toBe("rollout-guard");
    const interval = { difference_low: expect.any(Number), difference_high: expect.any(Number) };
    expect(entry.data.guard).toMatchObject({
      metric: "TOOL_ERROR_RATE",
      max_degradation: 0.1,
      alpha: 0.05,
      live: 0.05,
      candidate: 0.3,
      ...interval,
    });
    expect((entry.data.guard as { difference_low: number }).difference_low).toBeGreaterThan(0.1);
    const hook = (await deliveries(rollout.id)).find((d) => d.eventType === "rollout.rolled_back")!;
    expect(hook.payload.data).toMatchObject({
      rollout_id: rollout.id,
      skill: "ro-guard",
      percent: 0,
      guard: { metric: "TOOL_ERROR_RATE", max_degradation: 0.1, alpha: 0.05, live: 0.05, candidate: 0.3, ...interval },
    });
    expect(hook.payload.data.guard).toEqual(entry.data.guard);
    // no new resolution gets the candidate
    const inCandidate = Array.from({ length: 40 }, (_, i) => `k${i}`).filter((k) => rolloutBucket(rollout.id, k) < 50);
    for (const k of inCandidate.slice(0, 5))
      expect((await startCall(t, key, { agentId, rolloutKey: k })).skills[0]!.versionId).toBe(live);
  });

  it("RO-4 RO-5 a manual advance racing the guard's undo never promotes a candidate whose guard has tripped", async () => {
    const { live, draft } = await skillWithDraft(t, key, "ro-guard-advance");
    const rollout = await startRollout(t, key, {
      versionId: draft,
      steps: [50, 100],
      stepMinutes: 0,
      guards: [{ metric: "LOAD_RATE", maxDegradation: 0.1, minSamples: 10 }],
    });
    const restore = feedSignals(service(), async () =>
      arms(rollout.id, { live: counts({ starts: 40, loads: 36 }), candidate: counts({ starts: 40, loads: 10 }) }),
    );
    try {
      const answers = await Promise.all([
        t.gql(`mutation($id: ID!) { advanceRollout(id: $id) { status } }`, { id: rollout.id }, key),
        t.gql(`mutation($id: ID!) { advanceRollout(id: $id) { status } }`, { id: rollout.id }, key),
        t.gql(`mutation($id: ID!) { checkRollout(id: $id) { status } }`, { id: rollout.id }, key),
      ]);
      for (const answer of answers) if (answer.errors) expect(codeOf(answer)).toBe("CONFLICT");
    } finally {
      restore();
    }
    const after = await read(rollout.id);
    expect(after).toMatchObject({ status: "rolled_back", percent: 0 });
    expect(after.candidate.state).toBe("DRAFT");
    expect(after.live).toMatchObject({ id: live, state: "PUBLISHED" });
    expect(after.events.map((e) => e.kind)).toEqual(["started", "guard_tripped", "rolled_back"]);
    expect((await auditOf(draft)).filter((a) => a.action === "publish")).toEqual([]);
  });

  it("RO-4 below minSamples nothing trips, and the worker advances on time instead", async () => {
    const { draft } = await skillWithDraft(t, key, "ro-samples");
    const rollout = await startRollout(t, key, {
      versionId: draft,
      steps: [10, 30, 100],
      stepMinutes: 5,
      guards: [{ metric: "LOAD_RATE", maxDegradation: 0.01 }],
    });
    const restore = feedSignals(service(), async () =>
      arms(rollout.id, { live: counts({ starts: 19, loads: 19 }), candidate: counts({ starts: 19, loads: 0 }) }),
    );
    try {
      await t.app.rolloutWorker.pass();
      expect(await read(rollout.id)).toMatchObject({ status: "running", percent: 10 });
      await stepOver(rollout.id);
      await t.app.rolloutWorker.pass();
      const after = await read(rollout.id);
      expect(after).toMatchObject({ status: "running", percent: 30, stepIndex: 1 });
      expect(after.events.at(-1)).toMatchObject({ kind: "advanced", detail: { actor: "rollout-guard" } });
    } finally {
      restore();
    }
  });

  it("PJ-3 RO-5 the worker leaves a deleted project's rollout as it was: a due step neither advances nor publishes", async () => {
    const own = await t.project("deleted mid-rollout");
    const { live, draft } = await skillWithDraft(t, own.adminKey, "ro-deleted-project");
    const rollout = await startRollout(t, own.adminKey, { versionId: draft, steps: [50, 100], stepMinutes: 1 });
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: own.id }, t.platformToken);
    await stepOver(rollout.id);
    await t.app.rolloutWorker.pass();
    const row = await t.app.db.read((m) => m.getRepository(RolloutEntity).findOneByOrFail({ id: rollout.id }));
    expect(row).toMatchObject({ status: "running", percent: 50, stepIndex: 0 });
    const versions = await t.app.services.skillReader.versionsByIds(own.id, [live, draft]);
    expect(versions.map((v) => [v.id, v.state]).sort()).toEqual(
      [
        [live, "published"],
        [draft, "draft"],
      ].sort(),
    );
  });

  it("RO-6 many checks racing on one due rollout: exactly one completion, one publish, one webhook per event", async () => {
    const { draft } = await skillWithDraft(t, key, "ro-race");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 1 });
    await stepOver(rollout.id);
    // PostgreSQL: a second instance on the same database races too, on its own connections
    let other: TestApp | undefined;
    const url = t.app.db.postgresUrl();
    if (url) other = await startTestApp(await Database.open({ url, entities, poolSize: 10 }), {});
    try {
      const racers = [t.app, other?.app].filter((a) => a !== undefined);
      await Promise.all(
        racers.flatMap((app) => [
          app.rolloutWorker.pass(),
          app.services.rollouts.checkById(rollout.id),
          app.services.rollouts.checkById(rollout.id),
          app.services.rollouts.checkById(rollout.id),
        ]),
      );
    } finally {
      await other?.close();
    }
    const done = await read(rollout.id);
    expect(done).toMatchObject({ status: "completed", percent: 100 });
    expect(done.events.map((e) => e.kind)).toEqual(["started", "completed"]);
    expect((await auditOf(draft)).filter((a) => a.action === "publish")).toHaveLength(1);
    expect((await auditOf(draft)).filter((a) => a.action === "rollout_completed")).toHaveLength(1);
    expect((await deliveries(rollout.id)).map((d) => d.eventType).sort()).toEqual([
      "rollout.completed",
      "rollout.started",
    ]);
    const history = await t.ok<{ skillPointerHistory: Array<{ versionId: string }> }>(
      `query { skillPointerHistory(name: "ro-race") { versionId } }`,
      {},
      key,
    );
    expect(history.skillPointerHistory.filter((m) => m.versionId === draft)).toHaveLength(1);
  });

  it("RO-6 a failure between the decision and its last effect leaves the rollout as before: one transaction", async () => {
    const { live, draft } = await skillWithDraft(t, key, "ro-crash");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0 });
    const webhooks = t.app.services.webhooks as WebhookService;
    const enqueue = webhooks.enqueue.bind(webhooks);
    // the completion's last effect (after the publish, the row, its events and the audit) fails
    webhooks.enqueue = async (tx, projectId, event, trace) => {
      if (event.type === "rollout.completed") throw new Error("crash after the publish, before the webhook");
      return enqueue(tx, projectId, event, trace);
    };
    try {
      const res = await t.gql(`mutation { advanceRollout(id: "${rollout.id}") { id } }`, {}, key);
      expect(codeOf(res)).toBe("INTERNAL_SERVER_ERROR");
    } finally {
      webhooks.enqueue = enqueue;
    }
    const after = await read(rollout.id);
    expect(after).toMatchObject({ status: "running", percent: 50, stepIndex: 0 });
    expect(after.events.map((e) => e.kind)).toEqual(["started"]);
    expect(after.candidate.state).toBe("DRAFT");
    expect(after.live).toMatchObject({ id: live, state: "PUBLISHED" });
    const actions = (await auditOf(draft)).map((a) => a.action);
    expect(actions).not.toContain("publish");
    expect(actions).not.toContain("rollout_completed");
    // and once the fault is gone, the same advance completes
    expect(await act(t, key, "advanceRollout", rollout.id)).toMatchObject({ status: "completed" });
  });

  it(`RO-5 rolloutUpdates streams the rollout, then each change, and completes when it ends (${dialect})`, async () => {
    const { draft } = await skillWithDraft(t, key, "ro-live");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [20, 40, 100], stepMinutes: 0 });
    const client = createClient({
      url: `${t.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
    });
    const results: ExecutionResult[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        {
          query: `subscription($id: ID!) { rolloutUpdates(id: $id) { id status percent arms { arm starts } } }`,
          variables: { id: rollout.id },
        },
        { next: (r) => results.push(r as ExecutionResult), error: reject, complete: resolve },
      );
    });
    const percents = () =>
      results.map((r) => (r.data as { rolloutUpdates: { percent: number; status: string } }).rolloutUpdates);
    try {
      await until(() => results.length >= 1);
      await act(t, key, "advanceRollout", rollout.id);
      await until(() => percents().some((p) => p.percent === 40));
      await act(t, key, "advanceRollout", rollout.id);
      await done;
      expect(percents().at(-1)).toMatchObject({ percent: 100, status: "completed" });
      expect(percents()[0]).toMatchObject({ percent: 20, status: "running" });
    } finally {
      await client.dispose();
    }
  });
});
