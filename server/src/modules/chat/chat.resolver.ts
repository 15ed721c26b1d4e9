import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import type { AuthContext } from "../auth";
import {
  CallCatalogType,
  CallSkillType,
  catalogView,
  currentSegment,
  modelContextOf,
  OfferedToolType,
  presentOfferedTool,
  ToolInvocationType,
} from "../calls";
import { OutcomeType, SESSION_OUTCOME, type OutcomeEntity } from "../signals";
import { CHAT_MESSAGES, CHAT_SUMMARIES, CHAT_TOOL_INVOCATIONS } from "./chat.loaders";
import type { ChatMessageEntity, ChatSessionEntity, ChatToolInvocationEntity } from "./chat.entity";
import { SESSION_PREVIEW_CHARS, type ChatService } from "./chat.service";
import type { ChatReplyResult, ChatTurns } from "./chat-turns";
import { ChatMessageType, ChatReplyType, ChatSessionPage, ChatSessionType, SendMessageInput } from "./chat.types";

@Resolver(() => ChatSessionType)
export class ChatResolver {
  constructor(
    private readonly chats: ChatService,
    private readonly turns: ChatTurns,
  ) {}

  @Query(() => ChatSessionType, { nullable: true })
  chatSession(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<ChatSessionEntity | null> {
    return this.chats.get(ctx, id);
  }

  @Query(() => ChatSessionPage, { description: "Newest first; filter by agent and by when the session began (UX-9)." })
  chatSessions(
    @Ctx() ctx: AuthContext,
    @Arg("agentId", () => ID, { nullable: true }) agentId: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Arg("createdAfter", () => Date, { nullable: true, description: "Sessions begun at or after this time." })
    createdAfter: Date | null,
    @Arg("createdBefore", () => Date, { nullable: true, description: "Sessions begun before this time." })
    createdBefore: Date | null,
  ): Promise<Page<ChatSessionEntity>> {
    return this.chats.list(ctx, { agentId, createdAfter, createdBefore }, page, limit);
  }

  @Mutation(() => ChatReplyType, {
    description:
      "Stores the message, then answers it with the agent's model in a tool loop (TX-4); a failing model is " +
      "UPSTREAM_ERROR and the message stays.",
  })
  sendMessage(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => SendMessageInput) input: SendMessageInput,
  ): Promise<ChatReplyResult> {
    return this.turns.send(ctx, input);
  }

  @FieldResolver(() => [CallSkillType], {
    description: "Every version the first message resolved (TX-1), then a handoff target's; each once.",
  })
  skills(@Root() session: ChatSessionEntity): CallSkillType[] {
    const ever = new Set(session.state.loadedEver ?? []);
    const seen = new Set<string>();
    const resolved = session.state.segments.flatMap((segment) => segment.resolved);
    return resolved
      .flatMap((r) => (seen.has(r.id) ? [] : (seen.add(r.id), [r])))
      .map((r) => ({
        name: r.name,
        version: r.version,
        versionId: r.id,
        pinned: r.pinned,
        loaded: ever.has(r.id),
        rolloutId: r.rollout?.rolloutId ?? null,
        arm: r.rollout?.arm ?? null,
      }));
  }

  @FieldResolver(() => CallCatalogType, { description: "CT-1: what the catalog shows of the current agent's skills." })
  catalog(@Root() session: ChatSessionEntity): CallCatalogType {
    return catalogView(currentSegment(session.state));
  }

  @FieldResolver(() => [String], { description: "Loaded now, oldest load first." })
  loadedSkills(@Root() session: ChatSessionEntity): string[] {
    return session.state.loaded;
  }

  @FieldResolver(() => JSONScalar)
  variables(@Root() session: ChatSessionEntity): Record<string, unknown> {
    return session.state.variables;
  }

  @FieldResolver(() => String, { description: "The system prompt as the model sees it now." })
  systemPrompt(@Root() session: ChatSessionEntity): string {
    return modelContextOf(session.state).systemPrompt;
  }

  @FieldResolver(() => [OfferedToolType], { description: "The tools as offered now, after precedence (RT-6)." })
  tools(@Root() session: ChatSessionEntity): OfferedToolType[] {
    return modelContextOf(session.state).tools.map(presentOfferedTool);
  }

  @FieldResolver(() => [ChatMessageType], { description: "In the order they were stored." })
  messages(@Root() session: ChatSessionEntity, @Ctx() ctx: AuthContext): Promise<ChatMessageEntity[]> {
    return ctx.loaders.of(CHAT_MESSAGES).load(session.id);
  }

  @FieldResolver(() => Int, { description: "How many messages the session holds (user, assistant and tool)." })
  async messageCount(@Root() session: ChatSessionEntity, @Ctx() ctx: AuthContext): Promise<number> {
    return (await ctx.loaders.of(CHAT_SUMMARIES).load(session.id))?.messageCount ?? 0;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: `The session's first user message, its first ${SESSION_PREVIEW_CHARS} characters; null: none yet.`,
  })
  async firstUserMessage(@Root() session: ChatSessionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    return (await ctx.loaders.of(CHAT_SUMMARIES).load(session.id))?.firstUserMessage ?? null;
  }

  @FieldResolver(() => OutcomeType, { nullable: true, description: "RO-3: as last reported; null: none yet." })
  outcome(@Root() session: ChatSessionEntity, @Ctx() ctx: AuthContext): Promise<OutcomeEntity | null> {
    return ctx.loaders.of(SESSION_OUTCOME).load(session.id);
  }

  @FieldResolver(() => [ToolInvocationType], { description: "Oldest first; each load is a load_skill row (TX-6)." })
  toolInvocations(@Root() session: ChatSessionEntity, @Ctx() ctx: AuthContext): Promise<ChatToolInvocationEntity[]> {
    return ctx.loaders.of(CHAT_TOOL_INVOCATIONS).load(session.id);
  }
}
