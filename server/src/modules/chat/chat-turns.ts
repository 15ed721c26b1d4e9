import { randomUUID } from "node:crypto";
import { UpstreamError } from "../../platform/errors";
import type { AgentTelemetry, TraceSpan } from "../../platform/telemetry";
import type { AuthContext, ProjectScope } from "../auth";
import {
  currentSegment,
  inlineMcpServer,
  loadRunOutcome,
  stateRound,
  TOOL_ROUNDS_EXHAUSTED,
  ToolLoop,
  type ToolHost,
  type ToolRunner,
} from "../calls";
import { completeRound, type ChatCompletionMessageParam, type ModelClient } from "../model";
import { ChatToolInvocationEntity, type ChatSessionEntity } from "./chat.entity";
import { conversationOf } from "./chat-history";
import type { ChatSecrets } from "./chat-secrets";
import type { AcceptedMessage, ChatSessionSteps, SendMessageInput } from "./chat-session-steps";

export { TOOL_ROUNDS_EXHAUSTED };

export interface ChatReplyResult {
  session: ChatSessionEntity;
  reply: string;
  /** This message's invocations, in order. */
  toolInvocations: ChatToolInvocationEntity[];
  warnings: string[];
}

/**
 * One reply (TX-4): model → tools → model …, at most `maxToolRounds` model rounds. Each round starts from the
 * session as stored now, so a load of the previous round (or of a reply answered at the same time) gives this round
 * the skill's section and tools. Tools run through the calls' ToolRunner (TX-3: the same rules).
 */
export class ChatTurns {
  private readonly loop: ToolLoop;

  constructor(
    private readonly steps: ChatSessionSteps,
    private readonly secrets: ChatSecrets,
    private readonly tools: ToolRunner,
    private readonly model: ModelClient,
    options: { maxToolRounds: number },
    private readonly telemetry: AgentTelemetry,
  ) {
    this.loop = new ToolLoop(options);
  }

  /** OB-1: a chat turn is an `invoke_agent {agent}` span under the request's (the session's id as the conversation's). */
  send(ctx: AuthContext, input: SendMessageInput): Promise<ChatReplyResult> {
    return this.telemetry.invokeAgent(ctx.trace, async (span) => {
      const accepted = await this.steps.accept(ctx, input);
      span.agent(accepted.session.agentName, accepted.session.agentId);
      span.conversation(accepted.session.id);
      if (!input.sessionId) this.telemetry.started("chat", currentSegment(accepted.session.state).resolved, span);
      try {
        return await this.reply(accepted, span.trace);
      } catch (error) {
        // The message is stored whatever the model did; a new session's id lets the client find it again.
        if (error instanceof UpstreamError) throw error.with({ session_id: accepted.session.id });
        throw error;
      }
    });
  }

  private async reply(
    { scope, session, message, warnings: initial }: AcceptedMessage,
    trace: TraceSpan,
  ): Promise<ChatReplyResult> {
    const history = conversationOf(await this.steps.historyBefore(session.id, message.seq));
    const conversation: ChatCompletionMessageParam[] = [...history, { role: "user", content: message.content ?? "" }];
    const invocations: ChatToolInvocationEntity[] = [];
    const result = await this.loop.run(
      {
        // Each round starts from the session as stored now (a load of a reply answered at the same time too).
        round: async () => {
          const current = await this.steps.current(scope, session.id);
          // The session's model as it stands (a handoff in an earlier round brings the target's).
          const endpoint = this.secrets.modelEndpoint(current);
          return stateRound(this.tools, current.state, endpoint, this.host(scope, current, trace));
        },
        recordRound: (messages) => this.steps.appendMessages(scope, session.id, message.id, messages),
        recordInvocation: async (ran) => {
          // TX-6: each load is a load_skill row of the session's invocations.
          const { mocked: _never, ...fields } = ran;
          const invocation = Object.assign(new ChatToolInvocationEntity(), {
            ...fields,
            id: randomUUID(),
            sessionId: session.id,
            projectId: session.projectId,
            messageId: message.id,
          });
          invocations.push(invocation);
          await this.steps.recordInvocation(session, invocation);
        },
      },
      conversation,
      completeRound(this.model, undefined, trace),
    );
    return {
      session: await this.steps.current(scope, session.id),
      reply: result.reply,
      toolInvocations: invocations,
      warnings: [...new Set([...initial, ...result.warnings])],
    };
  }

  private host(scope: ProjectScope, session: ChatSessionEntity, trace: TraceSpan): ToolHost {
    return {
      id: session.id,
      webhookFields: { session_id: session.id },
      state: session.state,
      trace,
      inlineSecret: (tool) => this.secrets.open(session, tool),
      inlineMcpServer: (server) =>
        inlineMcpServer(currentSegment(session.state), server, (key) => this.secrets.open(session, key)),
      loadSkill: async (name) => {
        // OB-1: `execute_tool load_skill` under the turn, the skill as the session resolved it.
        const outcome = await this.telemetry.loadSkill(
          trace,
          name,
          () => this.steps.applyLoad(scope, session.id, name),
          (done) => loadRunOutcome(done, currentSegment(session.state).resolved),
        );
        const { status, skill, unloaded, available, message } = outcome;
        return { status, skill, unloaded, available, message };
      },
      handoff: async (agentId) => {
        const after = await this.steps.applyHandoff(scope, session.id, agentId);
        return { agent_id: after.agentId, agent_name: after.agentName };
      },
    };
  }
}
