import { PUBLISH_AGENT, SAVE_AGENT } from "./agents";
import { skillMd } from "./skill-md";
import type { TestApp } from "./test-app";

/** Fixtures for call tests: skills and agents made and published through GraphQL. */

export const CALL_FIELDS = `id status agentId agentName warnings loadedSkills systemPrompt
  skills { name version versionId pinned loaded }
  tools { name description source }
  events { id type at data loadedAfter }
  toolInvocations { id tool source arguments status result error latencyMs }`;

export const START_CALL = `mutation($input: StartCallInput!) { startCall(input: $input) { ${CALL_FIELDS} } }`;
export const LOAD_SKILL = `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) {
  status skill unloaded available message call { ${CALL_FIELDS} } } }`;
export const END_CALL = `mutation($callId: ID!) { endCall(callId: $callId) { ${CALL_FIELDS} } }`;
export const HANDOFF = `mutation($callId: ID!, $agentId: ID!) { handoffCall(callId: $callId, agentId: $agentId) { ${CALL_FIELDS} } }`;
export const RUN_TOOL = `mutation($callId: ID!, $name: String!, $arguments: JSON!) { runTool(callId: $callId, name: $name, arguments: $arguments) {
  id tool source arguments status result error latencyMs } }`;
export const READ_CALL = `query($id: ID!) { call(id: $id) { ${CALL_FIELDS} } }`;

export interface CallView {
  id: string;
  status: string;
  agentId: string | null;
  agentName: string;
  warnings: string[];
  loadedSkills: string[];
  systemPrompt: string;
  skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
  tools: Array<{ name: string; description: string; source: string }>;
  events: Array<{ id: string; type: string; at: string; data: Record<string, unknown>; loadedAfter: string[] }>;
  toolInvocations: Array<{
    id: string;
    tool: string;
    source: string;
    arguments: unknown;
    status: string;
    result: unknown;
    error: string | null;
    latencyMs: number;
  }>;
}

export interface LoadResult {
  status: string;
  skill: string | null;
  unloaded: string | null;
  available: string[];
  message: string;
  call: CallView;
}

/** Creates and publishes a skill version; returns its id. */
export async function publishSkill(
  t: TestApp,
  key: string,
  name: string,
  options: Parameters<typeof skillMd>[1] & { tools?: unknown[]; knowledgeBases?: unknown[] } = {},
): Promise<string> {
  const { tools, knowledgeBases, ...md } = options;
  const created = await t.ok<{ createSkillVersion: { id: string } }>(
    `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
    { input: { skillMd: skillMd(name, md), tools, knowledgeBases } },
    key,
  );
  await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: created.createSkillVersion.id }, key);
  return created.createSkillVersion.id;
}

/** Saves and publishes an agent; returns its agent id. */
export async function publishAgent(t: TestApp, key: string, input: Record<string, unknown>): Promise<string> {
  const saved = await t.ok<{ saveAgent: { id: string; agentId: string } }>(SAVE_AGENT, { input }, key);
  await t.ok(PUBLISH_AGENT, { id: saved.saveAgent.id }, key);
  return saved.saveAgent.agentId;
}

export async function startCall(t: TestApp, key: string, input: Record<string, unknown>): Promise<CallView> {
  return (await t.ok<{ startCall: CallView }>(START_CALL, { input }, key)).startCall;
}

export async function loadSkill(t: TestApp, key: string, callId: string, name: string): Promise<LoadResult> {
  return (await t.ok<{ loadSkill: LoadResult }>(LOAD_SKILL, { callId, name }, key)).loadSkill;
}
