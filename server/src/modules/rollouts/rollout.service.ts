import { randomUUID } from "node:crypto";
import type { Database, Tx } from "../../platform/db/database";
import { Conflict, Forbidden, Invalid, NotFound } from "../../platform/errors";
import { filterValue, pageWindow, type Page } from "../../platform/graphql/page";
import type { ApprovalCheck } from "../approvals";
import type { AuthContext, AuthService } from "../auth";
import {
  normaliseSkillName,
  refusePublish,
  type SkillLifecycleService,
  type SkillReader,
  type SkillVersionEntity,
} from "../skills";
import { NO_COUNTS, judgeGuards, withEvals, type ArmSignals } from "./rollout-guards";
import { checkPlan, isActive, nextStep, stepDue, type PlanInput } from "./rollout-plan";
import { ROLLOUT_STATUSES, RolloutEntity, type RolloutEventEntity } from "./rollout.entity";
import { RolloutRepository, type RolloutFilter } from "./rollout.repository";
import { ROLLOUT_GUARD_ACTOR, type RolloutChange, type RolloutSteps } from "./rollout-steps";

/** Both arms' signals of each rollout (RO-3): the signals module's one aggregation, one query for many rollouts. */
export type RolloutSignals = (
  rollouts: readonly RolloutEntity[],
) => Promise<Map<string, { live: ArmSignals; candidate: ArmSignals }>>;

/** RO-3: a rollout's current step evaluated (its eval tag's scenarios on both arms), once; RolloutEvaluations. */
export type RolloutStepEvals = (rollout: RolloutEntity) => Promise<void>;

/** Both arms at zero: a rollout the signals have not seen yet. */
const NO_ARMS = { live: NO_COUNTS, candidate: NO_COUNTS };

export interface StartRollout extends PlanInput {
  versionId: string;
}

export const ROLLOUT_REASON_MAX = 1000;

/**
 * Staged rollouts (RO-1..6): start, the hand's moves (advance, pause, resume, abort) and the check the worker and
 * `checkRollout` run. Every decision is taken under the rollout's row lock on the row as it is then, and its effects
 * (RolloutSteps) commit with it: any number of instances may decide, and each decision happens once (RO-6).
 */
export class RolloutService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly lifecycle: SkillLifecycleService,
    private readonly skills: SkillReader,
    private readonly steps: RolloutSteps,
    private readonly signals: RolloutSignals,
    private readonly approvals: Pick<ApprovalCheck, "requireApproved">,
    private readonly stepEvals: RolloutStepEvals = async () => {},
  ) {}

  // ---- reads ----

  async get(ctx: AuthContext, id: string): Promise<RolloutEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => new RolloutRepository(m).find(scope.projectId, id));
  }

  async list(ctx: AuthContext, filter: RolloutFilter, page: number, limit: number): Promise<Page<RolloutEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const window = pageWindow(page, limit);
    const status = filterValue("status", filter.status, ROLLOUT_STATUSES);
    const found = await this.db.read((m) =>
      // SK-1: a name is compared after NFKC, as every other skill-name argument
      new RolloutRepository(m).page(
        scope.projectId,
        { skill: filter.skill && normaliseSkillName(filter.skill), status },
        window.offset,
        limit,
      ),
    );
    return { ...found, page, limit };
  }

  eventsOf(ids: readonly string[]): Promise<RolloutEventEntity[]> {
    return this.db.read((m) => new RolloutRepository(m).eventsOf(ids));
  }

  versionsOf(projectId: string, ids: readonly string[]): Promise<SkillVersionEntity[]> {
    return this.skills.versionsByIds(projectId, ids);
  }

  /** RO-3: both arms' signals of each rollout (one aggregation) with their counted evals (one more statement). */
  async armsOf(rollouts: readonly RolloutEntity[]): Promise<Array<{ live: ArmSignals; candidate: ArmSignals }>> {
    const tagged = rollouts.filter((r) => r.evalTag).map((r) => r.id);
    const [arms, evals] = await Promise.all([
      this.signals(rollouts),
      this.db.read((m) => new RolloutRepository(m).evalSums(tagged)),
    ]);
    return rollouts.map((r) => withEvals(arms.get(r.id) ?? NO_ARMS, r.evalTag !== null, evals.get(r.id)));
  }

  /** Every running or paused rollout (the worker's pass). */
  activeIds(): Promise<string[]> {
    return this.db.read((m) => new RolloutRepository(m).activeIds());
  }

  /** The project's running and paused rollouts (what resolutions use, cached by RunningRollouts). */
  activeOf(projectId: string): Promise<RolloutEntity[]> {
    return this.db.read((m) => new RolloutRepository(m).activeOf(projectId));
  }

  // ---- start (RO-1) ----

  async start(ctx: AuthContext, input: StartRollout): Promise<RolloutEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const { plan, problems } = checkPlan(input);
    if (problems.length > 0) throw Invalid.of(problems);
    return this.db.write(async (tx) => {
      const locked = await this.lifecycle.lockedForRollout(tx, scope.projectId, input.versionId);
      if (!locked) throw new NotFound("The skill version (versionId)");
      const { version, liveVersionId } = locked;
      if (version.state !== "draft") {
        throw new Conflict(
          `Version ${version.version} of '${version.name}' is ${version.state}; only a draft can be rolled out.`,
          { field: "version_id", state: version.state },
        );
      }
      if (!liveVersionId) {
        throw new Conflict(
          `'${version.name}' has no live version to roll out beside; publish version ${version.version} plainly.`,
          { field: "version_id", reason: "no_live_version" },
        );
      }
      // RO-1: what its completion (a publish) would refuse, refused now, as the candidate's publish preview refuses it
      refusePublish(version);
      const repo = new RolloutRepository(tx.manager);
      const running = await repo.findActive(scope.projectId, version.name);
      if (running) {
        throw new Conflict(`'${version.name}' already has a ${running.status} rollout; end it first.`, {
          field: "version_id",
          reason: "rollout_running",
          rollout_id: running.id,
        });
      }
      // AP-1, SEC-24: a rollout start needs what a publish needs
      await this.approvals.requireApproved(tx, { kind: "skill", projectId: scope.projectId, versionId: version.id });
      const [live] = await this.skills.versionsByIds(scope.projectId, [liveVersionId], tx);
      const now = new Date();
      const rollout = Object.assign(new RolloutEntity(), {
        id: randomUUID(),
        projectId: scope.projectId,
        skillName: version.name,
        candidateVersionId: version.id,
        candidateVersion: version.version,
        liveVersionId,
        liveVersion: live?.version ?? 0,
        status: "running" as const,
        percent: plan.steps[0]!,
        steps: plan.steps,
        stepIndex: 0,
        stepMinutes: plan.stepMinutes,
        guards: plan.guards,
        evalTag: plan.evalTag,
        stepStartedAt: now,
        startedBy: scope.actor,
        startedAt: now,
        endedAt: null,
        endReason: null,
        updatedAt: now,
      });
      return this.steps.apply(tx, rollout, { kind: "started" }, scope.actor);
    }, scope);
  }

  /** RO-1: a running rollout's candidate is frozen (SkillService asks, inside the edit's transaction). */
  async refuseCandidateEdit(tx: Tx, projectId: string, version: SkillVersionEntity): Promise<void> {
    const active = await new RolloutRepository(tx.manager).findActive(projectId, version.name);
    if (active?.candidateVersionId === version.id) {
      throw new Conflict(
        `Version ${version.version} of '${version.name}' is the candidate of a ${active.status} rollout and is frozen until it ends.`,
        { reason: "rollout_candidate", rollout_id: active.id },
      );
    }
  }

  // ---- by hand (RO-5) ----

  /**
   * RO-4, RO-5: the next step by hand — unless the rollout broke or a guard has tripped, which ends it as the worker
   * would (a person never promotes a candidate its guard rolls back, whichever of the two comes first). RO-3: the
   * step's evals run first when nothing has counted them yet, as a check would, so that each step is evaluated and
   * an eval guard judges the step being left; if the model fails the step advances without them (said as
   * `eval_failed`).
   */
  async advance(ctx: AuthContext, id: string): Promise<RolloutEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const read = await this.db.read((m) => new RolloutRepository(m).find(scope.projectId, id));
    if (!read) throw new NotFound("The rollout");
    await this.stepEvals(read);
    const signals = await this.signalsOf(read);
    return this.decide(scope.projectId, id, async (tx, rollout) => {
      requireActive(rollout);
      const undo = await this.undoing(tx, rollout, signals);
      return undo ?? { change: advanceChange(rollout), actor: scope.actor };
    });
  }

  async pause(ctx: AuthContext, id: string): Promise<RolloutEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.decide(scope.projectId, id, async (_tx, rollout) => {
      requireStatus(rollout, "running", "pause");
      return { change: { kind: "paused" }, actor: scope.actor };
    });
  }

  async resume(ctx: AuthContext, id: string): Promise<RolloutEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.decide(scope.projectId, id, async (_tx, rollout) => {
      requireStatus(rollout, "paused", "resume");
      return { change: { kind: "resumed" }, actor: scope.actor };
    });
  }

  async abort(ctx: AuthContext, id: string, reason: string): Promise<RolloutEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const why = reason.trim();
    if (!why) throw Invalid.field("reason", "Say why the rollout is aborted (reason).");
    if (why.length > ROLLOUT_REASON_MAX)
      throw Invalid.field("reason", `reason is at most ${ROLLOUT_REASON_MAX} characters; it has ${why.length}.`);
    return this.decide(scope.projectId, id, async (_tx, rollout) => {
      requireActive(rollout);
      return { change: { kind: "aborted", reason: why }, actor: scope.actor };
    });
  }

  /** RO-5 on demand: what the worker does, for one rollout of the caller's project, now. */
  async check(ctx: AuthContext, id: string): Promise<RolloutEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const found = await this.db.read((m) => new RolloutRepository(m).find(scope.projectId, id));
    if (!found) throw new NotFound("The rollout");
    return this.checkNow(found);
  }

  /** After a skill's live pointer moved (publish, rollback, delete by hand): its rollout, if any, checked now. */
  async checkSkill(projectId: string, name: string): Promise<void> {
    const active = await this.db.read((m) => new RolloutRepository(m).findActive(projectId, name));
    // No evals here: the rollout is most likely ending (its live version moved), and the next check runs them.
    if (active) await this.checkNow(active, false);
  }

  /** The worker's look at one rollout (any project): the step's evals, integrity, guards, then the step's time. */
  async checkById(id: string): Promise<RolloutEntity | null> {
    const found = await this.db.read((m) => new RolloutRepository(m).findById(id));
    if (!found || !isActive(found.status)) return found;
    return this.checkNow(found);
  }

  private async checkNow(read: RolloutEntity, evaluate = true): Promise<RolloutEntity> {
    try {
      return await this.judge(read, evaluate);
    } catch (error) {
      // AP-1: the completion is a publish and asks the policy again; approvals withdrawn (or a policy raised) since
      // the start pause the rollout at its step, saying why, instead of failing on every pass.
      if (!(error instanceof Forbidden) || error.details?.reason !== "approval_required") throw error;
      return this.decide(read.projectId, read.id, async (_tx, rollout) =>
        rollout.status === "running"
          ? { change: { kind: "paused", reason: error.message }, actor: ROLLOUT_GUARD_ACTOR }
          : null,
      );
    }
  }

  private async judge(read: RolloutEntity, evaluate: boolean): Promise<RolloutEntity> {
    if (!isActive(read.status)) return read;
    // RO-3: the step's evals first (model calls, outside any transaction), so the guards below see them.
    if (evaluate) await this.stepEvals(read);
    const signals = await this.signalsOf(read);
    return this.decide(read.projectId, read.id, async (tx, rollout) => {
      if (!isActive(rollout.status)) return null;
      const undo = await this.undoing(tx, rollout, signals);
      if (undo) return undo;
      // A step whose evals are not counted yet does not end on time: a guard must see them first.
      if (stepDue(rollout, new Date()) && !(await evalsPending(tx, rollout)))
        return { change: advanceChange(rollout), actor: ROLLOUT_GUARD_ACTOR };
      return null;
    });
  }

  /**
   * Both arms' signals for the guards, read before the lock (a slow aggregation never holds it); the decision is then
   * taken on the row as it is under the lock, so a rollout another instance moved meanwhile is judged as it is now.
   */
  private async signalsOf(read: RolloutEntity): Promise<{ live: ArmSignals; candidate: ArmSignals }> {
    return read.guards.length > 0 ? (await this.armsOf([read]))[0]! : NO_ARMS;
  }

  /** Under the lock: the end a broken rollout (integrity) or a tripped guard (RO-4) takes by itself, if any. */
  private async undoing(
    tx: Tx,
    rollout: RolloutEntity,
    signals: { live: ArmSignals; candidate: ArmSignals },
  ): Promise<{ change: RolloutChange; actor: string } | null> {
    const broken = await this.integrity(tx, rollout);
    if (broken) return { change: broken, actor: ROLLOUT_GUARD_ACTOR };
    const { tripped } = judgeGuards(rollout.guards, signals.live, signals.candidate);
    if (tripped) return { change: { kind: "rolled_back", verdict: tripped }, actor: ROLLOUT_GUARD_ACTOR };
    return null;
  }

  /**
   * RO-1, RO-5, PV-3: a rollout whose candidate was deleted, revoked or edited out of draft, or whose live version moved by other
   * hands (a rollback, a publish, a delete), ends aborted with the reason.
   */
  private async integrity(tx: Tx, rollout: RolloutEntity): Promise<RolloutChange | null> {
    const locked = await this.lifecycle.lockedForRollout(tx, rollout.projectId, rollout.candidateVersionId);
    if (!locked) {
      return { kind: "aborted", reason: `The candidate (version ${rollout.candidateVersion}) was deleted.` };
    }
    // PV-3: a revoked candidate is served to no arm
    if (locked.version.revokedAt) {
      return { kind: "aborted", reason: `The candidate (version ${rollout.candidateVersion}) was revoked.` };
    }
    if (locked.version.state !== "draft") {
      return {
        kind: "aborted",
        reason: `The candidate (version ${rollout.candidateVersion}) was ${locked.version.state} outside the rollout.`,
      };
    }
    if (locked.liveVersionId !== rollout.liveVersionId) {
      return {
        kind: "aborted",
        reason: locked.liveVersionId
          ? `The live version of '${rollout.skillName}' was changed by hand (no longer version ${rollout.liveVersion}).`
          : `'${rollout.skillName}' has no live version any more (deleted).`,
      };
    }
    return null;
  }

  private decide(
    projectId: string,
    id: string,
    decide: (tx: Tx, rollout: RolloutEntity) => Promise<{ change: RolloutChange; actor: string } | null>,
  ): Promise<RolloutEntity> {
    return this.db.write(async (tx) => {
      const rollout = await new RolloutRepository(tx.manager).findForUpdate(id);
      if (!rollout || rollout.projectId !== projectId) throw new NotFound("The rollout");
      const decision = await decide(tx, rollout);
      if (!decision) return rollout;
      return this.steps.apply(tx, rollout, decision.change, decision.actor);
    });
  }
}

async function evalsPending(tx: Tx, rollout: RolloutEntity): Promise<boolean> {
  if (!rollout.evalTag) return false;
  const found = await new RolloutRepository(tx.manager).findEval(rollout.id, rollout.stepIndex);
  return found?.status !== "done";
}

function advanceChange(rollout: RolloutEntity): RolloutChange {
  const next = nextStep(rollout);
  return next.percent >= 100 ? { kind: "completed", index: next.index } : { kind: "advanced", ...next };
}

function requireActive(rollout: RolloutEntity): void {
  if (!isActive(rollout.status)) {
    throw new Conflict(`The rollout has ended (${rollout.status}); start a new one.`, { status: rollout.status });
  }
}

function requireStatus(rollout: RolloutEntity, status: "running" | "paused", what: string): void {
  if (rollout.status !== status) {
    throw new Conflict(`Only a ${status} rollout can ${what}; this one is ${rollout.status}.`, {
      status: rollout.status,
    });
  }
}
