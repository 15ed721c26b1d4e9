import { randomUUID } from "node:crypto";
import { UpstreamError } from "../../platform/errors";
import type { AuthContext, ProjectScope } from "../auth";
import { currentSegment, modelContextOf, type ToolHost, type ToolOutcome, type ToolRunner } from "../calls";
import type { ChatCompletionMessageParam, ChatCompletionTool, ModelClient } from "../model";
import { LOAD_SKILL, type OfferedTool } from "../runtime";
import { ChatToolInvocationEntity, type ChatMessageEntity, type ChatSessionEntity } from "./chat.entity";
import { conversationOf } from "./chat-history";
import type { AcceptedMessage, ChatService, SendMessageInput } from "./chat.service";

export const TOOL_ROUNDS_EXHAUSTED = "tool_rounds_exhausted";

export interface ChatReplyResult {
  session: ChatSessionEntity;
  reply: string;
  /** This message's invocations, in order. */
  toolInvocations: ChatToolInvocationEntity[];
  warnings: string[];
}

interface ModelToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

const asOpenAiTool = (tool: OfferedTool): ChatCompletionTool => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});

function parseArguments(raw: string): Record<string, unknown> | string {
  try {
    const value: unknown = raw.trim() === "" ? {} : JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return "The tool's arguments must be a JSON object.";
  } catch {
    return "The tool's arguments are not valid JSON.";
  }
}

/** What the model reads back from a tool: its result, or its error. */
function toolMessageContent(outcome: ToolOutcome): string {
  if (outcome.status === "ok")
    return typeof outcome.result === "string" ? outcome.result : JSON.stringify(outcome.result);
  return JSON.stringify({
    status: outcome.status,
    error: outcome.error,
    ...(outcome.result ? { result: outcome.result } : {}),
  });
}

/**
 * One reply (TX-4): model → tools → model …, at most `maxToolRounds` model rounds. Each round starts from the
 * session as stored now, so a load of the previous round (or of a reply answered at the same time) gives this round
 * the skill's section and tools. Tools run through the calls' ToolRunner (TX-3: the same rules).
 */
export class ChatTurns {
  constructor(
    private readonly chats: ChatService,
    private readonly tools: ToolRunner,
    private readonly model: ModelClient,
    private readonly options: { maxToolRounds: number },
  ) {}

  async send(ctx: AuthContext, input: SendMessageInput): Promise<ChatReplyResult> {
    const accepted = await this.chats.accept(ctx, input);
    try {
      return await this.reply(accepted);
    } catch (error) {
      // The message is stored whatever the model did; a new session's id lets the client find it again.
      if (error instanceof UpstreamError) throw error.with({ session_id: accepted.session.id });
      throw error;
    }
  }

  private async reply({ scope, session, message, warnings: initial }: AcceptedMessage): Promise<ChatReplyResult> {
    const history = conversationOf(await this.chats.historyBefore(session.id, message.seq));
    const conversation: ChatCompletionMessageParam[] = [...history, { role: "user", content: message.content ?? "" }];
    const invocations: ChatToolInvocationEntity[] = [];
    const warnings = new Set(initial);
    let reply = "";
    let finished = false;
    for (let round = 1; round <= this.options.maxToolRounds; round++) {
      const current = await this.chats.current(scope, session.id);
      const context = modelContextOf(current.state);
      for (const warning of context.warnings) warnings.add(warning);
      const messages: ChatCompletionMessageParam[] = context.systemPrompt
        ? [{ role: "system", content: context.systemPrompt }, ...conversation]
        : [...conversation];
      // A model failure propagates as UPSTREAM_ERROR; what was stored (the user's message, earlier rounds) stays.
      // The session's model as it stands (a handoff in an earlier round brings the target's).
      const completion = await this.model.complete(this.chats.modelEndpoint(current), {
        messages,
        ...(context.tools.length > 0 ? { tools: context.tools.map(asOpenAiTool) } : {}),
      });
      const answer = completion.choices[0]!.message;
      const calls = (answer.tool_calls ?? []).filter((c): c is ModelToolCall => c.type === "function");
      reply = answer.content ?? "";
      const assistant = {
        role: "assistant" as const,
        content: answer.content ?? null,
        toolCalls: calls.length ? calls : null,
      };
      if (calls.length === 0) {
        await this.chats.appendMessages(scope, session.id, message.id, [assistant]);
        finished = true;
        break;
      }
      const toolMessages: Array<Pick<ChatMessageEntity, "role" | "content" | "toolCallId">> = [];
      for (const call of calls) {
        const invocation = await this.runToolCall(scope, current, context.tools, call, message.id);
        invocations.push(invocation);
        toolMessages.push({ role: "tool", content: toolMessageContent(invocation), toolCallId: call.id });
      }
      await this.chats.appendMessages(scope, session.id, message.id, [assistant, ...toolMessages]);
      conversation.push(
        { role: "assistant", content: answer.content ?? null, tool_calls: calls },
        ...toolMessages.map((t) => ({ role: "tool" as const, tool_call_id: t.toolCallId!, content: t.content ?? "" })),
      );
    }
    if (!finished) warnings.add(TOOL_ROUNDS_EXHAUSTED);
    return {
      session: await this.chats.current(scope, session.id),
      reply,
      toolInvocations: invocations,
      warnings: [...warnings],
    };
  }

  /** Runs one tool call of the model against the tools offered in its round, and records it (TX-6 for loads). */
  private async runToolCall(
    scope: ProjectScope,
    session: ChatSessionEntity,
    offered: readonly OfferedTool[],
    call: ModelToolCall,
    messageId: string,
  ): Promise<ChatToolInvocationEntity> {
    const started = performance.now();
    const tool = offered.find((t) => t.name === call.function.name);
    const args = parseArguments(call.function.arguments);
    let outcome: ToolOutcome;
    if (!tool) {
      const names = offered.map((t) => t.name).join(", ") || "none";
      outcome = {
        status: "error",
        result: null,
        error: `No tool named '${call.function.name}' is offered; offered: ${names}.`,
      };
    } else if (typeof args === "string") {
      outcome = { status: "error", result: null, error: args };
    } else {
      // load_skill is not checked against its schema: an unknown name is answered with the skills (TX-3, RT-3).
      const problems = tool.name === LOAD_SKILL ? [] : this.tools.argumentProblems(tool, args);
      outcome =
        problems.length > 0
          ? { status: "error", result: null, error: problems.map((p) => p.message).join(" ") }
          : await this.tools.execute(this.host(scope, session), tool, args);
    }
    const invocation = Object.assign(new ChatToolInvocationEntity(), {
      id: randomUUID(),
      sessionId: session.id,
      projectId: session.projectId,
      messageId,
      tool: tool?.name ?? call.function.name.slice(0, 128),
      source: tool?.source ?? "unknown",
      arguments: typeof args === "string" ? call.function.arguments : args,
      status: outcome.status,
      result: outcome.result ?? null,
      error: outcome.error,
      latencyMs: Math.round(performance.now() - started),
      at: new Date(),
    });
    await this.chats.recordInvocation(invocation);
    return invocation;
  }

  private host(scope: ProjectScope, session: ChatSessionEntity): ToolHost {
    return {
      id: session.id,
      webhookFields: { session_id: session.id },
      state: session.state,
      inlineSecret: (tool) => this.chats.open(session, tool),
      inlineMcpServer: (server) => {
        const listed = currentSegment(session.state).mcpServers.find((s) => s.name === server);
        const headers = this.chats.open(session, `mcp:${server}`);
        return listed ? { ...listed, headers: headers ? (JSON.parse(headers) as Record<string, string>) : {} } : null;
      },
      loadSkill: async (name) => {
        const outcome = await this.chats.applyLoad(scope, session.id, name);
        const { status, skill, unloaded, available, message } = outcome;
        return { status, skill, unloaded, available, message };
      },
      handoff: async (agentId) => {
        const after = await this.chats.applyHandoff(scope, session.id, agentId);
        return { agent_id: after.agentId, agent_name: after.agentName };
      },
    };
  }
}
