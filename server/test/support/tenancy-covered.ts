import { randomUUID } from "node:crypto";
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
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql/index.js"; // the CommonJS build, as type-graphql loads it: one graphql realm
import { dummyValue, operationDocument } from "./schema-operations";
import { skillMd } from "./skill-md";
import { chatModel, WEBHOOK_HOST, type Fixture, type Kind } from "./tenancy";

/**
 * SEC-9 / PJ-1's GraphQL walk: COVERED says, for each operation, which of A's objects each reference is tried with.
 * A new operation (or a new reference argument) that COVERED does not list fails "every reference-taking operation
 * is covered", so nobody forgets to add it here with the objects it refers to.
 */

export interface Entry {
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

const agentInput = (own: Fixture, uniq: string) => ({
  input: { name: `agent-${uniq}`, skills: [{ name: own.values.skillName }] },
});
/** An inline agent for startCall when the inline agent's references are tried; a stored agent's id otherwise. */
const callInput = (own: Fixture, uniq: string, tried: string[]) =>
  tried.some((path) => path.startsWith("input.inlineAgent"))
    ? { input: { inlineAgent: { name: `inline-${uniq}`, skills: [{ name: own.values.skillName }] } } }
    : {};
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

export const COVERED: Record<string, Entry> = {
  // ---- queries ----
  "Query.project": { paths: { id: ["projectId"] } },
  "Query.node": { paths: { id: EVERY_ID } },
  "Query.apiKeys": { paths: { projectId: ["projectId"] } },
  "Query.auditLog": { paths: { projectId: ["projectId"], resourceId: EVERY_ID } },
  "Query.knowledgeBases": { paths: { projectId: ["projectId"] } },
  "Query.knowledgeBase": { paths: { id: ["knowledgeBaseId"] } },
  "Query.skills": { paths: { projectId: ["projectId"], name: ["skillName"], names: ["skillName"] } },
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
  "Query.rolloutForecast": { paths: { "input.versionId": ["draftVersionId"] } },
  "Query.rollbackPreview": {
    paths: { name: ["skillName"], toVersionId: ["archivedVersionId", "publishedVersionId", "draftVersionId"] },
  },
  "Query.agents": { paths: { projectId: ["projectId"], agentId: ["agentId"] } },
  "Query.agentVersion": { paths: { id: AGENT_VERSIONS } },
  "Query.agentSkillSearch": { paths: { agentId: ["agentId"] }, fill: () => ({ query: "help" }) },
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
  "Mutation.revokeSkillVersion": {
    paths: { id: SKILL_VERSIONS, rollbackTo: ["archivedVersionId"] },
    fill: () => ({ reason: "tenancy walk" }),
    // the control revokes the caller's own versions one by one (the id path): by the time rollbackTo is tried, the
    // version it would replace is revoked already, so both answers are CONFLICT revoked
    noControl: ["rollbackTo"],
  },
  // the platform credential's alone: a key is UNAUTHENTICATED whatever the project
  "Mutation.setDiscoveryProject": { paths: { projectId: ["projectId"] }, noControl: ["projectId"] },
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

const REFERENCE_NAME = /^(name|names)$|Ids?$/;
const NESTED_REFERENCE_NAME = /Ids?$/;

/** The reference paths of one operation, as the schema has them now. */
export function referencePaths(field: GraphQLField<unknown, unknown>): string[] {
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

export function operations(
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

/** Sets `value` at a reference path, creating the input objects and the first list element on the way. */
export function setPath(
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
      if (list.length === 0) list.push(dummyValue(getNamedType(unwrapped)) as Record<string, unknown>);
      holder[key] = list;
      target = list[0]!;
    } else {
      holder[key] =
        (holder[key] as Record<string, unknown> | undefined) ?? (dummyValue(unwrapped) as Record<string, unknown>);
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

export function document(
  kind: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
): string {
  // A small page: the selection holds every scalar, large text fields included (SEC-11 bounds those per answer: a
  // skill version's three, times the page, stay within the budget of ten).
  const page = field.args.some((a) => a.name === "limit") && variables.limit === undefined ? ["limit: 3"] : [];
  return operationDocument(kind, field, {
    args: field.args.filter((a) => variables[a.name] !== undefined),
    literals: page,
    selection: selection(field.type),
  });
}
