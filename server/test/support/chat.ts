import { INVOCATION_FIELDS, type Invocation } from "./calls";
import type { GqlResponse, TestApp } from "./test-app";

/** Fixtures for chat session tests (TX): sendMessage and session reads through GraphQL. */

export const SESSION_FIELDS = `id agentId agentName loadedSkills variables warnings systemPrompt createdAt
  skills { name version versionId pinned loaded }
  tools { name source }
  messages { role content toolCalls toolCallId at }
  toolInvocations { ${INVOCATION_FIELDS} at }`;

export const SEND_MESSAGE = `mutation($input: SendMessageInput!) { sendMessage(input: $input) {
  reply warnings session { ${SESSION_FIELDS} }
  toolInvocations { ${INVOCATION_FIELDS} at } } }`;
export const READ_SESSION = `query($id: ID!) { chatSession(id: $id) { ${SESSION_FIELDS} } }`;
export const LIST_SESSIONS = `query($agentId: ID, $page: Int, $limit: Int) { chatSessions(agentId: $agentId, page: $page, limit: $limit) {
  total page limit items { id agentId agentName loadedSkills } } }`;

/** A session's tool invocation: a call's, with the time it ran. */
export interface ChatInvocation extends Invocation {
  at: string;
}

export interface ChatSessionView {
  id: string;
  agentId: string | null;
  agentName: string;
  loadedSkills: string[];
  variables: Record<string, unknown>;
  warnings: string[];
  systemPrompt: string;
  createdAt: string;
  skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
  tools: Array<{ name: string; source: string }>;
  messages: Array<{ role: string; content: string | null; toolCalls: unknown; toolCallId: string | null; at: string }>;
  toolInvocations: ChatInvocation[];
}

export interface ChatReplyView {
  reply: string;
  warnings: string[];
  session: ChatSessionView;
  toolInvocations: ChatInvocation[];
}

export function sendMessageRaw(
  t: TestApp,
  key: string,
  input: Record<string, unknown>,
): Promise<GqlResponse<{ sendMessage: ChatReplyView }>> {
  return t.gql<{ sendMessage: ChatReplyView }>(SEND_MESSAGE, { input }, key);
}

export async function sendMessage(t: TestApp, key: string, input: Record<string, unknown>): Promise<ChatReplyView> {
  return (await t.ok<{ sendMessage: ChatReplyView }>(SEND_MESSAGE, { input }, key)).sendMessage;
}

export async function readSession(t: TestApp, key: string, id: string): Promise<ChatSessionView | null> {
  return (await t.ok<{ chatSession: ChatSessionView | null }>(READ_SESSION, { id }, key)).chatSession;
}

/** A load_skill tool call as the scripted model makes it. */
export const loadCall = (name: string) => ({ name: "load_skill", arguments: { name } });
