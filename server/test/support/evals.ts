import type { ChatRequestBody, RecordedRequest, ScriptedReply } from "./scripted-model";
import type { TestApp } from "./test-app";
import { until } from "./wait";

export const SCENARIO_FIELDS = `id name tags turns expectations mocks mockOnly createdAt`;
export const SAVE_SCENARIO = `mutation($input: EvalScenarioInput!, $id: ID) { saveEvalScenario(input: $input, id: $id) { ${SCENARIO_FIELDS} } }`;
export const RUN_FIELDS = `id status progress resolvedConfig warnings total error passRate createdAt finishedAt
  results { scenarioId agentId iteration passed transcript toolCalls expectations }`;
export const START_RUN = `mutation($input: StartEvalRunInput!) { startEvalRun(input: $input) { ${RUN_FIELDS} } }`;
export const READ_RUN = `query($id: ID!) { evalRun(id: $id) { ${RUN_FIELDS} } }`;

export interface EvalToolCallView {
  tool: string;
  arguments: Record<string, unknown>;
  result: unknown;
  mocked: boolean;
}

export interface EvalResultView {
  scenarioId: string;
  agentId: string | null;
  iteration: number;
  passed: boolean;
  transcript: Array<{ role: string; content: string | null; tool_calls?: unknown; tool_call_id?: string }>;
  toolCalls: EvalToolCallView[];
  expectations: Array<{ kind: string; passed: boolean; tool?: string; text?: string }>;
}

export interface EvalRunView {
  id: string;
  status: string;
  progress: number;
  resolvedConfig: {
    resolved_skills?: Array<{ name: string; version: number; version_id: string; pinned: boolean; agent_id: string }>;
  };
  warnings: string[];
  total: number;
  error: string | null;
  passRate: number | null;
  finishedAt: string | null;
  results: EvalResultView[];
}

export async function saveScenario(
  t: TestApp,
  key: string,
  input: Record<string, unknown>,
): Promise<{ id: string; name: string; tags: string[] }> {
  return (await t.ok<{ saveEvalScenario: { id: string; name: string; tags: string[] } }>(SAVE_SCENARIO, { input }, key))
    .saveEvalScenario;
}

export async function startRun(t: TestApp, key: string, input: Record<string, unknown>): Promise<EvalRunView> {
  return (await t.ok<{ startEvalRun: EvalRunView }>(START_RUN, { input }, key)).startEvalRun;
}

export async function readRun(t: TestApp, key: string, id: string): Promise<EvalRunView> {
  return (await t.ok<{ evalRun: EvalRunView }>(READ_RUN, { id }, key)).evalRun;
}

/** Waits until the run is done or failed, and returns it. */
export async function settledRun(t: TestApp, key: string, id: string, ms = 20_000): Promise<EvalRunView> {
  return until(async () => {
    const run = await readRun(t, key, id);
    return run.status === "done" || run.status === "failed" ? run : null;
  }, ms);
}

type Message = ChatRequestBody["messages"][number];

const calledTool = (messages: Message[], name: string) =>
  messages.some((m) => m.role === "assistant" && JSON.stringify(m.tool_calls ?? []).includes(`"name":"${name}"`));

/** The system prompt of a request. */
export const systemOf = (request: RecordedRequest): string =>
  String(request.body.messages.find((m) => m.role === "system")?.content ?? "");

/**
 * A billing assistant played by the scripted model. A message about a bill: load_skill explain_bill (when
 * get_invoices is not offered yet), then get_invoices {month: "may", account: "A1"}, then a reply quoting the
 * tool's answer. Anything else: a greeting without tools.
 */
export function billingReply(request: RecordedRequest): ScriptedReply {
  const messages = request.body.messages;
  const lastUser = messages.map((m) => m.role).lastIndexOf("user");
  const user = String(messages[lastUser]?.content ?? "");
  const since = messages.slice(lastUser + 1);
  const offered = (request.body.tools ?? []).map((tool) => tool.function.name);
  if (!/bill/i.test(user)) return { text: "Hello! How can I help?" };
  if (!offered.includes("get_invoices") && !calledTool(since, "load_skill"))
    return { toolCalls: [{ name: "load_skill", arguments: { name: "explain_bill" } }] };
  if (offered.includes("get_invoices") && !calledTool(since, "get_invoices"))
    return { toolCalls: [{ name: "get_invoices", arguments: { month: "may", account: "A1" } }] };
  const answer = since.filter((m) => m.role === "tool").at(-1)?.content;
  return { text: `Here is your bill: ${String(answer ?? "")}` };
}
