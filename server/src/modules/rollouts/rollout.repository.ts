import { In, type QueryDeepPartialEntity } from "typeorm";
import type { DbManager } from "../../platform/db/database";
import { BaseRepository } from "../../platform/db/repository";
import type { EvalSums } from "./rollout-guards";
import { RolloutEntity, RolloutEvalEntity, RolloutEventEntity, type RolloutStatus } from "./rollout.entity";

export interface RolloutFilter {
  skill?: string | null;
  status?: string | null;
}

/** Every query of the rollouts module. */
export class RolloutRepository extends BaseRepository {
  constructor(m: DbManager) {
    super(m);
  }

  private get rollouts() {
    return this.m.getRepository(RolloutEntity);
  }

  private get events() {
    return this.m.getRepository(RolloutEventEntity);
  }

  async insert(rollout: RolloutEntity): Promise<void> {
    await this.insertRows(RolloutEntity, [rollout]);
  }

  find(projectId: string, id: string): Promise<RolloutEntity | null> {
    return this.rollouts.findOneBy({ projectId, id });
  }

  findById(id: string): Promise<RolloutEntity | null> {
    return this.rollouts.findOneBy({ id });
  }

  /** The rollout locked for the rest of the transaction (PostgreSQL; SQLite serialises writes): one decision at a time. */
  findForUpdate(id: string): Promise<RolloutEntity | null> {
    const qb = this.rollouts.createQueryBuilder("r").where("r.id = :id", { id });
    return this.forUpdate(qb).getOne();
  }

  /** The running or paused rollout of a skill, if any. */
  findActive(projectId: string, skillName: string): Promise<RolloutEntity | null> {
    return this.rollouts.findOneBy({ projectId, skillName, status: In(["running", "paused"]) });
  }

  /** The project's running and paused rollouts: what resolutions read (cached) and the worker checks. */
  activeOf(projectId: string): Promise<RolloutEntity[]> {
    return this.rollouts.findBy({ projectId, status: In(["running", "paused"]) });
  }

  /**
   * Ids of every running or paused rollout of a project that is not deleted, for the worker's pass (index on status):
   * a deleted project's data is kept as it was until it is purged (PJ-3), so its rollouts neither advance nor publish.
   */
  async activeIds(): Promise<string[]> {
    const rows = await this.rollouts
      .createQueryBuilder("r")
      .innerJoin("r.project", "p", "p.deleted_at IS NULL")
      .select("r.id", "id")
      .where("r.status IN (:...statuses)", { statuses: ["running", "paused"] })
      .orderBy("r.started_at", "ASC")
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  async page(
    projectId: string,
    filter: RolloutFilter,
    offset: number,
    limit: number,
  ): Promise<{ items: RolloutEntity[]; total: number }> {
    const where = {
      projectId,
      ...(filter.skill ? { skillName: filter.skill } : {}),
      ...(filter.status ? { status: filter.status as RolloutStatus } : {}),
    };
    const [items, total] = await this.rollouts.findAndCount({
      where,
      order: { startedAt: "DESC", id: "ASC" },
      skip: offset,
      take: limit,
    });
    return { items, total };
  }

  async update(id: string, changes: Partial<RolloutEntity>): Promise<void> {
    await this.rollouts.update({ id }, changes);
  }

  async nextSeq(rolloutId: string): Promise<number> {
    const row = await this.events
      .createQueryBuilder("e")
      .select("MAX(e.seq)", "max")
      .where("e.rollout_id = :rolloutId", { rolloutId })
      .getRawOne<{ max: number | string | null }>();
    return Number(row?.max ?? 0) + 1;
  }

  async appendEvents(events: readonly RolloutEventEntity[]): Promise<void> {
    await this.insertRows(RolloutEventEntity, events);
  }

  eventsOf(rolloutIds: readonly string[]): Promise<RolloutEventEntity[]> {
    if (rolloutIds.length === 0) return Promise.resolve([]);
    return this.events.find({ where: { rolloutId: In([...rolloutIds]) }, order: { seq: "ASC" } });
  }

  // ---- a step's evals (RO-3, RO-6) ----

  /**
   * Claims the evals of a rollout's step for one checker: the step's row is created pending if missing, then taken
   * by compare-and-set when it is pending and nobody holds it (or the holder's lease ran out). True: this token
   * holds it now, until `leaseUntil`.
   */
  async claimEval(rolloutId: string, stepIndex: number, token: string, now: Date, leaseUntil: Date): Promise<boolean> {
    await this.m
      .createQueryBuilder()
      .insert()
      .into(RolloutEvalEntity)
      .values({
        rolloutId,
        stepIndex,
        status: "pending",
        claimedBy: null,
        leaseUntil: null,
        error: null,
        updatedAt: now,
      })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const claimed = await this.m
      .createQueryBuilder()
      .update(RolloutEvalEntity)
      .set({ claimedBy: token, leaseUntil, updatedAt: now })
      .where(
        "rollout_id = :rolloutId AND step_index = :stepIndex AND status = 'pending' AND " +
          "(claimed_by IS NULL OR lease_until IS NULL OR lease_until < :now)",
        { rolloutId, stepIndex, now: now.getTime() },
      )
      .execute();
    return (claimed.affected ?? 0) > 0;
  }

  findEval(rolloutId: string, stepIndex: number): Promise<RolloutEvalEntity | null> {
    return this.m.getRepository(RolloutEvalEntity).findOneBy({ rolloutId, stepIndex });
  }

  /** Counts the step, if this token still holds its claim; false (nothing written) when it was lost or counted. */
  recordEval(rolloutId: string, stepIndex: number, token: string, sums: EvalSums, now: Date): Promise<boolean> {
    return this.updateClaimedEval(rolloutId, stepIndex, token, {
      status: "done",
      claimedBy: null,
      leaseUntil: null,
      error: null,
      liveRuns: sums.live.runs,
      livePasses: sums.live.passes,
      candidateRuns: sums.candidate.runs,
      candidatePasses: sums.candidate.passes,
      updatedAt: now,
    });
  }

  /** Gives a failed claim back with the reason; the next check claims the step again. False: it was not held. */
  releaseEval(rolloutId: string, stepIndex: number, token: string, error: string, now: Date): Promise<boolean> {
    return this.updateClaimedEval(rolloutId, stepIndex, token, {
      claimedBy: null,
      leaseUntil: null,
      error,
      updatedAt: now,
    });
  }

  private async updateClaimedEval(
    rolloutId: string,
    stepIndex: number,
    token: string,
    fields: QueryDeepPartialEntity<RolloutEvalEntity>,
  ): Promise<boolean> {
    const result = await this.m
      .createQueryBuilder()
      .update(RolloutEvalEntity)
      .set(fields)
      .where("rollout_id = :rolloutId AND step_index = :stepIndex AND claimed_by = :token AND status = 'pending'", {
        rolloutId,
        stepIndex,
        token,
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Both arms' counted eval iterations and passes of each rollout, in one statement (no N+1). */
  async evalSums(rolloutIds: readonly string[]): Promise<Map<string, EvalSums>> {
    if (rolloutIds.length === 0) return new Map();
    const rows = await this.m
      .getRepository(RolloutEvalEntity)
      .createQueryBuilder("e")
      .select("e.rollout_id", "rollout_id")
      .addSelect("SUM(e.live_runs)", "live_runs")
      .addSelect("SUM(e.live_passes)", "live_passes")
      .addSelect("SUM(e.candidate_runs)", "candidate_runs")
      .addSelect("SUM(e.candidate_passes)", "candidate_passes")
      .where("e.rollout_id IN (:...ids) AND e.status = 'done'", { ids: [...rolloutIds] })
      .groupBy("e.rollout_id")
      .getRawMany<Record<string, string | number>>();
    return new Map(
      rows.map((r) => [
        String(r.rollout_id),
        {
          live: { runs: Number(r.live_runs), passes: Number(r.live_passes) },
          candidate: { runs: Number(r.candidate_runs), passes: Number(r.candidate_passes) },
        },
      ]),
    );
  }
}
