import { Field, ID, InputType, ObjectType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import { AgentInput } from "../agents";
import { ToolInvocationType } from "../calls";

@InputType("SendMessageInput")
export class SendMessageInput {
  @Field(() => ID, { nullable: true, description: "The agent; on an existing session, omitted or the session's." })
  agentId?: string | null;

  @Field(() => AgentInput, { nullable: true, description: "An agent for a new session only." })
  inlineAgent?: AgentInput | null;

  @Field(() => ID, {
    nullable: true,
    description: "Omitted: a new session, whose first message resolves the skills (TX-1).",
  })
  sessionId?: string | null;

  @Field(() => String)
  content!: string;

  @Field(() => JSONScalar, {
    nullable: true,
    description: "Replace the session's template variables for this message and later ones.",
  })
  variables?: Record<string, unknown> | null;
}

@ObjectType("ChatMessage")
export class ChatMessageType {
  @Field(() => String, { description: '"user" | "assistant" | "tool"' })
  role!: string;

  @Field(() => String, {
    nullable: true,
    description: "A tool message's content is the tool's result as the model read it.",
  })
  content!: string | null;

  @Field(() => JSONScalar, { nullable: true, description: "An assistant message's tool calls, in OpenAI's form." })
  toolCalls!: unknown;

  @Field(() => String, { nullable: true, description: "A tool message: the tool call it answers." })
  toolCallId!: string | null;

  @Field(() => Date)
  at!: Date;
}

@ObjectType("ChatSession", { implements: NodeInterface })
export class ChatSessionType extends NodeInterface {
  @Field(() => ID, { nullable: true, description: "The stored agent; null for an inline agent." })
  agentId!: string | null;

  @Field(() => String)
  agentName!: string;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => Date)
  createdAt!: Date;
}

export const ChatSessionPage = PageOf(ChatSessionType, "ChatSessionPage");

@ObjectType("ChatReply")
export class ChatReplyType {
  @Field(() => ChatSessionType)
  session!: ChatSessionType;

  @Field(() => String, { description: "The last assistant text (maybe empty when the tool rounds ran out)." })
  reply!: string;

  @Field(() => [ToolInvocationType], { description: "This message's tool invocations, in order." })
  toolInvocations!: ToolInvocationType[];

  @Field(() => [String], { description: 'e.g. "tool_rounds_exhausted"' })
  warnings!: string[];
}
