import { expect } from "vitest";
import { skillMd } from "./skill-md";
import type { GqlResponse, TestApp } from "./test-app";

/** Fixtures for agents, usage and libraries tests: everything goes through GraphQL. */

export const AGENT_FIELDS = `id agentId name alias version state mode prompt maxLoadedSkills warnings handoffTargets knowledgeBaseIds
  createdAt publishedAt archivedAt skills { name versionId } tools { name webhookSecret }
  model { baseUrl model apiKey } mcpServers { name url headers }`;

export const SAVE_AGENT = `mutation($input: AgentInput!, $agentId: ID) { saveAgent(input: $input, agentId: $agentId) { ${AGENT_FIELDS} } }`;
export const PUBLISH_AGENT = `mutation($id: ID!) { publishAgentVersion(id: $id) { id state version publishedAt } }`;
export const DELETE_AGENT = `mutation($agentId: ID!) { deleteAgent(agentId: $agentId) }`;
export const USAGE = `query($name: String!, $projectId: ID) { skillUsage(name: $name, projectId: $projectId) {
  skill agentId agentVersionId agentName agentVersion agentState projectId pinned resolvesTo { id version state } } }`;
export const SET_LIBRARY = `mutation($projectId: ID!, $libraryProjectId: ID) { setSkillLibrary(projectId: $projectId, libraryProjectId: $libraryProjectId) {
  id skillLibrary { id } } }`;

export interface Agent {
  id: string;
  agentId: string;
  name: string;
  version: number;
  state: string;
  warnings: string[];
  skills: Array<{ name: string; versionId: string | null }>;
  tools: Array<{ name: string; webhookSecret: string | null }>;
  [field: string]: unknown;
}

export interface Usage {
  skill: string;
  agentId: string;
  agentVersionId: string;
  agentName: string;
  agentVersion: number;
  agentState: string;
  projectId: string;
  pinned: boolean;
  resolvesTo: { id: string; version: number; state: string } | null;
}

export interface Details {
  field?: string;
  skill?: string;
  version_id?: string;
  tool?: string;
  collides_with?: string;
  problems?: Array<Record<string, unknown> & { path: string; message: string }>;
  agents?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool.`,
  webhookUrl: `https://hooks.example.com/${name}`,
  ...extra,
});

/** A skill version (a draft unless publish is set) with the tools named. */
export async function skillVersion(
  t: TestApp,
  key: string,
  name: string,
  options: { tools?: string[]; publish?: boolean; body?: string } = {},
): Promise<{ id: string; version: number }> {
  const created = await t.ok<{ createSkillVersion: { id: string; version: number } }>(
    `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id version } }`,
    {
      input: {
        skillMd: skillMd(name, { body: options.body ?? `${name} ${Math.random()}` }),
        tools: (options.tools ?? []).map((n) => tool(n)),
      },
    },
    key,
  );
  if (options.publish)
    await t.ok(
      `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`,
      { id: created.createSkillVersion.id },
      key,
    );
  return created.createSkillVersion;
}

export async function saveAgent(
  t: TestApp,
  key: string,
  input: Record<string, unknown>,
  agentId?: string,
): Promise<Agent> {
  return (await t.ok<{ saveAgent: Agent }>(SAVE_AGENT, { input, agentId }, key)).saveAgent;
}

export async function publishAgent(t: TestApp, key: string, id: string): Promise<void> {
  await t.ok(PUBLISH_AGENT, { id }, key);
}

export async function usage(t: TestApp, key: string, name: string): Promise<Usage[]> {
  return (await t.ok<{ skillUsage: Usage[] }>(USAGE, { name }, key)).skillUsage;
}

/** The error of a refused operation: its code, message and details. */
export function refusal(res: GqlResponse): { code: string | undefined; message: string; details: Details } {
  expect(res.errors, "expected the operation to be refused").toBeDefined();
  const error = res.errors![0]!;
  return {
    code: error.extensions?.code,
    message: error.message,
    details: (error.extensions?.details ?? {}) as Details,
  };
}

export async function linkLibrary(t: TestApp, projectId: string, libraryProjectId: string | null): Promise<void> {
  await t.ok(SET_LIBRARY, { projectId, libraryProjectId }, t.platformToken);
}
