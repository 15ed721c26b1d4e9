import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { refusal } from "../../../test/support/agents";
import {
  READ_CALL,
  publishAgent,
  runToolRaw,
  startCall,
  type CallView,
  type Invocation,
} from "../../../test/support/calls";
import { startReceiver } from "../../../test/support/receiver";
import { describeEachDialect } from "../../../test/support/test-app";
import { TOOL_ANSWER_MAX_BYTES } from "./tool-answer";

// ---- a real MCP server (official SDK, Streamable HTTP, stateless as in the SDK's simpleStatelessStreamableHttp) ----

const API_KEY = "k-123-secret";

interface McpRequestSeen {
  method: string;
  apiKey: string | undefined;
}

async function startMcpServer() {
  const requests: McpRequestSeen[] = [];
  const calls: Array<{ tool: string; args: unknown; apiKey: string | undefined }> = [];
  const agentWebhookHits: unknown[] = [];
  const headerOf = (headers: Record<string, string | string[] | undefined> | undefined, name: string) => {
    const value = headers?.[name];
    return Array.isArray(value) ? value[0] : value;
  };

  const build = (hoard: boolean) => {
    const server = new McpServer({ name: "crm", version: "1.0.0" });
    // Only on /mcp-hoard: a tool whose answer is past a tool's response limit.
    if (hoard)
      server.registerTool("crm_hoard", { description: "Answers too much.", inputSchema: {} }, () => {
        calls.push({ tool: "crm_hoard", args: {}, apiKey: undefined });
        return { content: [{ type: "text" as const, text: "x".repeat(TOOL_ANSWER_MAX_BYTES) }] };
      });
    server.registerTool(
      "crm_find",
      {
        description: "Finds a customer in the CRM.",
        inputSchema: { customer: z.string().describe("The customer's name") },
        outputSchema: { customer: z.string(), tier: z.string() },
      },
      ({ customer }, extra) => {
        const apiKey = headerOf(extra.requestInfo?.headers, "x-api-key");
        calls.push({ tool: "crm_find", args: { customer }, apiKey });
        if (apiKey !== API_KEY)
          return { isError: true, content: [{ type: "text" as const, text: "401: a valid x-api-key is required" }] };
        const found = { customer, tier: "gold" };
        return { content: [{ type: "text" as const, text: JSON.stringify(found) }], structuredContent: found };
      },
    );
    server.registerTool("crm_fail", { description: "Always fails.", inputSchema: {} }, (_args, extra) => {
      calls.push({ tool: "crm_fail", args: {}, apiKey: headerOf(extra.requestInfo?.headers, "x-api-key") });
      return { isError: true, content: [{ type: "text" as const, text: "the CRM is in maintenance" }] };
    });
    // The agent has a tool of this name: RT-6 says the agent's wins, so this one never runs.
    server.registerTool(
      "lookup",
      { description: "The CRM's lookup.", inputSchema: { q: z.string().optional() } },
      (args, extra) => {
        calls.push({ tool: "lookup", args, apiKey: headerOf(extra.requestInfo?.headers, "x-api-key") });
        return { content: [{ type: "text" as const, text: "from mcp" }] };
      },
    );
    return server;
  };

  const app = createMcpExpressApp({ host: "127.0.0.1" });
  app.post(["/mcp", "/mcp-hoard"], async (req, res) => {
    const body = req.body as { method?: string } | undefined;
    requests.push({ method: body?.method ?? "?", apiKey: headerOf(req.headers, "x-api-key") });
    const server = build(req.path === "/mcp-hoard");
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const notAllowed = (_req: unknown, res: { writeHead: (s: number) => { end: (b: string) => void } }) =>
    res
      .writeHead(405)
      .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null }));
  app.get("/mcp", notAllowed);
  app.delete("/mcp", notAllowed);
  // The agent's own webhook tool `lookup`.
  app.post("/agent-lookup", (req, res) => {
    agentWebhookHits.push(req.body);
    res.json({ by: "agent webhook" });
  });

  const receiver = await startReceiver({ handle: app });
  return {
    url: receiver.url,
    port: receiver.port,
    requests,
    calls,
    agentWebhookHits,
    close: receiver.close,
  };
}
type Mcp = Awaited<ReturnType<typeof startMcpServer>>;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const receiver = await startReceiver();
  await receiver.close();
  return receiver.port;
}

describeEachDialect("MCP tools", { outboundAllowHosts: ["127.0.0.1"], mcpTimeoutMs: 3000 }, (t) => {
  let key: string;
  let mcp: Mcp;
  let agentId: string;

  const runTool = (callId: string, name: string, args: unknown) => runToolRaw(t, key, callId, name, args);
  const run = async (callId: string, name: string, args: unknown): Promise<Invocation> => {
    const res = await runTool(callId, name, args);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data!.runTool;
  };
  const crm = (headers: Record<string, string> = { "x-api-key": API_KEY }) => ({
    name: "crm",
    url: `${mcp.url}/mcp`,
    headers,
  });
  const agentLookup = () => ({
    name: "lookup",
    description: "The agent's lookup.",
    webhookUrl: `${mcp.url}/agent-lookup`,
  });

  beforeAll(async () => {
    key = (await t.project("MCP")).adminKey;
    mcp = await startMcpServer();
    agentId = await publishAgent(t, key, { name: "crm-desk", tools: [agentLookup()], mcpServers: [crm()] });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("RT-6 RT-7 a call lists its agent's MCP tools at start (source mcp:<server>), and the agent's own tool of the same name wins", async () => {
    const before = mcp.requests.length;
    const call = await startCall(t, key, { agentId });
    expect(call.tools).toEqual([
      { name: "lookup", description: "The agent's lookup.", source: "agent" },
      { name: "crm_find", description: "Finds a customer in the CRM.", source: "mcp:crm" },
      { name: "crm_fail", description: "Always fails.", source: "mcp:crm" },
    ]);
    expect(call.warnings).toContain("tool 'lookup' from mcp:crm skipped: a tool of that name from agent comes first");
    const listed = mcp.requests.slice(before);
    expect(listed.map((r) => r.method)).toEqual(expect.arrayContaining(["initialize", "tools/list"]));
    // The header value is write-only on the agent, and still sent to the server.
    expect(listed.every((r) => r.apiKey === API_KEY)).toBe(true);
  });

  it("RT-7 runTool calls an MCP tool through the SDK with the agent's header secret, and records the result", async () => {
    const call = await startCall(t, key, { agentId });
    const before = mcp.calls.length;
    const found = await run(call.id, "crm_find", { customer: "Ada" });
    expect(found).toMatchObject({
      tool: "crm_find",
      source: "mcp:crm",
      arguments: { customer: "Ada" },
      status: "ok",
      result: { customer: "Ada", tier: "gold" },
      error: null,
    });
    expect(mcp.calls.slice(before)).toEqual([{ tool: "crm_find", args: { customer: "Ada" }, apiKey: API_KEY }]);

    const failed = await run(call.id, "crm_fail", {});
    expect(failed).toMatchObject({ tool: "crm_fail", source: "mcp:crm", status: "error" });
    expect(JSON.stringify(failed.result)).toContain("the CRM is in maintenance");

    const read = (await t.ok<{ call: CallView }>(READ_CALL, { id: call.id }, key)).call;
    expect(read.toolInvocations.map((i) => [i.tool, i.source, i.status])).toEqual([
      ["crm_find", "mcp:crm", "ok"],
      ["crm_fail", "mcp:crm", "error"],
    ]);
    expect(read.toolInvocations[0]!.result).toEqual({ customer: "Ada", tier: "gold" });
  });

  it("RT-7 an MCP tool's arguments are checked against its input schema before the server is called", async () => {
    const call = await startCall(t, key, { agentId });
    const before = mcp.calls.length;
    const refused = refusal(await runTool(call.id, "crm_find", { customer: 5 }));
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect((refused.details.problems ?? []).map((p) => p.path)).toEqual(["arguments.customer"]);
    const missing = refusal(await runTool(call.id, "crm_find", {}));
    expect((missing.details.problems ?? []).map((p) => p.path)).toEqual(["arguments.customer"]);
    expect(mcp.calls.length).toBe(before);
  });

  it("RT-6 the name both the agent and the MCP server have runs the agent's webhook, never the MCP tool", async () => {
    const call = await startCall(t, key, { agentId });
    const hits = mcp.agentWebhookHits.length;
    const invocation = await run(call.id, "lookup", { q: "Ada" });
    expect(invocation).toMatchObject({ source: "agent", status: "ok", result: { by: "agent webhook" } });
    expect(mcp.agentWebhookHits.slice(hits)).toEqual([{ tool: "lookup", call_id: call.id, arguments: { q: "Ada" } }]);
    expect(mcp.calls.filter((c) => c.tool === "lookup")).toEqual([]);
  });

  it("RT-7 the agent's MCP header is what the server sees: a wrong value gets the tool's refusal (status error)", async () => {
    const wrong = await publishAgent(t, key, { name: "wrong-key", mcpServers: [crm({ "x-api-key": "nope" })] });
    const call = await startCall(t, key, { agentId: wrong });
    const before = mcp.calls.length;
    const invocation = await run(call.id, "crm_find", { customer: "Ada" });
    expect(invocation).toMatchObject({ source: "mcp:crm", status: "error" });
    expect(JSON.stringify(invocation.result)).toContain("x-api-key is required");
    expect(mcp.calls.slice(before)).toEqual([{ tool: "crm_find", args: { customer: "Ada" }, apiKey: "nope" }]);
  });

  it("RT-7 an inline agent's MCP servers are listed and called with the header given at call start", async () => {
    const call = await startCall(t, key, { inlineAgent: { name: "inline-crm", mcpServers: [crm()] } });
    expect(call.tools.map((x) => `${x.name}:${x.source}`)).toEqual([
      "crm_find:mcp:crm",
      "crm_fail:mcp:crm",
      "lookup:mcp:crm",
    ]);
    const before = mcp.calls.length;
    const invocation = await run(call.id, "lookup", { q: "x" });
    expect(invocation).toMatchObject({ source: "mcp:crm", status: "ok" });
    expect(JSON.stringify(invocation.result)).toContain("from mcp");
    expect(mcp.calls.slice(before)).toEqual([{ tool: "lookup", args: { q: "x" }, apiKey: API_KEY }]);
  });

  it("RT-7 SEC-13 an MCP server that is down (or not allow-listed) at call start is a call warning, and the call starts with the others' tools", async () => {
    const port = await closedPort();
    const agent = await publishAgent(t, key, {
      name: "partly-down",
      mcpServers: [
        { name: "down", url: `http://127.0.0.1:${port}/mcp` },
        { name: "inside", url: `http://127.0.0.2:${mcp.port}/mcp` },
        crm(),
      ],
    });
    const call = await startCall(t, key, { agentId: agent });
    expect(call.status).toBe("active");
    expect(call.warnings.filter((w) => w.startsWith("mcp server 'down' skipped"))).toHaveLength(1);
    const inside = call.warnings.filter((w) => w.startsWith("mcp server 'inside' skipped"));
    expect(inside).toHaveLength(1);
    // Refused by the SEC-13 check itself, not by a failed connection (so the test fails if the check is removed).
    expect(inside[0]).toMatch(/OUTBOUND_ALLOW_HOSTS/);
    expect(call.tools.map((x) => `${x.name}:${x.source}`)).toEqual([
      "crm_find:mcp:crm",
      "crm_fail:mcp:crm",
      "lookup:mcp:crm",
    ]);
    const refused = refusal(await runTool(call.id, "down_tool", {}));
    expect(refused.details.field).toBe("name");
  });

  it("RT-7 SEC-22 an MCP tool's answer larger than a tool's response limit is status error naming the limit, nothing of it kept", async () => {
    const hoarder = await publishAgent(t, key, {
      name: "mcp-hoarder",
      mcpServers: [{ name: "crm", url: `${mcp.url}/mcp-hoard`, headers: { "x-api-key": API_KEY } }],
    });
    const call = await startCall(t, key, { agentId: hoarder });
    const hoarded = await run(call.id, "crm_hoard", {});
    expect(hoarded).toMatchObject({ tool: "crm_hoard", source: "mcp:crm", status: "error", result: null });
    expect(hoarded.error).toContain(`${TOOL_ANSWER_MAX_BYTES} bytes`);
    expect(mcp.calls.filter((c) => c.tool === "crm_hoard")).toHaveLength(1);
    const read = (await t.ok<{ call: CallView }>(READ_CALL, { id: call.id }, key)).call;
    expect(read.toolInvocations).toEqual([hoarded]);
  });
});
