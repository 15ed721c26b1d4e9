import { randomBytes, randomUUID } from "node:crypto";
import { startScriptedModel, type ScriptedModel } from "./scripted-model";
import { skillMd } from "./skill-md";
import type { Config } from "../../src/config";
import type { TestApp } from "./test-app";

/**
 * SEC-9 / PJ-1, what every tenancy walk shares: two projects (A and B) each holding one object of every kind, and
 * answers compared with what legitimately differs between two calls taken out.
 */

export type Kind =
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

export interface Fixture {
  label: string;
  key: string;
  values: Record<Kind, string>;
}

export const WEBHOOK_HOST = "hooks.example.com";

/** The walks' app: the fixtures' webhook host and the scripted model (on localhost) allow-listed by name. */
export const TENANCY_CONFIG: Partial<Config> = { outboundAllowHosts: [WEBHOOK_HOST, "localhost"] };

/**
 * The scripted model (on localhost: allow-listed by name, so 127.0.0.1 stays refused and the agents' loopback tools
 * still answer at once). It answers with the tools it was offered, so an inline agent's references show in the reply.
 */
export const chatModel = { baseUrl: "" };

export async function startTenancyModel(): Promise<ScriptedModel> {
  const model = await startScriptedModel({
    respond: (request) => ({
      text: `offered: ${(request.body.tools ?? []).map((tool) => tool.function.name).join(",")}`,
    }),
  });
  chatModel.baseUrl = model.baseUrl.replace("127.0.0.1", "localhost");
  return model;
}

export async function makeFixture(t: TestApp, label: string): Promise<Fixture> {
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
  const endedCallId = (await t.ok<{ startCall: { id: string } }>(startCall, { agentId: first.agentId }, key)).startCall
    .id;
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

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const API_KEY = /sgk_[A-Za-z0-9]{48}/g;

/** An answer with what legitimately differs between two calls taken out: the values sent, new ids, times, keys. */
export function normalise(answer: { status: number; body: unknown }, sent: string[], uniq: string): string {
  let text = JSON.stringify(answer);
  for (const value of [...sent].sort((a, b) => b.length - a.length)) text = text.split(value).join("<sent>");
  return text.split(uniq).join("<uniq>").replace(API_KEY, "<key>").replace(UUID, "<uuid>").replace(ISO_TIME, "<time>");
}

export function randomFor(kind: Kind): string {
  return kind === "skillName" || kind === "toolName" ? `zz-${randomBytes(5).toString("hex")}` : randomUUID();
}

/** An answer for `ref`, with the reference itself taken out (as in the walk). */
export const normalisedWith = async (ref: string, ask: (ref: string) => Promise<{ status: number; body: unknown }>) =>
  normalise(await ask(ref), [ref], "\u0000");
