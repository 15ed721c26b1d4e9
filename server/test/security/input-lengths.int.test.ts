import type { GraphQLField } from "graphql";
import { expect, it } from "vitest";
import { buildAppSchema } from "../../src/app";
import type { Dialect } from "../../src/platform/db/database";
import { columnLimits } from "../../src/platform/graphql/stored-in";
import { publishAgent, saveAgent, skillVersion, tool } from "../support/agents";
import { mutationFields, ofLength, stringLeaves, valueAt, withValueAt } from "../support/mutation-walk";
import { operationDocument } from "../support/schema-operations";
import { startScriptedModel } from "../support/scripted-model";
import { skillMd } from "../support/skill-md";
import {
  createTestApp,
  describeEachDialect,
  describeOnDialect,
  type GqlResponse,
  type TestApp,
} from "../support/test-app";

/**
 * SEC-22, generated from the schema: every String or ID argument of every mutation — nested input fields and list
 * items included — is sent with values just over each column size the entities declare (and just over the input's
 * own limit), the rest of the request valid, on each database. Nothing may be INTERNAL_SERVER_ERROR; an input stored
 * in a column is refused with BAD_USER_INPUT naming the field and the column's length; and both databases answer
 * every request alike.
 */

type Variables = Record<string, unknown>;
interface Baseline {
  /** Who sends it. */
  as: "admin" | "platform";
  /** Valid variables; a leaf goes into the first variant that already holds its parent (else the first). */
  variants: Variables[];
}

interface Fixtures {
  projectId: string;
  otherProjectId: string;
  knowledgeBaseId: string;
  skillId: string;
  draftId: string;
  agentId: string;
  agentVersionId: string;
  callId: string;
  subscriptionId: string;
  scenarioId: string;
  sessionId: string;
  keyId: string;
  /** The published skill's bundle (base64 zip). */
  bundle: string;
}

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

function baselines(f: Fixtures, modelUrl: string): Record<string, Baseline> {
  const agentInput = (name: string) => ({
    name,
    prompt: "Help.",
    skills: [{ name: "walk-skill" }],
    tools: [tool("lookup")],
    mcpServers: [{ name: "docs", url: "http://127.0.0.1:9/mcp" }],
    model: { baseUrl: modelUrl, model: "walk-model", apiKey: "sk-walk" },
  });
  const admin = (...variants: Variables[]): Baseline => ({ as: "admin", variants });
  const platform = (...variants: Variables[]): Baseline => ({ as: "platform", variants });
  const skill = {
    skillMd: skillMd("walk-skill"),
    files: [{ path: "notes/walk.md", contentBase64: "aGk=" }],
    tools: [tool("walk_tool", { webhookSecret: "whsec_" + Buffer.from("walk-secret-walk").toString("base64") })],
    knowledgeBases: [{ knowledgeBaseId: f.knowledgeBaseId, mode: "PROMPT" }],
  };
  const scenario = {
    name: "walk scenario {n}",
    tags: ["walk"],
    turns: ["Hello"],
    expectations: [
      { kind: "FUNCTION_CALL", tool: "lookup", arguments: { a: "b" } },
      { kind: "REPLY_CONTAINS", text: "ok" },
    ],
    mocks: [{ tool: "lookup", result: { ok: true }, error: "walk error" }],
  };
  return {
    addKnowledgeDocument: admin({ knowledgeBaseId: f.knowledgeBaseId, title: "Walk document", content: "Some words." }),
    createApiKey: admin({ role: "VIEWER", name: "walk key" }, { role: "VIEWER", projectId: f.projectId }),
    createKnowledgeBase: admin({ input: { name: "walk base {n}", description: "For the walk." } }),
    createProject: platform({ name: "Walk project" }),
    createSkillVersion: admin({ input: skill }),
    createWebhookSubscription: admin({
      url: "http://127.0.0.1:9/walk",
      eventTypes: ["call.ended"],
      projectId: f.projectId,
    }),
    deleteAgent: admin({ agentId: NO_SUCH_ID }),
    deleteEvalScenario: admin({ id: NO_SUCH_ID }),
    deleteKnowledgeDocument: admin({ id: NO_SUCH_ID }),
    deleteProject: platform({ id: NO_SUCH_ID }),
    deleteSkillVersion: admin({ id: NO_SUCH_ID }),
    deleteWebhookSubscription: admin({ id: NO_SUCH_ID, projectId: f.projectId }),
    endCall: admin({ callId: NO_SUCH_ID }),
    handoffCall: admin({ agentId: f.agentId, callId: f.callId }),
    importSkillBundle: admin({ zipBase64: f.bundle }),
    loadSkill: admin({ callId: f.callId, name: "walk-skill" }),
    publishAgentVersion: admin({ id: NO_SUCH_ID }),
    setPublishPolicy: admin({ requiredApprovals: 0 }),
    approveVersion: admin({ versionId: NO_SUCH_ID, digest: "sha256:0" }),
    reviewSkillContent: admin({ input: skill }),
    suppressFinding: admin({ versionId: NO_SUCH_ID, findingId: "0", digest: "sha256:0", reason: "walk" }),
    withdrawApproval: admin({ id: NO_SUCH_ID }),
    revokeSkillVersion: admin({ id: NO_SUCH_ID, reason: "walk" }),
    setDiscoveryProject: platform({ projectId: null }),
    startRollout: admin({ input: { versionId: NO_SUCH_ID, steps: [10, 100], evalTag: "walk" } }),
    advanceRollout: admin({ id: NO_SUCH_ID }),
    pauseRollout: admin({ id: NO_SUCH_ID }),
    resumeRollout: admin({ id: NO_SUCH_ID }),
    abortRollout: admin({ id: NO_SUCH_ID, reason: "walk reason" }),
    checkRollout: admin({ id: NO_SUCH_ID }),
    reportOutcome: admin({ input: { callId: f.callId, success: true, score: 0.5, note: "walk note" } }),
    publishSkillVersion: admin({ id: NO_SUCH_ID }),
    purgeProject: platform({ id: NO_SUCH_ID }),
    redeliverFailedWebhooks: admin({
      subscriptionId: f.subscriptionId,
      since: new Date(0).toISOString(),
      projectId: f.projectId,
    }),
    redeliverWebhook: admin({ deliveryId: NO_SUCH_ID, projectId: f.projectId }),
    revokeApiKey: admin({ id: NO_SUCH_ID, projectId: f.projectId }),
    rollbackSkill: admin({ name: "walk-skill", toVersionId: f.skillId }),
    runTool: admin({ callId: f.callId, name: "load_skill", arguments: { name: "walk-skill" } }),
    saveAgent: admin({ input: agentInput("walk-agent-{n}") }, { input: agentInput("walk-desk"), agentId: f.agentId }),
    saveEvalScenario: admin({ input: scenario }, { input: scenario, id: f.scenarioId }),
    sendMessage: admin(
      { input: { agentId: f.agentId, content: "Hello", variables: { who: "walk" } } },
      { input: { sessionId: f.sessionId, content: "Hello again" } },
      { input: { inlineAgent: agentInput("walk-inline"), content: "Hello" } },
    ),
    setSkillLibrary: platform({ projectId: f.otherProjectId, libraryProjectId: f.projectId }),
    startCall: admin(
      { input: { agentId: f.agentId, variables: { who: "walk" } } },
      { input: { inlineAgent: agentInput("walk-inline") } },
    ),
    startEvalRun: admin(
      { input: { target: { agentId: f.agentId }, scenarioIds: [f.scenarioId], tag: "walk" } },
      { input: { target: { inlineAgent: agentInput("walk-inline") } } },
      { input: { target: { skillUsage: "walk-skill" } } },
    ),
    updateSkillVersion: admin({ id: f.draftId, input: skill }),
  };
}

async function fixtures(t: TestApp, key: string, projectId: string): Promise<Fixtures> {
  const other = await t.project("Walk other");
  const kb = await t.ok<{ createKnowledgeBase: { id: string } }>(
    `mutation { createKnowledgeBase(input: { name: "walk-kb" }) { id } }`,
    {},
    key,
  );
  const published = await skillVersion(t, key, "walk-skill", { publish: true, tools: ["lookup"] });
  const draft = await skillVersion(t, key, "walk-skill");
  const agent = await saveAgent(t, key, { name: "walk-desk", prompt: "Help.", skills: [{ name: "walk-skill" }] });
  await publishAgent(t, key, agent.id);
  const call = await t.ok<{ startCall: { id: string } }>(
    `mutation($id: ID!) { startCall(input: { agentId: $id }) { id } }`,
    { id: agent.agentId },
    key,
  );
  const subscription = await t.ok<{ createWebhookSubscription: { subscription: { id: string } } }>(
    `mutation { createWebhookSubscription(url: "http://127.0.0.1:9/f", eventTypes: ["call.ended"]) { subscription { id } } }`,
    {},
    key,
  );
  const scenario = await t.ok<{ saveEvalScenario: { id: string } }>(
    `mutation { saveEvalScenario(input: { name: "walk", turns: ["hi"], expectations: [{ kind: REPLY_CONTAINS, text: "ok" }] }) { id } }`,
    {},
    key,
  );
  const chat = await t.ok<{ sendMessage: { session: { id: string } } }>(
    `mutation($id: ID!) { sendMessage(input: { agentId: $id, content: "hi" }) { session { id } } }`,
    { id: agent.agentId },
    key,
  );
  const apiKey = await t.ok<{ createApiKey: { id: string } }>(
    `mutation { createApiKey(role: VIEWER) { id } }`,
    {},
    key,
  );
  const bundle = await t.ok<{ exportSkillBundle: string }>(
    `query($id: ID!) { exportSkillBundle(id: $id) }`,
    { id: published.id },
    key,
  );
  return {
    projectId,
    otherProjectId: other.id,
    knowledgeBaseId: kb.createKnowledgeBase.id,
    skillId: published.id,
    draftId: draft.id,
    agentId: agent.agentId,
    agentVersionId: agent.id,
    callId: call.startCall.id,
    subscriptionId: subscription.createWebhookSubscription.subscription.id,
    scenarioId: scenario.saveEvalScenario.id,
    sessionId: chat.sendMessage.session.id,
    keyId: apiKey.createApiKey.id,
    bundle: bundle.exportSkillBundle,
  };
}

/** What one request of the walk answered: its status and first error's code (and message). */
interface Outcome {
  status: number;
  code: string;
  message: string;
}

/** One request of the walk, made before any is sent (so its `{n}` numbering does not depend on the order they finish). */
interface Request {
  field: GraphQLField<unknown, unknown>;
  baseline: Baseline;
  variables: Variables;
  where: string;
  length: number;
  column: number | undefined;
}

/**
 * Mutations that act on the same fixture (the call, the skill `walk-skill`, the desk agent, the chat session) go in
 * one lane, sent one after another as in a sequential walk; lanes run side by side. So each answer is the one a
 * sequential walk gets, whatever the interleaving.
 */
const LANES: Record<string, string> = {
  ...Object.fromEntries(
    ["startCall", "handoffCall", "loadSkill", "runTool", "reportOutcome", "endCall"].map((f) => [f, "call"]),
  ),
  ...Object.fromEntries(
    [
      "createSkillVersion",
      "updateSkillVersion",
      "importSkillBundle",
      "rollbackSkill",
      "publishSkillVersion",
      "deleteSkillVersion",
      "reviewSkillContent",
      "approveVersion",
      "suppressFinding",
      "withdrawApproval",
      "startRollout",
    ].map((f) => [f, "skill"]),
  ),
  ...Object.fromEntries(["saveAgent", "publishAgentVersion", "deleteAgent"].map((f) => [f, "agent"])),
};
/**
 * Lanes in flight at once. PostgreSQL: its work is in its own process, so lanes overlap one request's round trips
 * with another's work (35 s → 21 s here). SQLite runs in this process: lanes only queue on its one connection and
 * delay the scripted model's answers, so one.
 */
const LANES_AT_ONCE: Record<Dialect, number> = { postgres: 6, sqlite: 1 };

interface Walk {
  seen: Map<string, Outcome>;
  internal: string[];
  unrefused: string[];
  /** Inputs refused at exactly their column's length (they must not be). */
  refusedAtMax: string[];
  storedInputs: number;
}

/** One app of the dialect, the fixtures, and every request of the walk sent; what each answered. */
async function walkOn(dialect: Dialect): Promise<Walk> {
  const model = await startScriptedModel({ respond: () => ({ text: "ok" }) });
  const t = await createTestApp(dialect, {
    outboundAllowHosts: ["127.0.0.1"],
    modelBaseUrl: model.baseUrl,
    modelName: "walk",
    // generous: a model answer that times out on a busy machine would read as a difference between the databases
    modelTimeoutMs: 30_000,
  });
  try {
    const project = await t.project("Walk");
    const key = project.adminKey;
    const base = baselines(await fixtures(t, key, project.id), model.baseUrl);
    const columnSizes = [...new Set([...t.app.db.columnLengths().values()].filter((n): n is number => n !== null))];
    columnSizes.sort((a, b) => a - b);
    const schema = await buildAppSchema();
    const stored = columnLimits(schema, t.app.db.columnLengths());
    const lanes = new Map<string, Request[]>();
    let n = 0;
    for (const field of mutationFields(schema)) {
      const baseline = base[field.name];
      expect(baseline, `no baseline for the mutation ${field.name}: add one`).toBeDefined();
      const lane = LANES[field.name] ?? field.name;
      for (const leaf of stringLeaves(field)) {
        const parent = leaf.path.slice(0, -1);
        const variant = baseline!.variants.find((v) => valueAt(v, parent) !== undefined) ?? baseline!.variants[0]!;
        const column = stored.get(leaf.coordinate)?.max;
        for (const length of lengthsFor(columnSizes, column)) {
          const fresh = numbered(variant, ++n);
          const variables = withValueAt(field, fresh, leaf.path, ofLength(valueAt(fresh, leaf.path), length));
          const where = `${field.name} ${leaf.path.join(".")} (${leaf.coordinate}) at ${length} characters`;
          lanes.set(lane, [
            ...(lanes.get(lane) ?? []),
            { field, baseline: baseline!, variables, where, length, column },
          ]);
        }
      }
    }
    const send = async ({ field, baseline, variables }: Request): Promise<Outcome> => {
      const token = baseline.as === "platform" ? t.platformToken : key;
      const answer: GqlResponse = await t.gql(operationDocument("mutation", field), variables, token);
      const error = answer.errors?.[0];
      return { status: answer.status, code: error?.extensions?.code ?? "OK", message: error?.message ?? "" };
    };
    const walk: Walk = { seen: new Map(), internal: [], unrefused: [], refusedAtMax: [], storedInputs: stored.size };
    const queue = [...lanes.values()];
    const runLanes = async () => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) {
        for (const request of lane) {
          const outcome = await send(request);
          const { where, length, column } = request;
          walk.seen.set(where, outcome);
          if (outcome.code === "INTERNAL_SERVER_ERROR" || outcome.status >= 500) walk.internal.push(where);
          const refusal = `: is ${length} characters long; at most ${column} characters are accepted.`;
          if (column !== undefined && length > column) {
            if (!(outcome.code === "BAD_USER_INPUT" && outcome.message.includes(refusal)))
              walk.unrefused.push(`${where}: ${outcome.code} ${outcome.message}`);
          }
          if (column !== undefined && length === column && outcome.message.includes("characters are accepted"))
            walk.refusedAtMax.push(`${where}: ${outcome.message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: LANES_AT_ONCE[dialect] }, runLanes));
    return walk;
  } finally {
    await t.close();
    await model.close();
  }
}

const walks = new Map<Dialect, Walk>();

describeEachDialect.withOwnApps("SEC-22 every string argument of every mutation, just over each limit", (dialect) => {
  it("SEC-22 no value of any length is an INTERNAL_SERVER_ERROR; an input stored in a column is refused just over its length with BAD_USER_INPUT naming the field and the length", async () => {
    const walk = await walkOn(dialect);
    walks.set(dialect, walk);
    expect(walk.internal).toEqual([]);
    expect(walk.unrefused).toEqual([]);
    expect(walk.refusedAtMax).toEqual([]);
    expect(walk.storedInputs).toBeGreaterThan(0);
  }, 600_000);
});

// In the PostgreSQL half (or a run of both): SQLite is embedded, so its walk is at hand even when the run selected
// PostgreSQL alone; a run of both reuses the walk it made.
describeOnDialect("postgres")("SEC-22 the walk on both databases", () => {
  it("SEC-22 SQLite and PostgreSQL answer every request of the walk alike", async () => {
    const postgres = walks.get("postgres") ?? (await walkOn("postgres"));
    const sqlite = walks.get("sqlite") ?? (await walkOn("sqlite"));
    expect(sqlite.seen.size).toBeGreaterThan(0);
    expect(postgres.seen.size).toBe(sqlite.seen.size);
    const differences = [...sqlite.seen].flatMap(([where, a]) => {
      const b = postgres.seen.get(where);
      return b?.code === a.code ? [] : [`${where}: ${a.code} on SQLite, ${b?.code} on PostgreSQL (${b?.message})`];
    });
    expect(differences).toEqual([]);
  }, 600_000);
});

/** Just over each column size below the default limit of 2048, just over that default; for a stored input, its length and one more. */
function lengthsFor(columnSizes: readonly number[], stored: number | undefined): number[] {
  const lengths = [...columnSizes.filter((n) => n < 2048).map((n) => n + 1), 2049];
  if (stored !== undefined) lengths.push(stored, stored + 1);
  return [...new Set(lengths)].sort((a, b) => a - b);
}

/** The baseline with `{n}` in its strings replaced by a number of this request (names that must be new). */
function numbered(variables: Variables, n: number): Variables {
  return JSON.parse(JSON.stringify(variables).replaceAll("{n}", String(n))) as Variables;
}
