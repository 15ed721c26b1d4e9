import { randomUUID } from "node:crypto";
import { randomToken } from "../../platform/crypto";
import type { Database } from "../../platform/db/database";
import type { OutageLog } from "../../platform/db/outage-log";
import type { Logger } from "../../platform/logger";
import { PollingWorker } from "../../platform/jobs/polling-worker";
import { EvalResultEntity, type EvalRunEntity } from "./eval.entity";
import { EvalRepository } from "./eval.repository";
import type { EvalExecutor } from "./eval-executor";
import { EvalPlanner, type EvalPlan } from "./eval-plan";

export interface EvalWorkerOptions {
  /** How often to look for claimable runs when nothing woke the worker (EVAL_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** How long a claim holds without renewal (EVAL_LEASE_MS); renewed every third of it while the run goes on. */
  leaseMs: number;
  /** The process's database outage log (SEC-20): a pass that meets an outage adds no line of its own. */
  outage?: OutageLog;
}

/** Stopped (SIGTERM): the run is left to another worker, or to this one after a restart. */
class Stopped extends Error {}
/** The lease was lost (this worker stalled past it and another one took the run over). */
class LeaseLost extends Error {}

/**
 * Runs eval runs outside GraphQL requests. Each pass claims one run with a lease (the webhook worker's pattern:
 * SKIP LOCKED on PostgreSQL, compare-and-set on both), so two instances never run one run; the lease is renewed
 * while the run goes on, and a run whose worker died is claimed again once its lease expired and resumes after its
 * last stored result. The target is resolved once, before the first iteration, and the plan is stored (EV-1).
 */
export class EvalWorker extends PollingWorker {
  readonly id = `ev_${randomToken(16)}`;

  constructor(
    private readonly db: Database,
    private readonly planner: EvalPlanner,
    private readonly executor: EvalExecutor,
    private readonly logger: Logger,
    private readonly options: EvalWorkerOptions,
  ) {
    // `wake` after startEvalRun queued a run; on `stop` the run in hand stops after its current iteration and its
    // lease is released.
    super({ logger, what: "eval worker", pollIntervalMs: options.pollIntervalMs, outage: options.outage });
  }

  protected override logContext(): Record<string, unknown> {
    return { worker: this.id };
  }

  /** OB-2: runs waiting for a worker (the eval queue's depth). */
  queuedCount(): Promise<number> {
    return this.db.read((m) => new EvalRepository(m).countQueued());
  }

  /** One pass: claims one run and runs it to its end (or until stopped); true when it claimed one. */
  protected async pass(): Promise<boolean> {
    const now = new Date();
    if (!(await this.db.read((m) => new EvalRepository(m).hasClaimable(now)))) return false;
    if (!this.running) return false;
    const token = `${this.id}:${randomToken(12)}`;
    const run = await this.db.write((tx) => new EvalRepository(tx.manager).claim(now, this.leaseUntil(), token));
    if (!run) return false;
    await this.execute(run, token);
    return true;
  }

  private leaseUntil(): Date {
    return new Date(Date.now() + this.options.leaseMs);
  }

  private async execute(run: EvalRunEntity, token: string): Promise<void> {
    const heartbeat = setInterval(
      () => {
        this.update(run.id, token, { lockedUntil: this.leaseUntil() }).catch(() => undefined);
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const plan = run.plan ?? (await this.resolve(run, token));
      await this.iterate(run, plan, token);
      await this.update(run.id, token, { status: "done", finishedAt: new Date(), lockedUntil: null, claimedBy: null });
    } catch (error) {
      if (error instanceof Stopped) {
        // Left running with a free lease: the next worker to look resumes it after its last result.
        await this.update(run.id, token, { lockedUntil: null, claimedBy: null }).catch(() => undefined);
      } else if (this.options.outage?.noteIfUnavailable(error)) {
        // The database went away mid-run: not the run's failure. Its lease expires and it resumes after its last
        // stored result once the database is back.
      } else if (!(error instanceof LeaseLost)) {
        // An upstream that failed mid-run (or a target that no longer resolves): failed, results kept.
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn({ run: run.id, err: error }, "eval run failed");
        await this.update(run.id, token, {
          status: "failed",
          error: reason,
          finishedAt: new Date(),
          lockedUntil: null,
          claimedBy: null,
        }).catch(() => undefined);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** EV-1: the target's skills resolved once, before the first iteration; stored so a resumed run keeps them. */
  private async resolve(run: EvalRunEntity, token: string): Promise<EvalPlan> {
    const { plan, warnings } = await this.planner.plan(run.id, run.projectId, run.target);
    const total = plan.agents.length * run.scenarios.length * run.iterations;
    await this.update(run.id, token, {
      plan,
      resolvedConfig: EvalPlanner.resolvedConfig(plan),
      warnings: [...new Set([...run.warnings, ...warnings])],
      total,
    });
    return plan;
  }

  private async iterate(run: EvalRunEntity, plan: EvalPlan, token: string): Promise<void> {
    const done = await this.db.read((m) => new EvalRepository(m).resultSeqs(run.id));
    let seq = 0;
    for (const [index, agent] of plan.agents.entries()) {
      const open = this.planner.opener(run.id, index, agent);
      for (const scenario of run.scenarios) {
        for (let iteration = 1; iteration <= run.iterations; iteration++) {
          seq += 1;
          if (done.has(seq)) continue;
          if (!this.running) throw new Stopped();
          const outcome = await this.executor.iteration(agent, open, scenario);
          const result = Object.assign(new EvalResultEntity(), {
            id: randomUUID(),
            runId: run.id,
            seq,
            scenarioId: scenario.id,
            agentId: agent.agentId,
            iteration,
            passed: outcome.passed,
            transcript: outcome.transcript,
            toolCalls: outcome.toolCalls,
            expectations: outcome.expectations,
            at: new Date(),
          });
          const recorded = await this.db.write((tx) =>
            new EvalRepository(tx.manager).recordResult(result, token, this.leaseUntil()),
          );
          if (!recorded) throw new LeaseLost();
        }
      }
    }
  }

  private async update(id: string, token: string, fields: Partial<EvalRunEntity>): Promise<void> {
    const held = await this.db.write((tx) => new EvalRepository(tx.manager).updateClaimed(id, token, fields as never));
    if (!held) throw new LeaseLost();
  }
}
