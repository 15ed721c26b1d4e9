import type { Logger } from "../../platform/logger";
import type { CancelSignal } from "../../platform/outbound/cancellation";
import type { AgentTelemetry, LoadRunOutcome, TraceSpan, TracedSkill } from "../../platform/telemetry";
import type { SessionLogKey, SessionStore, SkillInvocation } from "../../platform/session-store";
import { ToolLoop, type LoopOutcome, type LoopTool, type ToolRunner } from "../calls";
import {
  completeRound,
  type ChatCompletionMessageParam,
  type ModelClient,
  type RoundAnswer,
  type RoundRunner,
} from "../model";
import {
  AGENT_SOURCE,
  BUILTIN_SOURCE,
  FIND_SKILLS,
  FIND_SKILLS_LIMIT,
  skillSource,
  unknownSkillMessage,
  type RuntimeTool,
} from "../runtime";
import { gatewayCatalog, gatewayCatalogOmits, gatewaySkillSearch } from "./gateway-catalog";
import { normaliseSkillName } from "../skills";
import {
  continuesAConversation,
  dropEchoedSkillCalls,
  LOAD_SKILL,
  READ_SKILL_FILE,
  replayInto,
  type ReplayItem,
  userMessageCount,
  type ChatMessage,
  type ToolCall,
} from "./gateway-messages";
import {
  insidePath,
  loadedSkillAnswer,
  missingFileText,
  notLoadedText,
  pathRequiredText,
  refusedPathText,
  unknownSkillText,
  type FileRead,
  type GatewaySkill,
} from "./gateway-skills";
import { turnParts, type OpenAiTool, type ServedAgent, type ServedWorker } from "./served-agent";

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
  telemetry: AgentTelemetry;
}

/** What one turn works on; the loop appends to `messages` and `loaded`. */
export interface Turn {
  agent: ServedAgent;
  sessionId: string;
  logKey: SessionLogKey;
  /** Recorded into the log: the agent's turn (a coordinator's), never a worker's (GW-10). */
  record: boolean;
  /** Ours: the agent's prompt, the catalog of its skills and its workers (GW-2). */
  systemPrompt: string;
  /** The gateway's own tool definitions for this turn (load_skill, read_skill_file, find_skills, workers). */
  tools: readonly OpenAiTool[];
  /** CT-1: the catalog leaves skills out on this turn (find_skills is offered). */
  catalogOmits: boolean;
  /** The client's messages with the replayed skills, without the system message. */
  messages: ChatMessage[];
  replayed: SkillInvocation[];
  /** Skills whose content is in the history now (replayed or loaded this turn), in load order. */
  loaded: string[];
  userMessages: number;
  clientTools: OpenAiTool[];
  passthrough: Record<string, unknown>;
  /** OB-1: the turn's `invoke_agent` span: its tool runs hang under it. */
  trace: TraceSpan;
}

/**
 * GW-5: what a replayed invocation answers (null: skipped). At once when the skill already holds it (most
 * turns: no promise per invocation), else a promise of the skill's read.
 */
function replayContent(agent: ServedAgent, invocation: SkillInvocation): string | null | Promise<string | null> {
  const name = invocation.tool === LOAD_SKILL ? invocation.arguments.name : invocation.arguments.skill;
  const skill = agent.skills.find((s) => s.name === name);
  if (!skill) return null; // GW-5: no longer configured: skipped, and replayed again if restored
  if (invocation.tool === LOAD_SKILL) {
    const answer = (loaded: { instructions: string; files: string[] } | null) =>
      loaded ? loadedSkillAnswer(skill.name, loaded) : null;
    const now = skill.loadedNow?.();
    return now !== undefined ? answer(now) : skill.load().then(answer);
  }
  const path = invocation.arguments.path ?? "";
  const text = (file: FileRead) => (file.kind === "text" ? file.text : null);
  const now = skill.readFileNow?.(path);
  return now !== undefined ? text(now) : skill.readFile(path).then(text);
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
  trace: TraceSpan,
): Promise<Turn> {
  const logKey = { projectId: agent.logNamespace, sessionId: request.sessionId, agent: agent.gatewayName };
  const persistent = agent.skills.length > 0;
  let history = persistent ? dropEchoedSkillCalls(request.messages) : request.messages;
  let replayed: SkillInvocation[] = [];
  if (persistent && continuesAConversation(request.messages)) {
    const log = await store.read(logKey);
    if (log.length > 0) {
      const answers = log.map((invocation) => replayContent(agent, invocation));
      const contents = answers.some((a) => a instanceof Promise) ? await Promise.all(answers) : answers;
      const items: ReplayItem[] = log.map((invocation, i) => ({ invocation, content: contents[i] as string | null }));
      const replay = replayInto(history, items);
      history = replay.messages;
      replayed = replay.replayed;
    }
  }
  if (gatewayCatalogOmits(agent)) await agent.prepareSkillIndex?.();
  return {
    agent,
    sessionId: request.sessionId,
    logKey,
    record: true,
    ...turnContext(agent, request.messages),
    messages: history,
    replayed,
    loaded: [...new Set(replayed.filter((i) => i.tool === LOAD_SKILL).map((i) => i.arguments.name ?? ""))],
    userMessages: Math.max(1, userMessageCount(request.messages)),
    clientTools: request.clientTools,
    passthrough: request.passthrough,
    trace,
  };
}

const answered = (text: string): LoopOutcome => ({ status: "ok", result: text, error: null });

/** CT-1: the turn's prompt and gateway tools, with the catalog the conversation so far shows. */
function turnContext(
  agent: ServedAgent,
  messages: readonly ChatMessage[],
): Pick<Turn, "systemPrompt" | "tools" | "catalogOmits"> {
  const shown = gatewayCatalog(agent, messages);
  const parts = turnParts(agent, shown);
  return { systemPrompt: parts.systemPrompt, tools: parts.tools, catalogOmits: shown !== null };
}

/** CT-2: find_skills on a gateway turn: the agent's best matching skills as JSON. */
async function findSkills(turn: Turn, deps: TurnDependencies, args: Record<string, unknown>): Promise<string> {
  const query = typeof args.query === "string" ? args.query : "";
  return JSON.stringify(await gatewaySkillSearch(turn.agent, deps.tools.skillSearch, query, FIND_SKILLS_LIMIT));
}

/**
 * The tools of the next round: the gateway's, the agent's, the loaded skills', then the client's (which the loop
 * hands back); first name wins.
 */
function offeredTools(turn: Turn, deps: TurnDependencies, signal: CancelSignal | undefined): LoopTool[] {
  const tools: LoopTool[] = [];
  const names = new Set<string>();
  const offer = (tool: LoopTool) => {
    if (names.has(tool.name)) return;
    names.add(tool.name);
    tools.push(tool);
  };
  const { agent } = turn;
  for (const definition of turn.tools) {
    const name = definition.function.name;
    offer({
      name,
      source: BUILTIN_SOURCE,
      definition,
      // Each answers a name it does not know with the names it does.
      answersBadArguments: true,
      run:
        name === LOAD_SKILL
          ? async (args) => answered(await loadSkill(turn, deps, args))
          : name === READ_SKILL_FILE
            ? async (args) => answered(await readSkillFile(turn, deps, args))
            : name === FIND_SKILLS
              ? async (args) => answered(await findSkills(turn, deps, args))
              : async (args) => answered(await delegate(turn, deps, args, signal)),
    });
  }
  const webhook = (tool: RuntimeTool, skill: GatewaySkill | null) =>
    offer({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      source: skill ? skillSource(skill.name) : AGENT_SOURCE,
      run: async (args) =>
        deps.tools.runDetachedWebhook(
          tool,
          args,
          await agent.toolSecret(skill, tool.name),
          { call_id: null, chat_session_id: turn.sessionId, agent: agent.gatewayName },
          { parent: turn.trace, skill: skill ? tracedSkill(turn, skill.name) : null },
        ),
    });
  for (const tool of agent.tools) webhook(tool, null);
  for (const name of turn.loaded) {
    const skill = agent.skills.find((s) => s.name === name);
    for (const tool of skill?.tools ?? []) webhook(tool, skill!);
  }
  for (const definition of turn.clientTools)
    offer({ name: definition.function.name, source: "client", definition, run: null });
  return tools;
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

/** The skill as spans name it: as the registry resolved it (version, pin), else by its name (a local skill). */
function tracedSkill(turn: Turn, name: string): TracedSkill {
  return turn.agent.resolved?.find((r) => r.name === name) ?? { name };
}

/** OB-1: `execute_tool load_skill` under the turn; OB-2 counts a load that brought the skill into the history. */
async function loadSkill(turn: Turn, deps: TurnDependencies, args: Record<string, unknown>): Promise<string> {
  const name = typeof args.name === "string" ? normaliseSkillName(args.name) : "";
  const { text } = await deps.telemetry.loadSkill(
    turn.trace,
    name,
    () => loadNamedSkill(turn, deps, name),
    (result) => result.outcome,
  );
  return text;
}

async function loadNamedSkill(
  turn: Turn,
  deps: TurnDependencies,
  name: string,
): Promise<{ text: string; outcome: LoadRunOutcome }> {
  const skill = turn.agent.skills.find((s) => s.name === name);
  const outcome = (status: string, loaded = false): LoadRunOutcome => ({
    status,
    skill: skill ? tracedSkill(turn, name) : null,
    loaded,
    evicted: [],
  });
  if (!skill) {
    const names = turn.agent.skills.map((s) => s.name);
    return {
      text: unknownSkillMessage(name, names, turn.loaded, turn.catalogOmits),
      outcome: outcome("unknown_skill"),
    };
  }
  const loaded = await skill.load();
  if (!loaded) return { text: `The skill '${name}' cannot be read right now.`, outcome: outcome("unreadable") };
  const fresh = !turn.loaded.includes(name);
  if (fresh) turn.loaded.push(name);
  await record(turn, deps, { tool: LOAD_SKILL, arguments: { name } });
  return { text: loadedSkillAnswer(name, loaded), outcome: outcome(fresh ? "loaded" : "already_loaded", fresh) };
}

async function readSkillFile(turn: Turn, deps: TurnDependencies, args: Record<string, unknown>): Promise<string> {
  const name = typeof args.skill === "string" ? normaliseSkillName(args.skill) : "";
  const path = typeof args.path === "string" ? args.path : "";
  const skill = turn.agent.skills.find((s) => s.name === name);
  if (!skill) return unknownSkillText(name, turn.agent.skills);
  if (!turn.loaded.includes(name)) return notLoadedText(name);
  // No path at all is a mistake to name, not a path leaving the skill (SEC-12's refusal is for real paths).
  if (path.length === 0) return pathRequiredText(name, (await skill.load())?.files ?? []);
  return deps.telemetry.readSkillFile(turn.trace, tracedSkill(turn, name), path, () =>
    readFoundFile(turn, deps, skill, path),
  );
}

async function readFoundFile(turn: Turn, deps: TurnDependencies, skill: GatewaySkill, path: string): Promise<string> {
  const name = skill.name;
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
  signal: CancelSignal | undefined,
): Promise<string> {
  const worker: ServedWorker | undefined = turn.agent.workers.find((w) => w.name === args.worker);
  if (!worker)
    return `There is no worker named '${String(args.worker)}'. Workers: ${turn.agent.workers.map((w) => w.name).join(", ")}.`;
  const task = typeof args.task === "string" ? args.task : JSON.stringify(args.task ?? "");
  const agent: ServedAgent = {
    logNamespace: turn.agent.logNamespace,
    gatewayName: `${turn.agent.gatewayName}/${worker.name}`,
    agentId: null,
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
    ...turnContext(agent, [{ role: "user", content: task }]),
    messages: [{ role: "user", content: task }],
    replayed: [],
    loaded: [],
    userMessages: 1,
    clientTools: [],
    passthrough: {},
    trace: turn.trace,
  };
  // OB-1: the worker's run is an `invoke_agent` of its own, under the coordinator's turn.
  const { final } = await deps.telemetry.invokeAgent(turn.trace, (span) => {
    span.agent(agent.gatewayName, null);
    span.conversation(turn.sessionId);
    return runTurn({ ...sub, trace: span.trace }, deps, completeRound(deps.model, signal, span.trace), signal);
  });
  return final.content ?? "";
}

/**
 * GW-2: the model answers; the gateway runs its own tool calls (and the agent's and loaded skills' webhooks) and asks
 * again — the one tool loop, at most `maxToolRounds` rounds of tool calls and then one answer without them, else the
 * turn fails (ToolLoopError); a call to a client tool ends the turn and goes back to the client.
 */
export async function runTurn(
  turn: Turn,
  deps: TurnDependencies,
  ask: RoundRunner,
  signal: CancelSignal | undefined,
): Promise<{ final: RoundAnswer; clientCalls: ToolCall[] }> {
  const loop = new ToolLoop({ maxToolRounds: deps.maxToolRounds, closingRound: true, handsBack: true });
  const result = await loop.run(
    {
      round: async () => ({
        endpoint: turn.agent.model,
        systemPrompt: turn.systemPrompt,
        tools: offeredTools(turn, deps, signal),
        request: turn.passthrough,
      }),
    },
    turn.messages as unknown as ChatCompletionMessageParam[],
    ask,
  );
  if (result.exhausted) throw new ToolLoopError(deps.maxToolRounds);
  return { final: result.final, clientCalls: result.final.toolCalls };
}
