import { In, type QueryDeepPartialEntity } from "typeorm";
import type { PageWindow } from "../../platform/graphql/page";
import { ChatMessageEntity, ChatSessionEntity, ChatToolInvocationEntity, SessionSkillEntity } from "./chat.entity";
import { BaseRepository } from "../../platform/db/repository";

/** Which sessions a list keeps (UX-9): by agent, and by when the session began. */
export interface SessionFilter {
  agentId?: string | null;
  createdAfter?: Date | null;
  createdBefore?: Date | null;
}

/** What a session list shows of a session's messages (UX-9). */
export interface SessionSummary {
  sessionId: string;
  messageCount: number;
  firstUserMessage: string | null;
}

export class ChatRepository extends BaseRepository {
  async insertSession(session: ChatSessionEntity): Promise<void> {
    await this.insertRows(ChatSessionEntity, [session]);
  }

  find(projectId: string, id: string): Promise<ChatSessionEntity | null> {
    return this.m.getRepository(ChatSessionEntity).findOneBy({ projectId, id });
  }

  /** The session, locked until the transaction ends (PostgreSQL; SQLite serialises write transactions). */
  findForUpdate(projectId: string, id: string): Promise<ChatSessionEntity | null> {
    const qb = this.m
      .getRepository(ChatSessionEntity)
      .createQueryBuilder("s")
      .where("s.id = :id AND s.project_id = :projectId", { id, projectId });
    this.forUpdate(qb);
    return qb.getOne();
  }

  async updateSession(
    id: string,
    fields: Partial<
      Pick<
        ChatSessionEntity,
        "state" | "warnings" | "messageSeq" | "updatedAt" | "agentId" | "agentName" | "model" | "sealedSecrets"
      >
    >,
  ): Promise<void> {
    await this.m.getRepository(ChatSessionEntity).update({ id }, fields as QueryDeepPartialEntity<ChatSessionEntity>);
  }

  async insertMessages(messages: ChatMessageEntity[]): Promise<void> {
    await this.insertRows(ChatMessageEntity, messages);
  }

  /** Messages of sessions in order; `beforeSeq` keeps those stored before a given one (the history of a reply). */
  messagesOf(sessionIds: readonly string[], beforeSeq?: number): Promise<ChatMessageEntity[]> {
    if (sessionIds.length === 0) return Promise.resolve([]);
    const qb = this.m
      .getRepository(ChatMessageEntity)
      .createQueryBuilder("m")
      .where("m.session_id IN (:...ids)", { ids: [...sessionIds] });
    if (beforeSeq !== undefined) qb.andWhere("m.seq < :beforeSeq", { beforeSeq });
    return qb.orderBy("m.session_id", "ASC").addOrderBy("m.seq", "ASC").getMany();
  }

  /**
   * UX-9: per session, how many messages it holds and the start of its first user message, in one grouped read
   * (a list shows these without reading every message).
   */
  async summariesOf(sessionIds: readonly string[], previewChars: number): Promise<SessionSummary[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.m
      .getRepository(ChatMessageEntity)
      .createQueryBuilder("m")
      .select("m.session_id", "sessionId")
      .addSelect("COUNT(*)", "messageCount")
      .addSelect(
        (sub) =>
          sub
            .select(`SUBSTR(u.content, 1, ${Math.trunc(previewChars)})`)
            .from(ChatMessageEntity, "u")
            .where("u.session_id = m.session_id AND u.role = 'user'")
            .orderBy("u.seq", "ASC")
            .limit(1),
        "firstUserMessage",
      )
      .where("m.session_id IN (:...ids)", { ids: [...sessionIds] })
      .groupBy("m.session_id")
      .getRawMany<{ sessionId: string; messageCount: number | string; firstUserMessage: string | null }>();
    return rows.map((r) => ({
      sessionId: r.sessionId,
      messageCount: Number(r.messageCount),
      firstUserMessage: r.firstUserMessage ?? null,
    }));
  }

  async insertSkills(skills: SessionSkillEntity[]): Promise<void> {
    await this.insertRows(SessionSkillEntity, skills);
  }

  async markLoaded(sessionId: string, versionIds: readonly string[]): Promise<void> {
    if (versionIds.length === 0) return;
    await this.m
      .getRepository(SessionSkillEntity)
      .update({ sessionId, versionId: In([...versionIds]) }, { loaded: true });
  }

  /** RO-3: one run of a skill's own tool on the session's rows of that skill, and whether it failed. */
  async countToolRun(sessionId: string, skill: string, failed: boolean): Promise<void> {
    await this.m
      .createQueryBuilder()
      .update(SessionSkillEntity)
      .set({ toolRuns: () => "tool_runs + 1", toolErrors: () => `tool_errors + ${failed ? 1 : 0}` })
      .where("session_id = :sessionId AND name = :skill", { sessionId, skill })
      .execute();
  }

  async insertInvocation(invocation: ChatToolInvocationEntity): Promise<void> {
    await this.insertRows(ChatToolInvocationEntity, [invocation]);
  }

  invocationsOf(sessionIds: readonly string[]): Promise<ChatToolInvocationEntity[]> {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(ChatToolInvocationEntity)
      .find({ where: { sessionId: In([...sessionIds]) }, order: { at: "ASC", id: "ASC" } });
  }

  /** Newest first. */
  page(projectId: string, filter: SessionFilter, window: PageWindow): Promise<[ChatSessionEntity[], number]> {
    const qb = this.m
      .getRepository(ChatSessionEntity)
      .createQueryBuilder("s")
      .where("s.project_id = :projectId", { projectId });
    if (filter.agentId) qb.andWhere("s.agent_id = :agentId", { agentId: filter.agentId });
    if (filter.createdAfter) qb.andWhere("s.created_at >= :after", { after: filter.createdAfter.getTime() });
    if (filter.createdBefore) qb.andWhere("s.created_at < :before", { before: filter.createdBefore.getTime() });
    return qb
      .orderBy("s.created_at", "DESC")
      .addOrderBy("s.id", "ASC")
      .skip(window.offset)
      .take(window.limit)
      .getManyAndCount();
  }
}
