import { In, MoreThan, type QueryDeepPartialEntity } from "typeorm";
import type { DbManager } from "../../platform/db/database";
import type { PageWindow } from "../../platform/graphql/page";
import {
  CallCatalogEntity,
  CallContextEntity,
  CallContextSkillEntity,
  CallEntity,
  CallEventEntity,
  CallSkillEntity,
  ToolInvocationEntity,
} from "./call.entity";
import { BaseRepository } from "../../platform/db/repository";
import { CallContexts, type StoredCallState } from "./call-contexts";

/** A change of the loaded set and the event counter, applied inside the stored state by the database. */
export interface StatePatch {
  loaded?: readonly string[];
  eventSeq?: number;
}

export interface CallFilter {
  projectId: string;
  agentId?: string | null;
  status?: string | null;
  skillName?: string | null;
  skillVersionId?: string | null;
  startedAfter?: Date | null;
  startedBefore?: Date | null;
}

export class CallRepository extends BaseRepository {
  /**
   * `contexts` turns stored states into whole ones and back; the engine passes its own (which remembers the
   * contexts it stored and read), anything else gets a fresh one (correct, it only reads more).
   */
  constructor(
    m: DbManager,
    private readonly store: CallContexts = new CallContexts(),
  ) {
    super(m);
  }

  /** Calls as read, with their states whole: contexts this process has not seen are read in one query. */
  private async whole(calls: CallEntity[]): Promise<CallEntity[]> {
    const stored = calls.map((c) => c.state as unknown as StoredCallState);
    const missing = this.store.missing(stored);
    if (missing.length > 0) {
      const rows = await this.m.getRepository(CallContextEntity).findBy({ hash: In(missing) });
      this.store.remember(rows);
    }
    calls.forEach((call, i) => (call.state = this.store.whole(stored[i]!)));
    return calls;
  }

  async findMany(projectId: string, ids: readonly string[]): Promise<CallEntity[]> {
    return this.whole(await this.m.getRepository(CallEntity).findBy({ projectId, id: In([...ids]) }));
  }

  async find(projectId: string, id: string): Promise<CallEntity | null> {
    const call = await this.m.getRepository(CallEntity).findOneBy({ projectId, id });
    return call && (await this.whole([call]))[0]!;
  }

  /** The call, locked until the transaction ends (PostgreSQL; SQLite serialises write transactions). */
  async findForUpdate(projectId: string, id: string): Promise<CallEntity | null> {
    const qb = this.m
      .getRepository(CallEntity)
      .createQueryBuilder("c")
      .where("c.id = :id AND c.project_id = :projectId", { id, projectId });
    this.forUpdate(qb);
    const call = await qb.getOne();
    return call && (await this.whole([call]))[0]!;
  }

  /**
   * One UPDATE of the call. A whole `state` (a handoff) is stored slim, its new context first; `patch` changes the
   * loaded set and the event counter inside the stored state, in SQL, without reading or rewriting the rest.
   */
  async updateCall(
    { id, projectId }: Pick<CallEntity, "id" | "projectId">,
    fields: Partial<Pick<CallEntity, "state" | "status" | "endedAt" | "agentId" | "agentName" | "warnings">>,
    patch?: StatePatch,
  ): Promise<void> {
    const values: Record<string, unknown> = { ...fields };
    if (fields.state) {
      const { state, contexts } = this.store.slim(projectId, fields.state);
      if (contexts.length > 0) {
        await this.m.createQueryBuilder().insert().into(CallContextEntity).values(contexts).orIgnore().execute();
      }
      values.state = state; // simple-json: TypeORM writes it as JSON
    }
    const qb = this.m.createQueryBuilder().update(CallEntity).where("id = :id", { id });
    if (patch) {
      values.state = () => this.patchSql(patch);
      qb.setParameters({ patchLoaded: JSON.stringify(patch.loaded ?? []), patchSeq: patch.eventSeq ?? 0 });
    }
    await qb.set(values as QueryDeepPartialEntity<CallEntity>).execute();
  }

  private patchSql(patch: StatePatch): string {
    if (this.postgres) {
      const pairs = [
        ...(patch.loaded ? ["'loaded', CAST(:patchLoaded AS jsonb)"] : []),
        ...(patch.eventSeq !== undefined ? ["'eventSeq', CAST(:patchSeq AS integer)"] : []),
      ];
      return `(CAST(state AS jsonb) || jsonb_build_object(${pairs.join(", ")}))::text`;
    }
    const pairs = [
      ...(patch.loaded ? ["'$.loaded', json(:patchLoaded)"] : []),
      ...(patch.eventSeq !== undefined ? ["'$.eventSeq', :patchSeq"] : []),
    ];
    return `json_set(state, ${pairs.join(", ")})`;
  }

  /**
   * UX-5: one more (`1`) or one fewer (`-1`) open live timeline of the call (`calls.followers`). A write on the call's
   * row: it waits for a load's compare-and-set in flight on that row, and that load's statement sees it once it is
   * committed, so a load either commits before a new follower's first read or sends its notice.
   */
  async follow(callId: string, delta: 1 | -1): Promise<void> {
    const change = delta > 0 ? "followers + 1" : "CASE WHEN followers > 0 THEN followers - 1 ELSE 0 END";
    await this.m.query(`UPDATE calls SET followers = ${change} WHERE id = ${this.postgres ? "$1" : "?"}`, [callId]);
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

  /** RO-3: one run of a skill's own tool counted on the call's row of that version (and whether it failed). */
  async countToolRun(callId: string, versionId: string, failed: boolean): Promise<void> {
    await this.m
      .createQueryBuilder()
      .update(CallSkillEntity)
      .set({ toolRuns: () => "tool_runs + 1", toolErrors: () => `tool_errors + ${failed ? 1 : 0}` })
      .where("call_id = :callId AND version_id = :versionId", { callId, versionId })
      .execute();
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

  /** The events of one call numbered after `afterSeq`, in order (the live timeline reads what it has not sent). */
  eventsAfter(projectId: string, callId: string, afterSeq: number): Promise<CallEventEntity[]> {
    return this.m
      .getRepository(CallEventEntity)
      .find({ where: { projectId, callId, seq: MoreThan(afterSeq) }, order: { seq: "ASC" } });
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
      // CT-1: a budgeted start's omitted skills are in its context's versions
      const listed = this.m
        .getRepository(CallCatalogEntity)
        .createQueryBuilder("k")
        .select("1")
        .innerJoin(CallContextSkillEntity, "ks", "ks.hash = k.context_hash")
        .where("k.call_id = c.id");
      if (filter.skillName) {
        sub.andWhere("s.name = :skillName");
        listed.andWhere("ks.name = :skillName");
      }
      if (filter.skillVersionId) {
        sub.andWhere("s.version_id = :skillVersionId");
        listed.andWhere("ks.version_id = :skillVersionId");
      }
      qb.andWhere(`(EXISTS (${sub.getQuery()}) OR EXISTS (${listed.getQuery()}))`, {
        skillName: filter.skillName,
        skillVersionId: filter.skillVersionId,
      });
    }
    qb.orderBy("c.started_at", "DESC").addOrderBy("c.id", "ASC");
    const [calls, total] = await this.pageAndCount(qb, window.offset, window.limit);
    return [await this.whole(calls), total];
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
