import { In } from "typeorm";
import type { DbManager } from "../../platform/db/database";
import { BaseRepository } from "../../platform/db/repository";
import { RolloutEntity, RolloutEventEntity, type RolloutStatus } from "./rollout.entity";

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

  /** Ids of every running or paused rollout, for the worker's pass (index on status). */
  async activeIds(): Promise<string[]> {
    const rows = await this.rollouts.find({
      select: { id: true },
      where: { status: In(["running", "paused"]) },
      order: { startedAt: "ASC" },
    });
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
}
