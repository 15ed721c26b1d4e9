import { byId, groupedBy, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { ChatMessageEntity, ChatToolInvocationEntity } from "./chat.entity";
import type { SessionSummary } from "./chat.repository";
import type { ChatService } from "./chat.service";

export const CHAT_MESSAGES = new LoaderKey<string, ChatMessageEntity[]>("chatMessages");
export const CHAT_TOOL_INVOCATIONS = new LoaderKey<string, ChatToolInvocationEntity[]>("chatToolInvocations");

export const CHAT_SUMMARIES = new LoaderKey<string, SessionSummary | null>("chatSummaries");

export function registerChatLoaders(registry: LoaderRegistry, chats: ChatService): void {
  registry.register(CHAT_MESSAGES, async (ids) => groupedBy(await chats.messagesOf(ids), "sessionId", ids));
  registry.register(CHAT_SUMMARIES, async (ids) => byId(await chats.summariesOf(ids), "sessionId", ids));
  registry.register(CHAT_TOOL_INVOCATIONS, async (ids) => groupedBy(await chats.invocationsOf(ids), "sessionId", ids));
}
