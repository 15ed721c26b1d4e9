import { describe } from "vitest";
import OpenAI from "openai";
import type { Config } from "../../src/config";
import type { Dialect } from "../../src/platform/db/database";
import { publishAgent, saveAgent, skillVersion } from "./agents";
import { startScriptedModel, type ChatRequestBody, type ScriptedModel, type ScriptedResponder } from "./scripted-model";
import { skillMd } from "./skill-md";
import { createTestApp, describeEachDialect, type TestApp } from "./test-app";

export type SessionStoreKind = Config["sessionStore"];

/** GW-6's three stores: memory, file (in the app's own data directory), redis (TEST_REDIS_URL, else the local one). */
export const SESSION_STORES: readonly SessionStoreKind[] = ["memory", "file", "redis"];

/** Every database with every session store: the gateway's rules hold on each. */
export function describeEachDialectAndStore(
  title: string,
  body: (dialect: Dialect, store: SessionStoreKind) => void,
): void {
  describeEachDialect.withOwnApps(title, (dialect) => {
    describe.each(SESSION_STORES)("%s store", (store) => body(dialect, store));
  });
}

/** The configuration that selects a session store. */
export function storeConfig(store: SessionStoreKind): Partial<Config> {
  return store === "redis"
    ? {
        sessionStore: "redis",
        redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
        // A loaded test machine can stall the event loop past the production 200 ms, which these tests (about the
        // store's contents, not about a slow Redis: SEC-19's tests keep 200) would see as Redis going away.
        redisCommandTimeoutMs: 2000,
      }
    : { sessionStore: store };
}

/** A server whose default model is a scripted upstream, a project, and the official `openai` client pointed at it. */
export interface GatewayKit {
  t: TestApp;
  upstream: ScriptedModel;
  projectId: string;
  key: string;
  /** The official client at `<server>/v1` with a credential (the project's admin key by default). */
  client(apiKey?: string): OpenAI;
  /** A published skill with its bundle files (path → text). */
  skill(
    name: string,
    options?: { body?: string; files?: Record<string, string>; tools?: string[]; toolBaseUrl?: string },
  ): Promise<string>;
  /** A saved and published agent. */
  agent(input: Record<string, unknown>): Promise<{ agentId: string; versionId: string }>;
  /** A key of the project with this role. */
  keyWithRole(role: "VIEWER" | "EDITOR"): Promise<string>;
  close(): Promise<void>;
}

export const UPSTREAM_MODEL = "upstream-default";

/** `upstream`: one the caller owns (and closes); else one of the kit's own, answering with `respond` when given. */
export async function startGatewayKit(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  shared?: { upstream?: ScriptedModel; respond?: ScriptedResponder },
): Promise<GatewayKit> {
  const upstream = shared?.upstream ?? (await startScriptedModel({ respond: shared?.respond }));
  const t = await createTestApp(dialect, {
    outboundAllowHosts: ["127.0.0.1"],
    modelBaseUrl: upstream.baseUrl,
    modelName: UPSTREAM_MODEL,
    modelTimeoutMs: 2_000,
    ...overrides,
  });
  const project = await t.project("Gateway");
  const kit: GatewayKit = {
    t,
    upstream,
    projectId: project.id,
    key: project.adminKey,
    client: (apiKey = project.adminKey) =>
      new OpenAI({ baseURL: `${t.url}/v1`, apiKey, maxRetries: 0, timeout: 20_000 }),
    skill: async (name, options = {}) => {
      const created = await t.ok<{ createSkillVersion: { id: string } }>(
        `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        {
          input: {
            skillMd: skillMd(name, { body: options.body ?? `Instructions of ${name}.` }),
            files: Object.entries(options.files ?? {}).map(([path, text]) => ({
              path,
              contentBase64: Buffer.from(text).toString("base64"),
            })),
            tools: (options.tools ?? []).map((tool) => ({
              name: tool,
              description: `The ${tool} tool.`,
              webhookUrl: `${options.toolBaseUrl ?? upstream.baseUrl.replace(/\/v1$/, "")}/hooks/${tool}`,
              webhookSecret: "whsec_" + Buffer.from("gateway-test-secret").toString("base64"),
            })),
          },
        },
        project.adminKey,
      );
      const id = created.createSkillVersion.id;
      await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id }, project.adminKey);
      return id;
    },
    agent: async (input) => {
      const saved = await saveAgent(t, project.adminKey, input);
      await publishAgent(t, project.adminKey, saved.id);
      return { agentId: saved.agentId, versionId: saved.id };
    },
    keyWithRole: async (role) =>
      (
        await t.ok<{ createApiKey: { key: string } }>(
          `mutation { createApiKey(role: ${role}) { key } }`,
          {},
          project.adminKey,
        )
      ).createApiKey.key,
    close: async () => {
      await t.close();
      if (!shared?.upstream) await upstream.close();
    },
  };
  return kit;
}

/** One user message to `model` over plain HTTP (the caller's `traceparent` sent when given). */
export function postChat(kit: GatewayKit, model: string, content: string, traceparent?: string): Promise<Response> {
  return fetch(`${kit.t.url}/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${kit.key}`,
      ...(traceparent ? { traceparent } : {}),
    },
    body: JSON.stringify({ model, messages: [{ role: "user", content }] }),
  });
}

/** The tool messages the upstream got in one request, by the tool call they answer. */
export function toolAnswers(body: ChatRequestBody): Array<{ tool: string; arguments: unknown; content: string }> {
  const calls = new Map<string, { name: string; arguments: string }>();
  for (const m of body.messages)
    for (const c of (m.tool_calls as Array<{ id: string; function: { name: string; arguments: string } }>) ?? [])
      calls.set(c.id, c.function);
  return body.messages
    .filter((m) => m.role === "tool")
    .map((m) => {
      const call = calls.get(m.tool_call_id ?? "");
      return { tool: call?.name ?? "?", arguments: JSON.parse(call?.arguments ?? "null"), content: String(m.content) };
    });
}

export { skillVersion };

/**
 * The skills `explain-bill` (with references/rates.md) and `refund-policy`, and the agent "Billing agent" (alias
 * `billing`) that lists both: the turns suites' project.
 */
export async function seedBillingAgent(kit: GatewayKit): Promise<void> {
  await kit.skill("explain-bill", {
    body: "Explain each line of the bill.",
    files: { "references/rates.md": "Peak rate: 0.31 per kWh." },
  });
  await kit.skill("refund-policy", { body: "Refunds within 30 days." });
  await kit.agent({
    name: "Billing agent",
    alias: "billing",
    prompt: "You help with bills.",
    skills: [{ name: "explain-bill" }, { name: "refund-policy" }],
  });
}
