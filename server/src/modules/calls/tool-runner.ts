import { randomUUID } from "node:crypto";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { Webhook } from "standardwebhooks";
import { LruCache } from "../../platform/cache/lru-cache";
import { Invalid, type Problem } from "../../platform/errors";
import { OutboundError } from "../../platform/outbound/outbound-error";
import { outboundFetch } from "../../platform/outbound/outbound-fetch";
import type { AgentTelemetry, TraceSpan, TracedSkill } from "../../platform/telemetry";
import {
  FIND_SKILLS,
  FIND_SKILLS_LIMIT,
  handoffTargetOf,
  HANDOFF_TO_AGENT,
  LOAD_SKILL,
  QUERY_KNOWLEDGE,
  searchableKnowledge,
  searchKnowledge,
  type OfferedTool,
} from "../runtime";
import type { SkillReader } from "../skills";
import type { AgentDirectory } from "../agents";
import type { ToolInvocationEntity } from "./call.entity";
import { currentSegment, modelContextOf, type CallState } from "./call-state";
import type { McpConnector, McpServerAccess } from "./mcp-connector";
import { SkillSearch } from "./skill-search";
import { answerBytes, answerTooLarge, TOOL_ANSWER_MAX_BYTES } from "./tool-answer";

/** How a tool run went: `status` "ok" | "error" | "timeout" | "refused", the result, the error message. */
export type ToolOutcome = Pick<ToolInvocationEntity, "status" | "result" | "error">;

/** What a tool runs against: a call, or a chat session (TX-3: the same rules, one runner). */
export interface ToolHost {
  /** Sent as `call_id` in tool webhooks (a chat session sends its own id). */
  id: string;
  /** More fields for the tool webhook body (a chat session adds `session_id`). */
  webhookFields?: Record<string, unknown>;
  /** The state the tool sees: the current segment's agent, resolved skills and loaded set. */
  state: CallState;
  /** OB-1: the span the tool's run hangs under (the request's, the turn's); none: nobody traces it. */
  trace?: TraceSpan;
  inlineSecret(tool: string): string | null;
  inlineMcpServer(server: string): McpServerAccess | null;
  /** Applies `load_skill` under the host's own lock and returns the result to record. */
  loadSkill(name: string): Promise<Record<string, unknown>>;
  /** Applies `handoff_to_agent`; the result to record. */
  handoff(agentId: string): Promise<Record<string, unknown>>;
}

const argumentValidator = new Ajv({ strict: false, allErrors: true });
addFormats(argumentValidator);

// Compiled validators by schema text: call state is parsed per request, so schema objects are new each time, and
// Ajv's own cache (keyed by object) would grow without bound and compile on every run.
const validators = new LruCache<string, ValidateFunction>(2_000);

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = argumentValidator.compile(schema);
    argumentValidator.removeSchema(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** Problems of arguments against a tool's parameters (JSON Schema), each with its `arguments.<key>` path. */
export function argumentProblems(schema: Record<string, unknown>, args: Record<string, unknown>): Problem[] {
  const validate = validatorFor(schema);
  if (validate(args)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => {
    // The failing value's place (a JSON pointer), plus the property named by errors reported on its parent object.
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const property =
      e.keyword === "required" || e.keyword === "dependentRequired" || e.keyword === "dependencies"
        ? params.missingProperty
        : e.keyword === "additionalProperties"
          ? params.additionalProperty
          : undefined;
    const segments = e.instancePath
      .split("/")
      .slice(1)
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    const key = [...segments, ...(property === undefined ? [] : [property])].join(".");
    const path = key ? `arguments.${key}` : "arguments";
    return { path, message: `${path} ${e.message ?? "is not valid"}.` };
  });
}

/** A `whsec_` secret is base64 after the prefix; any other secret is its UTF-8 bytes (api.md, tool webhooks). */
function signingKey(secret: string): string {
  return secret.startsWith("whsec_") ? secret.slice("whsec_".length) : Buffer.from(secret, "utf8").toString("base64");
}

/**
 * RT-6, RT-7: runs a tool the model was offered against whatever hosts it — a call (CallService.runTool), a chat
 * session, an eval iteration — and, for the gateway, a webhook tool outside any call. A failing tool is an outcome.
 */
export class ToolRunner {
  constructor(
    private readonly agents: AgentDirectory,
    private readonly skills: SkillReader,
    private readonly mcp: McpConnector,
    private readonly options: { allowList: readonly string[]; timeoutMs: number },
    private readonly telemetry: AgentTelemetry,
    /** CT-2: find_skills' search (fused with an embeddings endpoint when one is configured). */
    readonly skillSearch: SkillSearch = new SkillSearch(),
  ) {}

  /**
   * Runs an offered tool against a call or a chat session (TX-3: the same rules): built-ins through the host, webhook
   * tools signed with their secret (RT-7), MCP tools on their server. A failing tool is an outcome, not a throw.
   * OB-1, OB-2: an `execute_tool {tool}` span under the host's, counted by the skill that brings the tool; load_skill's
   * span is the host's load (the same a loadSkill mutation makes, with the skill as resolved).
   */
  async execute(host: ToolHost, tool: OfferedTool, args: Record<string, unknown>): Promise<ToolOutcome> {
    if (tool.source === "builtin" && tool.name === LOAD_SKILL) return this.builtin(host, tool.name, args);
    const skill = tool.source.startsWith("skill:")
      ? (currentSegment(host.state).resolved.find((r) => tool.source === `skill:${r.name}`) ?? null)
      : null;
    const type = tool.source === "builtin" ? "function" : "extension";
    return this.telemetry.executeTool(
      host.trace,
      { name: tool.name, source: tool.source, type },
      skill,
      args,
      (span) => {
        if (tool.source === "builtin") return this.builtin(host, tool.name, args);
        if (tool.webhook) return this.webhook(host, tool, args, span);
        if (tool.mcp) return this.mcpCall(host, tool, args, span);
        const nothing: ToolOutcome = {
          status: "error",
          result: null,
          error: `The tool '${tool.name}' has nothing to run.`,
        };
        return Promise.resolve(nothing);
      },
    );
  }

  private async builtin(host: ToolHost, name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    switch (name) {
      case LOAD_SKILL:
        return { status: "ok", result: await host.loadSkill(String(args.name ?? "")), error: null };
      case FIND_SKILLS: {
        // CT-2: the same search agentSkillSearch answers, over every skill the current agent resolved
        const resolved = currentSegment(host.state).resolved;
        const matches = await this.skillSearch.searchResolved(resolved, String(args.query ?? ""), FIND_SKILLS_LIMIT);
        return { status: "ok", result: matches, error: null };
      }
      case QUERY_KNOWLEDGE: {
        const segment = currentSegment(host.state);
        const context = modelContextOf(host.state);
        const searchable = searchableKnowledge({
          agent: segment.agent,
          resolved: segment.resolved,
          loaded: host.state.loaded,
          toolNames: context.tools.filter((t) => t.source !== "builtin").map((t) => t.name),
        });
        const hits = searchable ? searchKnowledge(searchable, String(args.query ?? "")) : [];
        return { status: "ok", result: { results: hits }, error: null };
      }
      case HANDOFF_TO_AGENT: {
        const target = handoffTargetOf(currentSegment(host.state).agent, args);
        if (!target) return { status: "error", result: null, error: "No handoff target matches the arguments." };
        try {
          return { status: "ok", result: await host.handoff(target.agentId), error: null };
        } catch (error) {
          // A target that is no longer a published agent fails the tool, as a failing webhook does (recorded).
          if (error instanceof Invalid) return { status: "error", result: null, error: error.message };
          throw error;
        }
      }
      default:
        return { status: "error", result: null, error: `Unknown built-in tool '${name}'.` };
    }
  }

  private async webhookSecret(host: ToolHost, tool: OfferedTool): Promise<string | null> {
    const segment = currentSegment(host.state);
    if (tool.source === "agent") {
      return segment.agentVersionId
        ? this.agents.toolSecret(segment.agentVersionId, tool.name)
        : host.inlineSecret(tool.name);
    }
    const skill = segment.resolved.find((r) => tool.source === `skill:${r.name}`);
    return skill ? this.skills.toolSecretOf(segment.sourceProjectId, skill.id, tool.name) : null;
  }

  private async webhook(
    host: ToolHost,
    tool: OfferedTool,
    args: Record<string, unknown>,
    span: TraceSpan,
  ): Promise<ToolOutcome> {
    const body = JSON.stringify({ tool: tool.name, call_id: host.id, ...host.webhookFields, arguments: args });
    return this.postWebhook(tool.webhook!.webhookUrl, body, await this.webhookSecret(host, tool), span);
  }

  /**
   * A webhook tool run outside a call (the gateway, GW-2; the tool loop checked the arguments against its
   * parameters): the request signed with its secret as RT-7 signs a call's, `context` (e.g. the chat session id) sent
   * beside the arguments.
   */
  runDetachedWebhook(
    tool: { name: string; webhookUrl: string },
    args: Record<string, unknown>,
    secret: string | null,
    context: Record<string, unknown>,
    traced: { parent: TraceSpan | undefined; skill: TracedSkill | null },
  ): Promise<ToolOutcome> {
    const body = JSON.stringify({ tool: tool.name, ...context, arguments: args });
    const source = traced.skill ? `skill:${traced.skill.name}` : "agent";
    return this.telemetry.executeTool(
      traced.parent,
      { name: tool.name, source, type: "extension" },
      traced.skill,
      args,
      (span) => this.postWebhook(tool.webhookUrl, body, secret, span),
    );
  }

  /** RT-7: the signed POST of a webhook tool; any answer or failure is an outcome. */
  private async postWebhook(url: string, body: string, secret: string | null, span: TraceSpan): Promise<ToolOutcome> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (secret) {
      const id = `msg_${randomUUID()}`;
      const at = new Date();
      headers["webhook-id"] = id;
      headers["webhook-timestamp"] = String(Math.floor(at.getTime() / 1000));
      headers["webhook-signature"] = new Webhook(signingKey(secret)).sign(id, at, body);
    }
    try {
      const response = await outboundFetch(
        url,
        { method: "POST", headers, body },
        {
          allowList: this.options.allowList,
          timeoutMs: this.options.timeoutMs,
          maxBodyBytes: TOOL_ANSWER_MAX_BYTES,
          traceHeaders: (h) => span.inject(h),
        },
      );
      // SEC-22: an answer past the limit was cut where it was read; a result cut short is refused, never recorded.
      if (response.truncated) return answerTooLarge(`The webhook answered HTTP ${response.status}`);
      let result: unknown = response.body;
      try {
        result = response.body ? JSON.parse(response.body) : null;
      } catch {
        // not JSON: the text is the result
      }
      if (response.status >= 200 && response.status < 300) return { status: "ok", result, error: null };
      return { status: "error", result, error: `The webhook answered HTTP ${response.status}.` };
    } catch (error) {
      if (error instanceof OutboundError) {
        return {
          status: error.kind === "timeout" ? "timeout" : error.kind === "refused" ? "refused" : "error",
          result: null,
          error: error.message,
        };
      }
      throw error;
    }
  }

  private async mcpCall(
    host: ToolHost,
    tool: OfferedTool,
    args: Record<string, unknown>,
    span: TraceSpan,
  ): Promise<ToolOutcome> {
    const segment = currentSegment(host.state);
    const server = segment.agentVersionId
      ? await this.agents.mcpServer(segment.agentVersionId, tool.mcp!.server)
      : host.inlineMcpServer(tool.mcp!.server);
    if (!server)
      return { status: "error", result: null, error: `The MCP server '${tool.mcp!.server}' is not available.` };
    try {
      const { result, isError } = await this.mcp.callTool(server, tool.mcp!.name, args, span);
      // SEC-22: the same limit as a webhook tool's answer; past it, nothing of the answer is kept.
      if (answerBytes(result) > TOOL_ANSWER_MAX_BYTES) return answerTooLarge("The MCP server answered");
      return { status: isError ? "error" : "ok", result, error: isError ? "The MCP tool reported an error." : null };
    } catch (error) {
      return { status: "error", result: null, error: (error as Error).message };
    }
  }
}
