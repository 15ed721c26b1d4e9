import { randomUUID } from "node:crypto";
import type { Database } from "../../platform/db/database";
import { Invalid, NotFound } from "../../platform/errors";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { AgentDirectory } from "../agents";
import { currentSegment, modelContextOf, resolvedSkillColumns, type CallResolution } from "../calls";
import {
  FIRST_FILL_SHARE,
  handoffState,
  loadSkill as decideLoad,
  variablesText,
  type LoadOutcome,
  type ResolvedSkill,
} from "../runtime";
import { deltaRow, isToolError, startDeltas, type SkillSignals } from "../signals";
import { ChatMessageEntity, ChatSessionEntity, SessionSkillEntity, type ChatToolInvocationEntity } from "./chat.entity";
import { ChatRepository } from "./chat.repository";
import type { ChatSecrets } from "./chat-secrets";
import type { ChatState } from "./chat-state";

export interface SendMessageInput {
  agentId?: string | null;
  inlineAgent?: unknown;
  sessionId?: string | null;
  content: string;
  variables?: Record<string, unknown> | null;
}

/** A message stored with its session, before the model is asked anything. */
export interface AcceptedMessage {
  scope: ProjectScope;
  session: ChatSessionEntity;
  message: ChatMessageEntity;
  /** Resolution warnings of a new session (TX-1); none on later messages. */
  warnings: string[];
}

export const MAX_MESSAGE_CHARS = 100_000;

/**
 * The steps of a chat session (TX-1..6) that a reply's tool loop takes: a session is a call whose turns are
 * messages. Its first message resolves the agent's skills as a call's start does (the calls module's segment
 * resolution); loads go through the runtime's rules on the session row, locked, so concurrent replies never lose
 * one (TX-5). Each step is one transaction.
 */
export class ChatSessionSteps {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly calls: CallResolution,
    private readonly agents: AgentDirectory,
    private readonly secrets: ChatSecrets,
    private readonly signals: SkillSignals,
  ) {}

  /** Stores the user's message (a new session for the first one) and returns it: nothing is lost if the model fails. */
  async accept(ctx: AuthContext, input: SendMessageInput): Promise<AcceptedMessage> {
    const scope = await this.auth.authorize(ctx, "editor");
    if (typeof input.content !== "string" || input.content.length > MAX_MESSAGE_CHARS)
      throw Invalid.field("content", `content must be a text of at most ${MAX_MESSAGE_CHARS} characters.`);
    const variables = input.variables ?? null;
    if (variables !== null && (typeof variables !== "object" || Array.isArray(variables)))
      throw Invalid.field("variables", "variables must be a JSON object of template values.");
    return input.sessionId
      ? this.acceptOnSession(scope, input, input.sessionId, variables)
      : this.acceptNewSession(scope, input, variables ?? {});
  }

  private async acceptNewSession(
    scope: ProjectScope,
    input: SendMessageInput,
    variables: Record<string, unknown>,
  ): Promise<AcceptedMessage> {
    if (Boolean(input.agentId) === Boolean(input.inlineAgent)) {
      throw Invalid.field(
        "agent_id",
        "A new session needs exactly one of agentId (a stored agent) or inlineAgent (an agent defined for it).",
      );
    }
    const agent = input.agentId
      ? await this.calls.publishedAgent(scope, input.agentId, "agent_id")
      : await this.agents.inline(scope.projectId, input.inlineAgent);
    const id = randomUUID();
    // RO-2: a session's arm of a staged rollout is decided by its id.
    const { segment, warnings } = await this.calls.segmentFor(scope.projectId, agent, id);
    // CT-1: ranked for the first message; room is kept for what later messages make relevant
    segment.shown = await this.calls.callCatalog.first(
      scope.projectId,
      segment,
      variables,
      input.content,
      FIRST_FILL_SHARE,
    );
    const now = new Date();
    const state: ChatState = { segments: [segment], loaded: [], variables, loadedEver: [] };
    const resolutionWarnings = [...new Set([...warnings, ...modelContextOf(state).warnings])];
    const session = Object.assign(new ChatSessionEntity(), {
      id,
      projectId: scope.projectId,
      agentId: agent.snapshot.agentId,
      agentName: agent.snapshot.name,
      state,
      warnings: resolutionWarnings,
      model: agent.model ? { baseUrl: agent.model.baseUrl, model: agent.model.model } : null,
      sealedSecrets: this.secrets.sealFor(id, agent),
      messageSeq: 1,
      createdAt: now,
      updatedAt: now,
    });
    const message = this.message(session, 1, { role: "user", content: input.content }, null, now);
    await this.db.write(async (tx) => {
      const repo = new ChatRepository(tx.manager);
      await repo.insertSession(session);
      await repo.insertMessages([message]);
      const skills = sessionSkillRows(session, segment.resolved, 0, new Set());
      await repo.insertSkills(skills);
      await this.signals.record(tx.manager, startDeltas(signalOwner(session), skills));
    });
    return { scope, session, message, warnings: resolutionWarnings };
  }

  private async acceptOnSession(
    scope: ProjectScope,
    input: SendMessageInput,
    sessionId: string,
    variables: Record<string, unknown> | null,
  ): Promise<AcceptedMessage> {
    if (input.inlineAgent) {
      throw Invalid.field(
        "inline_agent",
        "inlineAgent is accepted only on a session's first message; a session keeps the agent it started with.",
      );
    }
    return this.db.write(async (tx) => {
      const repo = new ChatRepository(tx.manager);
      const session = await repo.findForUpdate(scope.projectId, sessionId);
      if (!session) throw new NotFound("The chat session");
      if (input.agentId && input.agentId !== session.agentId) {
        throw Invalid.field(
          "agent_id",
          `The session ${sessionId} is answered by ${session.agentId ? `the agent ${session.agentId}` : "an inline agent"}; ` +
            "leave agentId out or give that agent.",
          { agent_id: input.agentId },
        );
      }
      const now = new Date();
      // TX-1: variables given on a message replace the session's for it and later ones.
      if (variables) {
        session.state = { ...session.state, variables };
        session.warnings = [...new Set([...session.warnings, ...modelContextOf(session.state).warnings])];
      }
      // CT-1: the conversation moved on; the catalog keeps what it showed and lists what the message makes relevant
      const segment = currentSegment(session.state);
      const shown = this.calls.callCatalog.next(segment, session.state.variables, input.content);
      if (shown !== (segment.shown ?? null))
        session.state = { ...session.state, segments: [...session.state.segments.slice(0, -1), { ...segment, shown }] };
      session.messageSeq += 1;
      session.updatedAt = now;
      const message = this.message(session, session.messageSeq, { role: "user", content: input.content }, null, now);
      await repo.insertMessages([message]);
      await repo.updateSession(session.id, {
        state: session.state,
        warnings: session.warnings,
        messageSeq: session.messageSeq,
        updatedAt: now,
      });
      return { scope, session, message, warnings: [] };
    });
  }

  /**
   * TX-2..5: one `load_skill`, decided by the runtime on the loaded set as it is now, under the session's row lock:
   * a load made by a reply answered at the same time is seen, never overwritten.
   */
  async applyLoad(scope: ProjectScope, sessionId: string, name: string): Promise<LoadOutcome> {
    return this.db.write(async (tx) => {
      const repo = new ChatRepository(tx.manager);
      const session = await repo.findForUpdate(scope.projectId, sessionId);
      if (!session) throw new NotFound("The chat session");
      const segment = currentSegment(session.state);
      const outcome = decideLoad(
        {
          resolved: segment.resolved,
          loaded: session.state.loaded,
          cap: segment.agent.maxLoadedSkills,
          shown: segment.shown ?? null,
        },
        name,
      );
      if (outcome.events.length === 0) return outcome;
      const loadedIds = outcome.events.flatMap((e) => (e.type === "skill.loaded" ? [e.versionId] : []));
      const everBefore = new Set(session.state.loadedEver ?? []);
      const loadedEver = [...new Set([...everBefore, ...loadedIds])];
      session.state = { ...session.state, loaded: outcome.loaded, loadedEver };
      // RO-3, OB-3: a first load of a version in the session, and what the cap evicted
      const first = outcome.events.flatMap((e) =>
        e.type === "skill.loaded" && !everBefore.has(e.versionId) ? [e] : [],
      );
      await repo.markLoaded(
        session.id,
        first.map((e) => e.versionId),
      );
      await this.signals.record(tx.manager, [
        ...first.map((e) =>
          deltaRow({ ...signalOwner(session), skill: e.skill }, { loads: 1, maxLoaded: loadedEver.length }),
        ),
        ...outcome.events.flatMap((e) =>
          e.type === "skill.unloaded" && e.reason === "limit"
            ? [deltaRow({ ...signalOwner(session), skill: e.skill }, { evictions: 1 })]
            : [],
        ),
      ]);
      // RT-5, AG-5: what the load brings in (missing variables, shadowed tools) warns on the session.
      session.warnings = [...new Set([...session.warnings, ...modelContextOf(session.state).warnings])];
      await repo.updateSession(session.id, { state: session.state, warnings: session.warnings, updatedAt: new Date() });
      return outcome;
    });
  }

  /**
   * `handoff_to_agent` in a session (RT-9 as calls apply it): the target's skills, resolved as at a session's start,
   * none loaded; the target's model answers from the next round on.
   */
  async applyHandoff(scope: ProjectScope, sessionId: string, targetAgentId: string): Promise<ChatSessionEntity> {
    const target = await this.calls.publishedAgent(scope, targetAgentId, "agent_id");
    const { segment, warnings } = await this.calls.segmentFor(scope.projectId, target, sessionId);
    const current = await this.db.read((m) => new ChatRepository(m).find(scope.projectId, sessionId));
    const variables = current?.state.variables ?? {};
    segment.shown = await this.calls.callCatalog.first(
      scope.projectId,
      segment,
      variables,
      variablesText(variables),
      FIRST_FILL_SHARE,
    );
    return this.db.write(async (tx) => {
      const repo = new ChatRepository(tx.manager);
      const session = await repo.findForUpdate(scope.projectId, sessionId);
      if (!session) throw new NotFound("The chat session");
      const next = handoffState(target.snapshot, segment.resolved);
      const known = new Set(session.state.segments.flatMap((s) => s.resolved.map((r) => r.id)));
      const position = session.state.segments.reduce((sum, s) => sum + s.resolved.length, 0);
      session.state = { ...session.state, segments: [...session.state.segments, segment], loaded: [...next.loaded] };
      session.agentId = target.snapshot.agentId;
      session.agentName = target.snapshot.name;
      session.warnings = [...new Set([...session.warnings, ...warnings, ...modelContextOf(session.state).warnings])];
      session.model = target.model ? { baseUrl: target.model.baseUrl, model: target.model.model } : null;
      session.sealedSecrets = this.secrets.afterHandoff(session, target);
      session.updatedAt = new Date();
      await repo.updateSession(session.id, {
        state: session.state,
        agentId: session.agentId,
        agentName: session.agentName,
        warnings: session.warnings,
        model: session.model,
        sealedSecrets: session.sealedSecrets,
        updatedAt: session.updatedAt,
      });
      const fresh = sessionSkillRows(session, segment.resolved, position, known);
      await repo.insertSkills(fresh);
      await this.signals.record(tx.manager, startDeltas(signalOwner(session), fresh));
      return session;
    });
  }

  /** Stores messages of a reply, numbered after every message stored so far (the session row locked). */
  async appendMessages(
    scope: ProjectScope,
    sessionId: string,
    replyTo: string,
    messages: ReadonlyArray<Pick<ChatMessageEntity, "role" | "content"> & Partial<ChatMessageEntity>>,
  ): Promise<void> {
    if (messages.length === 0) return;
    await this.db.write(async (tx) => {
      const repo = new ChatRepository(tx.manager);
      const session = await repo.findForUpdate(scope.projectId, sessionId);
      if (!session) throw new NotFound("The chat session");
      const now = new Date();
      const rows = messages.map((m, i) => this.message(session, session.messageSeq + 1 + i, m, replyTo, now));
      await repo.insertMessages(rows);
      await repo.updateSession(session.id, { messageSeq: session.messageSeq + rows.length, updatedAt: now });
    });
  }

  /**
   * A tool run of a reply; a run of a skill's own tool (source `skill:<name>`) also counts on the session's row of
   * that skill and in the signals (RO-3), in the same transaction.
   */
  async recordInvocation(session: ChatSessionEntity, invocation: ChatToolInvocationEntity): Promise<void> {
    await this.db.write(async (tx) => {
      const repo = new ChatRepository(tx.manager);
      await repo.insertInvocation(invocation);
      if (!invocation.source.startsWith("skill:")) return;
      const skill = invocation.source.slice("skill:".length);
      const failed = isToolError(invocation.status);
      await repo.countToolRun(session.id, skill, failed);
      await this.signals.record(tx.manager, [
        deltaRow({ ...signalOwner(session), skill }, { toolRuns: 1, toolErrors: failed ? 1 : 0 }),
      ]);
    });
  }

  /** The session as stored now (no lock): the state a round of the tool loop starts from. */
  async current(scope: ProjectScope, sessionId: string): Promise<ChatSessionEntity> {
    const session = await this.db.read((m) => new ChatRepository(m).find(scope.projectId, sessionId));
    if (!session) throw new NotFound("The chat session");
    return session;
  }

  /** The conversation before a message (its seq), for the model. */
  historyBefore(sessionId: string, seq: number): Promise<ChatMessageEntity[]> {
    return this.db.read((m) => new ChatRepository(m).messagesOf([sessionId], seq));
  }

  private message(
    session: ChatSessionEntity,
    seq: number,
    fields: Pick<ChatMessageEntity, "role" | "content"> & Partial<ChatMessageEntity>,
    replyTo: string | null,
    at: Date,
  ): ChatMessageEntity {
    return Object.assign(new ChatMessageEntity(), {
      id: randomUUID(),
      sessionId: session.id,
      projectId: session.projectId,
      seq,
      role: fields.role,
      content: fields.content,
      toolCalls: fields.toolCalls ?? null,
      toolCallId: fields.toolCallId ?? null,
      replyTo,
      at,
    });
  }
}

/** Where a session's signals count: its project, its agent now, the hour it began. */
function signalOwner(session: ChatSessionEntity) {
  return { projectId: session.projectId, agentId: session.agentId, startedAt: session.createdAt };
}

function sessionSkillRows(
  session: ChatSessionEntity,
  resolved: readonly ResolvedSkill[],
  offset: number,
  known: ReadonlySet<string>,
): SessionSkillEntity[] {
  return resolved
    .filter((r) => !known.has(r.id))
    .map((r, i) =>
      Object.assign(new SessionSkillEntity(), {
        sessionId: session.id,
        position: offset + i,
        ...resolvedSkillColumns(session.projectId, r),
      }),
    );
}
