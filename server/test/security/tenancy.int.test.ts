import { randomBytes, randomUUID } from "node:crypto";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql/index.js"; // the CommonJS build, as type-graphql loads it: one graphql realm
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { buildAppSchema } from "../../src/app";
import { startScriptedModel, type ScriptedModel } from "../support/scripted-model";
import { describeEachDialect } from "../support/test-app";
import { skillMd } from "../support/skill-md";

/*
 * SEC-9 / PJ-1: a generated walk of the schema. Every Query and Mutation field that takes a reference — an argument
 * of type ID, named `name`/`names`, or ending in `Id`/`Ids`, also inside input objects — is called with project B's
 * admin key against project A's objects, and must answer exactly as it does for an id (or name) that exists nowhere.
 *
 * COVERED below says, for each operation, which of A's objects each reference is tried with. A new operation (or a
 * new reference argument) that COVERED does not list fails "every reference-taking operation is covered", so nobody
 * forgets to add it here with the objects it refers to.
 */

type Kind =
  | "projectId"
  | "skillName"
  | "archivedVersionId"
  | "publishedVersionId"
  | "draftVersionId"
  | "knowledgeBaseId"
  | "knowledgeDocumentId"
  | "apiKeyId"
  | "agentId"
  | "publishedAgentVersionId"
  | "draftAgentVersionId"
  | "webhookSubscriptionId"
  | "webhookDeliveryId"
  | "callId"
  | "endedCallId"
  | "chatSessionId"
  | "evalScenarioId"
  | "evalRunId"
  | "rolloutId"
  | "approvalId"
  | "toolName";

interface Fixture {
  label: string;
  key: string;
  values: Record<Kind, string>;
}

interface Entry {
  /** Reference path (`arg` or `arg.field.field` into input objects) → the kinds of A's objects it is tried with. */
  paths: Record<string, Kind[]>;
  /**
   * Base variables (beyond generated dummies) that make the call valid with the caller's own objects; `tried` are the
   * reference paths this request sets (for inputs that take one of two shapes).
   */
  fill?: (own: Fixture, uniq: string, tried: string[]) => Record<string, unknown>;
  /** Paths whose value need not change the answer with the caller's own objects (labels; platform-only operations). */
  noControl?: string[];
}

const SKILL_VERSIONS: Kind[] = ["archivedVersionId", "publishedVersionId", "draftVersionId"];
const AGENT_VERSIONS: Kind[] = ["publishedAgentVersionId", "draftAgentVersionId"];
/** An active call and an ended one. */
const CALLS: Kind[] = ["callId", "endedCallId"];
const EVERY_ID: Kind[] = [
  "projectId",
  ...SKILL_VERSIONS,
  "knowledgeBaseId",
  "apiKeyId",
  "agentId",
  ...AGENT_VERSIONS,
  "webhookSubscriptionId",
  ...CALLS,
  "chatSessionId",
  "evalScenarioId",
  "evalRunId",
];
const WEBHOOK_HOST = "hooks.example.com";

const agentInput = (own: Fixture, uniq: string) => ({
  input: { name: `agent-${uniq}`, skills: [{ name: own.values.skillName }] },
});
/** An inline agent for startCall when the inline agent's references are tried; a stored agent's id otherwise. */
const callInput = (own: Fixture, uniq: string, tried: string[]) =>
  tried.some((path) => path.startsWith("input.inlineAgent"))
    ? { input: { inlineAgent: { name: `inline-${uniq}`, skills: [{ name: own.values.skillName }] } } }
    : {};
/**
 * The scripted model (on localhost: allow-listed by name, so 127.0.0.1 stays refused and the agents' loopback tools
 * still answer at once). It answers with the tools it was offered, so an inline agent's references show in the reply.
 */
const chatModel = { baseUrl: "" };
/** A message for sendMessage: on a new session with an inline agent when its references are tried. */
const messageInput = (own: Fixture, uniq: string, tried: string[]) => ({
  input: {
    content: `hello ${uniq}`,
    ...(tried.some((path) => path.startsWith("input.inlineAgent"))
      ? {
          inlineAgent: {
            name: `inline-${uniq}`,
            skills: [{ name: own.values.skillName }],
            model: { baseUrl: chatModel.baseUrl, model: "scripted" },
          },
        }
      : {}),
  },
});
/** startEvalRun: the caller's own agent and scenario unless the request tries those references (or an inline agent). */
const evalRunInput = (own: Fixture, uniq: string, tried: string[]) => ({
  input: {
    target: tried.some((path) => path.startsWith("input.target.inlineAgent"))
      ? { inlineAgent: { name: `inline-${uniq}`, skills: [{ name: own.values.skillName }] } }
      : tried.includes("input.target.agentId")
        ? {}
        : { agentId: own.values.agentId },
    ...(tried.includes("input.scenarioIds") ? {} : { scenarioIds: [own.values.evalScenarioId] }),
  },
});
const skillInput = (name: string) => ({ input: { skillMd: skillMd(name, { body: `tenancy ${randomUUID()}` }) } });

const COVERED: Record<string, Entry> = {
  // ---- queries ----
  "Query.project": { paths: { id: ["projectId"] } },
  "Query.node": { paths: { id: EVERY_ID } },
  "Query.apiKeys": { paths: { projectId: ["projectId"] } },
  "Query.auditLog": { paths: { projectId: ["projectId"], resourceId: EVERY_ID } },
  "Query.knowledgeBases": { paths: { projectId: ["projectId"] } },
  "Query.knowledgeBase": { paths: { id: ["knowledgeBaseId"] } },
  "Query.skills": { paths: { projectId: ["projectId"], name: ["skillName"] } },
  "Query.skillVersion": { paths: { id: SKILL_VERSIONS } },
  "Query.diffSkillVersions": { paths: { fromId: SKILL_VERSIONS, toId: SKILL_VERSIONS } },
  "Query.skillPointerHistory": { paths: { name: ["skillName"] } },
  "Query.skillsLiveAt": {
    paths: { names: ["skillName"] },
    fill: () => ({ at: new Date(Date.now() + 60_000).toISOString() }),
  },
  "Query.exportSkillBundle": { paths: { id: SKILL_VERSIONS } },
  "Query.skillUsage": { paths: { projectId: ["projectId"], name: ["skillName"] } },
  "Query.publishPreview": { paths: { versionId: ["draftVersionId", "archivedVersionId", "publishedVersionId"] } },
  "Query.rollbackPreview": {
    paths: { name: ["skillName"], toVersionId: ["archivedVersionId", "publishedVersionId", "draftVersionId"] },
  },
  "Query.agents": { paths: { projectId: ["projectId"], agentId: ["agentId"] } },
  "Query.agentVersion": { paths: { id: AGENT_VERSIONS } },
  "Query.agentSkillsAt": {
    paths: { agentId: ["agentId"] },
    fill: () => ({ at: new Date(Date.now() + 60_000).toISOString() }),
  },
  "Query.webhookSubscriptions": { paths: { projectId: ["projectId"] } },
  "Query.webhookDeliveries": { paths: { projectId: ["projectId"], subscriptionId: ["webhookSubscriptionId"] } },
  "Query.call": { paths: { id: CALLS } },
  "Query.calls": { paths: { agentId: ["agentId"], skillVersionId: SKILL_VERSIONS } },
  "Query.chatSession": { paths: { id: ["chatSessionId"] } },
  "Query.chatSessions": { paths: { agentId: ["agentId"] } },
  "Query.evalRun": { paths: { id: ["evalRunId"] } },
  "Query.rollout": { paths: { id: ["rolloutId"] } },
  "Query.skillInsights": {
    paths: { agentId: ["agentId"] },
    fill: () => ({
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  },

  // ---- mutations ----
  "Mutation.createProject": { paths: { name: ["skillName"] }, noControl: ["name"] },
  "Mutation.deleteProject": { paths: { id: ["projectId"] }, noControl: ["id"] },
  "Mutation.purgeProject": { paths: { id: ["projectId"] }, noControl: ["id"] },
  "Mutation.setSkillLibrary": {
    paths: { projectId: ["projectId"], libraryProjectId: ["projectId"] },
    noControl: ["projectId", "libraryProjectId"],
  },
  "Mutation.createApiKey": {
    paths: { projectId: ["projectId"], name: ["skillName"] },
    fill: () => ({ role: "VIEWER" }),
    noControl: ["name"],
  },
  "Mutation.revokeApiKey": { paths: { id: ["apiKeyId"], projectId: ["projectId"] } },
  "Mutation.addKnowledgeDocument": {
    paths: { knowledgeBaseId: ["knowledgeBaseId"] },
    fill: () => ({ title: "tenancy", content: "tenancy document" }),
  },
  "Mutation.deleteKnowledgeDocument": { paths: { id: ["knowledgeDocumentId"] } },
  "Mutation.createSkillVersion": {
    paths: { "input.knowledgeBases.knowledgeBaseId": ["knowledgeBaseId"] },
    fill: (own) => skillInput(own.values.skillName),
  },
  "Mutation.updateSkillVersion": {
    paths: {
      id: ["draftVersionId", "publishedVersionId", "archivedVersionId"],
      "input.knowledgeBases.knowledgeBaseId": ["knowledgeBaseId"],
    },
    fill: (own) => skillInput(own.values.skillName),
  },
  "Mutation.publishSkillVersion": { paths: { id: ["draftVersionId", "archivedVersionId", "publishedVersionId"] } },
  "Mutation.rollbackSkill": {
    paths: { name: ["skillName"], toVersionId: ["archivedVersionId", "publishedVersionId", "draftVersionId"] },
  },
  "Mutation.deleteSkillVersion": { paths: { id: ["draftVersionId", "archivedVersionId", "publishedVersionId"] } },
  "Mutation.saveAgent": {
    paths: {
      agentId: ["agentId"],
      "input.skills.name": ["skillName"],
      "input.skills.versionId": SKILL_VERSIONS,
      "input.knowledgeBaseIds": ["knowledgeBaseId"],
      "input.handoffTargets": ["agentId"],
    },
    fill: agentInput,
  },
  "Mutation.publishAgentVersion": { paths: { id: ["draftAgentVersionId", "publishedAgentVersionId"] } },
  "Mutation.setPublishPolicy": { paths: { projectId: ["projectId"] }, fill: () => ({ requiredApprovals: 0 }) },
  "Mutation.approveVersion": {
    paths: { versionId: ["draftVersionId", "draftAgentVersionId"] },
    fill: () => ({ digest: `sha256:${"0".repeat(64)}` }),
  },
  "Mutation.withdrawApproval": { paths: { id: ["approvalId"] } },
  "Mutation.reviewSkillContent": {
    paths: { projectId: ["projectId"], "input.knowledgeBases.knowledgeBaseId": ["knowledgeBaseId"] },
    fill: (own) => skillInput(own.values.skillName),
    // the dry run reads no knowledge base: any id answers the same review
    noControl: ["input.knowledgeBases.knowledgeBaseId"],
  },
  "Mutation.suppressFinding": {
    // a finding id means something only inside the version named beside it: tried with an id of A's all the same
    paths: { versionId: SKILL_VERSIONS, findingId: ["draftVersionId"] },
    fill: () => ({ findingId: "0000000000000000", digest: `sha256:${"0".repeat(64)}`, reason: "tenancy" }),
    noControl: ["findingId"],
  },
  "Mutation.startRollout": {
    paths: { "input.versionId": ["draftVersionId"] },
    fill: () => ({ input: { stepMinutes: 0 } }),
  },
  "Mutation.advanceRollout": { paths: { id: ["rolloutId"] } },
  "Mutation.pauseRollout": { paths: { id: ["rolloutId"] } },
  "Mutation.resumeRollout": { paths: { id: ["rolloutId"] } },
  "Mutation.checkRollout": { paths: { id: ["rolloutId"] } },
  "Mutation.abortRollout": { paths: { id: ["rolloutId"] }, fill: () => ({ reason: "tenancy walk" }) },
  "Mutation.reportOutcome": {
    paths: { "input.callId": CALLS, "input.sessionId": ["chatSessionId"] },
    fill: () => ({ input: { success: true } }),
  },
  "Mutation.deleteAgent": { paths: { agentId: ["agentId"] } },
  "Mutation.createWebhookSubscription": {
    paths: { projectId: ["projectId"] },
    fill: () => ({ url: `https://${WEBHOOK_HOST}/tenancy`, eventTypes: ["call.ended"] }),
  },
  "Mutation.deleteWebhookSubscription": { paths: { id: ["webhookSubscriptionId"], projectId: ["projectId"] } },
  "Mutation.redeliverWebhook": { paths: { deliveryId: ["webhookDeliveryId"], projectId: ["projectId"] } },
  "Mutation.redeliverFailedWebhooks": {
    paths: { subscriptionId: ["webhookSubscriptionId"], projectId: ["projectId"] },
    fill: () => ({ since: "2000-01-01T00:00:00Z" }),
  },
  "Mutation.startCall": {
    paths: {
      "input.agentId": ["agentId"],
      "input.inlineAgent.skills.versionId": SKILL_VERSIONS,
      "input.inlineAgent.knowledgeBaseIds": ["knowledgeBaseId"],
      "input.inlineAgent.handoffTargets": ["agentId"],
    },
    fill: callInput,
  },
  "Mutation.loadSkill": { paths: { callId: CALLS, name: ["skillName"] } },
  "Mutation.handoffCall": { paths: { callId: CALLS, agentId: ["agentId"] } },
  "Mutation.endCall": { paths: { callId: CALLS } },
  "Mutation.runTool": { paths: { callId: CALLS, name: ["toolName"] } },
  "Mutation.sendMessage": {
    paths: {
      "input.agentId": ["agentId"],
      "input.sessionId": ["chatSessionId"],
      "input.inlineAgent.skills.versionId": SKILL_VERSIONS,
      "input.inlineAgent.knowledgeBaseIds": ["knowledgeBaseId"],
      "input.inlineAgent.handoffTargets": ["agentId"],
    },
    fill: messageInput,
  },
  "Mutation.saveEvalScenario": {
    paths: { id: ["evalScenarioId"] },
    fill: (_own, uniq) => ({ input: { name: `scenario-${uniq}`, turns: ["hi"], expectations: [] } }),
  },
  "Mutation.deleteEvalScenario": { paths: { id: ["evalScenarioId"] } },
  "Mutation.startEvalRun": {
    paths: {
      "input.target.agentId": ["agentId"],
      "input.scenarioIds": ["evalScenarioId"],
      "input.target.inlineAgent.skills.versionId": SKILL_VERSIONS,
      "input.target.inlineAgent.knowledgeBaseIds": ["knowledgeBaseId"],
      "input.target.inlineAgent.handoffTargets": ["agentId"],
    },
    fill: evalRunInput,
    // An inline agent is read again when the worker starts the run (EV-1): the queued answer shows none of it.
    noControl: [
      "input.target.inlineAgent.skills.versionId",
      "input.target.inlineAgent.knowledgeBaseIds",
      "input.target.inlineAgent.handoffTargets",
    ],
  },
};

// ---- reading the schema ----

const REFERENCE_NAME = /^(name|names)$|Ids?$/;
const NESTED_REFERENCE_NAME = /Ids?$/;

/** The reference paths of one operation, as the schema has them now. */
function referencePaths(field: GraphQLField<unknown, unknown>): string[] {
  const paths: string[] = [];
  const walkInput = (type: GraphQLInputType, prefix: string, seen: Set<string>) => {
    const named = getNamedType(type);
    if (!isInputObjectType(named) || seen.has(named.name)) return;
    for (const inner of Object.values(named.getFields())) {
      const innerNamed = getNamedType(inner.type);
      const path = `${prefix}.${inner.name}`;
      if (innerNamed.name === "ID" || NESTED_REFERENCE_NAME.test(inner.name)) paths.push(path);
      walkInput(inner.type, path, new Set([...seen, named.name]));
    }
  };
  for (const arg of field.args) {
    if (getNamedType(arg.type).name === "ID" || REFERENCE_NAME.test(arg.name)) paths.push(arg.name);
    walkInput(arg.type, arg.name, new Set());
  }
  return paths;
}

function operations(
  schema: GraphQLSchema,
): Map<string, { kind: "query" | "mutation"; field: GraphQLField<unknown, unknown> }> {
  const found = new Map<string, { kind: "query" | "mutation"; field: GraphQLField<unknown, unknown> }>();
  for (const [kind, root] of [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {}))
      found.set(`${root!.name}.${field.name}`, { kind, field });
  }
  return found;
}

/** A valid value of an input type: required fields only; `fresh` ids exist nowhere. */
function dummy(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummy(type.ofType);
  if (isListType(type)) return [dummy(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, dummy(f.type)]),
    );
  }
  switch (type.name) {
    case "ID":
      return randomUUID();
    case "Int":
      return 1;
    case "Float":
      return 0.5;
    case "Boolean":
      return false;
    case "DateTime":
      return new Date().toISOString();
    case "JSON":
    case "JSONObject":
      return {};
    default:
      return `dummy-${randomBytes(3).toString("hex")}`;
  }
}

/** Sets `value` at a reference path, creating the input objects and the first list element on the way. */
function setPath(
  variables: Record<string, unknown>,
  field: GraphQLField<unknown, unknown>,
  path: string,
  value: string,
): void {
  const [argName, ...rest] = path.split(".");
  const arg = field.args.find((a) => a.name === argName)!;
  const place = (holder: Record<string, unknown>, key: string, type: GraphQLInputType, remaining: string[]) => {
    const unwrapped = isNonNullType(type) ? type.ofType : type;
    if (remaining.length === 0) {
      holder[key] = isListType(unwrapped) ? [value] : value;
      return;
    }
    let target: Record<string, unknown>;
    if (isListType(unwrapped)) {
      const list = (Array.isArray(holder[key]) ? holder[key] : []) as Array<Record<string, unknown>>;
      if (list.length === 0) list.push(dummy(getNamedType(unwrapped)) as Record<string, unknown>);
      holder[key] = list;
      target = list[0]!;
    } else {
      holder[key] =
        (holder[key] as Record<string, unknown> | undefined) ?? (dummy(unwrapped) as Record<string, unknown>);
      target = holder[key] as Record<string, unknown>;
    }
    const objectType = getNamedType(unwrapped);
    if (!isInputObjectType(objectType)) throw new Error(`${path}: ${objectType.name} is not an input object`);
    const next = objectType.getFields()[remaining[0]!]!;
    place(target, remaining[0]!, next.type, remaining.slice(1));
  };
  place(variables, argName!, arg.type, rest);
}

/** Scalars of the return type, and of the objects it holds (two levels). */
function selection(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return "";
  if (isUnionType(named)) return "{ __typename }";
  const fields = isObjectType(named) || isInterfaceType(named) ? Object.values(named.getFields()) : [];
  const parts = ["__typename"];
  for (const f of fields) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const inner = getNamedType(f.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(f.name);
    else if (depth < 1) parts.push(`${f.name} ${selection(f.type, depth + 1)}`);
  }
  return `{ ${parts.join(" ")} }`;
}

function document(
  kind: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
): string {
  const used = field.args.filter((a: GraphQLArgument) => variables[a.name] !== undefined);
  const defs = used.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  // A small page: the selection holds every scalar, large text fields included (SEC-11 bounds those per answer).
  const page = field.args.some((a) => a.name === "limit") && variables.limit === undefined ? ["limit: 5"] : [];
  const args = [...used.map((a) => `${a.name}: $${a.name}`), ...page].join(", ");
  return `${kind} Walk${defs ? `(${defs})` : ""} { ${field.name}${args ? `(${args})` : ""} ${selection(field.type)} }`;
}

// ---- the walk ----

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const API_KEY = /sgk_[A-Za-z0-9]{48}/g;

/** An answer with what legitimately differs between two calls taken out: the values sent, new ids, times, keys. */
function normalise(answer: { status: number; body: unknown }, sent: string[], uniq: string): string {
  let text = JSON.stringify(answer);
  for (const value of [...sent].sort((a, b) => b.length - a.length)) text = text.split(value).join("<sent>");
  return text.split(uniq).join("<uniq>").replace(API_KEY, "<key>").replace(UUID, "<uuid>").replace(ISO_TIME, "<time>");
}

function randomFor(kind: Kind): string {
  return kind === "skillName" || kind === "toolName" ? `zz-${randomBytes(5).toString("hex")}` : randomUUID();
}

describeEachDialect("SEC-9 / PJ-1 tenancy", { outboundAllowHosts: [WEBHOOK_HOST, "localhost"] }, (t) => {
  let schema: GraphQLSchema;
  let ops: ReturnType<typeof operations>;
  let A: Fixture;
  let B: Fixture;
  let model: ScriptedModel;

  async function makeFixture(label: string): Promise<Fixture> {
    const project = await t.project(`${label} project`);
    const key = project.adminKey;
    const skillName = `${label}-skill`;
    const kb = await t.ok<{ createKnowledgeBase: { id: string } }>(
      `mutation($n: String!) { createKnowledgeBase(input: { name: $n }) { id } }`,
      { n: `${label} kb` },
      key,
    );
    const knowledgeBaseId = kb.createKnowledgeBase.id;
    const document = await t.ok<{ addKnowledgeDocument: { id: string } }>(
      `mutation($kb: ID!) { addKnowledgeDocument(knowledgeBaseId: $kb, title: "doc", content: "content") { id } }`,
      { kb: knowledgeBaseId },
      key,
    );
    const version = async (body: string) =>
      (
        await t.ok<{ createSkillVersion: { id: string } }>(
          `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
          {
            input: {
              skillMd: skillMd(skillName, { body }),
              tools: [
                {
                  name: "hook",
                  description: "A hook.",
                  webhookUrl: "https://hooks.example.com/hook",
                  webhookSecret: `secret-${label}`,
                },
              ],
              knowledgeBases: [{ knowledgeBaseId, mode: "PROMPT" }],
              files: [{ path: "references/notes.md", contentBase64: Buffer.from(`${label} notes`).toString("base64") }],
            },
          },
          key,
        )
      ).createSkillVersion.id;
    const publish = (id: string) => t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id }, key);
    const archivedVersionId = await version("one");
    await publish(archivedVersionId);
    const publishedVersionId = await version("two");
    await publish(publishedVersionId);
    const draftVersionId = await version("three");
    const apiKey = await t.ok<{ createApiKey: { id: string } }>(
      `mutation { createApiKey(role: VIEWER, name: "viewer") { id } }`,
      {},
      key,
    );
    const saveAgent = `mutation($input: AgentInput!, $agentId: ID) { saveAgent(input: $input, agentId: $agentId) { id agentId } }`;
    // Its own tool, for runTool: a loopback URL the outbound guard refuses, so running it answers at once (SEC-13).
    const toolName = `${label}-tool`;
    const agentInputOf = {
      name: `${label}-agent`,
      skills: [{ name: skillName }],
      tools: [{ name: toolName, description: "A tool.", webhookUrl: "http://127.0.0.1:9/tool" }],
      model: { baseUrl: chatModel.baseUrl, model: "scripted" },
    };
    const first = (await t.ok<{ saveAgent: { id: string; agentId: string } }>(saveAgent, { input: agentInputOf }, key))
      .saveAgent;
    await t.ok(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: first.id }, key);
    const draft = (
      await t.ok<{ saveAgent: { id: string } }>(saveAgent, { input: agentInputOf, agentId: first.agentId }, key)
    ).saveAgent;
    const subscription = await t.ok<{ createWebhookSubscription: { subscription: { id: string } } }>(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["call.ended"]) { subscription { id } } }`,
      { url: `https://${WEBHOOK_HOST}/${label}` },
      key,
    );
    // An active call and an ended one; the ended one's call.ended is a delivery to list (the worker is not running).
    const startCall = `mutation($agentId: ID!) { startCall(input: { agentId: $agentId }) { id } }`;
    const callId = (await t.ok<{ startCall: { id: string } }>(startCall, { agentId: first.agentId }, key)).startCall.id;
    const endedCallId = (await t.ok<{ startCall: { id: string } }>(startCall, { agentId: first.agentId }, key))
      .startCall.id;
    await t.ok(`mutation($id: ID!) { endCall(callId: $id) { id } }`, { id: endedCallId }, key);
    const sent = await t.ok<{ sendMessage: { session: { id: string } } }>(
      `mutation($agentId: ID!) { sendMessage(input: { agentId: $agentId, content: "hi" }) { session { id } } }`,
      { agentId: first.agentId },
      key,
    );
    const chatSessionId = sent.sendMessage.session.id;
    const scenario = await t.ok<{ saveEvalScenario: { id: string } }>(
      `mutation($n: String!) { saveEvalScenario(input: { name: $n, turns: ["hi"], expectations: [] }) { id } }`,
      { n: `${label} scenario` },
      key,
    );
    const evalScenarioId = scenario.saveEvalScenario.id;
    // Queued (the eval worker is not running).
    const run = await t.ok<{ startEvalRun: { id: string } }>(
      `mutation($agentId: ID!, $s: ID!) { startEvalRun(input: { target: { agentId: $agentId }, scenarioIds: [$s] }) { id } }`,
      { agentId: first.agentId, s: evalScenarioId },
      key,
    );
    // A rollout of a skill of its own (the walk's other skill keeps its draft a draft), run by hand (stepMinutes 0).
    const rolledName = `${label}-rolled`;
    const rolledVersion = async (body: string) =>
      (
        await t.ok<{ createSkillVersion: { id: string } }>(
          `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
          { input: { skillMd: skillMd(rolledName, { body }) } },
          key,
        )
      ).createSkillVersion.id;
    await publish(await rolledVersion("rolled one"));
    const rollout = await t.ok<{ startRollout: { id: string } }>(
      `mutation($v: ID!) { startRollout(input: { versionId: $v, steps: [50, 100], stepMinutes: 0 }) { id } }`,
      { v: await rolledVersion("rolled two") },
      key,
    );
    // An approval of its own draft agent version (self-approval allowed, nothing required).
    await t.ok(
      `mutation { setPublishPolicy(requiredApprovals: 0, allowSelfApproval: true) { requiredApprovals } }`,
      {},
      key,
    );
    const digest = (
      await t.ok<{ agentVersion: { digest: string } }>(
        `query($id: ID!) { agentVersion(id: $id) { digest } }`,
        { id: draft.id },
        key,
      )
    ).agentVersion.digest;
    const approval = await t.ok<{ approveVersion: { id: string } }>(
      `mutation($v: ID!, $d: String!) { approveVersion(versionId: $v, digest: $d) { id } }`,
      { v: draft.id, d: digest },
      key,
    );
    const delivery = await t.ok<{ webhookDeliveries: { items: Array<{ id: string }> } }>(
      `{ webhookDeliveries { items { id } } }`,
      {},
      key,
    );
    return {
      label,
      key,
      values: {
        projectId: project.id,
        skillName,
        archivedVersionId,
        publishedVersionId,
        draftVersionId,
        knowledgeBaseId,
        knowledgeDocumentId: document.addKnowledgeDocument.id,
        apiKeyId: apiKey.createApiKey.id,
        agentId: first.agentId,
        publishedAgentVersionId: first.id,
        draftAgentVersionId: draft.id,
        webhookSubscriptionId: subscription.createWebhookSubscription.subscription.id,
        webhookDeliveryId: delivery.webhookDeliveries.items[0]!.id,
        callId,
        endedCallId,
        chatSessionId,
        evalScenarioId,
        evalRunId: run.startEvalRun.id,
        rolloutId: rollout.startRollout.id,
        approvalId: approval.approveVersion.id,
        toolName,
      },
    };
  }

  beforeAll(async () => {
    schema = await buildAppSchema();
    ops = operations(schema);
    model = await startScriptedModel({
      respond: (request) => ({
        text: `offered: ${(request.body.tools ?? []).map((tool) => tool.function.name).join(",")}`,
      }),
    });
    chatModel.baseUrl = model.baseUrl.replace("127.0.0.1", "localhost");
    A = await makeFixture("alpha");
    B = await makeFixture("bravo");
  });
  afterAll(async () => model?.close());

  async function call(name: string, caller: Fixture, overrides: Array<[string, string]>): Promise<string> {
    const { kind, field } = ops.get(name)!;
    const entry = COVERED[name]!;
    const uniq = randomBytes(6).toString("hex");
    const tried = overrides.map(([path]) => path);
    const variables: Record<string, unknown> = { ...(entry.fill?.(caller, uniq, tried) ?? {}) };
    // Required reference arguments not being tried get the caller's own object of the first kind listed.
    for (const [path, kinds] of Object.entries(entry.paths)) {
      const arg = field.args.find((a) => a.name === path);
      if (arg && isNonNullType(arg.type) && variables[path] === undefined && !overrides.some(([p]) => p === path)) {
        setPath(variables, field, path, caller.values[kinds[0]!]);
      }
    }
    for (const arg of field.args) {
      if (variables[arg.name] === undefined && isNonNullType(arg.type) && arg.defaultValue === undefined)
        variables[arg.name] = dummy(arg.type);
    }
    for (const [path, value] of overrides) setPath(variables, field, path, value);
    const res = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${caller.key}` },
      body: JSON.stringify({ query: document(kind, field, variables), variables }),
    });
    const body = (await res.json()) as unknown;
    return normalise(
      { status: res.status, body },
      overrides.map(([, v]) => v),
      uniq,
    );
  }

  // Before the walk, which leaves rows of its own in B.
  it("PJ-1 B's lists never show A's rows", async () => {
    const lists = [
      `{ skills(limit: 200) { total items { id name } } }`,
      `{ skills(state: PUBLISHED, limit: 200) { items { id name } } }`,
      `{ knowledgeBases { id name documents { id } } }`,
      `{ auditLog(limit: 200) { total items { id resourceId resourceType data } } }`,
      `{ apiKeys { id name prefix } }`,
      `{ agents(limit: 200) { total items { id agentId name } } }`,
      `query($n: [String!]) { skillsLiveAt(at: "2999-01-01T00:00:00Z", names: $n) { name versionId } }`,
      `{ webhookSubscriptions { id url } }`,
      `{ webhookDeliveries(limit: 200) { total items { id subscriptionId payload } } }`,
      `{ calls(limit: 200) { total items { id agentId agentName skills { versionId } events { data } } } }`,
      `{ evalScenarios(limit: 200) { total items { id name turns } } }`,
      `{ evalRuns(limit: 200) { total items { id resolvedConfig results { scenarioId agentId } } } }`,
    ];
    const secrets = [...Object.values(A.values), A.key.slice(0, 16), `${WEBHOOK_HOST}/alpha`];
    for (const query of lists) {
      const res = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${B.key}` },
        body: JSON.stringify({ query, variables: { n: null } }),
      });
      const text = await res.text();
      expect(JSON.parse(text).errors, `${query}: ${text}`).toBeUndefined();
      for (const value of secrets) expect(text, `${query} shows A's ${value}`).not.toContain(value);
      // Control: B's own rows are there.
      expect(text, query).toMatch(/bravo|"total":[1-9]|prefix/);
    }
    const own = await t.ok<{ skills: { total: number } }>(`{ skills { total } }`, {}, B.key);
    expect(own.skills.total).toBeGreaterThanOrEqual(3);
  });

  it("SEC-9 every reference-taking operation of the schema is covered by the walk", () => {
    const missing: string[] = [];
    for (const [name, { field }] of ops) {
      const paths = referencePaths(field);
      if (paths.length === 0) continue;
      const covered = COVERED[name];
      for (const path of paths) if (!covered?.paths[path]) missing.push(`${name} ${path}`);
    }
    expect(
      missing,
      "add these operations/arguments to COVERED in test/security/tenancy.int.test.ts with the objects they refer to",
    ).toEqual([]);
    const stale = Object.keys(COVERED).filter((name) => !ops.has(name));
    expect(stale, "COVERED lists operations the schema no longer has").toEqual([]);
    for (const [name, entry] of Object.entries(COVERED)) {
      for (const path of Object.keys(entry.paths)) {
        expect(() => setPath({}, ops.get(name)!.field, path, "x"), `${name} ${path}`).not.toThrow();
      }
    }
  });

  for (const name of Object.keys(COVERED)) {
    it(`SEC-9 PJ-1 ${name}: another project's object answers exactly as one that does not exist`, async () => {
      if (!ops.has(name)) return; // reported by the coverage test
      const entry = COVERED[name]!;
      const mismatches: string[] = [];
      const compare = async (label: string, foreign: Array<[string, string]>, nowhere: Array<[string, string]>) => {
        const a = await call(name, B, foreign);
        const r = await call(name, B, nowhere);
        if (a !== r) mismatches.push(`${label}\n  A's object: ${a}\n  nowhere:    ${r}`);
      };
      // Each reference on its own, with every kind of A's object it can name.
      for (const [path, kinds] of Object.entries(entry.paths)) {
        for (const kind of kinds)
          await compare(`${path} = A.${kind}`, [[path, A.values[kind]]], [[path, randomFor(kind)]]);
      }
      // All references at once.
      const paths = Object.entries(entry.paths);
      if (paths.length > 1) {
        await compare(
          "all references = A",
          paths.map(([p, k]) => [p, A.values[k[0]!]]),
          paths.map(([p, k]) => [p, randomFor(k[0]!)]),
        );
      }
      expect(mismatches, mismatches.join("\n")).toEqual([]);
    });
  }

  it("SEC-9 (control) with the caller's own objects, each reference does reach the object", async () => {
    const vacuous: string[] = [];
    for (const [name, entry] of Object.entries(COVERED)) {
      if (!ops.has(name)) continue;
      // Mutations may consume what they touch: each gets a project of its own.
      const own = ops.get(name)!.kind === "mutation" ? await makeFixture("charlie") : B;
      for (const [path, kinds] of Object.entries(entry.paths)) {
        if (entry.noControl?.includes(path)) continue;
        let reached = false;
        for (const kind of kinds) {
          const nowhere = await call(name, own, [[path, randomFor(kind)]]);
          const mine = await call(name, own, [[path, own.values[kind]]]);
          if (mine !== nowhere) reached = true;
        }
        if (!reached) vacuous.push(`${name} ${path}`);
      }
    }
    expect(
      vacuous,
      "these references answer the same for the caller's own object as for none: the walk proves nothing for them",
    ).toEqual([]);
  }, 120_000);

  /** B's answer for `ref`, with the reference itself taken out (as in the walk). */
  const normalisedWith = async (ref: string, ask: (ref: string) => Promise<{ status: number; body: unknown }>) =>
    normalise(await ask(ref), [ref], "\u0000");

  it("SEC-9 PJ-1 the gateway: B's key naming A's agent as the model answers exactly as a model that exists nowhere", async () => {
    const chat = (stream: boolean) => async (model: string) => {
      const res = await fetch(`${t.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${B.key}` },
        body: JSON.stringify({ model, stream, messages: [{ role: "user", content: "hi" }] }),
      });
      return { status: res.status, body: await res.text() };
    };
    for (const stream of [false, true]) {
      const foreign = await normalisedWith("alpha-agent", chat(stream));
      const nowhere = await normalisedWith(randomFor("skillName"), chat(stream));
      expect(foreign, `stream: ${stream}`).toBe(nowhere);
      // Control: B's own agent by the same route is served.
      expect((await chat(stream)("bravo-agent")).status, `stream: ${stream}`).toBe(200);
    }
    const models = await fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer ${B.key}` } });
    const listed = await models.text();
    expect(listed).toContain("bravo-agent");
    expect(listed).not.toContain("alpha");
  });

  it("SEC-9 PJ-1 the MCP endpoint: B's key naming A's skill answers exactly as a skill that exists nowhere, and lists none of A's", async () => {
    const client = new Client({ name: "tenancy-walk", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${B.key}` } },
      }),
    );
    try {
      const outcome = async (run: () => Promise<unknown>) => {
        try {
          return { status: 200, body: await run() };
        } catch (error) {
          const { code, message } = error as { code?: number; message: string };
          return { status: code ?? 0, body: message };
        }
      };
      const asks: Array<[string, (name: string) => Promise<{ status: number; body: unknown }>]> = [
        [
          "skills/get",
          (name) =>
            outcome(() =>
              client.request(
                { method: "skills/get", params: { uri: `skill://${name}/SKILL.md` } },
                z.object({}).passthrough(),
              ),
            ),
        ],
        ["resources/read SKILL.md", (name) => outcome(() => client.readResource({ uri: `skill://${name}/SKILL.md` }))],
        [
          "resources/read a file",
          (name) => outcome(() => client.readResource({ uri: `skill://${name}/references/notes.md` })),
        ],
      ];
      for (const [what, ask] of asks) {
        const foreign = await normalisedWith(A.values.skillName, ask);
        const nowhere = await normalisedWith(randomFor("skillName"), ask);
        expect(foreign, what).toBe(nowhere);
        // Control: B's own skill is served by the same request.
        expect((await ask(B.values.skillName)).status, what).toBe(200);
      }
      const lists = JSON.stringify([
        await client.request({ method: "skills/list", params: {} }, z.object({}).passthrough()),
        await client.listResources(),
      ]);
      expect(lists).toContain(B.values.skillName);
      expect(lists).not.toContain("alpha");
    } finally {
      await client.close();
    }
  });

  it("PJ-1 nothing B tried changed A's objects", async () => {
    const states = await t.ok<{ skills: { items: Array<{ id: string; state: string }> } }>(
      `{ skills(limit: 200) { items { id state } } }`,
      {},
      A.key,
    );
    const byId = new Map(states.skills.items.map((v) => [v.id, v.state]));
    expect(byId.get(A.values.archivedVersionId)).toBe("ARCHIVED");
    expect(byId.get(A.values.publishedVersionId)).toBe("PUBLISHED");
    expect(byId.get(A.values.draftVersionId)).toBe("DRAFT");
    const kb = await t.ok<{ knowledgeBase: { documents: unknown[] } }>(
      `query($id: ID!) { knowledgeBase(id: $id) { documents { id } } }`,
      { id: A.values.knowledgeBaseId },
      A.key,
    );
    expect(kb.knowledgeBase.documents).toHaveLength(1);
    const keys = await t.ok<{ apiKeys: Array<{ id: string; revokedAt: string | null }> }>(
      `{ apiKeys { id revokedAt } }`,
      {},
      A.key,
    );
    expect(keys.apiKeys).toHaveLength(2);
    expect(keys.apiKeys.every((k) => k.revokedAt === null)).toBe(true);
    const agent = await t.ok<{ agentVersion: { state: string } | null }>(
      `query($id: ID!) { agentVersion(id: $id) { state } }`,
      { id: A.values.draftAgentVersionId },
      A.key,
    );
    expect(agent.agentVersion?.state).toBe("DRAFT");
    const agents = await t.ok<{ agents: { total: number } }>(`{ agents { total } }`, {}, A.key);
    expect(agents.agents.total).toBe(2);
    const hooks = await t.ok<{ webhookSubscriptions: Array<{ id: string }> }>(
      `{ webhookSubscriptions { id } }`,
      {},
      A.key,
    );
    expect(hooks.webhookSubscriptions.map((h) => h.id)).toEqual([A.values.webhookSubscriptionId]);
    const deliveries = await t.ok<{ webhookDeliveries: { total: number } }>(
      `{ webhookDeliveries { total } }`,
      {},
      A.key,
    );
    expect(deliveries.webhookDeliveries.total).toBe(1);
    const READ = `query($id: ID!) { call(id: $id) { status agentName loadedSkills skills { loaded } events { type } toolInvocations { id } } }`;
    const active = await t.ok<{ call: Record<string, unknown> }>(READ, { id: A.values.callId }, A.key);
    expect(active.call).toEqual({
      status: "active",
      agentName: "alpha-agent",
      loadedSkills: [],
      skills: [{ loaded: false }],
      events: [{ type: "call.started" }],
      toolInvocations: [],
    });
    const ended = await t.ok<{ call: { status: string; events: Array<{ type: string }> } }>(
      READ,
      { id: A.values.endedCallId },
      A.key,
    );
    expect(ended.call.status).toBe("ended");
    expect(ended.call.events.map((e) => e.type)).toEqual(["call.started", "call.ended"]);
    const audit = await t.ok<{ auditLog: { items: Array<{ actor: string }> } }>(
      `{ auditLog(limit: 200) { items { actor } } }`,
      {},
      A.key,
    );
    const bKeys = await t.ok<{ apiKeys: Array<{ id: string }> }>(`{ apiKeys { id } }`, {}, B.key);
    for (const entry of audit.auditLog.items) expect(bKeys.apiKeys.map((k) => k.id)).not.toContain(entry.actor);
  });
});
