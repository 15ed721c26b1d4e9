import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { saveScenario, systemOf } from "../../../test/support/evals";
import { act, draftSkill, READ_ROLLOUT, type RolloutView, startRollout } from "../../../test/support/rollouts";
import { statementsDuring } from "../../../test/support/sql-statements";
import { startScriptedModel, type ScriptedModel, type ScriptedReply } from "../../../test/support/scripted-model";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect, startTestApp } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";
import { entities } from "../../entities";
import { Database } from "../../platform/db/database";
import { RolloutEntity, RolloutEvalEntity } from "./rollout.entity";

const HOOKS = "hooks.example.com";
const ITERATIONS = 2;
const TAG = "rollout:bills";

/** The model answers "fixed" (the scenario's expectation) only when the skill catalog it is shown says GOOD. */
const byCatalog = (request: Parameters<Parameters<ScriptedModel["respondWith"]>[0] & object>[0]): ScriptedReply => ({
  text: systemOf(request).includes("GOOD") ? "Your bill is fixed." : "I am not sure.",
});

/** RO-3, RO-4, RO-5, RO-6: a rollout's eval tag runs its scenarios on both arms at each step, once, through the gate. */
describeEachDialect(
  "rollout evals",
  { outboundAllowHosts: ["127.0.0.1", HOOKS], rolloutEvalIterations: ITERATIONS },
  (t) => {
    let model: ScriptedModel;
    beforeAll(async () => {
      model = await startScriptedModel({ respond: byCatalog });
    });
    afterAll(async () => model?.close());
    beforeEach(() => {
      model.reset();
      model.respondWith(byCatalog);
    });

    const read = async (key: string, id: string) =>
      (await t.ok<{ rollout: RolloutView }>(READ_ROLLOUT, { id }, key)).rollout;
    const armsOf = (view: RolloutView) => Object.fromEntries(view.arms.map((a) => [a.arm, a]));
    const kinds = (view: RolloutView) => view.events.map((e) => e.kind);
    const stepOver = (id: string) =>
      t.app.db.write((tx) => tx.manager.getRepository(RolloutEntity).update({ id }, { stepStartedAt: new Date(0) }));

    /**
     * A project with a live skill and its draft (descriptions saying which arm passes), two agents following it live,
     * one pinned to the live version (not reached), a scenario with the rollout's tag and one without.
     */
    async function setup(name: string, passing: "candidate" | "live") {
      const { adminKey: key } = await t.project(name);
      const live = await publishSkill(t, key, name, {
        description: `Live bills helper${passing === "live" ? " GOOD" : ""}.`,
      });
      const created = await t.ok<{ createSkillVersion: { id: string } }>(
        `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        {
          input: {
            skillMd: skillMd(name, { description: `Candidate bills helper${passing === "candidate" ? " GOOD" : ""}.` }),
          },
        },
        key,
      );
      for (const agent of ["first", "second"]) {
        await publishAgent(t, key, { name: `${name}-${agent}`, skills: [{ name }], model: model.endpoint() });
      }
      await publishAgent(t, key, {
        name: `${name}-pinned`,
        skills: [{ name, versionId: live }],
        model: model.endpoint(),
      });
      await saveScenario(t, key, {
        name: "bill",
        tags: [TAG],
        turns: ["Explain my bill"],
        expectations: [{ kind: "REPLY_CONTAINS", text: "fixed" }],
      });
      await saveScenario(t, key, { name: "untagged", turns: ["Hi"], expectations: [] });
      return { key, live, draft: created.createSkillVersion.id };
    }

    /** One step's model requests: 1 scenario × 2 agents reached × ITERATIONS, on each of the two arms (one each). */
    const PER_STEP = 1 * 2 * ITERATIONS * 2;

    it("RO-3 each step runs the tagged scenarios once per arm; evalPassRate shows on both arms", async () => {
      const { key, draft } = await setup("ro3-evals", "candidate");
      const rollout = await startRollout(t, key, {
        versionId: draft,
        steps: [25, 50, 100],
        stepMinutes: 0,
        evalTag: TAG,
      });
      expect(armsOf(rollout).candidate!.evalPassRate).toBeNull();
      model.reset();
      model.respondWith(byCatalog);
      const first = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests).toHaveLength(PER_STEP);
      expect(armsOf(first).candidate!.evalPassRate).toBe(1);
      expect(armsOf(first).live!.evalPassRate).toBe(0);
      const evaluated = first.events.find((e) => e.kind === "evaluated")!;
      expect(evaluated).toMatchObject({ percent: 25 });
      expect(evaluated.detail).toMatchObject({
        actor: "rollout-guard",
        step: 0,
        tag: TAG,
        iterations: ITERATIONS,
        scenarios: 1,
        agents: 2,
        candidate: { runs: 2 * ITERATIONS, passes: 2 * ITERATIONS },
        live: { runs: 2 * ITERATIONS, passes: 0 },
        warnings: [],
      });
      // A second check at the same step adds nothing.
      const again = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests).toHaveLength(PER_STEP);
      expect(kinds(again).filter((k) => k === "evaluated")).toHaveLength(1);
      // The next step runs them again; the arms sum both steps.
      await act(t, key, "advanceRollout", rollout.id);
      const second = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests).toHaveLength(2 * PER_STEP);
      expect(kinds(second)).toEqual(["started", "evaluated", "advanced", "evaluated"]);
      expect(second.events.at(-1)).toMatchObject({ percent: 50, detail: { step: 1 } });
      const evalRuns = await t.ok<{ rollout: { arms: Array<{ arm: string; evalPassRate: number | null }> } }>(
        `query($id: ID!) { rollout(id: $id) { arms { arm evalPassRate } } }`,
        { id: rollout.id },
        key,
      );
      expect(evalRuns.rollout.arms).toEqual([
        { arm: "live", evalPassRate: 0 },
        { arm: "candidate", evalPassRate: 1 },
      ]);
    });

    it("RO-3 RO-5 with nobody calling checkRollout, the worker's own loop runs each step's evals, then advances on time, to completion", async () => {
      const { key, draft } = await setup("ro3-worker", "candidate");
      const rollout = await startRollout(t, key, {
        versionId: draft,
        steps: [25, 50, 100],
        stepMinutes: 1,
        evalTag: TAG,
        guards: [{ metric: "EVAL_PASS_RATE", maxDegradation: 0.2, minSamples: 1 }],
      });
      model.reset();
      model.respondWith(byCatalog);
      const eventsOf = async () => kinds(await read(key, rollout.id));
      t.app.rolloutWorker.start({ pollIntervalMs: 50 });
      try {
        await until(async () => (await eventsOf()).includes("evaluated"), 20_000);
        // the step's evals are counted; its minute is not over: it stays
        expect(await read(key, rollout.id)).toMatchObject({ percent: 25, stepIndex: 0 });
        await stepOver(rollout.id);
        await until(async () => (await eventsOf()).filter((k) => k === "evaluated").length === 2, 20_000);
        await stepOver(rollout.id);
        await until(async () => (await eventsOf()).includes("completed"), 20_000);
      } finally {
        await t.app.rolloutWorker.stop();
      }
      const done = await read(key, rollout.id);
      expect(kinds(done)).toEqual(["started", "evaluated", "advanced", "evaluated", "completed"]);
      expect(done.events.filter((e) => e.kind === "evaluated").map((e) => [e.percent, e.detail?.step])).toEqual([
        [25, 0],
        [50, 1],
      ]);
      expect(model.requests).toHaveLength(2 * PER_STEP);
      expect(armsOf(done).candidate!.evalPassRate).toBe(1);
      expect(done.guards[0]).toMatchObject({
        verdict: "holding",
        evidence: { liveSamples: 2 * 2 * ITERATIONS, candidateSamples: 2 * 2 * ITERATIONS },
      });
    });

    it("RO-3 a page of rollouts reads every rollout's eval counts in one statement (no N+1)", async () => {
      const { key, draft } = await setup("ro3-page", "candidate");
      await publishSkill(t, key, "ro3-page-other", { description: "Other GOOD." });
      const other = await draftSkill(t, key, "ro3-page-other", "Other candidate.");
      await publishAgent(t, key, {
        name: "other-agent",
        skills: [{ name: "ro3-page-other" }],
        model: model.endpoint(),
      });
      const ids = [];
      for (const versionId of [draft, other]) {
        const started = await startRollout(t, key, { versionId, steps: [50, 100], stepMinutes: 0, evalTag: TAG });
        await act(t, key, "checkRollout", started.id);
        ids.push(started.id);
      }
      let page: Array<{ id: string; arms: Array<{ arm: string; evalPassRate: number | null }> }> = [];
      const statements = await statementsDuring(t, async () => {
        page = (
          await t.ok<{ rollouts: { items: typeof page } }>(
            `query { rollouts { items { id arms { arm evalPassRate } } } }`,
            {},
            key,
          )
        ).rollouts.items;
      });
      expect(statements.filter((q) => /rollout_evals/.test(q))).toHaveLength(1);
      const rates = new Map(page.map((r) => [r.id, r.arms.map((a) => [a.arm, a.evalPassRate])]));
      // the first skill's candidate says GOOD, the other's live version does
      expect(rates).toEqual(
        new Map([
          [
            ids[0],
            [
              ["live", 0],
              ["candidate", 1],
            ],
          ],
          [
            ids[1],
            [
              ["live", 1],
              ["candidate", 0],
            ],
          ],
        ]),
      );
    });

    it("RO-4 EVAL_PASS_RATE guard judges eval iterations by the same test: not yet evidence after one step, trips after the next", async () => {
      const { key, live, draft } = await setup("ro4-evals", "live");
      await t.ok(
        `mutation { createWebhookSubscription(url: "https://${HOOKS}/r", eventTypes: ["rollout.rolled_back"]) { secret } }`,
        {},
        key,
      );
      // a step's iterations per arm: 1 scenario × 2 agents × ITERATIONS
      const perStep = 2 * ITERATIONS;
      const minSamples = perStep;
      const rollout = await startRollout(t, key, {
        versionId: draft,
        steps: [25, 50, 100],
        stepMinutes: 0,
        evalTag: TAG,
        guards: [{ metric: "EVAL_PASS_RATE", maxDegradation: 0.2, minSamples }],
      });
      // 4 iterations a side, all passing on live and failing on the candidate: not yet evidence of more than 20 points
      const first = await act(t, key, "checkRollout", rollout.id);
      expect(first).toMatchObject({ status: "running", percent: 25 });
      expect(first.guards[0]).toMatchObject({
        verdict: "insufficient",
        evidence: { liveSamples: perStep, candidateSamples: perStep, live: 1, candidate: 0 },
      });
      expect(first.guards[0]!.evidence!.samplesNeeded).toBeGreaterThan(0);
      expect(first.guards[0]!.evidence!.samplesNeeded).toBeLessThanOrEqual(perStep);
      await act(t, key, "advanceRollout", rollout.id);
      // the next step's evals add 4 more a side: now it is
      const checked = await act(t, key, "checkRollout", rollout.id);
      expect(checked).toMatchObject({ status: "rolled_back", percent: 0 });
      expect(checked.guards).toMatchObject([
        {
          metric: "EVAL_PASS_RATE",
          maxDegradation: 0.2,
          minSamples,
          tripped: true,
          verdict: "tripped",
          evidence: { liveSamples: 2 * perStep, candidateSamples: 2 * perStep, live: 1, candidate: 0 },
        },
      ]);
      expect(checked.endReason).toMatch(
        /EVAL_PASS_RATE guard tripped: candidate 0.0 % vs live 100.0 %, [\d.]+ to 100.0 points lower at 95 % confidence \(allowed: 20 points lower\)/,
      );
      expect(kinds(checked)).toEqual(["started", "evaluated", "advanced", "evaluated", "guard_tripped", "rolled_back"]);
      expect(checked.candidate.state).toBe("DRAFT");
      expect(checked.live).toMatchObject({ id: live, state: "PUBLISHED" });
      const guard = { metric: "EVAL_PASS_RATE", max_degradation: 0.2, live: 1, candidate: 0 };
      const audit = await t.ok<{
        auditLog: { items: Array<{ action: string; actor: string; data: Record<string, unknown> }> };
      }>(
        `query($r: String!) { auditLog(resourceId: $r, limit: 50) { items { action actor data } } }`,
        { r: draft },
        key,
      );
      const entry = audit.auditLog.items.find((a) => a.action === "rollout_rolled_back")!;
      expect(entry.actor).toBe("rollout-guard");
      expect(entry.data.guard).toMatchObject({ ...guard, live_samples: 2 * perStep, candidate_samples: 2 * perStep });
      const hooks = await t.ok<{
        webhookDeliveries: { items: Array<{ eventType: string; payload: { data: Record<string, unknown> } }> };
      }>(`query { webhookDeliveries(limit: 50) { items { eventType payload } } }`, {}, key);
      const hook = hooks.webhookDeliveries.items.find((d) => d.payload.data.rollout_id === rollout.id)!;
      expect(hook.eventType).toBe("rollout.rolled_back");
      expect(hook.payload.data).toMatchObject({ skill: "ro4-evals", percent: 0, guard });
      const published = await t.ok<{ skills: { items: Array<{ id: string }> } }>(
        `query { skills(name: "ro4-evals", state: PUBLISHED) { items { id } } }`,
        {},
        key,
      );
      expect(published.skills.items.map((v) => v.id)).toEqual([live]);
    });

    it("RO-6 two checks of the same step at once evaluate it once", async () => {
      const { key, draft } = await setup("ro6-evals", "candidate");
      const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 0, evalTag: TAG });
      model.reset();
      // slow answers: the second check comes while the first one's evals are still running
      model.respondWith((request) => ({ ...byCatalog(request), delayMs: 50 }));
      // PostgreSQL: a second instance on the same database checks too, on its own connections
      const url = t.app.db.postgresUrl();
      const other = url
        ? await startTestApp(await Database.open({ url, entities, poolSize: 10 }), {
            overrides: { outboundAllowHosts: ["127.0.0.1"], rolloutEvalIterations: ITERATIONS },
          })
        : undefined;
      try {
        await Promise.all([
          act(t, key, "checkRollout", rollout.id),
          act(t, key, "checkRollout", rollout.id),
          t.app.services.rollouts.checkById(rollout.id),
          ...(other ? [other.app.rolloutWorker.pass(), other.app.services.rollouts.checkById(rollout.id)] : []),
        ]);
      } finally {
        await other?.close();
      }
      expect(model.requests).toHaveLength(PER_STEP);
      const after = await read(key, rollout.id);
      expect(kinds(after).filter((k) => k === "evaluated")).toHaveLength(1);
      expect(armsOf(after).candidate!.evalPassRate).toBe(1);
    });

    it("RO-6 a step claimed by an instance that died is taken over once its lease ran out", async () => {
      const { key, draft } = await setup("ro6-lease", "candidate");
      const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 5, evalTag: TAG });
      await stepOver(rollout.id);
      const claim = (leaseUntil: Date) =>
        t.app.db.write(async (tx) => {
          const rows = tx.manager.getRepository(RolloutEvalEntity);
          await rows.save(
            Object.assign(new RolloutEvalEntity(), {
              rolloutId: rollout.id,
              stepIndex: 0,
              status: "pending",
              claimedBy: "a-dead-instance",
              leaseUntil,
              error: null,
              updatedAt: new Date(),
            }),
          );
        });
      await claim(new Date(Date.now() + 60_000));
      model.reset();
      model.respondWith(byCatalog);
      // Held (the other instance may still be running them): nothing run here, and the step waits for its evals.
      const held = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests).toHaveLength(0);
      expect(held).toMatchObject({ status: "running", stepIndex: 0 });
      expect(kinds(held)).toEqual(["started"]);
      // The lease ran out: the next check takes the step over, counts it, and the step ends on time.
      await claim(new Date(Date.now() - 1));
      const taken = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests).toHaveLength(PER_STEP);
      expect(kinds(taken)).toEqual(["started", "evaluated", "completed"]);
    });

    it("RO-3 RO-4 an advance by hand runs the step's evals first: the guard judging them rolls back instead of promoting", async () => {
      const { key, live, draft } = await setup("ro3-advance", "live");
      await saveScenario(t, key, {
        name: "bill again",
        tags: [TAG],
        turns: ["Explain my bill once more"],
        expectations: [{ kind: "REPLY_CONTAINS", text: "fixed" }],
      });
      const rollout = await startRollout(t, key, {
        versionId: draft,
        steps: [25, 50, 100],
        stepMinutes: 0,
        evalTag: TAG,
        guards: [{ metric: "EVAL_PASS_RATE", maxDegradation: 0.2, minSamples: 8 }],
      });
      model.reset();
      model.respondWith(byCatalog);
      // nobody checked the step: the advance evaluates it (2 scenarios × 2 agents × 2 iterations a side), and its
      // guard, at 100 % against 0 % on 8 iterations, rolls back
      const advanced = await act(t, key, "advanceRollout", rollout.id);
      expect(model.requests).toHaveLength(2 * PER_STEP);
      expect(kinds(advanced)).toEqual(["started", "evaluated", "guard_tripped", "rolled_back"]);
      expect(advanced).toMatchObject({ status: "rolled_back", percent: 0, live: { id: live } });
      expect(advanced.guards[0]).toMatchObject({
        verdict: "tripped",
        evidence: { liveSamples: 8, candidateSamples: 8 },
      });
    });

    it("RO-5 a step with evals pending does not advance on time; a model failure counts nothing and is retried", async () => {
      const { key, draft } = await setup("ro5-evals", "candidate");
      const rollout = await startRollout(t, key, {
        versionId: draft,
        steps: [25, 50, 100],
        stepMinutes: 5,
        evalTag: TAG,
      });
      await stepOver(rollout.id);
      model.reset();
      model.respondWith(() => ({ fail: 503, message: "upstream down" }));
      const failed = await act(t, key, "checkRollout", rollout.id);
      expect(failed).toMatchObject({ status: "running", stepIndex: 0, percent: 25 });
      expect(kinds(failed)).toEqual(["started", "eval_failed"]);
      expect(failed.events[1]!.detail).toMatchObject({ actor: "rollout-guard", step: 0 });
      expect(String(failed.events[1]!.detail!.reason)).not.toBe("");
      expect(armsOf(failed).candidate!.evalPassRate).toBeNull();
      // Still down: tried again, not advanced, the same failure not said twice.
      const requests = model.requests.length;
      const stillDown = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests.length).toBeGreaterThan(requests);
      expect(stillDown).toMatchObject({ stepIndex: 0, percent: 25 });
      expect(kinds(stillDown)).toEqual(["started", "eval_failed"]);
      // Back up: the step is counted, and only then does it end on time.
      model.reset();
      model.respondWith(byCatalog);
      const recovered = await act(t, key, "checkRollout", rollout.id);
      expect(model.requests).toHaveLength(PER_STEP);
      expect(kinds(recovered)).toEqual(["started", "eval_failed", "evaluated", "advanced"]);
      expect(recovered).toMatchObject({ status: "running", stepIndex: 1, percent: 50 });
      expect(armsOf(recovered).candidate!.evalPassRate).toBe(1);
    });
  },
);
