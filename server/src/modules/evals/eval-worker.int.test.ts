import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { entities } from "../../entities";
import type { Config } from "../../config";
import { Database, type Dialect } from "../../platform/db/database";
import { createScratchPostgres } from "../../platform/db/scratch-postgres";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { billingReply, readRun, saveScenario, settledRun, startRun } from "../../../test/support/evals";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect, startTestApp, testCredentials, type TestApp } from "../../../test/support/test-app";
import { sleep, until } from "../../../test/support/wait";
import { EvalWorker } from "./eval-worker";

async function sharedDatabase(dialect: Dialect): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  if (dialect === "postgres") {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
    return { open: () => Database.open({ url: scratch.url, entities }), drop: scratch.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-evals-"));
  return {
    open: () => Database.open({ url: undefined, sqlitePath: path.join(dir, "db.sqlite"), entities }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const OVERRIDES: Partial<Config> = { outboundAllowHosts: ["127.0.0.1"], evalLeaseMs: 60_000 };
const BILL = "Explain my bill please";

describeEachDialect.withOwnApps("eval worker across restarts and instances", (dialect) => {
  const credentials = testCredentials();
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel({ respond: billingReply });
  });
  afterAll(async () => model?.close());

  const instance = (db: Database) => startTestApp(db, { overrides: OVERRIDES, credentials });

  async function setUp(t: TestApp) {
    const project = await t.project("eval instances");
    const key = project.adminKey;
    await publishSkill(t, key, "explain_bill", { body: "Bill instructions v1." });
    const agentId = await publishAgent(t, key, {
      name: "bot",
      skills: [{ name: "explain_bill" }],
      model: model.endpoint("m"),
    });
    return { key, agentId };
  }

  it("EV-1 a run left running by a dead instance is resumed by a new one once its lease expired, with the versions it resolved and the results it stored", async () => {
    model.reset();
    const shared = await sharedDatabase(dialect);
    try {
      const first = await instance(await shared.open());
      const { key, agentId } = await setUp(first);
      const scenario = await saveScenario(first, key, {
        name: "bill",
        turns: [BILL],
        expectations: [{ kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "explain_bill" } }],
      });
      let release!: () => void;
      const held = new Promise<void>((ok) => (release = ok));
      let answered = 0;
      model.respondWith(async (request) => {
        if (answered++ === 2) await held; // the second iteration's first request
        return billingReply(request);
      });
      first.app.evalWorker.start({ pollIntervalMs: 20 });
      const queued = await startRun(first, key, {
        target: { agentId },
        scenarioIds: [scenario.id],
        iterations: 3,
      });
      await until(async () => (await readRun(first, key, queued.id)).results.length === 1);
      // The instance dies mid-iteration: its claim is left behind with a lease that runs out in a moment.
      const leaseEnds = Date.now() + 1500;
      await first.app.db.write((tx) =>
        tx.manager.query(
          `UPDATE eval_runs SET claimed_by = 'dead-worker', locked_until = ${leaseEnds} WHERE id = '${queued.id}'`,
        ),
      );
      release();
      await first.app.close();
      const second = await instance(await shared.open());
      try {
        await publishSkill(second, key, "explain_bill", { body: "Bill instructions v2." });
        expect((await readRun(second, key, queued.id)).status).toBe("running");
        second.app.evalWorker.start({ pollIntervalMs: 20 });
        const run = await settledRun(second, key, queued.id);
        expect(Date.now()).toBeGreaterThanOrEqual(leaseEnds);
        expect(run.status).toBe("done");
        expect(run.results.map((r) => r.iteration)).toEqual([1, 2, 3]);
        expect(run.results.every((r) => r.passed)).toBe(true);
        expect(run.resolvedConfig.resolved_skills!.map((s) => s.version)).toEqual([1]);
        for (const result of run.results) expect(result.transcript[0]!.content).toContain("Bill instructions v1.");
      } finally {
        await second.close();
      }
    } finally {
      await shared.drop();
    }
  });

  it("two workers on one database (two instances on PostgreSQL) run each run once", async () => {
    model.reset();
    model.respondWith(async (request) => (await sleep(Math.random() * 10), billingReply(request)));
    const shared = await sharedDatabase(dialect);
    const one = await instance(await shared.open());
    const two = dialect === "postgres" ? await instance(await shared.open()) : null;
    const secondWorker =
      two?.app.evalWorker ??
      new EvalWorker(one.app.db, one.app.services.evalPlanner, one.app.services.evalExecutor, one.app.logger, {
        pollIntervalMs: 20,
        leaseMs: 60_000,
      });
    try {
      const { key, agentId } = await setUp(one);
      const scenario = await saveScenario(one, key, { name: "hi", turns: ["Hi"], expectations: [] });
      one.app.evalWorker.start({ pollIntervalMs: 20 });
      secondWorker.start({ pollIntervalMs: 20 });
      const runs = [];
      for (let i = 0; i < 6; i++) {
        const starter = i % 2 === 0 || !two ? one : two;
        runs.push(await startRun(starter, key, { target: { agentId }, scenarioIds: [scenario.id], iterations: 3 }));
      }
      for (const queued of runs) {
        const run = await settledRun(one, key, queued.id);
        expect(run.status).toBe("done");
        expect(run.results.map((r) => r.iteration)).toEqual([1, 2, 3]);
      }
      await sleep(200);
      // One model request per iteration ("Hi" is answered without tools): 6 runs × 3 iterations, none twice.
      expect(model.requests).toHaveLength(18);
    } finally {
      await secondWorker.stop();
      await one.close();
      await two?.close();
      await shared.drop();
    }
  });
});
