import { randomUUID } from "node:crypto";
import type { Logger } from "../../platform/logger";
import type { SessionLogKey, SessionStore, SkillInvocation } from "../../platform/session-store";
import type { ToolRunner } from "../calls";
import type { ModelClient, ModelEndpoint, ModelRequest } from "../model";
import type { RuntimeTool } from "../runtime";
import { normaliseSkillName } from "../skills";
import {
  continuesAConversation,
  dropEchoedSkillCalls,
  LOAD_SKILL,
  READ_SKILL_FILE,
  replayInto,
  userMessageCount,
  type ChatMessage,
  type ToolCall,
} from "./gateway-messages";
import {
  insidePath,
  loadedSkillAnswer,
  missingFileText,
  notLoadedText,
  refusedPathText,
  unknownSkillText,
  type GatewaySkill,
} from "./gateway-skills";
import {
  gatewayToolDefinitions,
  systemPromptOf,
  type OpenAiTool,
  type ServedAgent,
  type ServedWorker,
} from "./served-agent";

/** One model answer of the tool loop, streamed or not. */
export interface RoundResult {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: string;
  /** The upstream's completion (non-streaming rounds). */
  completion?: unknown;
  /** Token usage as the upstream reported it (for a whole turn: summed over its rounds); null when it did not. */
  usage: TokenUsage | null;
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

function addUsage(sum: TokenUsage | null, next: TokenUsage | null): TokenUsage | null {
  if (!next) return sum;
  if (!sum) return { ...next };
  return {
    prompt_tokens: sum.prompt_tokens + next.prompt_tokens,
    completion_tokens: sum.completion_tokens + next.completion_tokens,
    total_tokens: sum.total_tokens + next.total_tokens,
  };
}

function usageOf(value: unknown): TokenUsage | null {
  const u = value as Partial<TokenUsage> | null | undefined;
  if (!u || typeof u.prompt_tokens !== "number" || typeof u.completion_tokens !== "number") return null;
  return {
    prompt_tokens: u.prompt_tokens,
    completion_tokens: u.completion_tokens,
    total_tokens: typeof u.total_tokens === "number" ? u.total_tokens : u.prompt_tokens + u.completion_tokens,
  };
}

export type RoundRunner = (endpoint: ModelEndpoint | null, request: ModelRequest) => Promise<RoundResult>;

/** The model kept calling the gateway's tools for more rounds than CHAT_MAX_TOOL_ROUNDS allows. */
export class ToolLoopError extends Error {
  constructor(readonly rounds: number) {
    super(
      `The model was still calling tools after ${rounds} rounds (CHAT_MAX_TOOL_ROUNDS); the turn was stopped without an answer. Skills it loaded stay recorded.`,
    );
  }
}

export interface TurnDependencies {
  model: ModelClient;
  store: SessionStore;
  tools: ToolRunner;
  logger: Logger;
  maxToolRounds: number;
}

/** What one turn works on; the loop appends to `messages` and `loaded`. */
export interface Turn {
  agent: ServedAgent;
  sessionId: string;
  logKey: SessionLogKey;
  /** Recorded into the log: the agent's turn (a coordinator's), never a worker's (GW-10). */
  record: boolean;
  messages: ChatMessage[];
  replayed: SkillInvocation[];
  /** Skills whose content is in the history now (replayed or loaded this turn), in load order. */
  loaded: string[];
  userMessages: number;
  clientTools: OpenAiTool[];
  passthrough: Record<string, unknown>;
}

async function replayContent(agent: ServedAgent, invocation: SkillInvocation): Promise<string | null> {
  const name = invocation.tool === LOAD_SKILL ? invocation.arguments.name : invocation.arguments.skill;
  const skill = agent.skills.find((s) => s.name === name);
  if (!skill) return null; // GW-5: no longer configured: skipped, and replayed again if restored
  if (invocation.tool === LOAD_SKILL) {
    const loaded = await skill.load();
    return loaded ? loadedSkillAnswer(skill.name, loaded) : null;
  }
  const file = await skill.readFile(invocation.arguments.path ?? "");
  return file.kind === "text" ? file.text : null;
}

/** GW-2, GW-5, GW-8: the history the model gets: our system prompt, the client's messages, the replayed skills. */
export async function prepareTurn(
  agent: ServedAgent,
  store: SessionStore,
  request: {
    sessionId: string;
    messages: ChatMessage[];
    clientTools: OpenAiTool[];
    passthrough: Record<string, unknown>;
  },
): Promise<Turn> {
  const logKey = { projectId: agent.logNamespace, sessionId: request.sessionId, agent: agent.gatewayName };
  const persistent = agent.skills.length > 0;
  let history = persistent ? dropEchoedSkillCalls(request.messages) : request.messages;
  let replayed: SkillInvocation[] = [];
  if (persistent && continuesAConversation(request.messages)) {
    const log = await store.read(logKey);
    if (log.length > 0) {
      const items = await Promise.all(
        log.map(async (invocation) => ({ invocation, content: await replayContent(agent, invocation) })),
      );
      const replay = replayInto(history, items);
      history = replay.messages;
      replayed = replay.replayed;
    }
  }
  return {
    agent,
    sessionId: request.sessionId,
    logKey,
    record: true,
    messages: [{ role: "system", content: systemPromptOf(agent.prompt, agent.skills, agent.workers) }, ...history],
    replayed,
    loaded: [...new Set(replayed.filter((i) => i.tool === LOAD_SKILL).map((i) => i.arguments.name ?? ""))],
    userMessages: Math.max(1, userMessageCount(request.messages)),
    clientTools: request.clientTools,
    passthrough: request.passthrough,
  };
}

type Handler = (args: Record<string, unknown>) => Promise<string>;

interface Offered {
  definitions: OpenAiTool[];
  handlers: Map<string, Handler>;
}

/** The tools of the next round: the gateway's, the agent's, the loaded skills', then the client's; first name wins. */
function offeredTools(turn: Turn, deps: TurnDependencies, signal: AbortSignal | undefined): Offered {
  const definitions: OpenAiTool[] = [];
  const handlers = new Map<string, Handler>();
  const names = new Set<string>();
  const offer = (tool: OpenAiTool, handler: Handler | null) => {
    if (names.has(tool.function.name)) return;
    names.add(tool.function.name);
    definitions.push(tool);
    if (handler) handlers.set(tool.function.name, handler);
  };
  const { agent } = turn;
  for (const tool of gatewayToolDefinitions(agent.skills, agent.workers)) {
    const name = tool.function.name;
    const handler: Handler =
      name === LOAD_SKILL
        ? (args) => loadSkill(turn, deps, args)
        : name === READ_SKILL_FILE
          ? (args) => readSkillFile(turn, deps, args)
          : (args) => delegate(turn, deps, args, signal);
    offer(tool, handler);
  }
  const webhook = (tool: RuntimeTool, skill: GatewaySkill | null) =>
    offer(
      { type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } },
      async (args) => {
        const secret = await agent.toolSecret(skill, tool.name);
        const outcome = await deps.tools.runDetachedWebhook(tool, args, secret, {
          call_id: null,
          chat_session_id: turn.sessionId,
          agent: agent.gatewayName,
        });
        return JSON.stringify(
          outcome.status === "ok" ? outcome.result : { error: outcome.error, result: outcome.result },
        );
      },
    );
  for (const tool of agent.tools) webhook(tool, null);
  for (const name of turn.loaded) {
    const skill = agent.skills.find((s) => s.name === name);
    for (const tool of skill?.tools ?? []) webhook(tool, skill!);
  }
  for (const tool of turn.clientTools) offer(tool, null);
  return { definitions, handlers };
}

async function record(turn: Turn, deps: TurnDependencies, invocation: Omit<SkillInvocation, "userMessageIndex">) {
  if (!turn.record) return;
  try {
    const outcome = await deps.store.record(turn.logKey, { ...invocation, userMessageIndex: turn.userMessages });
    if (outcome === "full")
      deps.logger.warn(
        { agent: turn.agent.gatewayName, tool: invocation.tool, arguments: invocation.arguments },
        "skill log full (64 invocations): this call is not recorded and will not be replayed",
      );
  } catch (error) {
    // The tool call succeeded; only its replay on later turns is lost.
    deps.logger.error({ err: error, agent: turn.agent.gatewayName }, "skill invocation could not be recorded");
  }
}

async function loadSkill(turn: Turn, deps: TurnDependencies, args: Record<string, unknown>): Promise<string> {
  const name = typeof args.name === "string" ? normaliseSkillName(args.name) : "";
  const skill = turn.agent.skills.find((s) => s.name === name);
  if (!skill) return unknownSkillText(name, turn.agent.skills);
  const loaded = await skill.load();
  if (!loaded) return `The skill '${name}' cannot be read right now.`;
  if (!turn.loaded.includes(name)) turn.loaded.push(name);
  await record(turn, deps, { tool: LOAD_SKILL, arguments: { name } });
  return loadedSkillAnswer(name, loaded);
}

async function readSkillFile(turn: Turn, deps: TurnDependencies, args: Record<string, unknown>): Promise<string> {
  const name = typeof args.skill === "string" ? normaliseSkillName(args.skill) : "";
  const path = typeof args.path === "string" ? args.path : "";
  const skill = turn.agent.skills.find((s) => s.name === name);
  if (!skill) return unknownSkillText(name, turn.agent.skills);
  if (!turn.loaded.includes(name)) return notLoadedText(name);
  const file = await skill.readFile(path);
  if (file.kind === "refused") return refusedPathText(name);
  if (file.kind === "missing") return missingFileText(name, path, (await skill.load())?.files ?? []);
  await record(turn, deps, { tool: READ_SKILL_FILE, arguments: { skill: name, path: insidePath(path) ?? path } });
  return file.text;
}

/** GW-10: a worker runs the task alone (no history), with its own skills; its skill calls are not recorded. */
async function delegate(
  turn: Turn,
  deps: TurnDependencies,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<string> {
  const worker: ServedWorker | undefined = turn.agent.workers.find((w) => w.name === args.worker);
  if (!worker)
    return `There is no worker named '${String(args.worker)}'. Workers: ${turn.agent.workers.map((w) => w.name).join(", ")}.`;
  const agent: ServedAgent = {
    logNamespace: turn.agent.logNamespace,
    gatewayName: `${turn.agent.gatewayName}/${worker.name}`,
    prompt: worker.prompt,
    model: worker.model ?? turn.agent.model,
    skills: worker.skills,
    tools: [],
    workers: [],
    warnings: [],
    toolSecret: async () => null,
  };
  const sub: Turn = {
    agent,
    sessionId: turn.sessionId,
    logKey: { ...turn.logKey, agent: agent.gatewayName },
    record: false,
    messages: [
      { role: "system", content: systemPromptOf(agent.prompt, agent.skills, []) },
      { role: "user", content: typeof args.task === "string" ? args.task : JSON.stringify(args.task ?? "") },
    ],
    replayed: [],
    loaded: [],
    userMessages: 1,
    clientTools: [],
    passthrough: {},
  };
  const { final } = await runToolLoop(sub, deps, completeRound(deps.model, signal), signal);
  return final.content ?? "";
}

function parseArguments(call: ToolCall): Record<string, unknown> | string {
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || "{}");
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
    return "The arguments must be a JSON object.";
  } catch {
    return "The arguments are not valid JSON.";
  }
}

/**
 * GW-2: the model answers; the gateway runs its own tool calls (and the agent's and loaded skills' webhooks) and asks
 * again, at most `maxToolRounds` rounds; a call to a client tool ends the turn and goes back to the client.
 */
export async function runToolLoop(
  turn: Turn,
  deps: TurnDependencies,
  round: RoundRunner,
  signal: AbortSignal | undefined,
): Promise<{ final: RoundResult; clientCalls: ToolCall[] }> {
  let usage: TokenUsage | null = null;
  for (let rounds = 0; ; rounds++) {
    const offered = offeredTools(turn, deps, signal);
    const answered = await round(turn.agent.model, {
      ...turn.passthrough,
      messages: turn.messages as ModelRequest["messages"],
      ...(offered.definitions.length > 0 ? { tools: offered.definitions } : {}),
    });
    usage = addUsage(usage, answered.usage);
    const result = { ...answered, usage };
    const ours = result.toolCalls.filter((c) => offered.handlers.has(c.function.name));
    const theirs = result.toolCalls.filter((c) => !offered.handlers.has(c.function.name));
    if (ours.length === 0) return { final: result, clientCalls: theirs };
    if (rounds >= deps.maxToolRounds) throw new ToolLoopError(deps.maxToolRounds);
    turn.messages.push({ role: "assistant", content: result.content, tool_calls: ours });
    for (const call of ours) {
      const args = parseArguments(call);
      const content = typeof args === "string" ? args : await offered.handlers.get(call.function.name)!(args);
      turn.messages.push({ role: "tool", tool_call_id: call.id, content });
    }
    if (theirs.length > 0) return { final: { ...result, toolCalls: theirs }, clientCalls: theirs };
  }
}

function functionCalls(calls: unknown): ToolCall[] {
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((c: { id?: string; type?: string; function?: { name?: string; arguments?: string } }) =>
    c?.type === "function" && c.function?.name
      ? [
          {
            id: c.id ?? `call_${randomUUID()}`,
            type: "function" as const,
            function: { name: c.function.name, arguments: c.function.arguments ?? "" },
          },
        ]
      : [],
  );
}

/** A non-streaming round. */
export function completeRound(model: ModelClient, signal: AbortSignal | undefined): RoundRunner {
  return async (endpoint, request) => {
    const completion = await model.complete(endpoint, request, { signal });
    const choice = completion.choices[0]!;
    return {
      content: choice.message.content ?? null,
      toolCalls: functionCalls(choice.message.tool_calls),
      finishReason: choice.finish_reason,
      completion,
      usage: usageOf(completion.usage),
    };
  };
}

/** A streaming round: text goes to `onContent` as it arrives; tool calls are gathered from their deltas. */
export function streamRound(
  model: ModelClient,
  signal: AbortSignal | undefined,
  onContent: (delta: string) => void,
): RoundRunner {
  return async (endpoint, request) => {
    let content = "";
    let finishReason = "stop";
    let usage: TokenUsage | null = null;
    const calls: Array<{ id: string; name: string; arguments: string }> = [];
    for await (const chunk of model.stream(endpoint, request, { signal })) {
      usage = usageOf(chunk.usage) ?? usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.content) {
        content += choice.delta.content;
        onContent(choice.delta.content);
      }
      for (const delta of choice.delta?.tool_calls ?? []) {
        const slot = (calls[delta.index] ??= { id: "", name: "", arguments: "" });
        if (delta.id) slot.id = delta.id;
        if (delta.function?.name) slot.name += delta.function.name;
        if (delta.function?.arguments) slot.arguments += delta.function.arguments;
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    const toolCalls = functionCalls(
      calls
        .filter(Boolean)
        .map((c) => ({ id: c.id || undefined, type: "function", function: { name: c.name, arguments: c.arguments } })),
    );
    return { content: content.length > 0 ? content : null, toolCalls, finishReason, usage };
  };
}
