import { expect } from "vitest";
import { PUBLISH_AGENT, SAVE_AGENT } from "./agents";
import { skillMd } from "./skill-md";
import type { GqlResponse, TestApp } from "./test-app";

/** Fixtures for call tests, all through GraphQL: skills, agents, calls, tool runs, timelines and knowledge. */

/** A recorded tool invocation's fields, as `Invocation` below has them. */
export const INVOCATION_FIELDS = "id tool source arguments status result error latencyMs";

export const CALL_FIELDS = `id status agentId agentName warnings loadedSkills systemPrompt
  skills { name version versionId pinned loaded }
  tools { name description source }
  events { id type at data loadedAfter }
  toolInvocations { ${INVOCATION_FIELDS} }`;

export const START_CALL = `mutation($input: StartCallInput!) { startCall(input: $input) { ${CALL_FIELDS} } }`;
export const LOAD_SKILL = `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) {
  status skill unloaded available message call { ${CALL_FIELDS} } } }`;
export const END_CALL = `mutation($callId: ID!) { endCall(callId: $callId) { ${CALL_FIELDS} } }`;
export const HANDOFF = `mutation($callId: ID!, $agentId: ID!) { handoffCall(callId: $callId, agentId: $agentId) { ${CALL_FIELDS} } }`;
export const RUN_TOOL = `mutation($callId: ID!, $name: String!, $arguments: JSON!) { runTool(callId: $callId, name: $name, arguments: $arguments) {
  ${INVOCATION_FIELDS} } }`;
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
  toolInvocations: Invocation[];
}

/** One recorded tool invocation, as `runTool` and `Call.toolInvocations` show it. */
export interface Invocation {
  id: string;
  tool: string;
  source: string;
  arguments: unknown;
  status: string;
  result: unknown;
  error: string | null;
  latencyMs: number;
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

// ---- tool runs, timelines ----

export const READ_TIMELINE = `query($id: ID!) { call(id: $id) { status loadedSkills systemPrompt warnings
  tools { name source } skills { name version versionId pinned loaded }
  events { type data loadedAfter systemPromptAfter toolsAfter { name source } } } }`;

export interface TimelineEvent {
  type: string;
  data: Record<string, unknown>;
  loadedAfter: string[];
  systemPromptAfter: string;
  toolsAfter: Array<{ name: string; source: string }>;
}

export interface Timeline {
  status: string;
  loadedSkills: string[];
  systemPrompt: string;
  warnings: string[];
  tools: Array<{ name: string; source: string }>;
  skills: CallView["skills"];
  events: TimelineEvent[];
}

export async function timeline(t: TestApp, key: string, id: string): Promise<Timeline> {
  const data = await t.ok<{ call: Timeline | null }>(READ_TIMELINE, { id }, key);
  expect(data.call, `call ${id}`).not.toBeNull();
  return data.call!;
}

/** The loaded set after each event, replayed from the events alone (RT-11): `skill.loaded` appends, `skill.unloaded` removes, a handoff empties. */
export function replay(events: ReadonlyArray<{ type: string; data: Record<string, unknown> }>): string[][] {
  let loaded: string[] = [];
  return events.map((event) => {
    const skill = String(event.data.skill);
    if (event.type === "skill.loaded") loaded = [...loaded, skill];
    else if (event.type === "skill.unloaded") loaded = loaded.filter((name) => name !== skill);
    else if (event.type === "call.handoff") loaded = [];
    return loaded;
  });
}

/** The skills section of a system prompt (RT-2), as the runtime words it. */
export function skillsSection(skills: ReadonlyArray<[name: string, description: string]>): string {
  return [
    "# Skills",
    "You have skills: instructions and tools for particular tasks, loaded when a task needs them. Until a skill is " +
      "loaded you know only its name and description. When the conversation needs one, call the load_skill tool " +
      "with its name; its instructions then appear at the end of this prompt and its tools become available.",
    "",
    ...skills.map(([name, description]) => `- ${name}: ${description}`),
  ].join("\n");
}

/** A loaded skill's own section of the system prompt (RT-3). */
export const skillSection = (name: string, content: string): string => `<skill name="${name}">\n${content}\n</skill>`;

export const toolsOf = (tools: ReadonlyArray<{ name: string; source: string }>): string[] =>
  tools.map((tool) => `${tool.name}:${tool.source}`);

/** The first error's code. */
export const codeOf = (res: GqlResponse): string | undefined => res.errors?.[0]?.extensions?.code;

export function runToolRaw(t: TestApp, key: string, callId: string, name: string, args: unknown = {}) {
  return t.gql<{ runTool: Invocation }>(RUN_TOOL, { callId, name, arguments: args }, key);
}

export async function runTool(t: TestApp, key: string, callId: string, name: string, args: unknown = {}) {
  return (await t.ok<{ runTool: Invocation }>(RUN_TOOL, { callId, name, arguments: args }, key)).runTool;
}

// ---- knowledge ----

export async function knowledgeBase(
  t: TestApp,
  key: string,
  name: string,
  documents: Array<[title: string, content: string]>,
  settings: { topK?: number; similarityThreshold?: number } = {},
): Promise<string> {
  const created = await t.ok<{ createKnowledgeBase: { id: string } }>(
    `mutation($input: KnowledgeBaseInput!) { createKnowledgeBase(input: $input) { id } }`,
    { input: { name, ...settings } },
    key,
  );
  const id = created.createKnowledgeBase.id;
  for (const [title, content] of documents) await addDocument(t, key, id, title, content);
  return id;
}

export async function addDocument(t: TestApp, key: string, knowledgeBaseId: string, title: string, content: string) {
  await t.ok(
    `mutation($kb: ID!, $title: String!, $content: String!) {
      addKnowledgeDocument(knowledgeBaseId: $kb, title: $title, content: $content) { id } }`,
    { kb: knowledgeBaseId, title, content },
    key,
  );
}

export interface KnowledgeResult {
  results: Array<{ knowledgeBaseId: string; documentId: string; title: string; content: string; score: number }>;
}
