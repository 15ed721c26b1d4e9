import type { SecretBox } from "../../platform/crypto";
import { timeOrderedId } from "../../platform/db/time-ordered-id";
import type { Database } from "../../platform/db/database";
import { Conflict, Invalid, NotFound } from "../../platform/errors";
import { filterValue, pageWindow, type Page } from "../../platform/graphql/page";
import type { AgentSpan, AgentTelemetry } from "../../platform/telemetry";
import type { AuthContext, AuthService } from "../auth";
import type { AgentDirectory } from "../agents";
import { variablesText, type LoadOutcome, type SkillMatch } from "../runtime";
import { AgentSecretSeal, inlineMcpServer } from "./agent-secret-seal";
import {
  CALL_STATUSES,
  CallEntity,
  ToolInvocationEntity,
  type CallEventEntity,
  type CallSkillEntity,
} from "./call.entity";
import { CallRecorded } from "./call.events";
import type { CallFilter } from "./call.repository";
import { catalogView } from "./call-catalog";
import type { CallEngine } from "./call-engine";
import type { CallResolution } from "./call-resolution";
import { currentSegment, modelContextOf, type CallState } from "./call-state";
import { loadRunOutcome } from "./call-telemetry";
import { argumentProblems, type ToolHost, type ToolRunner } from "./tool-runner";

export interface StartCallInput {
  agentId?: string | null;
  inlineAgent?: unknown;
  variables?: Record<string, unknown> | null;
  /** RO-2: keeps one caller on one arm of a staged rollout (e.g. the caller's id); default: the call's id. */
  rolloutKey?: string | null;
}

export interface LoadSkillResult extends Omit<LoadOutcome, "loaded" | "events"> {
  call: CallEntity;
}

/** agentSkillSearch's most matches, and its longest request. */
const MAX_SEARCH_LIMIT = 50;
const MAX_SEARCH_QUERY = 2_000;

/** A call keeps an inline agent's tool secrets and MCP header values sealed to itself (never the model's key). */
export function callSecretSeal(box: SecretBox): AgentSecretSeal {
  return new AgentSecretSeal(box, {
    binding: (callId, key) => `call:${callId}:tool:${key}`,
    modelKey: null,
    toolKey: (tool) => tool,
  });
}

/**
 * Calls over GraphQL (RT-1..RT-11): each use case authorises the request, then resolves (CallResolution) and applies
 * (CallEngine) in one transaction; `runTool` runs an offered tool through the ToolRunner and records it.
 */
export class CallService {
  private readonly secrets: AgentSecretSeal;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly agents: AgentDirectory,
    private readonly resolution: CallResolution,
    private readonly engine: CallEngine,
    private readonly tools: ToolRunner,
    secretBox: SecretBox,
    private readonly eventRetentionMs: number,
    private readonly telemetry: AgentTelemetry,
  ) {
    this.secrets = callSecretSeal(secretBox);
  }

  /** OB-1: a call start is an `invoke_agent {agent}` span under the request's. */
  start(ctx: AuthContext, input: StartCallInput): Promise<CallEntity> {
    return this.telemetry.invokeAgent(ctx.trace, (span) => this.startCall(ctx, input, span));
  }

  private async startCall(ctx: AuthContext, input: StartCallInput, span: AgentSpan): Promise<CallEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    if (Boolean(input.agentId) === Boolean(input.inlineAgent)) {
      throw Invalid.field(
        "agent_id",
        "Give exactly one of agentId (a stored agent) or inlineAgent (an agent defined for this call).",
      );
    }
    const variables = input.variables ?? {};
    if (typeof variables !== "object" || Array.isArray(variables))
      throw Invalid.field("variables", "variables must be a JSON object of template values.");
    const agent = input.agentId
      ? await this.resolution.publishedAgent(scope, input.agentId, "agent_id")
      : await this.agents.inline(scope.projectId, input.inlineAgent);
    span.agent(agent.snapshot.name, agent.snapshot.agentId);
    const id = timeOrderedId();
    const rolloutKey = input.rolloutKey || null;
    const { segment, warnings } = await this.resolution.segmentFor(scope.projectId, agent, rolloutKey ?? id);
    // CT-1: no message yet, so the catalog is ranked for the call's variables
    segment.shown = await this.resolution.callCatalog.first(
      scope.projectId,
      segment,
      variables,
      variablesText(variables),
    );
    span.conversation(id);
    const now = new Date();
    const state: CallState = {
      segments: [segment],
      loaded: [],
      variables,
      eventSeq: 1,
      ...(rolloutKey ? { rolloutKey } : {}),
    };
    const call = Object.assign(new CallEntity(), {
      id,
      projectId: scope.projectId,
      agentId: agent.snapshot.agentId,
      agentName: agent.snapshot.name,
      status: "active" as const,
      state,
      warnings: [...new Set([...warnings, ...modelContextOf(state).warnings])],
      sealedSecrets: this.secrets.seal(id, agent),
      startedAt: now,
      endedAt: null,
      eventsExpireAt: new Date(now.getTime() + this.eventRetentionMs),
      eventsExpired: false,
    });
    await this.engine.storeStart(call, segment, scope);
    this.telemetry.started("call", segment.resolved, span);
    return call;
  }

  /** RT-3, RT-4, RT-11: one load, decided by the runtime on the call's current loaded set, under a row lock. */
  async loadSkill(ctx: AuthContext, callId: string, name: string): Promise<LoadSkillResult> {
    const scope = await this.auth.authorize(ctx, "editor");
    // OB-1: `execute_tool load_skill` (its webhooks in its trace), the skill as the call resolved it.
    return this.telemetry.loadSkill(
      ctx.trace,
      name,
      async (span) => {
        const { outcome, call } = await this.engine.load(scope, callId, name, span);
        const { loaded: _l, events: _e, ...result } = outcome;
        return { ...result, call };
      },
      (result) => loadRunOutcome(result, currentSegment(result.call.state).resolved),
    );
  }

  /**
   * CT-2: the agent's skills (its published version's, resolved as a call's start resolves them: pinned and
   * follow-live entries, the library's for a linked project) that best match a request — exactly what find_skills
   * answers in its calls. Only the credential's project is searched.
   */
  async skillSearch(ctx: AuthContext, agentId: string, query: string, limit: number): Promise<SkillMatch[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT)
      throw Invalid.field("limit", `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}; it is ${limit}.`);
    if (query.length > MAX_SEARCH_QUERY)
      throw Invalid.field("query", `query must be at most ${MAX_SEARCH_QUERY} characters; it has ${query.length}.`);
    const agent = await this.resolution.publishedAgent(scope, agentId, "agent_id");
    // The skills are what matters here: the agent's MCP servers are not asked for their tools.
    const { context } = await this.resolution.contextFor(scope.projectId, { ...agent, mcpServers: [] });
    // the tool runner's own search: find_skills answers the same, by the same code
    return this.tools.skillSearch.searchResolved(context.resolved, query, limit);
  }

  /**
   * CT-1: what a call of an agent version (draft or published) would show in its catalog with no message or
   * variables yet: the version's entries resolved now, ranked by the agent's recent loads, within its budget.
   */
  async versionCatalog(
    ctx: AuthContext,
    version: {
      agentId: string;
      name: string;
      mode: string;
      catalogBudget: number;
      skills: Array<{ name: string; versionId: string | null }>;
    },
  ): Promise<{ shown: string[]; omitted: string[]; budget: number }> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const config = {
      name: version.name,
      mode: version.mode,
      catalogBudget: version.catalogBudget,
      skills: version.skills,
    };
    const inline = await this.agents.inline(scope.projectId, config);
    // The version's own agent: its recent loads rank the catalog as they would in its calls.
    const agent = { ...inline, snapshot: { ...inline.snapshot, agentId: version.agentId } };
    const { context } = await this.resolution.contextFor(scope.projectId, agent);
    const shown = await this.resolution.callCatalog.first(scope.projectId, context, {}, "");
    return catalogView({ ...context, startedAt: "", shown });
  }

  /** RT-9: the target's skills, resolved as at a call's start; nothing stays loaded. */
  async handoff(ctx: AuthContext, callId: string, agentId: string): Promise<CallEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const target = await this.resolution.publishedAgent(scope, agentId, "agent_id");
    // RO-2: a handoff resolves under the call's key (its rolloutKey, else its id), so the caller keeps its arm.
    const call = await this.get(ctx, callId);
    const next = await this.resolution.segmentFor(scope.projectId, target, call?.state.rolloutKey ?? callId);
    const variables = call?.state.variables ?? {};
    next.segment.shown = await this.resolution.callCatalog.first(
      scope.projectId,
      next.segment,
      variables,
      variablesText(variables),
    );
    return this.db.write(async (tx) => this.engine.applyHandoff(tx, scope, callId, target, next), scope);
  }

  async end(ctx: AuthContext, callId: string): Promise<CallEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => this.engine.applyEnd(tx, scope, callId, ctx.trace), scope);
  }

  /** RT-6, RT-7: runs the tool the model would get under a name now, and records the invocation. */
  async runTool(ctx: AuthContext, callId: string, name: string, args: unknown): Promise<ToolInvocationEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const call = await this.get(ctx, callId);
    if (!call) throw new NotFound("The call");
    if (call.status !== "active")
      throw new Conflict(`The call ${callId} has ended; its tools no longer run.`, { status: call.status });
    const offered = modelContextOf(call.state).tools;
    const tool = offered.find((t) => t.name === name);
    if (!tool) {
      throw Invalid.field(
        "name",
        `The call offers no tool named '${name}' now; it offers: ${offered.map((t) => t.name).join(", ") || "none"}.`,
        { tool: name },
      );
    }
    if (typeof args !== "object" || args === null || Array.isArray(args))
      throw Invalid.field("arguments", "arguments must be a JSON object.");
    const problems = argumentProblems(tool.parameters, args as Record<string, unknown>);
    if (problems.length > 0)
      throw Invalid.of(
        problems,
        `The arguments do not match the parameters of '${name}': ${problems.map((p) => p.message).join(" ")}`,
      );
    const started = performance.now();
    const outcome = await this.tools.execute(this.toolHost(ctx, call), tool, args as Record<string, unknown>);
    const invocation = Object.assign(new ToolInvocationEntity(), {
      id: timeOrderedId(),
      callId: call.id,
      projectId: scope.projectId,
      tool: tool.name,
      source: tool.source,
      arguments: args,
      status: outcome.status,
      result: outcome.result ?? null,
      error: outcome.error,
      latencyMs: Math.round(performance.now() - started),
      at: new Date(),
    });
    await this.db.write(async (tx) => {
      tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id })); // UX-5: the call page shows the run
      await this.engine.repository(tx.manager).insertInvocation(invocation);
      await this.engine.countToolRun(tx, call, tool.source, outcome.status);
    }, scope);
    return invocation;
  }

  /** What a tool of the call runs against: its state, its inline secrets, and loads and handoffs as use cases. */
  private toolHost(ctx: AuthContext, call: CallEntity): ToolHost {
    const open = this.secrets.opener(call.id, call.sealedSecrets);
    return {
      id: call.id,
      state: call.state,
      trace: ctx.trace,
      inlineSecret: open,
      inlineMcpServer: (server) => inlineMcpServer(currentSegment(call.state), server, open),
      loadSkill: async (name) => {
        const loaded = await this.loadSkill(ctx, call.id, name);
        return { status: loaded.status, skill: loaded.skill, unloaded: loaded.unloaded, message: loaded.message };
      },
      handoff: async (agentId) => {
        const after = await this.handoff(ctx, call.id, agentId);
        return { agent_id: after.agentId, agent_name: after.agentName };
      },
    };
  }

  async get(ctx: AuthContext, id: string): Promise<CallEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => this.engine.repository(m).find(scope.projectId, id));
  }

  /** Calls of the credential's project among `ids` (others are simply absent), one query. */
  async getMany(ctx: AuthContext, ids: readonly string[]): Promise<CallEntity[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => this.engine.repository(m).findMany(scope.projectId, ids));
  }

  async list(
    ctx: AuthContext,
    filter: Omit<CallFilter, "projectId">,
    page: number,
    limit: number,
  ): Promise<Page<CallEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const window = pageWindow(page, limit);
    const status = filterValue("status", filter.status, CALL_STATUSES);
    const [items, total] = await this.db.read((m) =>
      this.engine.repository(m).page({ ...filter, status, projectId: scope.projectId }, window),
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  // ---- batches for the loaders and the live timeline: the calls were read through a scoped query ----

  skillsOf(callIds: readonly string[]): Promise<CallSkillEntity[]> {
    return this.db.read((m) => this.engine.repository(m).skillsOf(callIds));
  }

  eventsOf(callIds: readonly string[]): Promise<CallEventEntity[]> {
    return this.db.read((m) => this.engine.repository(m).eventsOf(callIds));
  }

  /** The events of a call the caller found in its project, numbered after `afterSeq`. */
  eventsAfter(call: Pick<CallEntity, "projectId" | "id">, afterSeq: number): Promise<CallEventEntity[]> {
    return this.db.read((m) => this.engine.repository(m).eventsAfter(call.projectId, call.id, afterSeq));
  }

  /** UX-5: a live timeline of a call the caller found opens (`1`) or closes (`-1`); see `CallRepository.follow`. */
  follow(call: Pick<CallEntity, "id">, delta: 1 | -1): Promise<void> {
    return this.db.write((tx) => this.engine.repository(tx.manager).follow(call.id, delta));
  }

  invocationsOf(callIds: readonly string[]): Promise<ToolInvocationEntity[]> {
    return this.db.read((m) => this.engine.repository(m).invocationsOf(callIds));
  }
}
