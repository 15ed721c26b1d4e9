import { In, type QueryDeepPartialEntity } from "typeorm";
import type { DbManager } from "../../platform/db/database";
import type { PageWindow } from "../../platform/graphql/page";
import { CallEntity, CallEventEntity, CallSkillEntity, ToolInvocationEntity } from "./call.entity";

export interface CallFilter {
  projectId: string;
  agentId?: string | null;
  status?: string | null;
  skillName?: string | null;
  skillVersionId?: string | null;
  startedAfter?: Date | null;
  startedBefore?: Date | null;
}

export class CallRepository {
  constructor(private readonly m: DbManager) {}

  private get postgres(): boolean {
    return this.m.connection.options.type === "postgres";
  }

  /** Inserts without reading anything back (the rows are complete): the call start is one write. */
  private async insertRows<T extends object>(entity: new () => T, rows: T[]): Promise<void> {
    if (rows.length === 0) return;
    await this.m
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows as QueryDeepPartialEntity<T>[])
      .updateEntity(false)
      .execute();
  }

  /**
   * A new call with the versions it resolved and its first event. On PostgreSQL one statement (the hot path's only
   * round trip, atomic without BEGIN/COMMIT); on SQLite three inserts inside the caller's serialised transaction.
   */
  async insertStart(call: CallEntity, skills: CallSkillEntity[], event: CallEventEntity): Promise<void> {
    if (!this.postgres) {
      await this.insertRows(CallEntity, [call]);
      await this.insertRows(CallSkillEntity, skills);
      await this.insertRows(CallEventEntity, [event]);
      return;
    }
    const json = (value: unknown) => JSON.stringify(value);
    await this.m.query(
      `WITH c AS (
         INSERT INTO calls (id, project_id, agent_id, agent_name, status, state, warnings, sealed_secrets,
                            started_at, ended_at, events_expire_at, events_expired)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, false)),
       s AS (
         INSERT INTO call_skills (call_id, position, project_id, name, version, version_id, pinned, loaded)
         SELECT $1, t.position, $2, t.name, t.version, t.version_id, t.pinned, false
         FROM unnest($11::int[], $12::varchar[], $13::int[], $14::varchar[], $15::boolean[])
              AS t(position, name, version, version_id, pinned))
       INSERT INTO call_events (id, call_id, project_id, seq, type, data, loaded_after, segment, at, expires_at)
       VALUES ($16, $1, $2, $17, $18, $19, $20, $21, $22, $10)`,
      [
        call.id,
        call.projectId,
        call.agentId,
        call.agentName,
        call.status,
        json(call.state),
        json(call.warnings),
        json(call.sealedSecrets),
        call.startedAt.getTime(),
        call.eventsExpireAt.getTime(),
        skills.map((s) => s.position),
        skills.map((s) => s.name),
        skills.map((s) => s.version),
        skills.map((s) => s.versionId),
        skills.map((s) => s.pinned),
        event.id,
        event.seq,
        event.type,
        json(event.data),
        json(event.loadedAfter),
        event.segment,
        event.at.getTime(),
      ],
    );
  }

  findMany(projectId: string, ids: readonly string[]): Promise<CallEntity[]> {
    return this.m.getRepository(CallEntity).findBy({ projectId, id: In([...ids]) });
  }

  find(projectId: string, id: string): Promise<CallEntity | null> {
    return this.m.getRepository(CallEntity).findOneBy({ projectId, id });
  }

  /** The call, locked until the transaction ends (PostgreSQL; SQLite serialises write transactions). */
  findForUpdate(projectId: string, id: string): Promise<CallEntity | null> {
    const qb = this.m
      .getRepository(CallEntity)
      .createQueryBuilder("c")
      .where("c.id = :id AND c.project_id = :projectId", { id, projectId });
    if (this.postgres) qb.setLock("pessimistic_write");
    return qb.getOne();
  }

  async updateCall(
    id: string,
    fields: Partial<Pick<CallEntity, "state" | "status" | "endedAt" | "agentId" | "agentName" | "warnings">>,
  ): Promise<void> {
    await this.m.getRepository(CallEntity).update({ id }, fields as QueryDeepPartialEntity<CallEntity>);
  }

  skillsOf(callIds: readonly string[]): Promise<CallSkillEntity[]> {
    if (callIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(CallSkillEntity)
      .find({ where: { callId: In([...callIds]) }, order: { callId: "ASC", position: "ASC" } });
  }

  async addSkills(skills: CallSkillEntity[]): Promise<void> {
    await this.insertRows(CallSkillEntity, skills);
  }

  async markLoaded(callId: string, versionId: string): Promise<void> {
    await this.m.getRepository(CallSkillEntity).update({ callId, versionId }, { loaded: true });
  }

  async lastEventSeq(callId: string): Promise<number> {
    const row = await this.m
      .getRepository(CallEventEntity)
      .createQueryBuilder("e")
      .select("MAX(e.seq)", "seq")
      .where("e.call_id = :callId", { callId })
      .getRawOne<{ seq: number | string | null }>();
    return row?.seq === null || row?.seq === undefined ? 0 : Number(row.seq);
  }

  async insertEvents(events: CallEventEntity[]): Promise<void> {
    await this.insertRows(CallEventEntity, events);
  }

  eventsOf(callIds: readonly string[]): Promise<CallEventEntity[]> {
    if (callIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(CallEventEntity)
      .find({ where: { callId: In([...callIds]) }, order: { callId: "ASC", seq: "ASC" } });
  }

  async insertInvocation(invocation: ToolInvocationEntity): Promise<void> {
    await this.insertRows(ToolInvocationEntity, [invocation]);
  }

  invocationsOf(callIds: readonly string[]): Promise<ToolInvocationEntity[]> {
    if (callIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(ToolInvocationEntity)
      .find({ where: { callId: In([...callIds]) }, order: { at: "ASC", id: "ASC" } });
  }

  /** Newest first; filters by agent, status, and by a skill name or version the call resolved. */
  async page(filter: CallFilter, window: PageWindow): Promise<[CallEntity[], number]> {
    const qb = this.m
      .getRepository(CallEntity)
      .createQueryBuilder("c")
      .where("c.project_id = :projectId", { projectId: filter.projectId });
    if (filter.agentId) qb.andWhere("c.agent_id = :agentId", { agentId: filter.agentId });
    if (filter.status) qb.andWhere("c.status = :status", { status: filter.status });
    if (filter.startedAfter) qb.andWhere("c.started_at >= :after", { after: filter.startedAfter.getTime() });
    if (filter.startedBefore) qb.andWhere("c.started_at < :before", { before: filter.startedBefore.getTime() });
    if (filter.skillName || filter.skillVersionId) {
      const sub = this.m.getRepository(CallSkillEntity).createQueryBuilder("s").select("1").where("s.call_id = c.id");
      if (filter.skillName) sub.andWhere("s.name = :skillName");
      if (filter.skillVersionId) sub.andWhere("s.version_id = :skillVersionId");
      qb.andWhere(`EXISTS (${sub.getQuery()})`, { skillName: filter.skillName, skillVersionId: filter.skillVersionId });
    }
    return qb
      .orderBy("c.started_at", "DESC")
      .addOrderBy("c.id", "ASC")
      .skip(window.offset)
      .take(window.limit)
      .getManyAndCount();
  }

  /** RT-11: deletes events past their expiry and marks their calls; returns how many events went. */
  async expireEvents(now: Date): Promise<number> {
    const result = await this.m
      .getRepository(CallEventEntity)
      .createQueryBuilder()
      .delete()
      .where("expires_at < :now", { now: now.getTime() })
      .execute();
    await this.m
      .getRepository(CallEntity)
      .createQueryBuilder()
      .update()
      .set({ eventsExpired: true })
      .where("events_expire_at < :now AND events_expired = :no", { now: now.getTime(), no: false })
      .execute();
    return result.affected ?? 0;
  }
}
