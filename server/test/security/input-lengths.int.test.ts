import type { GraphQLField } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAppSchema } from "../../src/app";
import { columnLimits } from "../../src/platform/graphql/stored-in";
import { publishAgent, saveAgent, skillVersion, tool } from "../support/agents";
import { mutationFields, ofLength, stringLeaves, valueAt, withValueAt } from "../support/mutation-walk";
import { operationDocument } from "../support/schema-operations";
import { startScriptedModel, type ScriptedModel } from "../support/scripted-model";
import { skillMd } from "../support/skill-md";
import { describeEachDialect, createTestApp, dialects, type GqlResponse, type TestApp } from "../support/test-app";

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

const outcomes = new Map<string, Map<string, Outcome>>();

describeEachDialect.withOwnApps("SEC-22 every string argument of every mutation, just over each limit", (dialect) => {
  let t: TestApp;
  let model: ScriptedModel;
  let key: string;
  let base: Record<string, Baseline>;
  let columnSizes: number[];
  const seen = new Map<string, Outcome>();
  outcomes.set(dialect, seen);

  beforeAll(async () => {
    model = await startScriptedModel({ respond: () => ({ text: "ok" }) });
    t = await createTestApp(dialect, {
      outboundAllowHosts: ["127.0.0.1"],
      modelBaseUrl: model.baseUrl,
      modelName: "walk",
      modelTimeoutMs: 5_000,
    });
    const project = await t.project("Walk");
    key = project.adminKey;
    base = baselines(await fixtures(t, key, project.id), model.baseUrl);
    columnSizes = [...new Set([...t.app.db.columnLengths().values()].filter((n): n is number => n !== null))].sort(
      (a, b) => a - b,
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const send = async (field: GraphQLField<unknown, unknown>, baseline: Baseline, variables: Variables) => {
    const token = baseline.as === "platform" ? t.platformToken : key;
    const answer: GqlResponse = await t.gql(operationDocument("mutation", field), variables, token);
    const error = answer.errors?.[0];
    return { status: answer.status, code: error?.extensions?.code ?? "OK", message: error?.message ?? "" };
  };

  it("SEC-22 no value of any length is an INTERNAL_SERVER_ERROR; an input stored in a column is refused just over its length with BAD_USER_INPUT naming the field and the length", async () => {
    const schema = await buildAppSchema();
    const stored = columnLimits(schema, t.app.db.columnLengths());
    const internal: string[] = [];
    const unrefused: string[] = [];
    let n = 0;
    for (const field of mutationFields(schema)) {
      const baseline = base[field.name];
      expect(baseline, `no baseline for the mutation ${field.name}: add one`).toBeDefined();
      for (const leaf of stringLeaves(field)) {
        const parent = leaf.path.slice(0, -1);
        const variant = baseline!.variants.find((v) => valueAt(v, parent) !== undefined) ?? baseline!.variants[0]!;
        const column = stored.get(leaf.coordinate);
        for (const length of lengthsFor(columnSizes, column?.max)) {
          const fresh = numbered(variant, ++n);
          const variables = withValueAt(field, fresh, leaf.path, ofLength(valueAt(fresh, leaf.path), length));
          const outcome = await send(field, baseline!, variables);
          const where = `${field.name} ${leaf.path.join(".")} (${leaf.coordinate}) at ${length} characters`;
          seen.set(where, outcome);
          if (outcome.code === "INTERNAL_SERVER_ERROR" || outcome.status >= 500) internal.push(where);
          const refusal = `: is ${length} characters long; at most ${column?.max} characters are accepted.`;
          if (
            column &&
            length > column.max &&
            !(outcome.code === "BAD_USER_INPUT" && outcome.message.includes(refusal))
          )
            unrefused.push(`${where}: ${outcome.code} ${outcome.message}`);
          if (column && length === column.max) expect(outcome.message, where).not.toContain("characters are accepted");
        }
      }
    }
    expect(internal).toEqual([]);
    expect(unrefused).toEqual([]);
    expect(stored.size).toBeGreaterThan(0);
  }, 600_000);
});

describe.skipIf(dialects.length < 2)("SEC-22 the walk on both databases", () => {
  it("SEC-22 SQLite and PostgreSQL answer every request of the walk alike", () => {
    const [sqlite, postgres] = dialects.map((d) => outcomes.get(d)!);
    expect(sqlite!.size).toBeGreaterThan(0);
    const differences = [...sqlite!].flatMap(([where, a]) => {
      const b = postgres!.get(where);
      return b?.code === a.code ? [] : [`${where}: ${a.code} on SQLite, ${b?.code} on PostgreSQL (${b?.message})`];
    });
    expect(differences).toEqual([]);
  });
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
