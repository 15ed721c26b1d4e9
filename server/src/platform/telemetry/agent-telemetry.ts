import { ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT, GEN_AI, GEN_AI_OPERATION, SKILLGRAPH } from "./attributes";
import { Metrics } from "./metrics";
import {
  errorTypeOf,
  NO_SPAN,
  NO_TRACING,
  type SpanAttributes,
  type TraceParent,
  type TraceSpan,
  type Tracing,
} from "./tracing";

/**
 * OB-1 and OB-2 where an agent's work happens, in the GenAI conventions' words: `invoke_agent` (a call start, a chat
 * turn, a gateway turn), `chat` (a model request), `execute_tool` (a tool run, a skill load or file read). Modules
 * call these few verbs with the span their work hangs under (the request's, a turn's); each records its span (when
 * tracing is on) and counts its metrics once the work is done (after its transaction committed). With tracing off
 * nothing here builds a span.
 */

/** A skill as a span names it: ResolvedSkill has this shape (and `rollout` once the skill resolved under one, RO-2). */
export interface TracedSkill {
  name: string;
  version?: number | null;
  /** The version's id. */
  id?: string | null;
  pinned?: boolean;
  /** The staged rollout the skill resolved under, and its arm ("live" | "candidate"). */
  rollout?: { rolloutId: string; arm: string } | null;
}

/** What a tool run came to: `status` "ok" | "error" | "timeout" | "refused". */
export interface ToolRunOutcome {
  status: string;
  error?: string | null;
  result?: unknown;
}

/** What a load did: its status, the skill asked for as resolved (null: none such), whether it loaded, what the cap evicted. */
export interface LoadRunOutcome {
  status: string;
  skill: TracedSkill | null;
  loaded: boolean;
  evicted: readonly string[];
}

/** The `invoke_agent` span while it runs: who the agent is and the conversation, once known. */
export interface AgentSpan {
  agent(name: string, id: string | null): void;
  conversation(id: string): void;
  set(attributes: SpanAttributes): void;
  /** The span itself: the parent of the turn's model requests and tool runs. */
  readonly trace: TraceSpan;
}

const NO_AGENT_SPAN: AgentSpan = { agent: () => {}, conversation: () => {}, set: () => {}, trace: NO_SPAN };

export const INVOKE_AGENT: SpanAttributes = { [GEN_AI.operationName]: GEN_AI_OPERATION.invokeAgent };
const EXECUTE_TOOL = GEN_AI_OPERATION.executeTool;

/** The rollout arms of a resolved list, kept per list (the same list for every start that resolved the same). */
const armsOf = new WeakMap<readonly TracedSkill[], ReadonlyArray<"live" | "candidate">>();

function rolloutArmsOf(skills: readonly TracedSkill[]): ReadonlyArray<"live" | "candidate"> {
  let arms = armsOf.get(skills);
  if (!arms) {
    arms = skills.flatMap((s) => (s.rollout ? [s.rollout.arm === "candidate" ? "candidate" : "live"] : []));
    armsOf.set(skills, arms);
  }
  return arms;
}

/** The attributes of a skill on a span (rollout arm included when there is one). */
export function skillAttributes(skill: TracedSkill): SpanAttributes {
  return {
    [GEN_AI.skillName]: skill.name,
    [SKILLGRAPH.skillVersion]: skill.version,
    [SKILLGRAPH.skillVersionId]: skill.id,
    [SKILLGRAPH.skillPinned]: skill.pinned,
    [SKILLGRAPH.rolloutArm]: skill.rollout?.arm,
    [SKILLGRAPH.rolloutId]: skill.rollout?.rolloutId,
  };
}

/** Text of a value for a content attribute (only when content capture is on). */
function contentOf(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** One model request (`chat {model}`) while it runs: its answer or chunks are read for the span. */
export interface ModelRequestTrace {
  /** Adds the span's traceparent to the request's headers (the upstream continues the trace). */
  inject(headers: Record<string, string>): void;
  /** A whole completion's model, id, finish reasons and usage (and its messages with content capture). */
  answered(completion: unknown): void;
  /** One stream chunk (its model, finish reason and usage, when it carries them). */
  chunk(chunk: unknown): void;
  failed(error: unknown): void;
  end(): void;
}

interface CompletionLike {
  id?: unknown;
  model?: unknown;
  choices?: Array<{ finish_reason?: unknown; message?: unknown; delta?: unknown }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
}

export class AgentTelemetry {
  constructor(
    readonly tracing: Tracing,
    readonly metrics: Metrics,
  ) {}

  /**
   * Spans of agent work are made under a parent only (a request's, a turn's): work nobody traces (an eval run in the
   * background) makes none, rather than a root span per tool call or model request.
   */
  private traced(parent: TraceParent | null | undefined): parent is TraceParent {
    return this.tracing.enabled && parent !== null && parent !== undefined && parent !== NO_SPAN;
  }

  /** No tracing and metrics nobody scrapes (a client built outside an app, in a test). */
  static detached(): AgentTelemetry {
    return new AgentTelemetry(NO_TRACING, new Metrics());
  }

  /** `invoke_agent {agent}`: a call start, a chat turn or a gateway turn (named once the agent is known). */
  invokeAgent<T>(parent: TraceParent | null | undefined, work: (span: AgentSpan) => Promise<T>): Promise<T> {
    if (!this.traced(parent)) return work(NO_AGENT_SPAN);
    return this.tracing.inSpan(GEN_AI_OPERATION.invokeAgent, INVOKE_AGENT, parent, (span) =>
      work(new InvokeAgentSpan(span)),
    );
  }

  /** A call or chat session started (after commit) with these skills resolved. */
  started(kind: "call" | "chat", skills: readonly TracedSkill[], span: AgentSpan): void {
    this.metrics.started(kind, skills.length);
    for (const arm of rolloutArmsOf(skills)) this.metrics.rolloutArmStarted(arm);
    if (this.tracing.enabled) span.set({ [SKILLGRAPH.resolvedSkills]: skills.map((s) => s.name) });
  }

  /**
   * `execute_tool {tool}` for a tool run (webhook, MCP, built-in), counted by the skill that brings it. A failed
   * outcome marks the span failed with its status; content (arguments, result) only with content capture on.
   */
  async executeTool<T extends ToolRunOutcome>(
    parent: TraceParent | null | undefined,
    tool: { name: string; source: string; type: "function" | "extension" },
    skill: TracedSkill | null,
    args: unknown,
    work: (span: TraceSpan) => Promise<T>,
  ): Promise<T> {
    const outcome = !this.traced(parent)
      ? await work(NO_SPAN)
      : await this.tracing.inSpan(
          `${EXECUTE_TOOL} ${tool.name}`,
          {
            [GEN_AI.operationName]: EXECUTE_TOOL,
            [GEN_AI.toolName]: tool.name,
            [GEN_AI.toolType]: tool.type,
            [SKILLGRAPH.toolSource]: tool.source,
            ...(skill ? skillAttributes(skill) : {}),
            ...(this.tracing.captureContent ? { [GEN_AI.toolCallArguments]: contentOf(args) } : {}),
          },
          parent,
          async (span) => {
            const ran = await work(span);
            span.set({
              [SKILLGRAPH.toolStatus]: ran.status,
              ...(this.tracing.captureContent && ran.result !== undefined
                ? { [GEN_AI.toolCallResult]: contentOf(ran.result) }
                : {}),
            });
            if (ran.status !== "ok") span.fail(ran.status, ran.error ?? undefined);
            return ran;
          },
        );
    this.metrics.toolRan(skill ? "skill" : "agent", outcome.status !== "ok");
    return outcome;
  }

  /**
   * `execute_tool load_skill` for the skill `name` asked for: once loaded, the span carries the skill as resolved
   * (version, version id, pin, rollout arm), the load's status and what the cap evicted; loads and evictions counted.
   */
  async loadSkill<T>(
    parent: TraceParent | null | undefined,
    name: string,
    work: (span: TraceSpan) => Promise<T>,
    outcomeOf: (result: T) => LoadRunOutcome,
  ): Promise<T> {
    const result = !this.traced(parent)
      ? await work(NO_SPAN)
      : await this.tracing.inSpan(
          `${EXECUTE_TOOL} load_skill`,
          this.skillToolAttributes("load_skill", { name }),
          parent,
          async (span) => {
            const done = await work(span);
            const outcome = outcomeOf(done);
            span.set({
              ...(outcome.skill ? skillAttributes(outcome.skill) : {}),
              [SKILLGRAPH.loadStatus]: outcome.status,
              [SKILLGRAPH.evictedSkills]: outcome.evicted,
            });
            return done;
          },
        );
    const outcome = outcomeOf(result);
    if (outcome.loaded && outcome.skill) this.metrics.skillLoaded();
    if (outcome.evicted.length > 0) this.metrics.skillsEvicted(outcome.evicted.length);
    return result;
  }

  /** `execute_tool read_skill_file` with the skill's attributes (the path too: a file's name, never its content). */
  readSkillFile<T>(
    parent: TraceParent | null | undefined,
    skill: TracedSkill,
    path: string,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!this.traced(parent)) return work();
    return this.tracing.inSpan(
      `${EXECUTE_TOOL} read_skill_file`,
      { ...this.skillToolAttributes("read_skill_file", skill), "skillgraph.skill.file": path.slice(0, 256) },
      parent,
      work,
    );
  }

  /** `chat {model}`: one request to a model endpoint; its latency is counted whatever tracing does. */
  modelRequest(
    parent: TraceParent | null | undefined,
    model: string,
    baseUrl: string,
    request: { messages?: unknown },
  ): ModelRequestTrace {
    const started = performance.now();
    const metrics = this.metrics;
    let failed = false;
    const done = () => metrics.upstreamRequest(model, failed, (performance.now() - started) / 1000);
    if (!this.traced(parent)) {
      return {
        inject: () => {},
        answered: () => {},
        chunk: () => {},
        failed: () => void (failed = true),
        end: done,
      };
    }
    let server: { host: string; port: number | undefined } | null = null;
    try {
      const url = new URL(baseUrl);
      server = { host: url.hostname, port: url.port ? Number(url.port) : undefined };
    } catch {
      // not a URL: no server attributes
    }
    const span = this.tracing.start(
      `${GEN_AI_OPERATION.chat} ${model}`,
      {
        [GEN_AI.operationName]: GEN_AI_OPERATION.chat,
        [GEN_AI.providerName]: "openai",
        [GEN_AI.requestModel]: model,
        [ATTR_SERVER_ADDRESS]: server?.host,
        [ATTR_SERVER_PORT]: server?.port,
        ...(this.tracing.captureContent ? { [GEN_AI.inputMessages]: contentOf(request.messages ?? []) } : {}),
      },
      "client",
      parent,
    );
    const finishReasons: string[] = [];
    const capture = this.tracing.captureContent;
    const read = (value: unknown, whole: boolean) => {
      const answer = value as CompletionLike | null;
      if (!answer || typeof answer !== "object") return;
      if (typeof answer.model === "string") span.set({ [GEN_AI.responseModel]: answer.model });
      if (typeof answer.id === "string") span.set({ [GEN_AI.responseId]: answer.id });
      for (const choice of answer.choices ?? []) {
        if (typeof choice?.finish_reason === "string") finishReasons.push(choice.finish_reason);
      }
      const usage = answer.usage;
      if (usage && typeof usage.prompt_tokens === "number" && typeof usage.completion_tokens === "number")
        span.set({ [GEN_AI.inputTokens]: usage.prompt_tokens, [GEN_AI.outputTokens]: usage.completion_tokens });
      if (whole && capture)
        span.set({ [GEN_AI.outputMessages]: contentOf((answer.choices ?? []).map((c) => c?.message ?? null)) });
    };
    return {
      inject: (headers) => span.inject(headers),
      answered: (completion) => read(completion, true),
      chunk: (chunk) => read(chunk, false),
      failed: (error) => {
        failed = true;
        span.fail(errorTypeOf(error), error instanceof Error ? error.message : undefined);
      },
      end: () => {
        if (finishReasons.length > 0) span.set({ [GEN_AI.finishReasons]: finishReasons });
        span.end();
        done();
      },
    };
  }

  private skillToolAttributes(tool: string, skill: TracedSkill): SpanAttributes {
    return {
      [GEN_AI.operationName]: EXECUTE_TOOL,
      [GEN_AI.toolName]: tool,
      [GEN_AI.toolType]: "function",
      [SKILLGRAPH.toolSource]: "builtin",
      ...skillAttributes(skill),
    };
  }
}

/** The `invoke_agent` span with its agent's and conversation's attributes (methods, not closures: one object). */
class InvokeAgentSpan implements AgentSpan {
  constructor(readonly trace: TraceSpan) {}

  agent(name: string, id: string | null): void {
    this.trace.rename(`${GEN_AI_OPERATION.invokeAgent} ${name}`);
    this.trace.set({ [GEN_AI.agentName]: name, [GEN_AI.agentId]: id });
  }

  conversation(id: string): void {
    this.trace.set({ [GEN_AI.conversationId]: id });
  }

  set(attributes: SpanAttributes): void {
    this.trace.set(attributes);
  }
}
