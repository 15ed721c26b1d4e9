import { randomUUID } from "node:crypto";
import type { SecretBox } from "../../platform/crypto";
import type { Database, DbManager, Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound } from "../../platform/errors";
import { pageWindow, type Page } from "../../platform/graphql/page";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { SkillSourceCache } from "../libraries";
import {
  callEventData,
  handoffState,
  IN_THE_SKILL_LIBRARY,
  IN_THIS_PROJECT,
  loadSkill as decideLoad,
  resolveSkillEntries,
  type LoadOutcome,
  type ResolvedSkill,
  type RuntimeEvent,
} from "../runtime";
import type { SkillCatalogService } from "../skills";
import type { WebhookService } from "../webhooks";
import type { AgentDirectory, CallAgent } from "../agents";
import { CallEntity, CallEventEntity, CallSkillEntity, type ToolInvocationEntity } from "./call.entity";
import { CallRecorded } from "./call.events";
import { CallRepository, type CallFilter } from "./call.repository";
import { CallContexts } from "./call-contexts";
import { currentSegment, modelContextOf, type CallSegment, type CallState } from "./call-state";
import type { McpConnector } from "./mcp-connector";

export interface StartCallInput {
  agentId?: string | null;
  inlineAgent?: unknown;
  variables?: Record<string, unknown> | null;
}

export interface LoadSkillResult extends Omit<LoadOutcome, "loaded" | "events"> {
  call: CallEntity;
}

const inlineSecretBinding = (callId: string, tool: string) => `call:${callId}:tool:${tool}`;

/** Calls (RT-1..RT-11): resolution once at start, loads within the cap, handoffs, events and their webhooks. */
export class CallService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly agents: AgentDirectory,
    private readonly catalog: SkillCatalogService,
    private readonly sources: SkillSourceCache,
    private readonly webhooks: WebhookService,
    private readonly mcp: McpConnector,
    private readonly secrets: SecretBox,
    private readonly eventRetentionMs: number,
  ) {}

  private readonly contexts = new CallContexts();

  async start(ctx: AuthContext, input: StartCallInput): Promise<CallEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    if (Boolean(input.agentId) === Boolean(input.inlineAgent)) {
      throw Invalid.field(
        "agentId",
        "Give exactly one of agentId (a stored agent) or inlineAgent (an agent defined for this call).",
      );
    }
    const variables = input.variables ?? {};
    if (typeof variables !== "object" || Array.isArray(variables))
      throw Invalid.field("variables", "variables must be a JSON object of template values.");
    const agent = input.agentId
      ? await this.publishedAgent(scope, input.agentId, "agentId")
      : await this.agents.inline(scope.projectId, input.inlineAgent);
    const { segment, warnings } = await this.segmentFor(scope.projectId, agent);
    const id = randomUUID();
    const now = new Date();
    const state: CallState = { segments: [segment], loaded: [], variables, eventSeq: 1 };
    const call = Object.assign(new CallEntity(), {
      id,
      projectId: scope.projectId,
      agentId: agent.snapshot.agentId,
      agentName: agent.snapshot.name,
      status: "active" as const,
      state,
      warnings: [...new Set([...warnings, ...modelContextOf(state).warnings])],
      sealedSecrets: agent.versionId ? {} : this.sealInline(id, agent),
      startedAt: now,
      endedAt: null,
      eventsExpireAt: new Date(now.getTime() + this.eventRetentionMs),
      eventsExpired: false,
    });
    const started = this.event(
      call,
      1,
      "call.started",
      { call_id: id, agent_id: call.agentId, agent_name: call.agentName },
      now,
    );
    const skills = this.callSkillRows(call, segment.resolved, 0, new Set());
    const committed = {
      events: [CallRecorded({ projectId: call.projectId, callId: call.id })],
      requestId: scope.requestId,
    };
    if (this.db.dialect === "sqlite") {
      const { statements, contexts } = CallRepository.sqliteStart(this.contexts, call, skills, started);
      await this.db.runPrepared(statements, committed);
      this.contexts.markStored(contexts);
    } else {
      const stored = await this.db.writeStatement((m) => this.repo(m).insertStart(call, skills, started), committed);
      this.contexts.markStored(stored);
    }
    return call;
  }

  /** RT-3, RT-4, RT-11: one load, decided by the runtime on the call's current loaded set, under a row lock. */
  async loadSkill(ctx: AuthContext, callId: string, name: string): Promise<LoadSkillResult> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const { call, repo } = await this.activeCall(tx.manager, scope, callId);
      const outcome = await this.applyLoad(tx, repo, call, name);
      const { loaded: _l, events: _e, ...result } = outcome;
      return { ...result, call };
    }, scope);
  }

  /** Applies a load decision to a locked call: state, loaded flags, events and their webhooks, in the caller's transaction. */
  async applyLoad(tx: Tx, repo: CallRepository, call: CallEntity, name: string): Promise<LoadOutcome> {
    const segment = currentSegment(call.state);
    const outcome = decideLoad(
      { resolved: segment.resolved, loaded: call.state.loaded, cap: segment.agent.maxLoadedSkills },
      name,
    );
    if (outcome.events.length === 0) return outcome;
    const before = call.state.loaded;
    call.state = { ...call.state, loaded: outcome.loaded };
    // RT-5, AG-5: what the load brings in (missing variables, shadowed tools) warns on the call, as at start.
    call.warnings = [...new Set([...call.warnings, ...modelContextOf(call.state).warnings])];
    const rows = await this.loadEvents(repo, call, outcome.events, before);
    await this.webhooks.enqueueAll(
      tx,
      call.projectId,
      rows.map((row) => ({ id: row.id, type: row.type, timestamp: row.at, data: row.data })),
    );
    tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
    const loadedVersions = outcome.events.flatMap((e) => (e.type === "skill.loaded" ? [e.versionId] : []));
    await repo.recordLoad(call, rows, loadedVersions, { loaded: call.state.loaded, eventSeq: call.state.eventSeq });
    return outcome;
  }

  /** RT-9: the target's skills, resolved as at a call's start; nothing stays loaded. */
  async handoff(ctx: AuthContext, callId: string, agentId: string): Promise<CallEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const target = await this.publishedAgent(scope, agentId, "agentId");
    const next = await this.segmentFor(scope.projectId, target);
    return this.db.write(async (tx) => this.applyHandoff(tx, scope, callId, target, next), scope);
  }

  async applyHandoff(
    tx: Tx,
    scope: ProjectScope,
    callId: string,
    target: CallAgent,
    { segment, warnings }: { segment: CallSegment; warnings: string[] },
  ): Promise<CallEntity> {
    const { call, repo } = await this.activeCall(tx.manager, scope, callId);
    const index = call.state.segments.length;
    const state = handoffState(target.snapshot, segment.resolved);
    call.state = { ...call.state, segments: [...call.state.segments, segment], loaded: [...state.loaded] };
    call.agentId = target.snapshot.agentId;
    call.agentName = target.snapshot.name;
    call.warnings = [...new Set([...call.warnings, ...warnings, ...modelContextOf(call.state).warnings])];
    const known = new Set(call.state.segments.slice(0, -1).flatMap((s) => s.resolved.map((r) => r.id)));
    const existing = await repo.skillsOf([call.id]);
    await repo.addSkills(this.callSkillRows(call, segment.resolved, existing.length, known));
    const seq = await this.takeEventSeqs(repo, call, 1);
    await repo.updateCall(call, {
      state: call.state,
      agentId: call.agentId,
      agentName: call.agentName,
      warnings: call.warnings,
    });
    await repo.insertEvents([
      this.event(
        call,
        seq,
        "call.handoff",
        { call_id: call.id, agent_id: target.snapshot.agentId, agent_name: target.snapshot.name, segment: index },
        new Date(),
      ),
    ]);
    tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
    return call;
  }

  async end(ctx: AuthContext, callId: string): Promise<CallEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const { call, repo } = await this.activeCall(tx.manager, scope, callId);
      const now = new Date();
      call.status = "ended";
      call.endedAt = now;
      const seq = await this.takeEventSeqs(repo, call, 1);
      await repo.updateCall(call, { status: "ended", endedAt: now }, { eventSeq: call.state.eventSeq });
      const skills = (await repo.skillsOf([call.id])).map((s) => ({
        name: s.name,
        version: s.version,
        version_id: s.versionId,
        pinned: s.pinned,
        loaded: s.loaded,
      }));
      const event = this.event(call, seq, "call.ended", { call_id: call.id, skills }, now);
      await repo.insertEvents([event]);
      tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
      await this.webhooks.enqueue(tx, call.projectId, {
        id: event.id,
        type: "call.ended",
        timestamp: now,
        data: event.data,
      });
      return call;
    }, scope);
  }

  async get(ctx: AuthContext, id: string): Promise<CallEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => this.repo(m).find(scope.projectId, id));
  }

  /** Calls of the credential's project among `ids` (others are simply absent), one query. */
  async getMany(ctx: AuthContext, ids: readonly string[]): Promise<CallEntity[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => this.repo(m).findMany(scope.projectId, ids));
  }

  async list(
    ctx: AuthContext,
    filter: Omit<CallFilter, "projectId">,
    page: number,
    limit: number,
  ): Promise<Page<CallEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) =>
      this.repo(m).page({ ...filter, projectId: scope.projectId }, window),
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  skillsOf(callIds: readonly string[]): Promise<CallSkillEntity[]> {
    return this.db.read((m) => new CallRepository(m).skillsOf(callIds));
  }

  eventsOf(callIds: readonly string[]): Promise<CallEventEntity[]> {
    return this.db.read((m) => new CallRepository(m).eventsOf(callIds));
  }

  /** The events of a call the caller already found in its project, numbered after `afterSeq`. */
  eventsAfter(callId: string, afterSeq: number): Promise<CallEventEntity[]> {
    return this.db.read((m) => new CallRepository(m).eventsAfter(callId, afterSeq));
  }

  invocationsOf(callIds: readonly string[]): Promise<ToolInvocationEntity[]> {
    return this.db.read((m) => new CallRepository(m).invocationsOf(callIds));
  }

  /** RT-11: deletes expired events; afterwards those calls read `loaded: null`. */
  expireEvents(now = new Date()): Promise<number> {
    return this.db.write((tx) => new CallRepository(tx.manager).expireEvents(now));
  }

  /** The inline tool secrets of a call, in clear. */
  inlineSecret(call: CallEntity, tool: string): string | null {
    const sealed = call.sealedSecrets[tool];
    return sealed ? this.secrets.open(sealed, inlineSecretBinding(call.id, tool)) : null;
  }

  inlineMcpServer(
    call: CallEntity,
    server: string,
  ): { name: string; url: string; headers: Record<string, string> } | null {
    const listed = currentSegment(call.state).mcpServers.find((s) => s.name === server);
    const headers = this.inlineSecret(call, `mcp:${server}`);
    return listed ? { ...listed, headers: headers ? (JSON.parse(headers) as Record<string, string>) : {} } : null;
  }

  // ---- helpers ----

  private repo(m: DbManager): CallRepository {
    return new CallRepository(m, this.contexts);
  }

  async activeCall(
    m: DbManager,
    scope: ProjectScope,
    callId: string,
  ): Promise<{ call: CallEntity; repo: CallRepository }> {
    const repo = this.repo(m);
    const call = await repo.findForUpdate(scope.projectId, callId);
    if (!call) throw new NotFound("The call");
    if (call.status !== "active")
      throw new Conflict(`The call ${callId} has ended; it takes no more changes.`, { status: call.status });
    return { call, repo };
  }

  async publishedAgent(scope: ProjectScope, agentId: string, field: string): Promise<CallAgent> {
    const agent = await this.agents.published(scope.projectId, agentId);
    if (!agent)
      throw Invalid.field(field, `The agent ${agentId} is not an agent of this project with a published version.`, {
        agent_id: agentId,
      });
    return agent;
  }

  /** RT-1, LB-5: the agent's skills resolved in the project it reads skills from, and its MCP tools listed. */
  async segmentFor(projectId: string, agent: CallAgent): Promise<{ segment: CallSegment; warnings: string[] }> {
    const source = await this.sources.sourceOf(projectId);
    // AG-4: a speech-to-speech agent runs without skills; the runtime says why, so no catalog is read for it.
    const entries = agent.snapshot.mode === "speech_to_speech" ? [] : agent.snapshot.skills;
    const catalog = source.holdsSkills ? await this.catalog.catalogFor(source.projectId, entries) : null;
    const resolution = resolveSkillEntries(agent.snapshot, catalog, {
      place: source.viaLibrary ? IN_THE_SKILL_LIBRARY : IN_THIS_PROJECT,
    });
    const mcp = await this.mcp.listTools(agent.mcpServers);
    const segment: CallSegment = {
      agent: agent.snapshot,
      agentVersionId: agent.versionId,
      sourceProjectId: source.projectId,
      resolved: resolution.resolved,
      mcpTools: mcp.tools,
      mcpServers: agent.mcpServers.map((s) => ({ name: s.name, url: s.url })),
      startedAt: new Date().toISOString(),
    };
    return { segment, warnings: [...resolution.warnings, ...mcp.warnings] };
  }

  /**
   * Reserves `count` event numbers on a locked call and returns the first; the counter lives in the call's state,
   * saved by the caller's update of the call (no MAX(seq) query on the hot path).
   */
  private async takeEventSeqs(repo: CallRepository, call: CallEntity, count: number): Promise<number> {
    const last = call.state.eventSeq ?? (await repo.lastEventSeq(call.id));
    call.state = { ...call.state, eventSeq: last + count };
    return last + 1;
  }

  /** The rows of a load's events, numbered on the locked call. */
  private async loadEvents(
    repo: CallRepository,
    call: CallEntity,
    events: readonly RuntimeEvent[],
    previouslyLoaded: readonly string[],
  ): Promise<CallEventEntity[]> {
    let seq = (await this.takeEventSeqs(repo, call, events.length)) - 1;
    const now = new Date();
    // Each event carries the loaded set right after it: an unload's is the set before the load that follows it.
    let loaded = previouslyLoaded;
    return events.map((e) => {
      loaded = e.type === "skill.unloaded" ? loaded.filter((n) => n !== e.skill) : [...loaded, e.skill];
      return this.event(call, ++seq, e.type, { call_id: call.id, ...callEventData(e) }, now, loaded);
    });
  }

  private event(
    call: CallEntity,
    seq: number,
    type: string,
    data: Record<string, unknown>,
    at: Date,
    loadedAfter: readonly string[] = call.state.loaded,
  ): CallEventEntity {
    return Object.assign(new CallEventEntity(), {
      id: randomUUID(),
      callId: call.id,
      projectId: call.projectId,
      seq,
      type,
      data,
      loadedAfter: [...loadedAfter],
      segment: call.state.segments.length - 1,
      at,
      expiresAt: call.eventsExpireAt,
    });
  }

  private callSkillRows(
    call: CallEntity,
    resolved: readonly ResolvedSkill[],
    offset: number,
    known: ReadonlySet<string>,
  ): CallSkillEntity[] {
    const fresh = resolved.filter((r) => !known.has(r.id));
    return fresh.map((r, i) =>
      Object.assign(new CallSkillEntity(), {
        callId: call.id,
        position: offset + i,
        projectId: call.projectId,
        name: r.name,
        version: r.version,
        versionId: r.id,
        pinned: r.pinned,
        loaded: false,
      }),
    );
  }

  /** An inline agent's secrets live only on its call: tool secrets, and MCP header values (as `mcp:<server>`). */
  private sealInline(callId: string, agent: CallAgent): Record<string, string> {
    const entries: Array<[string, string]> = [
      ...Object.entries(agent.toolSecrets),
      ...agent.mcpServers.map((s): [string, string] => [`mcp:${s.name}`, JSON.stringify(s.headers)]),
    ];
    return Object.fromEntries(
      entries.map(([key, value]) => [key, this.secrets.seal(value, inlineSecretBinding(callId, key))]),
    );
  }
}
