import { zipSync } from "fflate";
import { skillMd } from "./skill-md";
import type { TestApp } from "./test-app";

/** Fixtures for the Skills API tests (EC-1, EC-2): skill folders as files and zips, agents that use a skill. */

/** A skill folder's files, path → text, under a top folder named after the skill. */
export function skillFolder(
  name: string,
  options: { body?: string; description?: string; files?: Record<string, string> } = {},
): Record<string, string> {
  return {
    [`${name}/SKILL.md`]: skillMd(name, { body: options.body, description: options.description }),
    ...Object.fromEntries(Object.entries(options.files ?? {}).map(([path, text]) => [`${name}/${path}`, text])),
  };
}

export function zipOf(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, Buffer.from(text)])));
}

/** An agent (saved and published through GraphQL) that follows the live version of `skill`. */
export async function agentUsing(t: TestApp, key: string, name: string, skill: string): Promise<string> {
  const saved = await t.ok<{ saveAgent: { id: string; agentId: string } }>(
    `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
    { input: { name, prompt: "Help.", skills: [{ name: skill }] } },
    key,
  );
  await t.ok(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saved.saveAgent.id }, key);
  return saved.saveAgent.agentId;
}

/** A key of the project with a role. */
export async function keyWithRole(t: TestApp, adminKey: string, role: "VIEWER" | "EDITOR"): Promise<string> {
  const data = await t.ok<{ createApiKey: { key: string } }>(
    `mutation($role: ApiKeyRole!) { createApiKey(role: $role, name: "role key") { key } }`,
    { role },
    adminKey,
  );
  return data.createApiKey.key;
}
