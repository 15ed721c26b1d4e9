import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { RUN_TOOL, type CallView } from "./calls";
import type { GqlResponse, TestApp } from "./test-app";

/** Fixtures for the call runtime's integration tests: real HTTP receivers, a real MCP server, knowledge, timelines. */

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

// ---- a real HTTP receiver for tool webhooks ----

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  delayMs?: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Answers every POST with `reply(request)` (default: 200 with `{ ok: true, path }`) and keeps what it got. */
export async function webhookReceiver(reply: (request: Received) => Reply = () => ({})): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const answer = reply(request);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.body ?? { ok: true, path: request.path }));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- a real MCP server (the official SDK, Streamable HTTP, stateless) ----

export interface McpFixture {
  url: string;
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Lists the named tools; calling one answers `{ server: label, tool, arguments }` as structured content. */
export async function mcpServer(label: string, toolNames: readonly string[]): Promise<McpFixture> {
  const calls: McpFixture["calls"] = [];
  const mcpFor = () => {
    const server = new Server({ name: label, version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: toolNames.map((name) => ({
        name,
        description: `The ${name} tool of ${label}.`,
        inputSchema: { type: "object" as const, properties: {} },
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      calls.push({ name: request.params.name, arguments: args });
      const structured = { server: label, tool: request.params.name, arguments: args };
      return { content: [{ type: "text" as const, text: JSON.stringify(structured) }], structuredContent: structured };
    });
    return server;
  };
  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        if (req.method !== "POST") {
          res.writeHead(405).end();
          return;
        }
        const server = mcpFor();
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.on("close", () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString("utf8")));
      })().catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
