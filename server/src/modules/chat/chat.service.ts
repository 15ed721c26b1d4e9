import type { Database } from "../../platform/db/database";
import { pageWindow, type Page } from "../../platform/graphql/page";
import type { AuthContext, AuthService } from "../auth";
import type { ChatMessageEntity, ChatSessionEntity, ChatToolInvocationEntity } from "./chat.entity";
import { ChatRepository, type SessionFilter, type SessionSummary } from "./chat.repository";

/** How much of a session's first user message a list carries (UX-9). */
export const SESSION_PREVIEW_CHARS = 200;

/** Chat sessions as the API reads them (TX, UX-9): one session, a filtered page, and the loaders' batches. */
export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
  ) {}

  async get(ctx: AuthContext, id: string): Promise<ChatSessionEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => new ChatRepository(m).find(scope.projectId, id));
  }

  async list(ctx: AuthContext, filter: SessionFilter, page: number, limit: number): Promise<Page<ChatSessionEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) => new ChatRepository(m).page(scope.projectId, filter, window));
    return { items, total, page: window.page, limit: window.limit };
  }

  messagesOf(sessionIds: readonly string[]): Promise<ChatMessageEntity[]> {
    return this.db.read((m) => new ChatRepository(m).messagesOf(sessionIds));
  }

  /** UX-9: each session's message count and the first SESSION_PREVIEW_CHARS of its first user message. */
  summariesOf(sessionIds: readonly string[]): Promise<SessionSummary[]> {
    return this.db.read((m) => new ChatRepository(m).summariesOf(sessionIds, SESSION_PREVIEW_CHARS));
  }

  invocationsOf(sessionIds: readonly string[]): Promise<ChatToolInvocationEntity[]> {
    return this.db.read((m) => new ChatRepository(m).invocationsOf(sessionIds));
  }
}
