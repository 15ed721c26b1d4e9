import { randomUUID } from "node:crypto";
import type { Database, Tx } from "../../platform/db/database";
import type { Logger } from "../../platform/logger";
import type { EvalComparison, EvalGate } from "../evals";
import type { UsageService } from "../usage";
import { armSums } from "./rollout-guards";
import { isActive } from "./rollout-plan";
import { ROLLOUT_GUARD_ACTOR } from "./rollout-steps";
import { RolloutChanged } from "./rollout.events";
import { rolloutEventRow, ROLLOUT_REASON_LENGTH, type RolloutEntity, type RolloutEventKind } from "./rollout.entity";
import { RolloutRepository } from "./rollout.repository";

/** How long a checker holds a step's evals before another may take them over (a crashed instance's claim). */
export const ROLLOUT_EVAL_LEASE_MS = 10 * 60_000;

export interface RolloutEvaluationOptions {
  /** ROLLOUT_EVAL_ITERATIONS: iterations of each scenario, per agent, per arm, per step. */
  iterations: number;
  leaseMs?: number;
}

/**
 * RO-3: when a rollout names an eval tag, each step runs the scenarios with that tag on the candidate and on live
 * for every agent of the project that follows the skill live (EV-4, the publish gate's comparison), once: a step's
 * row is claimed (a lease), the model calls run outside any transaction, and the counts are recorded under the
 * rollout's row lock while it still stands at that step, with an `evaluated` event — so two instances never both
 * count a step (RO-6). A failure counts nothing: it is logged, said once as an `eval_failed` event, and the next
 * check tries again.
 */
export class RolloutEvaluations {
  private readonly leaseMs: number;

  constructor(
    private readonly db: Database,
    private readonly gate: Pick<EvalGate, "compareFor">,
    private readonly usage: Pick<UsageService, "agentsReached">,
    private readonly logger: Logger,
    private readonly options: RolloutEvaluationOptions,
  ) {
    this.leaseMs = options.leaseMs ?? ROLLOUT_EVAL_LEASE_MS;
  }

  /** The rollout's current step evaluated now, unless it names no tag, is not running, or the step is claimed or counted. */
  async evaluate(rollout: RolloutEntity): Promise<void> {
    const tag = rollout.evalTag;
    if (!tag || rollout.status !== "running") return;
    const step = rollout.stepIndex;
    const token = randomUUID();
    const now = new Date();
    const claimed = await this.db.write((tx) =>
      new RolloutRepository(tx.manager).claimEval(rollout.id, step, token, now, new Date(now.getTime() + this.leaseMs)),
    );
    if (!claimed) return;
    let comparison: EvalComparison;
    try {
      const agentIds = await this.usage.agentsReached(rollout.projectId, rollout.skillName);
      comparison = await this.gate.compareFor(
        {
          projectId: rollout.projectId,
          skill: rollout.skillName,
          candidate: { id: rollout.candidateVersionId, version: rollout.candidateVersion },
          live: { id: rollout.liveVersionId, version: rollout.liveVersion },
          agentIds,
        },
        this.options.iterations,
        tag,
      );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, ROLLOUT_REASON_LENGTH);
      this.logger.warn(
        { err: error, rolloutId: rollout.id, step },
        "rollout step evals failed; retried on the next check",
      );
      await this.failed(rollout.id, step, token, reason);
      return;
    }
    await this.record(rollout.id, step, token, comparison);
  }

  private async record(id: string, step: number, token: string, comparison: EvalComparison): Promise<void> {
    await this.db.write(async (tx) => {
      const repo = new RolloutRepository(tx.manager);
      const rollout = await repo.findForUpdate(id);
      // A rollout that moved on (or ended) meanwhile keeps its step's row pending: nothing counts for a step it left.
      if (!rollout || !isActive(rollout.status) || rollout.stepIndex !== step) return;
      const sums = armSums(comparison);
      if (!(await repo.recordEval(id, step, token, sums, new Date()))) return;
      await this.event(tx, rollout, "evaluated", {
        actor: ROLLOUT_GUARD_ACTOR,
        step,
        tag: comparison.tag,
        iterations: comparison.iterations,
        scenarios: comparison.scenarios,
        agents: comparison.agents.length,
        live: sums.live,
        candidate: sums.candidate,
        warnings: comparison.warnings,
      });
    });
  }

  private async failed(id: string, step: number, token: string, reason: string): Promise<void> {
    await this.db.write(async (tx) => {
      const repo = new RolloutRepository(tx.manager);
      const rollout = await repo.findForUpdate(id);
      const before = await repo.findEval(id, step);
      if (!(await repo.releaseEval(id, step, token, reason, new Date()))) return;
      // Said once per reason, not on every check while the model stays down.
      if (rollout && isActive(rollout.status) && before?.error !== reason) {
        await this.event(tx, rollout, "eval_failed", { actor: ROLLOUT_GUARD_ACTOR, step, reason });
      }
    });
  }

  private async event(
    tx: Tx,
    rollout: RolloutEntity,
    kind: RolloutEventKind,
    detail: Record<string, unknown>,
  ): Promise<void> {
    const repo = new RolloutRepository(tx.manager);
    const event = rolloutEventRow(rollout, await repo.nextSeq(rollout.id), kind, rollout.percent, detail, new Date());
    await repo.appendEvents([event]);
    tx.emit(RolloutChanged({ projectId: rollout.projectId, rolloutId: rollout.id }));
  }
}
