// The chat module's face: text sessions over GraphQL (TX-1..6).
export { ChatService } from "./chat.service";
export { ChatSessionSteps, type SendMessageInput } from "./chat-session-steps";
export { ChatSecrets } from "./chat-secrets";
export { ChatTurns, TOOL_ROUNDS_EXHAUSTED, type ChatReplyResult } from "./chat-turns";
export { ChatResolver } from "./chat.resolver";
export { ChatMessageEntity, ChatSessionEntity, ChatToolInvocationEntity, SessionSkillEntity } from "./chat.entity";
export { registerChatLoaders } from "./chat.loaders";
